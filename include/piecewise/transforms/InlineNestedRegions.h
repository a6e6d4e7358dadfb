//===- InlineNestedRegions.h - invoke_subgraph calls inlined ----*- C++ -*-===//
//
// Pass `inline-nested-regions`: a nested compile region (what Dynamo emits
// for a function marked with `torch.compiler.nested_compile_region`) is a call
// of a child module's graph; this pass replaces the call by a copy of that
// graph. From
//      subgraph_0 = self.subgraph_0
//      invoke_subgraph = torch.ops.higher_order.invoke_subgraph(subgraph_0, 'subgraph_0', s0, x, w)
//      y = invoke_subgraph[0]
//      z = torch.relu(y)
//   class subgraph_0(torch.nn.Module):
//      def forward(self, s0, h, w): ...; return (out,)
// to
//      <a copy of subgraph_0's nodes, reading s0, x, w where it read s0, h, w>
//      z = torch.relu(out)
// The copies keep their meta, source locations and (uniquified) names; each
// getitem of the call is replaced by the output value it reads. A get_attr in
// the region reads from the region's place (`subgraph_0.weight`), so a region
// that an inlined region calls is inlined by the same rule or stays a call of
// its dotted path (`self.subgraph_1.subgraph_0`). The region's get_attr is
// erased once unused; its class stays in the module, unused.
//
// Which calls: every one, or (InlineNestedRegionsOptions::holds) those whose
// region holds a node the predicate accepts, in its own graph or in a region
// it calls: the split inlines the regions holding a splitting op
// (partition/SplitGraph.h), so that their calls are split as if inline.
//
// Never touches: a call whose region is not a child module (a graph-form dump
// has no nested classes), or any call when no module is known (a pass run on
// a bare graph). Fails, with a located error, on a call that holds what it
// must inline but cannot be inlined exactly: keyword arguments, an operand
// count other than the region's placeholder count, a region that does not
// return a tuple, or a result used other than by a getitem at a constant
// index in range.
//
// Statistics: "regions inlined".
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/ir/Module.h"
#include "piecewise/pass/Pass.h"

#include <functional>

namespace piecewise {

/// The target Dynamo records for a nested compile region's call.
inline constexpr std::string_view kInvokeSubgraphTarget = "higher_order::invoke_subgraph";

struct InlineNestedRegionsOptions {
  /// Inline a region when some node of it (or of a region it calls) is
  /// accepted; null: inline every region.
  std::function<bool(const Node&)> holds;
};

/// Inlines the region calls of `graph`, which is the graph of `owner` (whose
/// children are the regions). Returns how many calls it inlined; fails after
/// reporting to `diag` (the calls before the failing one stay inlined).
FailureOr<size_t> inlineNestedRegions(Graph& graph, const Module& owner,
                                      const InlineNestedRegionsOptions& options,
                                      DiagnosticEngine& diag);

class InlineNestedRegionsPass : public Pass {
public:
  static constexpr std::string_view kName = "inline-nested-regions";
  explicit InlineNestedRegionsPass(InlineNestedRegionsOptions options = {})
      : options_(std::move(options)) {}
  std::string_view name() const override { return kName; }
  std::string_view description() const override {
    return "inline nested compile regions (invoke_subgraph calls of child modules)";
  }
  FailureOr<bool> run(Graph& graph, PassContext& ctx) override;

private:
  InlineNestedRegionsOptions options_;
};

} // namespace piecewise
