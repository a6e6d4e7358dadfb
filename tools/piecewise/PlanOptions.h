//===- PlanOptions.h - The plan options of partition, codegen, ... -*- C++ -*-===//
//
// `partition`, `codegen`, `verify-plan` and `report` build a plan the same
// way (codegen/PlanPipeline.h: a partitioner, lifetimes and signatures, the
// wrapper program, the plan verifier) from the same options. Each of them
// registers those options with addPlanOptions() and runs the pipeline with
// runPlanCommand(), then adds its own options and output.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Driver.h"

#include "piecewise/codegen/PlanPipeline.h"

#include <memory>
#include <string>
#include <vector>

namespace piecewise::cli {

/// The options every plan command takes (see addPlanOptions for the flags).
struct PlanCommandOptions {
  /// The input (`-` for stdin).
  std::string file = "-";
  /// `--splitting-ops`: partition at these ops instead of for CUDA graphs.
  std::vector<std::string> splittingOps;
  /// Set by addPlanOptions, to tell `--splitting-ops=` (given, empty: one
  /// piece) from no `--splitting-ops` at all.
  CLI::Option* splittingOpsOption = nullptr;
  /// `--cudagraph-unsafe-ops`.
  std::vector<std::string> unsafeOps;
  bool skipDynamicShapes = false;
  bool reorder = false;
  bool keepInputsAlive = false;
  bool debugDropAliasInputs = false;
  bool noVerifyPlan = false;
  /// `--rematerialize-symints` (with `--splitting-ops`).
  bool rematerializeSymInts = false;
  /// `--timing`: the time of each phase on stderr.
  bool timing = false;

  /// Whether `--splitting-ops` was given (possibly with an empty list).
  bool haveSplittingOps() const { return splittingOpsOption && splittingOpsOption->count() > 0; }
};

/// Adds FILE and the plan options to `cmd`, storing into `options` (which must
/// outlive the parse).
void addPlanOptions(CLI::App& cmd, PlanCommandOptions& options);

/// Reads, parses and verifies `options.file` into `input`, then runs the plan
/// pipeline on it. Returns kExitOk with `result` set, or prints the
/// diagnostics and returns kExitInputError.
int runPlanCommand(const PlanCommandOptions& options, const GlobalOptions& globals,
                   LoadedInput& input, std::unique_ptr<PlanPipelineResult>& result);

} // namespace piecewise::cli
