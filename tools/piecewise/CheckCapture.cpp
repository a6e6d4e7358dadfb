//===- CheckCapture.cpp - `piecewise check-capture`: stable addresses -----===//
//
//   piecewise check-capture FILE (--splitting-ops=OP,.. | --break-ops=OP,..)
//                                [--static-inputs=all|params|none] [--json]
//                                [--fix [-o OUT.py]]
//
// Proves that every tensor a captured piece reads keeps its address at
// replay, that no captured piece contains an op a capture cannot contain
// (a host sync, a data-dependent size, a copy to the host) and that none
// takes a scalar computed at run time by an eager op
// (partition/CaptureSafety.h). --splitting-ops: the plan of `split`
// (vLLM's piecewise CUDA graphs; the same decompose-size and partitioner);
// --break-ops: breakable capture (one capture closed around each break op).
// Exit 0 when the plan is clean; else exit 1 with one located error per
// finding on stderr (the eager op, the views in between, the captured
// consumer, the fix). --json prints the segments, each eager op's output
// contract, the unstable reads, the uncapturable ops and the baked scalars
// on stdout (the exit status is the same).
// --fix rewrites the graph (partition/CaptureSafeCopies.h: each unstable
// value copied, in the eager region, into a buffer the captured piece before
// it allocates) and writes it whole in code form to OUT.py (stdout without
// -o; with --json, -o is needed), atomically, never over the input; exit 0
// when the rewritten graph checks clean (a summary line per copy, or the JSON
// of the rewritten graph's check with a "fix" member), else exit 1 with the
// located errors it cannot fix (an op a capture cannot contain, a baked
// scalar, a value whose sizes only the data decides) and nothing written.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"

#include "piecewise/partition/CaptureCheckReport.h"
#include "piecewise/partition/SplitGraph.h"
#include "piecewise/text/Printer.h"

#include <fmt/format.h>

namespace piecewise::cli {

namespace {

struct CheckCaptureOptions {
  std::string file = "-";
  std::vector<std::string> splittingOps;
  std::vector<std::string> breakOps;
  std::string staticInputs = "all";
  bool json = false;
  bool fix = false;
  std::string output;
  CLI::Option* splittingOption = nullptr;
  CLI::Option* breakOption = nullptr;
};

/// --static-inputs (CLI11 has checked the spelling).
StaticInputs staticInputsOf(const CheckCaptureOptions& opts) {
  return opts.staticInputs == "none"     ? StaticInputs::None
         : opts.staticInputs == "params" ? StaticInputs::Params
                                         : StaticInputs::All;
}

/// The note `split` gives for a pattern that matches nothing, naming it a
/// break op under breakable capture.
void printUnmatchedOps(const Graph& graph, const std::vector<std::string>& ops, bool breakable,
                       const SourceBuffer* buffer) {
  SplittingOpOptions matchOptions;
  matchOptions.splittingOps = ops;
  DiagnosticEngine notes;
  for (std::string& m : unmatchedSplittingOps(
           graph, matchOptions, breakable ? OpPatternKind::Break : OpPatternKind::Splitting))
    notes.note(Location{buffer, 0, 0}, std::move(m));
  printDiagnostics(notes);
}

std::string plural(size_t n, std::string_view one, std::string_view many) {
  return fmt::format("{} {}", n, n == 1 ? one : many);
}

/// `--fix`: makeCaptureSafe, then the rewritten graph to `output` and a
/// summary (or the JSON) on stdout. Returns the exit status.
int runFix(const CheckCaptureOptions& opts, const GlobalOptions& globals, bool breakable) {
  if (opts.json && (opts.output.empty() || opts.output == "-")) {
    printError("check-capture --fix --json needs -o OUT.py (the JSON goes to stdout)");
    return kExitUsage;
  }
  int exitCode = refuseOutputOverInput(opts.output, opts.file, globals);
  if (exitCode != kExitOk)
    return exitCode;
  auto* input = new LoadedInput; // left to the OS at exit, like split
  exitCode = loadInput(opts.file, globals, *input);
  if (exitCode != kExitOk)
    return exitCode;
  Graph& graph = input->module->graph();
  DiagnosticEngine diag;
  SplittingOpOptions inlining; // nested regions holding a splitting op: fixed as if inline
  inlining.splittingOps = breakable ? opts.breakOps : opts.splittingOps;
  if (failed(inlineRegionsWithSplittingOps(*input->module, inlining, diag))) {
    printDiagnostics(diag);
    return kExitInputError;
  }
  printUnmatchedOps(graph, breakable ? opts.breakOps : opts.splittingOps, breakable,
                    input->buffer.get());
  CaptureSafeOptions options;
  options.breakable = breakable;
  options.breakOps = opts.breakOps;
  options.split.partition.splittingOps = opts.splittingOps;
  options.check.staticInputs = staticInputsOf(opts);
  FailureOr<CaptureSafeResult> fixed = makeCaptureSafe(graph, &input->registry, options, diag);
  printDiagnostics(diag);
  if (failed(fixed)) {
    std::fputs(fmt::format("not fixed: {} --fix cannot fix; nothing written\n",
                           plural(diag.numErrors(), "error", "errors"))
                   .c_str(),
               stdout);
    return kExitInputError;
  }
  const CaptureFixResult& fix = fixed->fix;
  std::string summary;
  for (const CaptureCopy& c : fix.copies)
    summary +=
        fmt::format("copied '{}' into '{}' ({} bytes per step{})\n", c.value->name().str(),
                    c.buffer->name().str(), c.bytes, c.copyBack ? "; copied back at the end" : "");
  const PartitionPlan& plan = fixed->plan;
  summary +=
      fmt::format("capture-safe after {} ({} bytes per step): {} read only stable "
                  "memory ({})\n",
                  plural(fix.copies.size(), "copy", "copies"), fix.bytesPerStep,
                  plural(plan.size() - plan.numSplitting(), "captured piece", "captured pieces"),
                  plural(fixed->check.eagerOps.size(), "eager op", "eager ops"));
  std::string text = printCodeForm(*input->module);
  bool toStdout = opts.output.empty() || opts.output == "-";
  if (!writeOutput(toStdout ? "" : opts.output, text))
    return kExitInputError;
  CaptureJsonOptions json;
  json.breakable = breakable;
  json.staticInputs = options.check.staticInputs;
  json.fix = &fix;
  std::string report = opts.json ? renderCaptureJson(fixed->check, plan, json) : summary;
  if (toStdout) {
    std::fputs(report.c_str(), stderr);
    return kExitOk;
  }
  return writeOutput("", report) ? kExitOk : kExitInputError;
}

} // namespace

void addCheckCaptureCommand(CLI::App& app, const GlobalOptions& globals, int& exitCode) {
  auto opts = std::make_shared<CheckCaptureOptions>();
  CLI::App* cmd = app.add_subcommand(
      "check-capture", "Prove that every tensor a captured piece reads keeps its address at "
                       "CUDA graph replay (split or breakable capture)");
  cmd->add_option("FILE", opts->file, "Graph dump in code or graph form ('-' for stdin)")
      ->type_name("");
  opts->splittingOption =
      cmd->add_option("--splitting-ops", opts->splittingOps,
                      "The plan of `split` at these ops (piecewise CUDA graphs: the pieces "
                      "between them are captured), comma-separated as for `split`")
          ->type_name("OP[,OP...]")
          ->delimiter(',')
          ->allow_extra_args(false)
          ->expected(0, 1)
          ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  opts->breakOption =
      cmd->add_option("--break-ops", opts->breakOps,
                      "Breakable capture: one capture of the whole graph, closed around each of "
                      "these ops (they run eagerly), comma-separated")
          ->type_name("OP[,OP...]")
          ->delimiter(',')
          ->allow_extra_args(false)
          ->expected(0, 1)
          ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  cmd->add_option("--static-inputs", opts->staticInputs,
                  "Which graph inputs the runtime keeps at fixed addresses: all (default), "
                  "params (placeholders named ..._parameters_... / ..._buffers_...), none")
      ->type_name("all|params|none")
      ->check(CLI::IsMember({"all", "params", "none"}));
  cmd->add_flag("--json", opts->json,
                "Print the segments, each eager op's output contract and the unstable reads as "
                "one JSON object");
  cmd->add_flag("--fix", opts->fix,
                "Copy each unstable value, in the eager region, into a buffer the captured "
                "piece before it allocates, and write the whole rewritten graph (code form)");
  cmd->add_option("-o,--output", opts->output,
                  "With --fix: write the rewritten graph to FILE (atomically; never the input)")
      ->type_name("FILE");
  cmd->callback([opts, &globals, &exitCode] {
    bool split = opts->splittingOption->count() > 0;
    bool breakable = opts->breakOption->count() > 0;
    if (split == breakable) {
      printError("check-capture needs exactly one of --splitting-ops=... and --break-ops=...");
      exitCode = kExitUsage;
      return;
    }
    if (!opts->output.empty() && !opts->fix) {
      printError("check-capture -o needs --fix (it writes the rewritten graph)");
      exitCode = kExitUsage;
      return;
    }
    if (opts->fix) {
      exitCode = runFix(*opts, globals, breakable);
      return;
    }
    auto* input = new LoadedInput; // left to the OS at exit, like split
    exitCode = loadInput(opts->file, globals, *input);
    if (exitCode != kExitOk)
      return;
    const OpRegistry* registry = &input->registry;
    Graph& graph = input->module->graph();
    DiagnosticEngine diag;
    SplittingOpOptions matchOptions; // nested regions holding an op: checked as if inline
    matchOptions.splittingOps = split ? opts->splittingOps : opts->breakOps;
    CaptureSafeOptions options;
    options.breakable = breakable;
    options.breakOps = opts->breakOps;
    options.split.partition.splittingOps = opts->splittingOps;
    options.check.staticInputs = staticInputsOf(*opts);
    FailureOr<PartitionPlan> plan = failure();
    if (succeeded(inlineRegionsWithSplittingOps(*input->module, matchOptions, diag)))
      plan = planForCapture(graph, registry, options, diag);
    if (failed(plan)) {
      printDiagnostics(diag);
      exitCode = kExitInputError;
      return;
    }
    printUnmatchedOps(graph, matchOptions.splittingOps, breakable, input->buffer.get());

    EffectAnalysis effects(registry);
    CaptureCheckResult result = checkCapture(*plan, effects, options.check);
    emitCaptureDiagnostics(result, *plan, Severity::Error, diag);
    printDiagnostics(diag);
    CaptureJsonOptions json;
    json.breakable = breakable;
    json.staticInputs = options.check.staticInputs;
    std::string text =
        opts->json ? renderCaptureJson(result, *plan, json) : renderCaptureSummary(result, *plan);
    if (!writeOutput("", text)) {
      exitCode = kExitInputError;
      return;
    }
    exitCode = result.clean() ? kExitOk : kExitInputError;
  });
}

} // namespace piecewise::cli
