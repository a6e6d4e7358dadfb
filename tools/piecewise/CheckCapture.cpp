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

#include "piecewise/partition/CaptureSafeCopies.h"
#include "piecewise/partition/CaptureSafety.h"
#include "piecewise/partition/SplitGraph.h"
#include "piecewise/text/Printer.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

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

nlohmann::ordered_json located(const Node* n) {
  nlohmann::ordered_json j;
  j["name"] = std::string(n->name().str());
  if (n->op() == OpKind::CallFunction || n->op() == OpKind::CallMethod)
    j["target"] = std::string(n->target().str());
  else
    j["op"] = std::string(opKindName(n->op()));
  if (n->loc().isKnown()) {
    j["line"] = n->loc().line;
    j["col"] = n->loc().col;
  }
  return j;
}

nlohmann::ordered_json fixJson(const CaptureFixResult& fix) {
  nlohmann::ordered_json out;
  nlohmann::ordered_json copies = nlohmann::ordered_json::array();
  for (const CaptureCopy& c : fix.copies) {
    nlohmann::ordered_json j;
    j["value"] = std::string(c.value->name().str());
    j["buffer"] = std::string(c.buffer->name().str());
    j["copy"] = std::string(c.copy->name().str());
    j["copy_back"] = c.copyBack ? nlohmann::ordered_json(std::string(c.copyBack->name().str()))
                                : nlohmann::ordered_json();
    j["bytes"] = c.bytes;
    copies.push_back(std::move(j));
  }
  out["copies"] = std::move(copies);
  out["bytes_per_step"] = fix.bytesPerStep;
  return out;
}

std::string renderJson(const PartitionPlan& plan, const CaptureCheckResult& result, bool breakable,
                       StaticInputs staticInputs, const CaptureFixResult* fix = nullptr) {
  nlohmann::ordered_json out;
  out["mode"] = breakable ? "breakable" : "split";
  out["static_inputs"] = std::string(staticInputsName(staticInputs));
  out["clean"] = result.clean();
  nlohmann::ordered_json segments = nlohmann::ordered_json::array();
  for (size_t p = 0; p < plan.size(); ++p) {
    const Piece& piece = plan.pieces()[p];
    nlohmann::ordered_json s;
    s["name"] = piece.name();
    s["kind"] = piece.kind == PieceKind::Compiled ? "captured" : "eager";
    s["nodes"] = piece.nodes.size();
    if (piece.kind == PieceKind::Compiled) {
      s["unstable_reads"] = result.unstablePerPiece[p];
      s["uncapturable_ops"] = result.uncapturablePerPiece[p];
      s["baked_scalars"] = result.bakedPerPiece[p];
    } else {
      s["reason"] = piece.reason;
    }
    segments.push_back(std::move(s));
  }
  out["segments"] = std::move(segments);
  nlohmann::ordered_json ops = nlohmann::ordered_json::array();
  for (const EagerOp& op : result.eagerOps) {
    nlohmann::ordered_json j = located(op.node);
    j["segment"] = plan.pieces()[op.pieceIndex].name();
    j["contract"] = std::string(outputContractName(op.contract));
    j["stable"] = op.stable;
    if (op.buffer)
      j["buffer"] = std::string(op.buffer->name().str());
    ops.push_back(std::move(j));
  }
  out["eager_ops"] = std::move(ops);
  auto readsJson = [&](const std::vector<UnstableRead>& list) {
    nlohmann::ordered_json reads = nlohmann::ordered_json::array();
    for (const UnstableRead& r : list) {
      nlohmann::ordered_json j;
      j["segment"] = plan.pieces()[r.pieceIndex].name();
      j["value"] = std::string(r.value->name().str());
      j["cause"] = std::string(unstableCauseName(r.cause));
      j["certain"] = r.certain;
      if (r.sizesDataDependent)
        j["sizes_data_dependent"] = true;
      j["origin"] = located(r.origin());
      j["consumer"] = located(r.consumer);
      nlohmann::ordered_json chain = nlohmann::ordered_json::array();
      for (const Node* n : r.chain)
        chain.push_back(std::string(n->name().str()));
      j["chain"] = std::move(chain);
      j["fix"] = fixForUnstableRead(r);
      reads.push_back(std::move(j));
    }
    return reads;
  };
  out["unstable_reads"] = readsJson(result.unstableReads);
  nlohmann::ordered_json uncapturable = nlohmann::ordered_json::array();
  for (const UncapturableOp& op : result.uncapturableOps) {
    nlohmann::ordered_json j;
    j["segment"] = plan.pieces()[op.pieceIndex].name();
    j["cause"] = std::string(unstableCauseName(op.cause));
    j["certain"] = op.certain;
    j["node"] = located(op.node);
    j["reason"] = op.reason;
    j["fix"] = fixForUncapturableOp(op);
    uncapturable.push_back(std::move(j));
  }
  out["uncapturable_ops"] = std::move(uncapturable);
  out["baked_scalars"] = readsJson(result.bakedScalars);
  if (fix)
    out["fix"] = fixJson(*fix);
  return out.dump(2) + "\n";
}

/// The note `split` gives for a pattern that matches nothing, naming it a
/// break op under breakable capture.
void printUnmatchedOps(const Graph& graph, const std::vector<std::string>& ops, bool breakable,
                       const SourceBuffer* buffer) {
  SplittingOpOptions matchOptions;
  matchOptions.splittingOps = ops;
  DiagnosticEngine notes;
  for (std::string& m : unmatchedSplittingOps(graph, matchOptions))
    notes.note(Location{buffer, 0, 0},
               breakable ? "break op" + m.substr(std::string_view("splitting op").size())
                         : std::move(m));
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
  std::string report =
      opts.json ? renderJson(plan, fixed->check, breakable, options.check.staticInputs, &fix)
                : summary;
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
    SplittingOpOptions matchOptions;
    FailureOr<PartitionPlan> plan = failure();
    if (split) {
      SplitGraphOptions options;
      options.partition.splittingOps = opts->splittingOps;
      matchOptions = options.partition;
      if (succeeded(inlineRegionsWithSplittingOps(*input->module, matchOptions, diag)))
        plan = splitGraph(graph, registry, options, diag);
    } else {
      matchOptions.splittingOps = opts->breakOps;
      if (succeeded(inlineRegionsWithSplittingOps(*input->module, matchOptions, diag)))
        plan = partitionForBreakableCapture(graph, opts->breakOps, registry, diag);
    }
    if (failed(plan)) {
      printDiagnostics(diag);
      exitCode = kExitInputError;
      return;
    }
    printUnmatchedOps(graph, matchOptions.splittingOps, breakable, input->buffer.get());

    CaptureCheckOptions options;
    options.staticInputs = staticInputsOf(*opts);
    EffectAnalysis effects(registry);
    CaptureCheckResult result = checkCapture(*plan, effects, options);
    emitCaptureDiagnostics(result, *plan, Severity::Error, diag);
    printDiagnostics(diag);
    std::string text;
    if (opts->json) {
      text = renderJson(*plan, result, breakable, options.staticInputs);
    } else {
      size_t captured = plan->size() - plan->numSplitting();
      text =
          result.clean()
              ? fmt::format("capture-safe: {} captured piece(s) read only stable memory "
                            "({} eager op(s))\n",
                            captured, result.eagerOps.size())
              : fmt::format("{} in {} captured piece(s)\n", captureFindingCounts(result), captured);
    }
    if (!writeOutput("", text)) {
      exitCode = kExitInputError;
      return;
    }
    exitCode = result.clean() ? kExitOk : kExitInputError;
  });
}

} // namespace piecewise::cli
