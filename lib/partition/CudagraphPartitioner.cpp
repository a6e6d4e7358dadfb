//===- CudagraphPartitioner.cpp - Cut a graph around uncapturable work ----===//

#include "piecewise/partition/CudagraphPartitioner.h"

#include "piecewise/analysis/PeakMemory.h"
#include "piecewise/analysis/ValueKind.h"
#include "piecewise/ir/Target.h"

#include <fmt/format.h>

#include <algorithm>
#include <queue>

namespace piecewise {

namespace {

bool mentionsSymbol(const Meta& m) {
  bool found = false;
  m.forEachSymbol([&](std::string_view) { found = true; });
  return found;
}

bool isCall(const Node& n) {
  return n.op() == OpKind::CallFunction || n.op() == OpKind::CallMethod ||
         n.op() == OpKind::CallModule;
}

} // namespace

CudagraphSafety::CudagraphSafety(const Graph& graph, const CudagraphPartitionOptions& options,
                                 const OpRegistry* registry)
    : options_(options), matcher_(options.unsafeOps), hazards_(graph, registry) {}

std::optional<std::string> CudagraphSafety::unsafeReason(const Node& n) const {
  if (!isCall(n))
    return std::nullopt;
  std::optional<std::string_view> named = matcher_.match(n);
  // What the op does (copies, host syncs, data-dependent sizes) comes first;
  // an upload onto the main device stays captured unless the user names it,
  // and a host sync that may not be one (a masked write that torch may run as
  // `masked_fill_`) stays captured.
  if (std::optional<CaptureHazard> h = hazards_.ofOp(n)) {
    if (h->kind == CaptureHazardKind::Upload && !named)
      return std::nullopt;
    bool maybeSync = h->kind == CaptureHazardKind::HostSync && !h->certain;
    if (!maybeSync)
      return std::move(h->reason);
  }
  if (named)
    return fmt::format("unsafe op {} (matches '{}')", n.target().str(), *named);
  if (std::optional<CaptureHazard> h = hazards_.ofValue(n))
    return std::move(h->reason);
  if (options_.skipDynamicShapes && mentionsSymbol(n.meta()))
    return std::string("dynamic shape");
  return std::nullopt;
}

namespace {

/// Estimated peak bytes (with frees) of running the placeholders, then `order`
/// (analysis/PeakMemory.h).
int64_t estimatePeak(const StorageAnalysis& storages, const std::vector<uint32_t>& order) {
  const NodeNumbering& num = storages.numbering();
  std::vector<uint32_t> full;
  full.reserve(order.size() + 8);
  for (uint32_t i = 0; i < num.size(); ++i)
    if (num.node(i)->isPlaceholder())
      full.push_back(i);
  full.insert(full.end(), order.begin(), order.end());
  return estimatePeakMemory(Liveness(storages, std::move(full))).withFrees;
}

} // namespace

FailureOr<PartitionPlan> partitionForCudagraphs(const Graph& graph, const OpRegistry* registry,
                                                const CudagraphPartitionOptions& options,
                                                DiagnosticEngine& diag,
                                                CudagraphPartitionStats* stats) {
  PartitionPlan plan(graph);
  const NodeNumbering& num = plan.numbering();
  const size_t n = num.size();
  CudagraphSafety safety(graph, options, registry);
  EffectAnalysis effects(registry);

  // Class per node: 0 captured, 1 not; reason for the unsafe ones.
  std::vector<int8_t> cls(n, -1);
  // Reasons of the unsafe nodes only (most nodes have none).
  std::vector<std::string> reasonList(1);
  std::vector<uint32_t> reasonOf(n, 0);
  std::vector<uint32_t> order;
  order.reserve(n);
  // The getitems that unpack each tuple (a multi-output op's result), by the
  // producer's number: they run right after it, wherever they stand in the
  // graph, so a tuple never crosses a piece boundary. Other getitems (tensor
  // indexing, which may copy) keep their place.
  std::vector<std::vector<uint32_t>> unpackedBy;
  bool ok = true;
  for (uint32_t i = 0; i < n; ++i) {
    Node* node = num.node(i);
    if (node->isPlaceholder() || node->isOutput())
      continue;
    if (node->isGetItem() && !node->args().empty() && node->args()[0].isNode() &&
        !node->args()[0].getNode()->isPlaceholder()) {
      uint32_t p = num.lookup(node->args()[0].getNode());
      if (p == NodeNumbering::kAbsent || cls[p] < 0) {
        diag.error(node->loc(),
                   fmt::format("getitem '{}' comes before its producer '{}'", node->name().str(),
                               node->args()[0].getNode()->name().str()));
        ok = false;
        continue;
      }
      cls[i] = cls[p];
      size_t inputs = 0;
      node->forEachInput([&](const Node*) { ++inputs; });
      if (inputs == 1 && classifyValue(*num.node(p), registry) == ValueKind::Tuple) {
        // Unpacking a tuple: it runs right after its producer (below).
        if (unpackedBy.empty())
          unpackedBy.resize(n);
        unpackedBy[p].push_back(i);
        continue;
      }
    } else if (std::optional<std::string> r = safety.unsafeReason(*node)) {
      cls[i] = 1;
      reasonOf[i] = static_cast<uint32_t>(reasonList.size());
      reasonList.push_back(std::move(*r));
    } else {
      cls[i] = 0;
    }
    order.push_back(i);
  }
  if (!ok)
    return failure();
  if (!unpackedBy.empty()) {
    std::vector<uint32_t> placed;
    placed.reserve(n);
    std::vector<uint32_t> stack;
    for (uint32_t i : order) {
      stack.push_back(i);
      while (!stack.empty()) { // a getitem may unpack a tuple in turn
        uint32_t k = stack.back();
        stack.pop_back();
        placed.push_back(k);
        stack.insert(stack.end(), unpackedBy[k].rbegin(), unpackedBy[k].rend());
      }
    }
    order = std::move(placed);
  }

  auto countRuns = [&](const std::vector<uint32_t>& o) {
    size_t runs = 0;
    for (size_t k = 0; k < o.size(); ++k)
      if (k == 0 || cls[o[k]] != cls[o[k - 1]])
        ++runs;
    return runs;
  };

  if (stats) {
    *stats = CudagraphPartitionStats();
    stats->mainDevice = std::string(safety.mainDevice());
    stats->reorderRequested = options.reorder;
    stats->piecesBeforeReorder = countRuns(order);
  }

  if (options.reorder && order.size() > 1) {
    // Dependencies: data edges, plus a chain through effectful nodes: every
    // node between two effectful nodes comes after the first and before the
    // second.
    std::vector<std::vector<uint32_t>> succ(n);
    std::vector<uint32_t> indeg(n, 0);
    auto edge = [&](uint32_t a, uint32_t b) {
      succ[a].push_back(b);
      ++indeg[b];
    };
    uint32_t lastBarrier = NodeNumbering::kAbsent;
    std::vector<uint32_t> sinceBarrier;
    for (uint32_t i : order) {
      const Node* node = num.node(i);
      node->forEachInput([&](const Node* in) {
        uint32_t j = num.lookup(in);
        if (j != NodeNumbering::kAbsent && cls[j] >= 0)
          edge(j, i);
      });
      if (effects.keepsOrder(*node)) {
        for (uint32_t s : sinceBarrier)
          edge(s, i);
        if (lastBarrier != NodeNumbering::kAbsent)
          edge(lastBarrier, i);
        sinceBarrier.clear();
        lastBarrier = i;
      } else {
        if (lastBarrier != NodeNumbering::kAbsent)
          edge(lastBarrier, i);
        sinceBarrier.push_back(i);
      }
    }
    std::priority_queue<uint32_t, std::vector<uint32_t>, std::greater<>> ready[2];
    for (uint32_t i : order)
      if (indeg[i] == 0)
        ready[cls[i]].push(i);
    std::vector<uint32_t> scheduled;
    scheduled.reserve(order.size());
    int current = cls[order.front()];
    while (!ready[0].empty() || !ready[1].empty()) {
      if (ready[current].empty())
        current = 1 - current;
      uint32_t i = ready[current].top();
      ready[current].pop();
      scheduled.push_back(i);
      for (uint32_t s : succ[i])
        if (--indeg[s] == 0)
          ready[cls[s]].push(s);
    }
    if (scheduled.size() == order.size()) {
      StorageAnalysis storages(num, effects);
      int64_t before = estimatePeak(storages, order);
      int64_t after = estimatePeak(storages, scheduled);
      if (stats) {
        stats->peakBytesOriginal = before;
        stats->peakBytesReordered = after;
      }
      if (static_cast<double>(after) <= options.reorderMemoryLimit * static_cast<double>(before) &&
          countRuns(scheduled) < countRuns(order)) {
        order = std::move(scheduled);
        if (stats)
          stats->reordered = true;
      }
    }
  }

  int64_t id = -1;
  for (size_t k = 0; k < order.size(); ++k) {
    uint32_t i = order[k];
    if (k == 0 || cls[i] != cls[order[k - 1]]) {
      ++id;
      plan.addPiece(id, cls[i] ? PieceKind::CudagraphUnsafe : PieceKind::Compiled,
                    cls[i] ? reasonList[reasonOf[i]] : std::string());
    }
    plan.pieces().back().nodes.push_back(num.node(i));
  }
  if (failed(plan.finalize(diag)))
    return failure();
  return plan;
}

} // namespace piecewise
