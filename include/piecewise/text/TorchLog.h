//===- TorchLog.h - Graphs inside TORCH_TRACE and TORCH_LOGS logs -*- C++ -*-===//
//
// The logs users already have hold many graphs:
//
//  - a TORCH_TRACE structured log (what tlparse reads): glog-prefixed lines
//    whose JSON names an event (`{"dynamo_output_graph": {...}, "frame_id": 0,
//    "frame_compile_id": 0, "attempt": 1, "has_payload": "..."}`), each followed
//    by its payload, one tab-indented line per line;
//  - a TORCH_LOGS=graph_code,aot_graphs,post_grad_graphs,output_code stderr
//    log: every line carries the glog prefix, the compile id and the artifact
//    (`V1201 ... output_graph.py:2835] [0/0] [__graph_code] ...`); a graph
//    starts with `TRACED GRAPH` and ` ===== name =====`, output code with
//    `Output code:`. Under torchrun every line also starts with its rank
//    (`[rank0]:V1201 ...`) and the ranks' lines interleave; threads can
//    interleave records too. A graph is the lines of one log record: those
//    whose rank, glog prefix, compile id and artifact equal its first line's,
//    wherever they stand in the file;
//
// listLoggedGraphs() finds every FX graph (Dynamo's, AOT's forward, backward,
// joint or inference graph, Inductor's post-grad graph, a named graph dump) and every piece of
// Inductor output code, keyed by compile id and stage. extractLoggedGraph()
// gives one of them as a SourceBuffer with the log's name and the log's line
// numbers (other lines are empty), so that diagnostics point into the log:
// an FX graph keeps its columns too (the prefix becomes spaces); output code
// has its prefix removed (columns shift by the prefix).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/support/Diagnostic.h"
#include "piecewise/support/SourceBuffer.h"

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace piecewise {

enum class LogKind { None, TorchTrace, TorchLogs };

/// What `text` is: a TORCH_TRACE log, a TORCH_LOGS log, or neither (a graph
/// dump). The first glog-prefixed line among the first 64 decides, unless a
/// line of graph text (`class`, `def`, `graph(`, `%`) comes first.
LogKind detectLog(std::string_view text);

/// One graph (or one output code) in a log.
struct LoggedGraph {
  /// `<compile id>:<stage>`, e.g. `0/0:dynamo`, `0/0_1:post_grad`; a second
  /// graph of the same compile id and stage gets `_2`, `_3`, ... appended.
  std::string id;
  /// tlparse's compile id: `frame/compile`, `_attempt` when attempt > 0;
  /// under torchrun prefixed with the rank: `rank1/0/0`.
  std::string compileId;
  /// dynamo, aot_forward, aot_backward, aot_joint, aot_inference, post_grad,
  /// output_code; for a TORCH_TRACE `graph_dump` event, its name (vLLM's and
  /// piecewise's `vllm_piecewise_split_graph`, `vllm_submod_<n>`).
  std::string stage;
  /// The name the log gives it (`__compiled_fn_1`, `Forward graph 0`), if any.
  std::string title;
  /// The 1-based log lines holding the payload, in order (not always
  /// contiguous: records of several ranks or threads interleave).
  std::vector<uint32_t> lines;
  /// The first and last of them.
  uint32_t firstLine = 0;
  uint32_t lastLine = 0;

  bool isOutputCode() const { return stage == "output_code"; }
};

/// Every graph in `log`, in log order. Malformed event lines are skipped; a
/// TORCH_TRACE graph event whose payload is missing is not listed, and when
/// `notes` is given gets a note at its line saying so.
std::vector<LoggedGraph> listLoggedGraphs(const SourceBuffer& log, LogKind kind,
                                          DiagnosticEngine* notes = nullptr);

/// The payload of `graph` as a buffer named like `log`, with `log`'s line
/// numbers (see the file comment).
std::unique_ptr<SourceBuffer> extractLoggedGraph(const SourceBuffer& log, LogKind kind,
                                                 const LoggedGraph& graph);

/// The graph `id` names: an id from listLoggedGraphs, or its 1-based position.
/// Null (and an error naming the log, with no line: the ID is not in it, listing the
/// choices) when none.
const LoggedGraph* findLoggedGraph(const std::vector<LoggedGraph>& graphs, std::string_view id,
                                   const SourceBuffer& log, DiagnosticEngine& diag);

} // namespace piecewise
