//===- Partition.cpp - `piecewise partition`: cudagraph partitions --------===//
//
//   piecewise partition FILE [--cudagraph-unsafe-ops=OP,..] [--skip-dynamic-shapes]
//                            [--reorder] [--splitting-ops=OP,..] [--keep-inputs-alive]
//                            [--json] [--no-verify-plan] [--timing]
//
// Partitions the root graph for CUDA graphs (or, with --splitting-ops, at
// splitting ops), computes every partition's signature (inputs with their
// deallocation flags, outputs, symbol inputs) and runs the plan verifier on
// the wrapper program (partition/CudagraphPartitioner.h, lifetime/Lifetimes.h,
// verify/PlanVerifier.h). Prints a summary, or with --json one object with a
// "partitions" list.
//
// This file also holds the plan options shared with `codegen` and
// `verify-plan` (addPlanOptions, runPlanCommand).
//
//===----------------------------------------------------------------------===//

#include "Driver.h"

#include "piecewise/analysis/ValueKind.h"
#include "piecewise/codegen/PlanPipeline.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdio>

namespace piecewise::cli {

struct PlanCommandOptions {
  std::string file = "-";
  std::vector<std::string> splittingOps;
  CLI::Option* splittingOpsOption = nullptr;
  bool haveSplittingOps() const { return splittingOpsOption && splittingOpsOption->count() > 0; }
  std::vector<std::string> unsafeOps;
  bool skipDynamicShapes = false;
  bool reorder = false;
  bool keepInputsAlive = false;
  bool debugDropAliasInputs = false;
  bool noVerifyPlan = false;
  bool timing = false;
};

void addPlanOptions(CLI::App* cmd, PlanCommandOptions& o);
int runPlanCommand(const PlanCommandOptions& o, const GlobalOptions& globals, LoadedInput& input,
                   std::unique_ptr<PlanPipelineResult>& result);
void addPartitionCommand(CLI::App& app, const GlobalOptions& globals, int& exitCode);

void addPlanOptions(CLI::App* cmd, PlanCommandOptions& o) {
  cmd->add_option("FILE", o.file, "Graph dump in code or graph form ('-' for stdin)")
      ->type_name("");
  o.splittingOpsOption =
      cmd->add_option("--splitting-ops", o.splittingOps,
                      "Partition at these splitting ops (vLLM) instead of for CUDA graphs")
          ->type_name("OP[,OP...]")
          ->delimiter(',')
          ->allow_extra_args(false)
          ->expected(0, 1)
          ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  cmd->add_option("--cudagraph-unsafe-ops", o.unsafeOps,
                  "Ops never captured (packet or overload names, as splitting ops)")
      ->type_name("OP[,OP...]")
      ->delimiter(',')
      ->allow_extra_args(false)
      ->expected(0, 1)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  cmd->add_flag("--skip-dynamic-shapes", o.skipDynamicShapes,
                "Leave every node whose shape mentions a symbol out of the captured region");
  cmd->add_flag("--reorder", o.reorder,
                "Reorder nodes to minimize the partition count (kept only if the estimated "
                "peak memory stays within 1.1x)");
  cmd->add_flag("--keep-inputs-alive", o.keepInputsAlive,
                "Partitions re-return the inputs they do not free (static input addresses)");
  cmd->add_flag("--debug-drop-alias-inputs", o.debugDropAliasInputs,
                "Debug: drop the inputs a partition only frees (the old Inductor bug); the plan "
                "verifier must then fail");
  cmd->add_flag("--no-verify-plan", o.noVerifyPlan, "Do not run the plan verifier");
  cmd->add_flag("--timing", o.timing, "Print the time of each phase to stderr");
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
  FailureOr<std::unique_ptr<PlanPipelineResult>> r =
      runPlanPipeline(input.module->graph(), &input.registry, options, diag);
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

namespace {

std::string partitionName(const PlanPipelineResult& r, size_t pi) {
  return fmt::format("partition_{}", r.plan->pieces()[pi].id);
}

std::string renderJson(const PlanPipelineResult& r, const OpRegistry* registry) {
  nlohmann::ordered_json j;
  j["plan"] = r.splitting ? "splitting-ops" : "cudagraph";
  if (!r.splitting) {
    j["main_device"] = r.stats.mainDevice;
    j["reordered"] = r.stats.reordered;
  }
  size_t captured = 0;
  nlohmann::ordered_json parts = nlohmann::ordered_json::array();
  const auto& sigs = r.lifetimes->signatures();
  for (size_t pi = 0; pi < sigs.size(); ++pi) {
    const PartitionSignature& s = sigs[pi];
    const Piece& piece = r.plan->pieces()[pi];
    captured += s.cudagraphable;
    nlohmann::ordered_json p;
    p["name"] = partitionName(r, pi);
    p["id"] = piece.id;
    p["cudagraphable"] = s.cudagraphable;
    p["reason"] = s.reason;
    p["num_nodes"] = piece.nodes.size();
    nlohmann::ordered_json ins = nlohmann::ordered_json::array();
    for (const SignatureInput& in : s.inputs) {
      nlohmann::ordered_json x;
      x["name"] = std::string(in.value->name().str());
      x["kind"] = std::string(valueKindName(classifyValue(*in.value, registry)));
      x["deallocate"] = in.deallocate;
      x["read"] = in.read;
      ins.push_back(std::move(x));
    }
    p["inputs"] = std::move(ins);
    nlohmann::ordered_json outs = nlohmann::ordered_json::array();
    for (const Node* o : s.outputs)
      outs.push_back(std::string(o->name().str()));
    p["outputs"] = std::move(outs);
    p["symbol_inputs"] = s.symbolInputs;
    parts.push_back(std::move(p));
  }
  // One partition per line (greppable, diffable), the counts on the last line.
  std::string out = "{\"plan\": " + nlohmann::ordered_json(j["plan"]).dump();
  if (!r.splitting)
    out += ", \"main_device\": " + j["main_device"].dump() +
           ", \"reordered\": " + j["reordered"].dump();
  out += ", \"partitions\": [";
  for (size_t i = 0; i < parts.size(); ++i)
    out += (i ? ",\n  " : "\n  ") + parts[i].dump();
  out += fmt::format("\n], \"num_partitions\": {}, \"num_cudagraphable\": {}}}\n", sigs.size(),
                     captured);
  return out;
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
  addPlanOptions(cmd, *opts);
  cmd->add_flag("--json", *json, "Print one JSON object with a \"partitions\" list");
  cmd->callback([opts, json, &globals, &exitCode] {
    auto* input = new LoadedInput; // left to the OS at exit, like split
    std::unique_ptr<PlanPipelineResult> result;
    exitCode = runPlanCommand(*opts, globals, *input, result);
    if (exitCode != kExitOk)
      return;
    std::string report =
        *json ? renderJson(*result, &input->registry) : renderSummary(*result, !opts->noVerifyPlan);
    if (!writeOutput("", report))
      exitCode = kExitInputError;
    (void)result.release();
  });
}

} // namespace piecewise::cli

namespace piecewise::cli {
std::shared_ptr<PlanCommandOptions> makePlanCommandOptions();
bool planUsesSplittingOps(const PlanCommandOptions& o);
const std::string& planInputFile(const PlanCommandOptions& o);

std::shared_ptr<PlanCommandOptions> makePlanCommandOptions() {
  return std::make_shared<PlanCommandOptions>();
}
bool planUsesSplittingOps(const PlanCommandOptions& o) {
  return o.haveSplittingOps();
}
const std::string& planInputFile(const PlanCommandOptions& o) {
  return o.file;
}
const std::vector<std::string>& planSplittingOps(const PlanCommandOptions& o);
const std::vector<std::string>& planUnsafeOps(const PlanCommandOptions& o);
bool planTiming(const PlanCommandOptions& o);
const std::vector<std::string>& planSplittingOps(const PlanCommandOptions& o) {
  return o.splittingOps;
}
const std::vector<std::string>& planUnsafeOps(const PlanCommandOptions& o) {
  return o.unsafeOps;
}
bool planTiming(const PlanCommandOptions& o) {
  return o.timing;
}
} // namespace piecewise::cli
