//===- PlanOptions.cpp - The plan options of partition, codegen, ... ------===//

#include "PlanOptions.h"

#include "piecewise/partition/SplitGraph.h"
#include "piecewise/transforms/InlineNestedRegions.h"

#include <fmt/format.h>

#include <chrono>
#include <cstdio>

namespace piecewise::cli {

void addPlanOptions(CLI::App& cmd, PlanCommandOptions& o) {
  cmd.add_option("FILE", o.file, "Graph dump in code or graph form ('-' for stdin)")->type_name("");
  o.splittingOpsOption =
      cmd.add_option("--splitting-ops", o.splittingOps,
                     "Partition at these splitting ops (vLLM) instead of for CUDA graphs")
          ->type_name("OP[,OP...]")
          ->delimiter(',')
          ->allow_extra_args(false)
          ->expected(0, 1)
          ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  cmd.add_option("--cudagraph-unsafe-ops", o.unsafeOps,
                 "Ops never captured (packet or overload names, as splitting ops)")
      ->type_name("OP[,OP...]")
      ->delimiter(',')
      ->allow_extra_args(false)
      ->expected(0, 1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  cmd.add_flag("--skip-dynamic-shapes", o.skipDynamicShapes,
               "Leave every node whose shape mentions a symbol out of the captured region");
  cmd.add_flag("--reorder", o.reorder,
               "Reorder nodes to minimize the partition count (kept only if the estimated "
               "peak memory stays within 1.1x)");
  cmd.add_flag("--keep-inputs-alive", o.keepInputsAlive,
               "Partitions re-return the inputs they do not free (static input addresses)");
  cmd.add_flag("--debug-drop-alias-inputs", o.debugDropAliasInputs,
               "Debug: drop the inputs a partition only frees (the old Inductor bug); the plan "
               "verifier must then fail");
  cmd.add_flag("--no-verify-plan", o.noVerifyPlan, "Do not run the plan verifier");
  cmd.add_flag("--rematerialize-symints", o.rematerializeSymInts,
               "With --splitting-ops: recompute inside a piece the SymInts it can compute from "
               "its own inputs instead of passing them in");
  cmd.add_flag("--timing", o.timing, "Print the time of each phase to stderr");
}

int runPlanCommand(const PlanCommandOptions& o, const GlobalOptions& globals, LoadedInput& input,
                   std::unique_ptr<PlanPipelineResult>& result) {
  using Clock = std::chrono::steady_clock;
  Clock::time_point t0 = Clock::now();
  int rc = loadInput(o.file, globals, input);
  if (rc != kExitOk)
    return rc;
  Clock::time_point t1 = Clock::now();
  PlanPipelineOptions options;
  if (o.haveSplittingOps())
    options.splittingOps = o.splittingOps;
  options.rematerializeSymInts = o.rematerializeSymInts;
  options.cudagraph.unsafeOps = o.unsafeOps;
  options.cudagraph.skipDynamicShapes = o.skipDynamicShapes;
  options.cudagraph.reorder = o.reorder;
  options.lifetimes.keepInputsAlive = o.keepInputsAlive;
  options.lifetimes.debugDropAliasInputs = o.debugDropAliasInputs;
  options.verify = !o.noVerifyPlan;
  Clock::time_point last = t1;
  if (o.timing)
    options.onPhase = [&last](std::string_view phase) {
      Clock::time_point now = Clock::now();
      std::fputs(fmt::format("{:>9.3f} ms  {}\n",
                             std::chrono::duration<double, std::milli>(now - last).count(), phase)
                     .c_str(),
                 stderr);
      last = now;
    };
  DiagnosticEngine diag;
  FailureOr<std::unique_ptr<PlanPipelineResult>> r = failure();
  // Nested compile regions are planned as if inline: for a split, those holding a
  // splitting op; for cudagraph partitions, all of them (an unsafe op inside one counts).
  LogicalResult inlined = success();
  if (options.splittingOps) {
    SplittingOpOptions inlining;
    inlining.splittingOps = *options.splittingOps;
    inlined = inlineRegionsWithSplittingOps(*input.module, inlining, diag);
  } else {
    inlined = inlineNestedRegions(input.module->graph(), *input.module, {}, diag);
  }
  if (succeeded(inlined))
    r = runPlanPipeline(input.module->graph(), &input.registry, options, diag);
  Clock::time_point t2 = Clock::now();
  if (o.timing)
    std::fputs(fmt::format("{:>9.3f} ms  total after parsing (read, parse, verify: {:.3f} ms)\n",
                           std::chrono::duration<double, std::milli>(t2 - t1).count(),
                           std::chrono::duration<double, std::milli>(t1 - t0).count())
                   .c_str(),
               stderr);
  if (failed(r)) {
    if (!o.noVerifyPlan && diag.hasErrors())
      diag.note(Location{}, "the partition plan does not verify");
    printDiagnostics(diag);
    return kExitInputError;
  }
  result = std::move(*r);
  return kExitOk;
}

} // namespace piecewise::cli
