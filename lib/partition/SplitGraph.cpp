//===- SplitGraph.cpp - The whole `split` pipeline on one graph -----------===//
//
// decompose-size, the splitting-op partition, flat boundaries and the split module, as one call
// (SplitGraph.h).
//
//===----------------------------------------------------------------------===//

#include "piecewise/partition/SplitGraph.h"

#include "piecewise/partition/FlatBoundaries.h"
#include "piecewise/transforms/DecomposeSize.h"
#include "piecewise/transforms/InlineNestedRegions.h"

namespace piecewise {

FailureOr<bool> inlineRegionsWithSplittingOps(Module& module, const SplittingOpOptions& options,
                                              DiagnosticEngine& diag) {
  if (options.splittingOps.empty() || module.children().empty())
    return false;
  SplittingOpMatcher matcher(options.splittingOps, options.matchFunctionalizedOps);
  InlineNestedRegionsOptions inlining;
  inlining.holds = [&](const Node& n) { return matcher.match(n).has_value(); };
  FailureOr<size_t> inlined = inlineNestedRegions(module.graph(), module, inlining, diag);
  if (failed(inlined))
    return failure();
  return *inlined > 0;
}

FailureOr<PartitionPlan> splitGraph(Graph& graph, const OpRegistry* registry,
                                    const SplitGraphOptions& options, DiagnosticEngine& diag,
                                    SymIntRematerializationStats* remat) {
  if (options.decomposeSize) {
    PassContext ctx(registry, diag);
    ctx.setCurrentPass(DecomposeSizePass::kName);
    DecomposeSizePass pass(options.decompose);
    if (failed(pass.run(graph, ctx)))
      return failure();
  }
  SplittingOpOptions partition = options.partition;
  if (!partition.registry)
    partition.registry = registry;
  FailureOr<PartitionPlan> plan = partitionAtSplittingOps(graph, partition, diag);
  if (failed(plan))
    return failure();
  if (options.rematerializeSymInts) {
    SymIntRematerializationStats stats = rematerializeSymInts(graph, *plan, registry);
    if (remat)
      *remat = stats;
    if (stats.changed()) {
      plan = partitionAtSplittingOps(graph, partition, diag);
      if (failed(plan))
        return failure();
    }
  }
  if (options.checkFlatBoundaries && failed(verifyFlatBoundaries(*plan, registry, diag)))
    return failure();
  return plan;
}

std::vector<Node*> boundaryValues(const PartitionPlan& plan) {
  std::vector<Node*> out;
  auto add = [&](Node* n) {
    out.push_back(n);
    if (n->target().str() == "operator.getitem" && !n->args().empty() && n->args()[0].isNode())
      out.push_back(n->args()[0].getNode());
  };
  for (const Piece& p : plan.pieces()) {
    for (Node* n : p.inputs)
      add(n);
    for (Node* n : p.outputs)
      add(n);
  }
  return out;
}

FailureOr<PartitionPlan> splitGraphLoadingMeta(Graph& graph, const OpRegistry* registry,
                                               const SplitGraphOptions& options,
                                               const LoadMetaFn& loadMeta, DiagnosticEngine& diag) {
  SplitGraphOptions first = options;
  first.checkFlatBoundaries = false;
  first.partition.computeHashes = false;
  FailureOr<PartitionPlan> plan = splitGraph(graph, registry, first, diag);
  if (failed(plan) || failed(loadMeta(boundaryValues(*plan))))
    return failure();
  SplitGraphOptions again = options;
  again.decomposeSize = false; // done: the graph is rewritten
  return splitGraph(graph, registry, again, diag);
}

} // namespace piecewise
