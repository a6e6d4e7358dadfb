//===- FunctionSchema.h - torch's function schema language ------*- C++ -*-===//
//
// An op's schema as torch writes it:
//
//   aten::slice.Tensor(Tensor(a) self, int dim=0, SymInt? start=None,
//                      SymInt? end=None, SymInt step=1) -> Tensor(a)
//
// Alias annotations are the source of truth for views and writes:
//   Tensor(a)       the value shares storage with every other `(a)` value;
//   Tensor(a!)      ... and the op writes it in place;
//   Tensor(a -> *)  the value's storage flows into every output (`a -> *`);
//   Tensor(a)[]     each element of a returned list aliases set `a`.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/support/Diagnostic.h"
#include "piecewise/support/FailureOr.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace piecewise {

/// An alias annotation such as `(a)`, `(a!)`, `(a -> *)`, `(a|b)`.
struct AliasInfo {
  std::vector<std::string> beforeSets; ///< `a` in `(a -> *)`, or `a`, `b` in `(a|b)`
  std::vector<std::string> afterSets;  ///< `*` in `(a -> *)`; empty when there is no arrow
  bool isWrite = false;                ///< the `!`
  bool operator==(const AliasInfo&) const = default;
};

/// One argument or return of a schema.
struct SchemaArgument {
  std::string name; ///< empty for unnamed returns
  /// The type without alias annotations, as torch spells it: `Tensor`, `Tensor?`,
  /// `Tensor[]`, `SymInt[]`, `int[2]`, `ScalarType?`, `(Tensor, Tensor)`.
  std::string type;
  /// The annotation on the tensor (for `Tensor(a)[]`, on each element; see aliasOnElements).
  std::optional<AliasInfo> alias;
  bool aliasOnElements = false;
  /// Default value text as written (`0`, `None`, `[]`, `"mean"`, `contiguous_format`).
  std::optional<std::string> defaultValue;
  bool kwargOnly = false;

  /// `Tensor`, `Tensor?`, `Tensor[]`, `Tensor?[]`, `Tensor(a)`...
  bool isTensorLike() const;
  /// Any list type: `T[]`, `T[N]`, `T?[]`.
  bool isList() const;
  bool isOptional() const;
  bool isWrite() const { return alias && alias->isWrite; }
};

struct FunctionSchema {
  std::string ns;       ///< `aten`
  std::string name;     ///< `slice`
  std::string overload; ///< `Tensor`; empty for the default overload
  std::vector<SchemaArgument> arguments;
  std::vector<SchemaArgument> returns;
  bool isVararg = false; ///< a trailing `...` in the arguments
  bool isVarret = false; ///< a trailing `...` in the returns

  /// `aten::slice.Tensor`; `aten::relu` for the default overload.
  std::string qualifiedName() const;
  /// True when any argument is written in place (`(a!)`).
  bool isMutable() const;
  /// Index of the argument called `name`, or nullopt.
  std::optional<size_t> argumentIndex(std::string_view argName) const;
  /// Number of arguments that may be passed positionally.
  size_t numPositional() const;
  /// The schema printed back in torch's syntax.
  std::string str() const;
};

/// Parses one schema. On error reports at `loc` (column offsets added) and fails.
FailureOr<FunctionSchema> parseSchema(std::string_view text, Location loc, DiagnosticEngine& diag);

} // namespace piecewise
