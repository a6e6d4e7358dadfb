//===- CommonSubexpressionElimination.h - Identical pure nodes --*- C++ -*-===//
//
// Pass `cse`: merges a node into an identical earlier one. From
//      a = aten.mul.Tensor(x, 2)
//      b = aten.mul.Tensor(x, 2)
//      c = aten.add.Tensor(a, b)
// to
//      a = aten.mul.Tensor(x, 2)
//      c = aten.add.Tensor(a, a)
// "Identical" is the same op kind, the same target and structurally equal args
// and kwargs (node references by identity; keyword order and positional vs
// keyword spelling count, so this never guesses).
//
// Candidates are pure (NodeEffects::cseCandidate in analysis/Effects.h): ops with a known schema
// that write nothing (no `(a!)`), return something, and are neither random
// (`rand*`, `dropout`, ...) nor uninitialized allocations (`empty*`); and the
// pure Python callables FX records (`operator.getitem`, `operator.*`,
// `builtins.getattr`, `math.*`, `torch.sym_*`).
//
// Never merges across a write: if anything writes in place (by schema, an
// in-place Tensor method, or an opaque op) to the storage an input of the node
// may share (analysis/StorageAnalysis.h), between the earlier node and this
// one, the two stay. A candidate whose result is not a view of its inputs
// (new storage, or storage that may or may not be an input's) and that
// something writes anywhere (`clone` then `add_`) is never merged either; a
// getitem or a schema view is (both names denote the same memory). Never touches placeholders,
// output, get_attr, call_method, call_module, ops without a schema, or any node when the registry
// is missing (then only the Python callables above are merged).
//
// Statistics: "duplicate nodes merged".
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/pass/Pass.h"

namespace piecewise {

class CommonSubexpressionEliminationPass : public Pass {
public:
  static constexpr std::string_view kName = "cse";
  std::string_view name() const override { return kName; }
  std::string_view description() const override {
    return "merge identical pure nodes (never across an in-place write)";
  }
  FailureOr<bool> run(Graph& graph, PassContext& ctx) override;
};

} // namespace piecewise
