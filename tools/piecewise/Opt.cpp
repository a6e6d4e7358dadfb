//===- Opt.cpp - `piecewise opt`: run a pass pipeline ---------------------===//
//
//   piecewise opt FILE --passes=a,b,c [--no-verify-each] [--print-ir-after-all]
//                 [--print-ir-after=NAME]... [--timing] [--stats]
//                 [--check-no-change] [-o OUT]
//
// Parses (and verifies) the input, runs the pipeline over the root graph and
// every child graph, and prints the result in code form on stdout (or -o).
// IR dumps, timings and statistics go to stderr. The verifier runs after every
// pass unless --no-verify-each. --check-no-change (or the environment variable
// PIECEWISE_CHECK_NO_CHANGE=1) makes every pass that reports "no change" prove
// it: the printed module must be byte-for-byte what it was. An unknown pass
// name is a usage error (exit 2); a failing pass or verifier exits 1.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"

#include "piecewise/pass/PassManager.h"
#include "piecewise/text/Printer.h"
#include "piecewise/transforms/Passes.h"

#include <fmt/format.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace piecewise::cli {

namespace {

struct OptCommandOptions {
  std::string file = "-";
  std::string passes;
  std::string output;
  bool noVerifyEach = false;
  bool printIrAfterAll = false;
  std::vector<std::string> printIrAfter;
  bool timing = false;
  bool stats = false;
  bool checkNoChange = false;
  bool listPasses = false;
};

void writeStderr(std::string_view s) {
  std::fwrite(s.data(), 1, s.size(), stderr);
}

bool envFlag(const char* name) {
  const char* v = std::getenv(name);
  return v && *v && std::strcmp(v, "0") != 0;
}

int runOpt(const OptCommandOptions& opts, const GlobalOptions& globals) {
  PassRegistry registry = builtinPassRegistry();
  if (opts.listPasses) {
    std::string out;
    for (const PassRegistry::Entry* e : registry.entries())
      out += fmt::format("  {:<18} {}\n", e->name, e->description);
    std::fputs(out.c_str(), stdout);
    return kExitOk;
  }
  if (opts.passes.empty()) {
    printError("opt needs --passes=NAME[,NAME...] (see --list-passes)");
    return kExitUsage;
  }

  PassManagerOptions pmo;
  pmo.verifyEach = !opts.noVerifyEach;
  pmo.checkNoChange = opts.checkNoChange || envFlag("PIECEWISE_CHECK_NO_CHANGE");
  pmo.printIrAfterAll = opts.printIrAfterAll;
  for (const std::string& item : opts.printIrAfter) {
    if (!registry.contains(item)) {
      printError(fmt::format("--print-ir-after: unknown pass '{}' (known passes: {})", item,
                             registry.namesList()));
      return kExitUsage;
    }
    pmo.printIrAfter.push_back(item);
  }
  pmo.irSink = writeStderr;
  PassManager pm(std::move(pmo));
  {
    DiagnosticEngine diag;
    if (failed(pm.addPipeline(opts.passes, registry, diag))) {
      for (const Diagnostic& d : diag.diagnostics())
        printError(d.message);
      return kExitUsage;
    }
  }

  if (int rc = refuseOutputOverInput(opts.output, opts.file, globals); rc != kExitOk)
    return rc;
  LoadedInput input;
  if (int rc = loadInput(opts.file, globals, input); rc != kExitOk)
    return rc;
  DiagnosticEngine diag;
  PassContext ctx(&input.registry, diag);
  LogicalResult result = pm.run(*input.module, ctx);
  if (!diag.diagnostics().empty())
    printDiagnostics(diag);
  if (opts.timing)
    writeStderr(pm.renderTimings());
  if (opts.stats)
    writeStderr(ctx.statistics().render(pm.passNames()));
  if (failed(result))
    return kExitInputError;
  if (!writeOutput(opts.output, printCodeForm(*input.module)))
    return kExitInputError;
  return kExitOk;
}

} // namespace

void addOptCommand(CLI::App& app, const GlobalOptions& globals, int& exitCode) {
  auto opts = std::make_shared<OptCommandOptions>();
  CLI::App* cmd = app.add_subcommand(
      "opt", "Run a pass pipeline (--passes=a,b,c) and print the result in code form");
  cmd->add_option("FILE", opts->file, "Graph dump in code or graph form ('-' for stdin)")
      ->type_name("");
  cmd->add_option("--passes", opts->passes,
                  "Comma-separated pipeline: split-coalescing, noop-elimination, dce, cse, "
                  "decompose-size")
      ->type_name("NAMES");
  cmd->add_flag("--no-verify-each", opts->noVerifyEach, "Do not verify the module after each pass");
  cmd->add_flag("--print-ir-after-all", opts->printIrAfterAll,
                "Print the module (code form, stderr) after every pass");
  cmd->add_option("--print-ir-after", opts->printIrAfter,
                  "Print the module (code form, stderr) after each run of pass NAME (repeatable)")
      ->type_name("NAME")
      ->delimiter(',')
      ->allow_extra_args(false);
  cmd->add_flag("--timing", opts->timing, "Print each pass's wall time on stderr");
  cmd->add_flag("--stats", opts->stats, "Print what each pass changed on stderr");
  cmd->add_flag("--check-no-change", opts->checkNoChange,
                "Fail when a pass reports no change but the printed module changed (debug)");
  cmd->add_flag("--list-passes", opts->listPasses, "List the available passes and exit");
  cmd->add_option("-o,--output", opts->output, "Write the result to FILE instead of stdout")
      ->type_name("FILE");
  cmd->callback([opts, &globals, &exitCode] { exitCode = runOpt(*opts, globals); });
}

} // namespace piecewise::cli
