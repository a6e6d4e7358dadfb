//===- DeadCodeElimination.h - Unused values without effects ----*- C++ -*-===//
//
// Pass `dce`: erases nodes whose value nothing uses and that have no effect
// beyond their value. From
//      a = aten.mul.Tensor(x, 2)      # unused
//      b = aten.add.Tensor(a, 1)      # unused
// to nothing. One walk from the last node to the first, so a chain of dead
// nodes goes in one run.
//
// A node is removable when the effect model says so (NodeEffects::removable
// in analysis/Effects.h): an op whose schema is known, writes nothing (no
// `(a!)` argument), returns something, is not a random op (RNG state) nor an
// assertion or profiler op; the pure `operator.*`, `builtins.getattr`,
// `math.*`, `torch.sym_*`; a list of out-of-place Tensor methods; get_attr;
// the functional higher-order wrappers of mutating ops.
//
// Never touches: placeholders, the output node, ops that write (`(a!)`, Tensor
// methods ending in `_`, `operator.setitem`), ops with no outputs (`-> ()`), random ops, ops
// without a schema (or every op when there is no registry), call_module,
// unknown Python callables and other higher-order ops.
//
// Statistics: "dead nodes erased".
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/pass/Pass.h"

namespace piecewise {

class DeadCodeEliminationPass : public Pass {
public:
  static constexpr std::string_view kName = "dce";
  std::string_view name() const override { return kName; }
  std::string_view description() const override {
    return "erase unused nodes without side effects (schema-driven)";
  }
  FailureOr<bool> run(Graph& graph, PassContext& ctx) override;
};

} // namespace piecewise
