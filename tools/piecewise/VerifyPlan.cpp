//===- VerifyPlan.cpp - `piecewise verify-plan`: the lifetime verifier ----===//
//
//   piecewise verify-plan FILE [--splitting-ops=OP,..] [plan options of `partition`]
//
// Builds the plan and the wrapper program exactly as `codegen` would and runs
// the plan verifier (verify/PlanVerifier.h) on it: prints `plan ok: ...` and
// exits 0, or reports the first violation (function and name) and exits 1.
// --debug-drop-alias-inputs reproduces the old Inductor bug to see it caught.
//
//===----------------------------------------------------------------------===//

#include "Commands.h"
#include "PlanOptions.h"

#include <fmt/format.h>

namespace piecewise::cli {

void addVerifyPlanCommand(CLI::App& app, const GlobalOptions& globals, int& exitCode) {
  auto opts = std::make_shared<PlanCommandOptions>();
  CLI::App* cmd = app.add_subcommand(
      "verify-plan", "Check a partition plan's wrapper program: every name in scope where it "
                     "is used and freed, every buffer freed");
  addPlanOptions(*cmd, *opts);
  cmd->callback([opts, &globals, &exitCode] {
    auto* input = new LoadedInput; // left to the OS at exit
    std::unique_ptr<PlanPipelineResult> result;
    exitCode = runPlanCommand(*opts, globals, *input, result);
    if (exitCode != kExitOk)
      return;
    size_t captured = result->wrapper.program.functions.size() - 1;
    if (!writeOutput("", fmt::format("plan ok: {} partitions ({} captured), {} values\n",
                                     result->plan->size(), captured,
                                     result->wrapper.program.names.size())))
      exitCode = kExitInputError;
    (void)result.release();
  });
}

} // namespace piecewise::cli
