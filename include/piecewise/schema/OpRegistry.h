//===- OpRegistry.h - The op schemas piecewise knows ------------*- C++ -*-===//
//
// Maps op overloads (`aten::slice.Tensor`, `vllm::unified_attention_with_output`)
// to their schemas. The aten table generated from torch (data/aten_schemas.txt)
// is compiled into the library; users add their own schemas from a file
// (`--schema-file`) or, from Python, from the live torch. An op with no schema
// is opaque: passes treat it as possibly aliasing and writing its tensor inputs.
//
// Lookup by canonical target: `aten::relu.default` and `aten::relu` both find
// the default overload (torch spells it `.default` in graphs and with no
// overload name in schemas).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/schema/FunctionSchema.h"

#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace piecewise {

class OpRegistry {
public:
  OpRegistry();
  ~OpRegistry();
  OpRegistry(OpRegistry&&) noexcept;
  OpRegistry& operator=(OpRegistry&&) noexcept;

  /// A registry holding the aten table shipped with piecewise (and piecewiseSchemas()).
  static OpRegistry withBuiltinAten();

  /// Adds (or replaces) a schema.
  void add(FunctionSchema schema);
  /// Parses `text` (one schema per line, `#` comments and blank lines skipped)
  /// and adds each schema; diagnostics carry `buffer`'s name and line.
  LogicalResult addFromBuffer(const SourceBuffer& buffer, DiagnosticEngine& diag);
  /// Reads a schema file and adds its schemas.
  LogicalResult addFromFile(const std::string& path, DiagnosticEngine& diag);

  /// The schema for a canonical target (`aten::add.Tensor`, `aten::relu.default`,
  /// `vllm::foo`), or nullptr. A packet with several overloads finds nothing.
  const FunctionSchema* lookup(std::string_view target) const;
  /// Every overload registered for a packet (`aten::add`).
  std::vector<const FunctionSchema*> overloads(std::string_view packet) const;
  size_t size() const;

private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// The number of schemas in the built-in aten table (for tests).
size_t builtinAtenSchemaCount();

/// The schemas of piecewise's own ops, one a line, built into every registry
/// withBuiltinAten() makes, next to aten's (so size() counts them too):
/// `piecewise::capture_copy(Tensor src, Tensor(a!) out) -> ()`, the copy into
/// a static buffer that `check-capture --fix` inserts
/// (partition/CaptureSafeCopies.h; the Python package registers it with torch).
std::string_view piecewiseSchemas();

} // namespace piecewise
