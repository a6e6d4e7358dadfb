//===- NoopElimination.h - Ops that give back their input -------*- C++ -*-===//
//
// Pass `noop-elimination`: removes shape ops that change nothing, when the
// shapes are known from meta. Rewrites:
//
//  - `aten.view.default` / `aten.reshape.default` / `aten._unsafe_view.default`
//    (and the Tensor methods `x.view(...)` / `x.reshape(...)`) whose result has
//    the input's dtype and sizes            -> the input;
//  - `aten.slice.Tensor(x, d, 0|None, end)` with step 1 covering the whole dim
//    (end >= the static extent, end equal to a symbolic extent, or end =
//    9223372036854775807), result meta equal to x's sizes -> x;
//  - `aten.slice_scatter.default(self, src, d, 0|None, end)` with step 1 that
//    overwrites all of `self` (src has self's sizes, dtype and device, strides
//    equal when both are known) -> src, provided nothing in the graph writes
//    src or the result (or anything sharing their storage) in place;
//  - chains: `view(view(x, a), b)` -> `view(x, b)`, likewise reshape of reshape,
//    reshape of view and `_unsafe_view` of `_unsafe_view`; the inner node is
//    erased when nothing else uses it.
//
// The eliminated node's uses move to the value it returns and the node is
// erased. Never touches: nodes whose input or result meta is missing or not a
// tensor, `view.dtype` and other overloads, views that change dtype, reshapes
// whose inner and outer op differ in a way that could change view semantics
// (a view of a reshape), slices with symbolic or negative bounds, partial
// slice_scatters, and every other op.
//
// Statistics: "no-op views/reshapes removed", "full slices removed",
// "full slice_scatters removed", "reshape chains collapsed".
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/pass/Pass.h"

namespace piecewise {

class NoopEliminationPass : public Pass {
public:
  static constexpr std::string_view kName = "noop-elimination";
  std::string_view name() const override { return kName; }
  std::string_view description() const override {
    return "views/reshapes to the same shape, full slices, full slice_scatters, reshape chains";
  }
  FailureOr<bool> run(Graph& graph, PassContext& ctx) override;
};

} // namespace piecewise
