//===- PlanPipeline.h - Plan, lifetimes, wrapper, verification --*- C++ -*-===//
//
// What `piecewise partition`, `codegen` and `verify-plan` share: build a plan
// with either partitioner (the cudagraph partitioner, or the splitting-op
// partitioner when splitting ops are given), compute lifetimes and
// signatures, lower to the wrapper's scope program and verify it.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/codegen/WrapperCodegen.h"
#include "piecewise/partition/CudagraphPartitioner.h"

#include <functional>
#include <memory>
#include <optional>

namespace piecewise {

struct PlanPipelineOptions {
  /// When set, partition at these splitting ops instead of for cudagraphs.
  std::optional<std::vector<std::string>> splittingOps;
  /// With splitting ops: recompute SymInts inside the pieces
  /// (partition/SymIntRematerialization.h).
  bool rematerializeSymInts = false;
  CudagraphPartitionOptions cudagraph;
  LifetimeOptions lifetimes;
  /// Run the plan verifier on the wrapper program.
  bool verify = true;
  /// Called after each phase with its name (for --timing); may be empty.
  std::function<void(std::string_view)> onPhase;
};

struct PlanPipelineResult {
  std::unique_ptr<PartitionPlan> plan;
  std::unique_ptr<LifetimePlan> lifetimes;
  WrapperProgram wrapper;
  CudagraphPartitionStats stats;
  bool splitting = false;
};

/// Runs the pipeline on `graph` (edited in place by decompose-size for a
/// splitting-op plan). Fails with diagnostics when partitioning fails or the
/// verifier rejects the plan.
FailureOr<std::unique_ptr<PlanPipelineResult>> runPlanPipeline(Graph& graph,
                                                               const OpRegistry* registry,
                                                               const PlanPipelineOptions& options,
                                                               DiagnosticEngine& diag);

} // namespace piecewise
