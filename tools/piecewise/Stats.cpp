//===- Stats.cpp - `piecewise stats`: node and op counts ------------------===//
//
// Counts cover the root graph and every submodule graph (recursively): nodes,
// placeholders, outputs, nodes per op kind and per target (call_function,
// call_method and call_module nodes), sorted by count (descending) then name.
// `--json` prints the same as one JSON object. `--peak-memory` adds the
// estimated peak live bytes of the root graph run in order, with each storage
// freed at its last use (views share their base's storage) and with no frees
// (partition/Lifetimes.h).
//
//===----------------------------------------------------------------------===//

#include "Driver.h"

#include "piecewise/partition/Lifetimes.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <optional>
#include <unordered_map>

namespace piecewise::cli {

namespace {

struct GraphStats {
  size_t nodes = 0;
  size_t submodules = 0;
  std::array<size_t, 6> byOp{};
  /// Keyed by the interned target (all graphs of a module tree share one interner).
  std::unordered_map<const char*, size_t> byTarget;
};

void collect(const Module& module, GraphStats& stats) {
  const Graph& graph = module.graph();
  stats.nodes += graph.size();
  for (const Node* n : graph) {
    ++stats.byOp[static_cast<size_t>(n->op())];
    OpKind op = n->op();
    if (op == OpKind::CallFunction || op == OpKind::CallMethod || op == OpKind::CallModule)
      ++stats.byTarget[n->target().data()];
  }
  for (const Module::Child& c : module.children()) {
    ++stats.submodules;
    collect(*c.module, stats);
  }
}

using Counts = std::vector<std::pair<std::string_view, size_t>>;

/// Sorted by count, descending, then by name.
void sortCounts(Counts& counts) {
  std::sort(counts.begin(), counts.end(), [](const auto& a, const auto& b) {
    return a.second != b.second ? a.second > b.second : a.first < b.first;
  });
}

struct StatsCommandOptions {
  std::string file = "-";
  bool json = false;
  bool peakMemory = false;
};

std::string render(const GraphStats& stats, const Counts& byOp, const Counts& byTarget, bool json,
                   const std::optional<LifetimePlan::PeakMemory>& peak) {
  size_t placeholders = stats.byOp[static_cast<size_t>(OpKind::Placeholder)];
  size_t outputs = stats.byOp[static_cast<size_t>(OpKind::Output)];
  if (json) {
    nlohmann::ordered_json j;
    j["nodes"] = stats.nodes;
    j["placeholders"] = placeholders;
    j["outputs"] = outputs;
    j["submodules"] = stats.submodules;
    j["by_op"] = nlohmann::ordered_json::object();
    for (const auto& [name, count] : byOp)
      j["by_op"][std::string(name)] = count;
    j["by_target"] = nlohmann::ordered_json::object();
    for (const auto& [name, count] : byTarget)
      j["by_target"][std::string(name)] = count;
    if (peak) {
      j["peak_memory"]["with_frees"] = peak->withFrees;
      j["peak_memory"]["without_frees"] = peak->withoutFrees;
      j["peak_memory"]["unknown_sizes"] = peak->unknownSizes;
    }
    return j.dump(2) + "\n";
  }

  std::string out;
  auto to = std::back_inserter(out);
  if (stats.submodules == 0)
    out += "counts cover the root graph (it has no submodules)\n";
  else
    fmt::format_to(to, "counts cover the root graph and its {} submodule{}\n", stats.submodules,
                   stats.submodules == 1 ? "" : "s");
  fmt::format_to(to, "nodes:        {}\n", stats.nodes);
  fmt::format_to(to, "placeholders: {}\n", placeholders);
  fmt::format_to(to, "outputs:      {}\n", outputs);
  fmt::format_to(to, "submodules:   {}\n", stats.submodules);
  if (peak)
    fmt::format_to(to,
                   "peak memory:  {} bytes with frees, {} without ({} values of unknown size)\n",
                   peak->withFrees, peak->withoutFrees, peak->unknownSizes);
  auto table = [&](std::string_view title, const Counts& counts) {
    size_t width = 0;
    for (const auto& c : counts)
      width = std::max(width, c.first.size());
    fmt::format_to(to, "\n{}:\n", title);
    for (const auto& [name, count] : counts)
      fmt::format_to(to, "  {:<{}}  {}\n", name, width, count);
  };
  table("by op", byOp);
  table("by target", byTarget);
  return out;
}

} // namespace

void addStatsCommand(CLI::App& app, const GlobalOptions& globals, int& exitCode) {
  auto opts = std::make_shared<StatsCommandOptions>();
  CLI::App* cmd = app.add_subcommand(
      "stats", "Count nodes by op kind and by target (root graph and all submodules)");
  cmd->add_option("FILE", opts->file, "Graph dump in code or graph form ('-' for stdin)")
      ->type_name("");
  cmd->add_flag("--json", opts->json, "Print a JSON object instead of text");
  cmd->add_flag("--peak-memory", opts->peakMemory,
                "Also estimate the root graph's peak live bytes, with and without frees");
  cmd->callback([opts, &globals, &exitCode] {
    LoadedInput input;
    exitCode = loadInput(opts->file, globals, input);
    if (exitCode != kExitOk)
      return;
    GraphStats stats;
    collect(*input.module, stats);

    Counts byOp;
    for (size_t k = 0; k < stats.byOp.size(); ++k)
      if (stats.byOp[k])
        byOp.emplace_back(opKindName(static_cast<OpKind>(k)), stats.byOp[k]);
    sortCounts(byOp);
    Counts byTarget;
    byTarget.reserve(stats.byTarget.size());
    for (const auto& [target, count] : stats.byTarget)
      byTarget.emplace_back(Symbol::fromData(target).str(), count);
    sortCounts(byTarget);

    std::optional<LifetimePlan::PeakMemory> peak;
    if (opts->peakMemory) {
      DiagnosticEngine diag;
      FailureOr<LifetimePlan::PeakMemory> p =
          estimateGraphPeakMemory(input.module->graph(), &input.registry, diag);
      if (failed(p)) {
        printDiagnostics(diag);
        exitCode = kExitInputError;
        return;
      }
      peak = *p;
    }
    if (!writeOutput("", render(stats, byOp, byTarget, opts->json, peak)))
      exitCode = kExitInputError;
  });
}

} // namespace piecewise::cli
