//===- AnalysisPrinter.h - What the analysis believes, as text --*- C++ -*-===//
//
// `piecewise analyze FILE --print=effects|storages|liveness|peak` prints,
// per node, what the analysis layer believes. The text is stable and meant
// for FileCheck: one line per node (graph order, the output node left out),
// node names as `%name`, lists in graph order.
//
//   effects   `%add_ = call_method add_ : writes(x) aliases(x) keeps-order`;
//             the flags, in this order: removable, cse, writes(...),
//             aliases(...), keeps-order, fresh-elements, opaque; `-` if none;
//   storages  `storage 3: x, view, view_1 [written]`: the tensor-like values
//             of each storage (values that hold no tensor memory, such as
//             SymInts, are left out);
//   liveness  `%view: position 3, dies 5` (`dies never` for storages that
//             reach the graph output), then `, frees(a, b)` for the values
//             whose storage dies at that position;
//   peak      `%view: position 3, live 1024, allocated 2048` (bytes with
//             frees and without), then a `peak: ...` summary line.
// The order of liveness and peak is the graph's own (placeholders first),
// the order `stats --peak-memory` estimates.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/ir/Graph.h"
#include "piecewise/schema/OpRegistry.h"

#include <optional>
#include <string>
#include <string_view>

namespace piecewise {

enum class AnalysisView : uint8_t { Effects, Storages, Liveness, Peak };

/// `effects`, `storages`, `liveness`, `peak` -> the view; nullopt otherwise.
std::optional<AnalysisView> parseAnalysisView(std::string_view name);

/// The text of `view` for `graph` (see the header comment). `registry` may be
/// null (every op is then opaque).
std::string printAnalysis(const Graph& graph, const OpRegistry* registry, AnalysisView view);

} // namespace piecewise
