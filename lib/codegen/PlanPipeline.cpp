//===- PlanPipeline.cpp - Plan, lifetimes, wrapper, verification ----------===//

#include "piecewise/codegen/PlanPipeline.h"

#include "piecewise/partition/SplitGraph.h"

namespace piecewise {

FailureOr<std::unique_ptr<PlanPipelineResult>> runPlanPipeline(Graph& graph,
                                                               const OpRegistry* registry,
                                                               const PlanPipelineOptions& options,
                                                               DiagnosticEngine& diag) {
  auto result = std::make_unique<PlanPipelineResult>();
  if (options.splittingOps) {
    SplitGraphOptions split;
    split.partition.splittingOps = *options.splittingOps;
    FailureOr<PartitionPlan> plan = splitGraph(graph, registry, split, diag);
    if (failed(plan))
      return failure();
    result->plan = std::make_unique<PartitionPlan>(std::move(*plan));
    result->splitting = true;
  } else {
    FailureOr<PartitionPlan> plan =
        partitionForCudagraphs(graph, registry, options.cudagraph, diag, &result->stats);
    if (failed(plan))
      return failure();
    result->plan = std::make_unique<PartitionPlan>(std::move(*plan));
  }
  result->lifetimes = std::make_unique<LifetimePlan>(*result->plan, registry, options.lifetimes);
  result->wrapper = lowerToWrapper(*result->lifetimes);
  if (options.verify && failed(verifyScopeProgram(result->wrapper.program, diag)))
    return failure();
  return result;
}

} // namespace piecewise
