//===- PlanPipeline.cpp - Plan, lifetimes, wrapper, verification ----------===//

#include "piecewise/codegen/PlanPipeline.h"

#include "piecewise/partition/SplitGraph.h"

namespace piecewise {

FailureOr<std::unique_ptr<PlanPipelineResult>> runPlanPipeline(Graph& graph,
                                                               const OpRegistry* registry,
                                                               const PlanPipelineOptions& options,
                                                               DiagnosticEngine& diag) {
  auto result = std::make_unique<PlanPipelineResult>();
  auto mark = [&](std::string_view phase) {
    if (options.onPhase)
      options.onPhase(phase);
  };
  if (options.splittingOps) {
    SplitGraphOptions split;
    split.partition.splittingOps = *options.splittingOps;
    split.rematerializeSymInts = options.rematerializeSymInts;
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
  mark("partition");
  result->lifetimes = std::make_unique<LifetimePlan>(*result->plan, registry, options.lifetimes);
  mark("storages, lifetimes, signatures");
  result->wrapper = lowerToWrapper(*result->lifetimes);
  mark("lower to the wrapper program");
  if (options.verify) {
    LogicalResult verified = verifyScopeProgram(result->wrapper.program, diag);
    mark("plan verification");
    if (failed(verified))
      return failure();
  }
  return result;
}

} // namespace piecewise
