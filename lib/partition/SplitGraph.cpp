#include "piecewise/partition/SplitGraph.h"

#include "piecewise/partition/FlatBoundaries.h"
#include "piecewise/transforms/DecomposeSize.h"

namespace piecewise {

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
    SymIntRematerializationStats stats = rematerializeSymInts(graph, *plan);
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

} // namespace piecewise
