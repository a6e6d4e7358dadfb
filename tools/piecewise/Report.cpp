//===- Report.cpp - `piecewise report`: an HTML view of a plan ------------===//
//
//   piecewise report FILE (--splitting-ops=OP,.. | --cudagraph) -o REPORT.html
//                         [plan options of `partition`]
//
// Builds the plan as `codegen` does (runPlanCommand: splitting ops, or the
// cudagraph partitioner; signatures, lifetimes, the plan verifier) and writes
// one self-contained HTML page showing it (codegen/HtmlReport.h). `-o -`
// writes the page to stdout.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"

#include "piecewise/codegen/HtmlReport.h"

#include <fmt/format.h>

#include <chrono>
#include <cstdio>

namespace piecewise::cli {

struct PlanCommandOptions;
void addPlanOptions(CLI::App* cmd, PlanCommandOptions& o);
int runPlanCommand(const PlanCommandOptions& o, const GlobalOptions& globals, LoadedInput& input,
                   std::unique_ptr<PlanPipelineResult>& result);
std::shared_ptr<PlanCommandOptions> makePlanCommandOptions();
bool planUsesSplittingOps(const PlanCommandOptions& o);
const std::string& planInputFile(const PlanCommandOptions& o);
const std::vector<std::string>& planSplittingOps(const PlanCommandOptions& o);
const std::vector<std::string>& planUnsafeOps(const PlanCommandOptions& o);
bool planTiming(const PlanCommandOptions& o);
void addReportCommand(CLI::App& app, const GlobalOptions& globals, int& exitCode);

void addReportCommand(CLI::App& app, const GlobalOptions& globals, int& exitCode) {
  auto opts = makePlanCommandOptions();
  struct Extra {
    bool cudagraph = false;
    std::string output;
  };
  auto extra = std::make_shared<Extra>();
  CLI::App* cmd = app.add_subcommand(
      "report", "Write a self-contained HTML view of a split or a cudagraph plan (-o FILE.html)");
  addPlanOptions(cmd, *opts);
  cmd->add_flag("--cudagraph", extra->cudagraph, "Use the cudagraph partitioner");
  cmd->add_option("-o,--output", extra->output, "Write the page to FILE ('-' for stdout)")
      ->type_name("FILE");
  cmd->callback([opts, extra, &globals, &exitCode] {
    if (extra->cudagraph == planUsesSplittingOps(*opts)) {
      printError("report needs exactly one of --splitting-ops=... and --cudagraph");
      exitCode = kExitUsage;
      return;
    }
    if (extra->output.empty()) {
      printError("report needs -o FILE.html (or -o - for stdout)");
      exitCode = kExitUsage;
      return;
    }
    if (int rc = refuseOutputOverInput(extra->output, planInputFile(*opts), globals);
        rc != kExitOk) {
      exitCode = rc;
      return;
    }
    auto* input = new LoadedInput; // left to the OS at exit, like split
    std::unique_ptr<PlanPipelineResult> result;
    exitCode = runPlanCommand(*opts, globals, *input, result);
    if (exitCode != kExitOk)
      return;
    using Clock = std::chrono::steady_clock;
    Clock::time_point t0 = Clock::now();
    HtmlReportOptions options;
    options.title = planInputFile(*opts) == "-" ? "<stdin>" : planInputFile(*opts);
    if (planUsesSplittingOps(*opts))
      options.splittingOps = planSplittingOps(*opts);
    options.unsafeOps = planUnsafeOps(*opts);
    options.sourceModule = input->module.get();
    std::string page = renderHtmlReport(*result, &input->registry, options);
    Clock::time_point t1 = Clock::now();
    if (!writeOutput(extra->output, page))
      exitCode = kExitInputError;
    if (planTiming(*opts))
      std::fputs(fmt::format("{:>9.3f} ms  render the report ({} bytes)\n{:>9.3f} ms  write\n",
                             std::chrono::duration<double, std::milli>(t1 - t0).count(),
                             page.size(),
                             std::chrono::duration<double, std::milli>(Clock::now() - t1).count())
                     .c_str(),
                 stderr);
    (void)result.release();
  });
}

} // namespace piecewise::cli
