//===- Graphs.cpp - `piecewise graphs`: the graphs inside a log ------------===//
//
//   piecewise graphs LOG [--json]
//
// Lists every FX graph and every Inductor output code in a TORCH_TRACE or
// TORCH_LOGS log (text/TorchLog.h), named graph dumps included (vLLM's and
// piecewise's split graph and pieces): its ID (what `--graph ID` and `LOG#ID`
// take), compile id, stage, the log line where it starts, and its size (nodes
// for a graph, lines for output code). A graph that does not parse is listed
// with the first error instead of a node count.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"

#include "piecewise/text/Parser.h"
#include "piecewise/text/TorchLog.h"

#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>

namespace piecewise::cli {

namespace {

struct GraphsOptions {
  std::string file = "-";
  bool json = false;
};

struct Row {
  const LoggedGraph* graph;
  size_t size = 0;     ///< nodes, or lines of output code
  std::string problem; ///< the first parse error, if any
};

int runGraphs(const GraphsOptions& opts) {
  std::unique_ptr<SourceBuffer> log = readInput(opts.file);
  if (!log)
    return kExitInputError;
  LogKind kind = detectLog(log->text());
  if (kind == LogKind::None) {
    printError(fmt::format("'{}' is not a TORCH_TRACE or TORCH_LOGS log (it reads as one "
                           "graph: use the other commands on it directly)",
                           log->name()));
    return kExitInputError;
  }
  DiagnosticEngine notes; // events whose payload is missing
  std::vector<LoggedGraph> graphs = listLoggedGraphs(*log, kind, &notes);
  printDiagnostics(notes);
  std::vector<Row> rows;
  for (const LoggedGraph& g : graphs) {
    Row row{&g};
    if (g.isOutputCode()) {
      row.size = g.lines.size();
    } else {
      std::unique_ptr<SourceBuffer> payload = extractLoggedGraph(*log, kind, g);
      DiagnosticEngine diag;
      FailureOr<std::unique_ptr<Module>> m = parseModule(*payload, diag);
      if (m.failed() || diag.hasErrors())
        row.problem =
            diag.diagnostics().empty() ? "does not parse" : diag.diagnostics().front().message;
      else
        row.size = (*m)->totalNodes();
    }
    rows.push_back(std::move(row));
  }
  std::string out;
  if (opts.json) {
    nlohmann::ordered_json j;
    j["file"] = log->name();
    j["format"] = kind == LogKind::TorchTrace ? "TORCH_TRACE" : "TORCH_LOGS";
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const Row& r : rows) {
      nlohmann::ordered_json item;
      item["id"] = r.graph->id;
      item["compile_id"] = r.graph->compileId;
      item["stage"] = r.graph->stage;
      item["line"] = r.graph->firstLine;
      item[r.graph->isOutputCode() ? "lines" : "nodes"] = r.size;
      if (!r.problem.empty())
        item["error"] = r.problem;
      list.push_back(std::move(item));
    }
    j["graphs"] = std::move(list);
    out = j.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
  } else {
    out = fmt::format("{} graphs in {} ({})\n", rows.size(), log->name(),
                      kind == LogKind::TorchTrace ? "TORCH_TRACE" : "TORCH_LOGS");
    size_t idWidth = 28, compileWidth = 10, stageWidth = 14;
    for (const Row& r : rows) {
      idWidth = std::max(idWidth, r.graph->id.size());
      compileWidth = std::max(compileWidth, r.graph->compileId.size());
      stageWidth = std::max(stageWidth, r.graph->stage.size());
    }
    out += fmt::format("  {:<{}} {:<{}} {:<{}} {:>8}  {}\n", "ID", idWidth, "COMPILE", compileWidth,
                       "STAGE", stageWidth, "LINE", "SIZE");
    for (const Row& r : rows) {
      std::string size = !r.problem.empty()        ? "error: " + r.problem
                         : r.graph->isOutputCode() ? fmt::format("{} lines", r.size)
                                                   : fmt::format("{} nodes", r.size);
      out += fmt::format("  {:<{}} {:<{}} {:<{}} {:>8}  {}\n", r.graph->id, idWidth,
                         r.graph->compileId, compileWidth, r.graph->stage, stageWidth,
                         r.graph->firstLine, size);
    }
  }
  return writeOutput("-", out) ? kExitOk : kExitInputError;
}

} // namespace

void addGraphsCommand(CLI::App& app, const GlobalOptions& /*globals*/, int& exitCode) {
  auto opts = std::make_shared<GraphsOptions>();
  CLI::App* cmd = app.add_subcommand(
      "graphs", "List the FX graphs and output code in a TORCH_TRACE or TORCH_LOGS log (the IDs "
                "every command takes with --graph ID or LOG#ID)");
  cmd->add_option("LOG", opts->file, "The log ('-' for stdin)")->type_name("");
  cmd->add_flag("--json", opts->json, "Print the list as JSON");
  cmd->callback([opts, &exitCode] { exitCode = runGraphs(*opts); });
}

} // namespace piecewise::cli
