//===- Split.cpp - `piecewise split`: cut a graph at splitting ops --------===//
//
//   piecewise split FILE --splitting-ops=OP[,OP...] [--json] [-o OUT.py]
//                   [--rematerialize-symints] [--explain] [--capture-safe]
//
// vLLM's piecewise split of the root graph (partition/SplitGraph.h): nested
// compile regions holding a splitting op inlined, the decompose-size pass, the
// splitting-op partitioner, the flat-boundary check.
// Prints a short summary (or, with --json, one item per piece: name, id,
// whether it is a splitting piece, inputs and outputs with their kinds, the
// targets of its call nodes, its structural hash; codegen/PlanJson.h). -o
// writes the split module in code form, a runnable Python module that
// `piecewise print`/`lint` read back (codegen/SplitModulePrinter.h).
// A splitting op that matches no node of a graph with calls gets a note on
// stderr naming the similar ops the graph has; a plan whose captured pieces
// would read an eager op's fresh tensor gets one warning line
// (partition/CaptureSafety.h; `check-capture` gives the details).
// --rematerialize-symints recomputes SymInts inside the pieces that can
// (partition/SymIntRematerialization.h) and says how many inputs it saved;
// --explain appends, after the summary, why pieces at the same place of a
// repeated structure hash differently (partition/PieceExplain.h).
// --capture-safe first makes the plan capture-safe (check-capture --fix:
// partition/CaptureSafeCopies.h) and says how many bytes per step the
// copies cost; exit 1 with the located errors when it cannot.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"

#include "piecewise/analysis/ValueKind.h"
#include "piecewise/codegen/PlanJson.h"
#include "piecewise/codegen/SplitModulePrinter.h"
#include "piecewise/partition/CaptureSafeCopies.h"
#include "piecewise/partition/CaptureSafety.h"
#include "piecewise/partition/PieceExplain.h"
#include "piecewise/partition/SplitGraph.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>
#include <map>
#include <optional>

namespace piecewise::cli {

namespace {

struct SplitCommandOptions {
  std::string file = "-";
  std::vector<std::string> splittingOps;
  bool json = false;
  std::string output;
  bool noDecomposeSize = false;
  bool noMergeEmpty = false;
  bool timing = false;
  bool rematerialize = false;
  bool explain = false;
  bool captureSafe = false;
};

/// `--timing`: wall time of each phase since the previous mark, on stderr.
class PhaseTimer {
public:
  explicit PhaseTimer(bool enabled) : enabled_(enabled), last_(Clock::now()) {}
  void mark(std::string_view phase) {
    if (!enabled_)
      return;
    Clock::time_point now = Clock::now();
    std::fputs(fmt::format("{:>9.3f} ms  {}\n",
                           std::chrono::duration<double, std::milli>(now - last_).count(), phase)
                   .c_str(),
               stderr);
    last_ = now;
  }

private:
  using Clock = std::chrono::steady_clock;
  bool enabled_;
  Clock::time_point last_;
};

std::string renderSummary(const PartitionPlan& plan, const OpRegistry* registry) {
  std::string out;
  auto to = std::back_inserter(out);
  size_t splitting = plan.numSplitting();
  size_t compiled = plan.size() - splitting;
  fmt::format_to(to, "pieces:          {} ({} splitting, {} compiled)\n", plan.size(), splitting,
                 compiled);
  fmt::format_to(to, "unique pieces:   {} of the {} compiled pieces are distinct\n",
                 plan.numUnique(), compiled);
  if (int32_t big = plan.largestPiece(); big >= 0) {
    const Piece& p = plan.pieces()[static_cast<size_t>(big)];
    fmt::format_to(to, "largest piece:   {} ({} nodes)\n", p.name(), p.nodes.size());
  }
  // Values crossing into pieces, by kind.
  std::map<std::string_view, size_t> byKind;
  size_t crossing = 0;
  for (const Piece& p : plan.pieces()) {
    for (const Node* in : p.inputs) {
      ++byKind[valueKindName(classifyValue(*in, registry))];
      ++crossing;
    }
  }
  std::string kinds;
  for (const auto& [kind, count] : byKind)
    kinds += fmt::format("{}{} {}", kinds.empty() ? "" : ", ", count, kind);
  fmt::format_to(to, "piece inputs:    {}{}\n", crossing,
                 kinds.empty() ? "" : fmt::format(" ({})", kinds));

  constexpr size_t kMaxListed = 32;
  if (plan.size() > kMaxListed) {
    fmt::format_to(to, "({} pieces; --json lists them all)\n", plan.size());
    return out;
  }
  out += "\n";
  size_t width = 0;
  for (const Piece& p : plan.pieces())
    width = std::max(width, p.name().size());
  for (const Piece& p : plan.pieces()) {
    fmt::format_to(to, "  {:<{}}  {:<9}  {:>4} nodes  {:>3} in  {:>3} out  {}", p.name(), width,
                   pieceKindName(p.kind), p.nodes.size(), p.inputs.size(), p.outputs.size(),
                   p.hashString());
    if (!p.reason.empty())
      fmt::format_to(to, "  {}", p.reason);
    out += '\n';
  }
  return out;
}

} // namespace

void addSplitCommand(CLI::App& app, const GlobalOptions& globals, int& exitCode) {
  auto opts = std::make_shared<SplitCommandOptions>();
  CLI::App* cmd = app.add_subcommand(
      "split", "Split a graph into pieces at splitting ops (vLLM's piecewise split_graph)");
  cmd->add_option("FILE", opts->file, "Graph dump in code or graph form ('-' for stdin)")
      ->type_name("");
  cmd->add_option("--splitting-ops", opts->splittingOps,
                  "Ops to split at, comma-separated: a packet (aten::add) matches every "
                  "overload, an overload (aten::add.Tensor) only itself; vllm.foo means "
                  "vllm::foo; a Python callable by its qualified name "
                  "(torch._C._nn.scaled_dot_product_attention)")
      ->type_name("OP[,OP...]")
      ->delimiter(',')
      ->allow_extra_args(false)
      ->expected(0, 1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  cmd->add_flag("--json", opts->json, "Print one JSON object describing every piece");
  cmd->add_option("-o,--output", opts->output,
                  "Write the split module (code form, runnable Python) to FILE")
      ->type_name("FILE");
  cmd->add_flag("--no-decompose-size", opts->noDecomposeSize,
                "Do not run decompose-size first (torch.Size values crossing a boundary are "
                "then errors)");
  cmd->add_flag("--no-merge-empty", opts->noMergeEmpty,
                "Keep pieces that hold only an empty allocation on their own");
  cmd->add_flag("--timing", opts->timing, "Print the time of each phase to stderr");
  cmd->add_flag("--rematerialize-symints", opts->rematerialize,
                "Recompute inside a piece the SymInts it can compute from its own inputs "
                "(pure integer arithmetic of sizes and symbols) instead of passing them in");
  cmd->add_flag("--capture-safe", opts->captureSafe,
                "First make the plan capture-safe (check-capture --fix): copy each value a "
                "captured piece would read at an address replay does not keep into a buffer "
                "the piece before it allocates; the summary says what the copies cost");
  cmd->add_flag("--explain", opts->explain,
                "Say why pieces at the same place of a repeated structure hash differently "
                "(after the summary; in the JSON as \"explain\")");
  cmd->callback([opts, &globals, &exitCode] {
    exitCode = refuseOutputOverInput(opts->output, opts->file, globals);
    if (exitCode != kExitOk)
      return;
    PhaseTimer timer(opts->timing);
    // The process ends right after this command: the input and the split
    // module are not freed (like clang's -disable-free), since tearing down a
    // million nodes costs more than splitting them.
    auto* input = new LoadedInput;
    exitCode = loadInput(opts->file, globals, *input);
    timer.mark("read, parse, verify");
    if (exitCode != kExitOk)
      return;

    DiagnosticEngine diag;
    SplitGraphOptions options;
    options.partition.splittingOps = opts->splittingOps;
    options.partition.mergeEmptyOnlyPieces = !opts->noMergeEmpty;
    options.decomposeSize = !opts->noDecomposeSize;
    options.rematerializeSymInts = opts->rematerialize;
    const OpRegistry* registry = &input->registry;
    SymIntRematerializationStats remat;
    FailureOr<PartitionPlan> plan = failure();
    std::optional<CaptureFixResult> fix;
    // Nested compile regions holding a splitting op are split as if inline.
    if (failed(inlineRegionsWithSplittingOps(*input->module, options.partition, diag))) {
      // reported below
    } else if (opts->captureSafe) {
      CaptureSafeOptions safe;
      safe.split = options;
      FailureOr<CaptureSafeResult> fixed =
          makeCaptureSafe(input->module->graph(), registry, safe, diag);
      if (succeeded(fixed)) {
        plan = std::move(fixed->plan);
        remat = fixed->remat;
        fix = std::move(fixed->fix);
      }
      timer.mark("inline nested regions, decompose-size, partition, capture-safe copies, "
                 "partition again");
    } else {
      plan = splitGraph(input->module->graph(), registry, options, diag, &remat);
      timer.mark("inline nested regions, decompose-size, partition, boundary check");
    }
    if (failed(plan)) {
      printDiagnostics(diag);
      exitCode = kExitInputError;
      return;
    }
    // A pattern that matches nothing is most likely a typo: say so (exit 0).
    DiagnosticEngine notes;
    for (std::string& m : unmatchedSplittingOps(input->module->graph(), options.partition))
      notes.note(Location{input->buffer.get(), 0, 0}, std::move(m));
    printDiagnostics(notes);
    // If the compiled pieces are captured as CUDA graphs by a runtime that does
    // not copy (vLLM's): one warning line when one would read an eager op's
    // fresh tensor (`check-capture` explains; exit 0). The check only reads the
    // plan and the graph, so with -o it runs on its own thread while the split
    // module is built and printed.
    std::string captureWarning;
    auto checkPlan = [&] {
      EffectAnalysis effects(registry);
      CaptureCheckResult capture = checkCapture(*plan, effects, CaptureCheckOptions{});
      if (!capture.clean())
        captureWarning = "piecewise: warning: " + captureWarningLine(capture, *plan) + "\n";
    };
    bool wantCaptureCheck = !opts->splittingOps.empty() && !fix;
    BackgroundTask captureTask;
    if (wantCaptureCheck && (opts->output.empty() || !captureTask.start(checkPlan))) {
      checkPlan();
      std::fputs(captureWarning.c_str(), stderr);
      timer.mark("capture check");
    }

    if (!opts->output.empty()) {
      SplitModulePrintOptions printOptions;
      printOptions.sourceModule = input->module.get();
      printOptions.registry = registry;
      printOptions.verify = !globals.noVerify;
      // Written as it is printed, 8 MB at a time, to a temporary file that
      // replaces the output only once the whole module printed and verified.
      OutputFile file;
      if (!file.open(opts->output)) {
        exitCode = kExitInputError;
        return;
      }
      bool writeFailed = false;
      // Each part is written by a background thread while the next is printed.
      printOptions.flush = [&](std::string& part) {
        writeFailed = !file.writeInBackground(part);
        return !writeFailed;
      };
      std::string text;
      bool verified = succeeded(printSplitModule(*plan, printOptions, text, diag));
      if (captureTask.join()) {
        std::fputs(captureWarning.c_str(), stderr);
        timer.mark("build, verify and print the split module (and write all but the last part), "
                   "and the capture check beside it");
      } else {
        timer.mark("build, verify and print the split module (and write all but the last part)");
      }
      if (writeFailed) {
        exitCode = kExitInputError;
        return;
      }
      if (!verified) {
        printDiagnostics(diag);
        exitCode = kExitInputError;
        return;
      }
      bool written = file.write(text) && file.commit();
      timer.mark("write");
      if (!written) {
        exitCode = kExitInputError;
        return;
      }
      if (opts->output == "-")
        return;
    }
    std::string report;
    if (opts->json) {
      report = renderSplitJson(*plan, registry);
      if (fix) // one more member: what the capture-safe copies cost
        report.insert(report.rfind('}'),
                      fmt::format(", \"capture_copies\": {}, \"capture_copy_bytes_per_step\": {}",
                                  fix->copies.size(), nlohmann::json(fix->bytesPerStep).dump()));
      if (opts->explain) // one more member, last: the differences
        report.insert(report.rfind('}'),
                      ", \"explain\": " + renderExplanationJson(*plan, explainPieces(*plan)));
    } else {
      report = renderSummary(*plan, registry);
      if (opts->rematerialize)
        report +=
            fmt::format("rematerialized:  {} SymInt input{} recomputed inside pieces ({} "
                        "node{} copied, {} erased)\n",
                        remat.inputsRemoved, remat.inputsRemoved == 1 ? "" : "s", remat.nodesCopied,
                        remat.nodesCopied == 1 ? "" : "s", remat.nodesErased);
      if (fix)
        report += fmt::format("capture-safe:    {} cop{} into static buffers ({} bytes per "
                              "step)\n",
                              fix->copies.size(), fix->copies.size() == 1 ? "y" : "ies",
                              fix->bytesPerStep);
      if (opts->explain)
        report += "\n" + renderExplanation(*plan, explainPieces(*plan));
    }
    if (!writeOutput("", report))
      exitCode = kExitInputError;
    timer.mark("report");
  });
}

} // namespace piecewise::cli
