//===- TorchLog.cpp - Graphs inside TORCH_TRACE and TORCH_LOGS logs -------===//
//
// Lists the graphs of a structured trace or a stderr log and cuts out the one selected
// (TorchLog.h).
//
//===----------------------------------------------------------------------===//

#include "piecewise/text/TorchLog.h"
#include "piecewise/support/CharClass.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <map>
#include <unordered_map>

namespace piecewise {

namespace {

using ascii::isDigit;

/// The length of a glog prefix (`V1201 21:31:59.277000 19980 path/file.py:2841] `),
/// or 0 when `line` does not start with one.
size_t glogPrefixLength(std::string_view line) {
  if (line.size() < 24 || std::string_view("VIWEDC").find(line[0]) == std::string_view::npos)
    return 0;
  for (size_t i = 1; i <= 4; ++i)
    if (!isDigit(line[i]))
      return 0;
  if (line[5] != ' ' || !isDigit(line[6]) || line[8] != ':')
    return 0;
  size_t close = line.find("] ");
  if (close == std::string_view::npos)
    return 0;
  // The source position just before `]` ends in `:<line>`.
  size_t colon = line.rfind(':', close);
  if (colon == std::string_view::npos || colon + 1 == close ||
      !std::all_of(line.begin() + static_cast<std::ptrdiff_t>(colon) + 1,
                   line.begin() + static_cast<std::ptrdiff_t>(close), isDigit))
    return 0;
  return close + 2;
}

/// The length of the labels torchrun puts before a line (`[rank1]:`, and with
/// `--tee` also the local rank: `[default1]:[rank1]:`), or 0. A label is a
/// name ending in digits, in brackets, followed by a colon.
size_t rankPrefixLength(std::string_view line) {
  size_t end = 0;
  while (end < line.size() && line[end] == '[') {
    size_t close = line.find("]:", end);
    if (close == std::string_view::npos || close == end + 1 || !isDigit(line[close - 1]))
      break;
    std::string_view label = line.substr(end + 1, close - end - 1);
    if (!std::all_of(label.begin(), label.end(), [](char c) { return ascii::isIdentChar(c); }))
      break;
    end = close + 2;
  }
  return end;
}

/// The last label of a rank prefix (`rank1` for `[default1]:[rank1]:`).
std::string_view rankLabel(std::string_view line) {
  size_t n = rankPrefixLength(line);
  if (n == 0)
    return {};
  std::string_view prefix = line.substr(0, n - 2); // without the last `]:`
  return prefix.substr(prefix.rfind('[') + 1);
}

/// The length of a log line's prefix: an optional rank prefix, then the glog
/// prefix; 0 when there is no glog prefix.
size_t logPrefixLength(std::string_view line) {
  size_t rank = rankPrefixLength(line);
  size_t glog = glogPrefixLength(line.substr(rank));
  return glog == 0 ? 0 : rank + glog;
}

std::string_view trimCR(std::string_view s) {
  if (!s.empty() && s.back() == '\r')
    s.remove_suffix(1);
  return s;
}

/// TORCH_LOGS: `[0/0_1] [__graph_code] rest` after the glog prefix. Returns false
/// when the line has no artifact tag.
bool splitTagged(std::string_view body, std::string& compileId, std::string_view& artifact,
                 std::string_view& content, size_t& contentOffset) {
  size_t pos = 0;
  compileId.clear();
  if (body.size() > 1 && body[0] == '[' && body[1] != '_') {
    size_t close = body.find("] ");
    if (close == std::string_view::npos)
      return false;
    compileId = std::string(body.substr(1, close - 1));
    pos = close + 2;
  }
  if (body.substr(pos, 3) != "[__")
    return false;
  size_t close = body.find(']', pos);
  if (close == std::string_view::npos)
    return false;
  artifact = body.substr(pos + 3, close - pos - 3);
  contentOffset = close + 1;
  if (contentOffset < body.size() && body[contentOffset] == ' ')
    ++contentOffset;
  content = body.substr(contentOffset);
  return true;
}

std::string traceCompileId(const nlohmann::json& j) {
  auto num = [&](const char* key) -> long long {
    auto it = j.find(key);
    return it != j.end() && it->is_number_integer() ? it->get<long long>() : -1;
  };
  long long frame = num("frame_id"), compile = num("frame_compile_id"), attempt = num("attempt");
  long long autograd = num("compiled_autograd_id");
  std::string id;
  if (autograd >= 0)
    id += fmt::format("!{}/", autograd);
  if (frame < 0 || compile < 0)
    return id.empty() ? "-" : id + "-";
  id += fmt::format("{}/{}", frame, compile);
  if (attempt > 0)
    id += fmt::format("_{}", attempt);
  return id;
}

/// The stage of a TORCH_TRACE event, or empty when it carries no graph.
std::string traceStage(const nlohmann::json& j) {
  static const std::pair<const char*, const char*> kEvents[] = {
      {"dynamo_output_graph", "dynamo"},        {"aot_forward_graph", "aot_forward"},
      {"aot_backward_graph", "aot_backward"},   {"aot_joint_graph", "aot_joint"},
      {"aot_inference_graph", "aot_inference"}, {"inductor_post_grad_graph", "post_grad"},
      {"inductor_output_code", "output_code"},
  };
  for (const auto& [event, stage] : kEvents)
    if (j.contains(event))
      return stage;
  auto art = j.find("artifact");
  if (art != j.end() && art->is_object()) {
    auto name = art->find("name");
    if (name != art->end() && name->is_string() && *name == "inductor_post_grad_graph")
      return "post_grad";
  }
  // A named graph dump: vLLM's (and piecewise's) `vllm_piecewise_split_graph`
  // and `vllm_submod_<n>`; the stage is the name.
  auto dump = j.find("graph_dump");
  if (dump != j.end() && dump->is_object()) {
    auto name = dump->find("name");
    if (name != dump->end() && name->is_string() && !name->get_ref<const std::string&>().empty())
      return name->get<std::string>();
  }
  return {};
}

std::string logsStage(std::string_view artifact, std::string_view title) {
  if (artifact == "graph_code")
    return "dynamo";
  if (artifact == "post_grad_graphs")
    return "post_grad";
  if (artifact == "output_code")
    return "output_code";
  if (artifact == "aot_graphs") {
    if (title.find("Forward") != std::string_view::npos)
      return "aot_forward";
    if (title.find("Backward") != std::string_view::npos)
      return "aot_backward";
    if (title.find("Joint") != std::string_view::npos)
      return "aot_joint";
    return "aot";
  }
  return std::string(artifact);
}

void assignIds(std::vector<LoggedGraph>& graphs) {
  std::map<std::string, int> seen;
  for (LoggedGraph& g : graphs) {
    std::string base = g.compileId + ":" + g.stage;
    int n = ++seen[base];
    g.id = n == 1 ? base : fmt::format("{}_{}", base, n);
  }
}

std::vector<LoggedGraph> listTrace(const SourceBuffer& log, DiagnosticEngine* notes) {
  std::vector<LoggedGraph> out;
  uint32_t n = log.numLines();
  for (uint32_t line = 1; line <= n; ++line) {
    std::string_view text = trimCR(log.lineText(line));
    size_t prefix = logPrefixLength(text);
    if (prefix == 0 || prefix >= text.size() || text[prefix] != '{')
      continue;
    nlohmann::json j = nlohmann::json::parse(text.substr(prefix), nullptr, false);
    if (j.is_discarded() || !j.is_object())
      continue;
    std::string stage = traceStage(j);
    if (stage.empty())
      continue;
    uint32_t last = line;
    while (last < n && !log.lineText(last + 1).empty() && log.lineText(last + 1)[0] == '\t')
      ++last;
    if (last == line) { // an event without its payload: a cut or interleaved log
      if (notes)
        notes->note(Location{&log, line, static_cast<uint32_t>(prefix + 1)},
                    fmt::format("this {} event has no payload (no tab-indented lines follow "
                                "it); it is not listed",
                                stage));
      continue;
    }
    LoggedGraph g;
    std::string_view rank = rankLabel(text);
    g.compileId = rank.empty() ? traceCompileId(j) : fmt::format("{}/{}", rank, traceCompileId(j));
    g.stage = std::move(stage);
    for (uint32_t l = line + 1; l <= last; ++l)
      g.lines.push_back(l);
    out.push_back(std::move(g));
    line = last;
  }
  return out;
}

std::vector<LoggedGraph> listLogs(const SourceBuffer& log) {
  std::vector<LoggedGraph> out;
  uint32_t n = log.numLines();
  std::string compileId;
  // A record's lines share its rank, glog prefix, compile id and artifact: the
  // key. Per key, the graph being read (an index into `out`), or kTitle right
  // after `TRACED GRAPH`, while its ` ===== name =====` line is due.
  constexpr size_t kTitle = ~size_t(0);
  std::unordered_map<std::string, size_t> open;
  for (uint32_t line = 1; line <= n; ++line) {
    std::string_view text = trimCR(log.lineText(line));
    size_t prefix = logPrefixLength(text);
    std::string_view artifact, content;
    size_t offset = 0;
    if (prefix == 0 || !splitTagged(text.substr(prefix), compileId, artifact, content, offset))
      continue;
    std::string key =
        std::string(text.substr(0, prefix)) + "|" + compileId + "|" + std::string(artifact);
    auto start = [&](std::string stage, std::string_view title) {
      LoggedGraph g;
      std::string_view rank = rankLabel(text);
      std::string id = compileId.empty() ? "-" : compileId;
      g.compileId = rank.empty() ? id : fmt::format("{}/{}", rank, id);
      g.stage = std::move(stage);
      g.title = std::string(title);
      open[key] = out.size();
      out.push_back(std::move(g));
    };
    if (content == "TRACED GRAPH") {
      open[key] = kTitle;
      continue;
    }
    auto it = open.find(key);
    if (it != open.end() && it->second == kTitle) {
      std::string_view title = content;
      size_t b = title.find_first_not_of(" =");
      size_t e = title.find_last_not_of(" =");
      title = b == std::string_view::npos ? std::string_view() : title.substr(b, e - b + 1);
      start(logsStage(artifact, title), title);
      continue;
    }
    if (artifact == "output_code" && content.substr(0, 12) == "Output code:") {
      start("output_code", {});
      continue;
    }
    if (it != open.end())
      out[it->second].lines.push_back(line);
  }
  out.erase(
      std::remove_if(out.begin(), out.end(), [](const LoggedGraph& g) { return g.lines.empty(); }),
      out.end());
  return out;
}

} // namespace

LogKind detectLog(std::string_view text) {
  // The first glog line decides; a log may open with a few lines of Python
  // warnings (`UserWarning: ...`), but a graph dump never holds a glog line
  // before its first statement.
  size_t pos = 0;
  for (int lines = 0; lines < 64 && pos < text.size(); ++lines) {
    size_t nl = text.find('\n', pos);
    std::string_view line =
        trimCR(text.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos));
    pos = nl == std::string_view::npos ? text.size() : nl + 1;
    size_t prefix = logPrefixLength(line);
    if (prefix != 0)
      return prefix < line.size() && line[prefix] == '{' ? LogKind::TorchTrace : LogKind::TorchLogs;
    std::string_view t = line.substr(std::min(line.find_first_not_of(" \t"), line.size()));
    if (t.substr(0, 6) == "class " || t.substr(0, 4) == "def " || t.substr(0, 6) == "graph(" ||
        t.substr(0, 1) == "%")
      return LogKind::None;
  }
  return LogKind::None;
}

std::vector<LoggedGraph> listLoggedGraphs(const SourceBuffer& log, LogKind kind,
                                          DiagnosticEngine* notes) {
  std::vector<LoggedGraph> graphs;
  if (kind == LogKind::TorchTrace)
    graphs = listTrace(log, notes);
  else if (kind == LogKind::TorchLogs)
    graphs = listLogs(log);
  for (LoggedGraph& g : graphs) {
    g.firstLine = g.lines.front();
    g.lastLine = g.lines.back();
  }
  assignIds(graphs);
  return graphs;
}

std::unique_ptr<SourceBuffer> extractLoggedGraph(const SourceBuffer& log, LogKind kind,
                                                 const LoggedGraph& graph) {
  std::string text;
  bool first = true;
  uint32_t written = 0; // lines of `text` so far
  for (uint32_t line : graph.lines) {
    // The log's line numbers are kept: the lines between are empty.
    text.append(line - 1 - written, '\n');
    written = line;
    std::string_view l = trimCR(log.lineText(line));
    size_t prefix = 0;
    if (kind == LogKind::TorchTrace) {
      prefix = 1; // the tab
    } else {
      prefix = logPrefixLength(l);
      std::string compileId;
      std::string_view artifact, content;
      size_t offset = 0;
      if (splitTagged(l.substr(prefix), compileId, artifact, content, offset))
        prefix += offset;
    }
    prefix = std::min(prefix, l.size());
    std::string_view content = l.substr(prefix);
    if (graph.isOutputCode()) {
      text += content;
    } else {
      // The log's columns are kept: the prefix becomes spaces. The first line of
      // a TORCH_LOGS graph names the file FX wrote it from before `class`.
      size_t cls = content.find("class ");
      if (first && kind == LogKind::TorchLogs && cls != std::string_view::npos &&
          content.substr(0, 2) == " /")
        content = content.substr(cls);
      text.append(prefix, ' ');
      text += content;
    }
    text += '\n';
    first = false;
  }
  return std::make_unique<SourceBuffer>(log.name(), std::move(text));
}

const LoggedGraph* findLoggedGraph(const std::vector<LoggedGraph>& graphs, std::string_view id,
                                   const SourceBuffer& log, DiagnosticEngine& diag) {
  for (const LoggedGraph& g : graphs)
    if (g.id == id)
      return &g;
  if (!id.empty() && std::all_of(id.begin(), id.end(), isDigit) && id.size() < 9) {
    size_t index = std::stoul(std::string(id));
    if (index >= 1 && index <= graphs.size())
      return &graphs[index - 1];
  }
  std::string choices;
  for (size_t i = 0; i < graphs.size() && i < 12; ++i)
    choices += (i ? ", " : "") + graphs[i].id;
  if (graphs.size() > 12)
    choices += ", ...";
  // The ID comes from the command line, not from a place in the log: the
  // error names the log only.
  Location at{&log, 0, 0};
  if (graphs.empty())
    diag.error(at, "this log holds no FX graph or output code");
  else if (id.empty())
    diag.error(at, fmt::format("this log holds {} graphs: pick one with --graph ID or FILE#ID "
                               "(`piecewise graphs FILE` lists them): {}",
                               graphs.size(), choices));
  else
    diag.error(at, fmt::format("no graph '{}' in this log; it holds: {}", id, choices));
  return nullptr;
}

} // namespace piecewise
