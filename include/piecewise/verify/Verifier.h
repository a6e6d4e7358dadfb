//===- Verifier.h - Structural checks on graphs -----------------*- C++ -*-===//
//
// Checks what the IR does not enforce by construction:
//  - names are unique; every referenced node is defined before its use and
//    belongs to the same graph;
//  - placeholders come first and there is exactly one output node, last;
//  - calls match their schema when one is known (no more positional arguments
//    than the schema takes, every keyword names an argument, every required
//    argument is given);
//  - a getitem index is inside a known multi-output (schema returns or list meta);
//  - call_module targets, and get_attr targets a higher-order op takes as a
//    submodule (`torch.cond`'s branches), name an existing child module (when
//    children are known).
// Each violation is a diagnostic at the offending node's source location.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/ir/Module.h"
#include "piecewise/schema/OpRegistry.h"
#include "piecewise/support/Diagnostic.h"
#include "piecewise/support/PointerMap.h"

namespace piecewise {

/// The schema each call target resolves to, by interned target: kept across
/// the verifications of many small graphs (the split module's pieces) so that
/// each target is looked up in the registry once, not once per graph. Valid
/// for one registry and for graphs sharing one interner, which outlives it.
class VerifierSchemaCache {
public:
  /// The cached answer for `target` (null: no schema), or nullptr when unknown.
  const FunctionSchema* const* find(Symbol target) const { return map_.find(target.data()); }
  void insert(Symbol target, const FunctionSchema* schema) { map_.insert(target.data(), schema); }

private:
  PointerMap<const FunctionSchema*> map_;
};

struct VerifyOptions {
  /// Check calls against schemas (needs a registry).
  bool checkSchemas = true;
  /// When set, schema lookups go through (and fill) this cache instead of one
  /// per graph. See VerifierSchemaCache for when that is valid.
  VerifierSchemaCache* schemaCache = nullptr;
};

/// Verifies one graph. `registry` may be null (schema checks are skipped).
LogicalResult verifyGraph(const Graph& graph, const OpRegistry* registry, DiagnosticEngine& diag,
                          const VerifyOptions& options = {});
/// Verifies a module and all its children.
LogicalResult verifyModule(const Module& module, const OpRegistry* registry, DiagnosticEngine& diag,
                           const VerifyOptions& options = {});

} // namespace piecewise
