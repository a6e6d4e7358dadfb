#include "piecewise/partition/SplitGraph.h"

#include "piecewise/partition/FlatBoundaries.h"
#include "piecewise/transforms/DecomposeSize.h"

namespace piecewise {

FailureOr<PartitionPlan> splitGraph(Graph& graph, const OpRegistry* registry,
                                    const SplitGraphOptions& options, DiagnosticEngine& diag) {
  if (options.decomposeSize) {
    PassContext ctx(registry, diag);
    ctx.setCurrentPass(DecomposeSizePass::kName);
    DecomposeSizePass pass(options.decompose);
    if (failed(pass.run(graph, ctx)))
      return failure();
  }
  FailureOr<PartitionPlan> plan = partitionAtSplittingOps(graph, options.partition, diag);
  if (failed(plan))
    return failure();
  if (options.checkFlatBoundaries && failed(verifyFlatBoundaries(*plan, registry, diag)))
    return failure();
  return plan;
}

} // namespace piecewise
