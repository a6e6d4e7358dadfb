//===- Partition.cpp - `piecewise partition`: cudagraph partitions --------===//
//
//   piecewise partition FILE [--cudagraph-unsafe-ops=OP,..] [--skip-dynamic-shapes]
//                            [--reorder] [--splitting-ops=OP,..] [--keep-inputs-alive]
//                            [--json] [--no-verify-plan] [--timing]
//
// Partitions the root graph for CUDA graphs (or, with --splitting-ops, at
// splitting ops), computes every partition's signature (inputs with their
// deallocation flags, outputs, symbol inputs) and runs the plan verifier on
// the wrapper program (partition/CudagraphPartitioner.h, partition/Lifetimes.h,
// verify/PlanVerifier.h). Prints a summary, or with --json one object with a
// "partitions" list.
//
//===----------------------------------------------------------------------===//

#include "Commands.h"
#include "PlanOptions.h"

#include "piecewise/codegen/PlanJson.h"

#include <fmt/format.h>

namespace piecewise::cli {

namespace {

std::string partitionName(const PlanPipelineResult& r, size_t pi) {
  return fmt::format("partition_{}", r.plan->pieces()[pi].id);
}

std::string renderSummary(const PlanPipelineResult& r, bool verified) {
  std::string out;
  auto to = std::back_inserter(out);
  const auto& sigs = r.lifetimes->signatures();
  size_t captured = 0;
  for (const PartitionSignature& s : sigs)
    captured += s.cudagraphable;
  fmt::format_to(to, "partitions:      {} ({} cudagraphable, {} not)\n", sigs.size(), captured,
                 sigs.size() - captured);
  if (!r.splitting) {
    fmt::format_to(to, "main device:     {}\n",
                   r.stats.mainDevice.empty() ? "none (cpu graph)" : r.stats.mainDevice);
    if (r.stats.reorderRequested)
      fmt::format_to(to, "reorder:         {} ({} -> {} partitions; peak {} -> {} bytes)\n",
                     r.stats.reordered ? "applied" : "not applied", r.stats.piecesBeforeReorder,
                     r.stats.reordered ? sigs.size() : r.stats.piecesBeforeReorder,
                     r.stats.peakBytesOriginal, r.stats.peakBytesReordered);
  }
  LifetimePlan::PeakMemory peak = r.lifetimes->estimatePeakMemory();
  fmt::format_to(to, "peak memory:     {} bytes with frees, {} without\n", peak.withFrees,
                 peak.withoutFrees);
  fmt::format_to(to, "plan verifier:   {}\n", verified ? "ok" : "not run");
  constexpr size_t kMaxListed = 32;
  if (sigs.size() > kMaxListed) {
    fmt::format_to(to, "({} partitions; --json lists them all)\n", sigs.size());
    return out;
  }
  out += "\n";
  for (size_t pi = 0; pi < sigs.size(); ++pi) {
    const PartitionSignature& s = sigs[pi];
    std::string ins, outs;
    for (const SignatureInput& in : s.inputs)
      ins += fmt::format("{}{}{}{}", ins.empty() ? "" : ", ", in.value->name().str(),
                         in.deallocate ? "*" : "", in.read ? "" : " (alias)");
    for (const Node* o : s.outputs)
      outs += fmt::format("{}{}", outs.empty() ? "" : ", ", o->name().str());
    fmt::format_to(to, "  {}  {}  {} nodes\n", partitionName(r, pi),
                   s.cudagraphable ? "cudagraph" : "eager", r.plan->pieces()[pi].nodes.size());
    if (!s.reason.empty())
      fmt::format_to(to, "      reason:  {}\n", s.reason);
    fmt::format_to(to, "      inputs:  {}\n      outputs: {}\n", ins.empty() ? "-" : ins,
                   outs.empty() ? "-" : outs);
    if (!s.symbolInputs.empty()) {
      std::string syms;
      for (const std::string& x : s.symbolInputs)
        syms += fmt::format("{}{}", syms.empty() ? "" : ", ", x);
      fmt::format_to(to, "      symbols: {}\n", syms);
    }
  }
  out += "(* = freed in the partition)\n";
  return out;
}

} // namespace

void addPartitionCommand(CLI::App& app, const GlobalOptions& globals, int& exitCode) {
  auto opts = std::make_shared<PlanCommandOptions>();
  auto json = std::make_shared<bool>(false);
  CLI::App* cmd = app.add_subcommand(
      "partition", "Partition a graph for CUDA graphs and compute partition signatures");
  addPlanOptions(*cmd, *opts);
  cmd->add_flag("--json", *json, "Print one JSON object with a \"partitions\" list");
  cmd->callback([opts, json, &globals, &exitCode] {
    auto* input = new LoadedInput; // left to the OS at exit, like split
    std::unique_ptr<PlanPipelineResult> result;
    exitCode = runPlanCommand(*opts, globals, *input, result);
    if (exitCode != kExitOk)
      return;
    std::string report = *json ? renderPartitionJson(*result, &input->registry)
                               : renderSummary(*result, !opts->noVerifyPlan);
    if (!writeOutput("", report))
      exitCode = kExitInputError;
    (void)result.release();
  });
}

} // namespace piecewise::cli
