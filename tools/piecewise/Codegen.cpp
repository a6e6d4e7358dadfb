//===- Codegen.cpp - `piecewise codegen`: a runnable Python wrapper --------===//
//
//   piecewise codegen FILE (--splitting-ops=OP,.. | --cudagraph) [-o OUT.py]
//                          [--device-map cuda:0=cpu] [plan options of `partition`]
//
// Builds the plan (splitting ops, or the cudagraph partitioner), its
// signatures and lifetimes, verifies the wrapper program and prints it as a
// Python module (codegen/WrapperCodegen.h): one `partition_k(args)` per
// captured partition and `call(args)`, which takes the graph inputs as a list
// and returns the graph outputs as a tuple. --device-map rewrites devices so a
// CUDA dump runs on a CPU-only machine.
//
//===----------------------------------------------------------------------===//

#include "Commands.h"
#include "PlanOptions.h"

#include <fmt/format.h>

namespace piecewise::cli {

void addCodegenCommand(CLI::App& app, const GlobalOptions& globals, int& exitCode) {
  auto opts = std::make_shared<PlanCommandOptions>();
  struct Extra {
    bool cudagraph = false;
    std::string output;
    std::vector<std::string> deviceMap;
  };
  auto extra = std::make_shared<Extra>();
  CLI::App* cmd = app.add_subcommand(
      "codegen", "Write a runnable Python wrapper (partition functions and call) for a plan");
  addPlanOptions(*cmd, *opts);
  cmd->add_flag("--cudagraph", extra->cudagraph, "Use the cudagraph partitioner");
  cmd->add_option("-o,--output", extra->output, "Write the module to FILE (default stdout)")
      ->type_name("FILE");
  cmd->add_option("--device-map", extra->deviceMap,
                  "Rewrite devices, FROM=TO (cuda:0=cpu, cuda=cpu), comma-separated")
      ->type_name("FROM=TO")
      ->delimiter(',')
      ->allow_extra_args(false);
  cmd->callback([opts, extra, &globals, &exitCode] {
    if (extra->cudagraph == opts->haveSplittingOps()) {
      printError("codegen needs exactly one of --splitting-ops=... and --cudagraph");
      exitCode = kExitUsage;
      return;
    }
    exitCode = refuseOutputOverInput(extra->output, opts->file, globals);
    if (exitCode != kExitOk)
      return;
    DiagnosticEngine diag;
    FailureOr<std::vector<std::pair<std::string, std::string>>> deviceMap =
        parseDeviceMap(extra->deviceMap, diag);
    if (failed(deviceMap)) {
      printDiagnostics(diag);
      exitCode = kExitUsage;
      return;
    }
    auto* input = new LoadedInput; // left to the OS at exit
    std::unique_ptr<PlanPipelineResult> result;
    exitCode = runPlanCommand(*opts, globals, *input, result);
    if (exitCode != kExitOk)
      return;
    WrapperEmitOptions emit;
    emit.deviceMap = std::move(*deviceMap);
    size_t captured = result->wrapper.program.functions.size() - 1;
    emit.header = fmt::format("source: {}; plan: {}, {} partitions, {} captured", opts->file,
                              result->splitting ? "splitting ops" : "cudagraph",
                              result->plan->size(), captured);
    FailureOr<std::string> text =
        emitPythonWrapper(result->wrapper, *result->lifetimes, emit, diag);
    if (failed(text)) {
      printDiagnostics(diag);
      exitCode = kExitInputError;
      return;
    }
    if (!writeOutput(extra->output, *text))
      exitCode = kExitInputError;
    (void)result.release();
  });
}

} // namespace piecewise::cli
