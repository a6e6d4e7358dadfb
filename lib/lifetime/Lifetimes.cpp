//===- Lifetimes.cpp - Buffer lifetimes and partition signatures ----------===//

#include "piecewise/lifetime/Lifetimes.h"

#include "piecewise/support/CheckedInt.h"

#include <algorithm>
#include <set>

namespace piecewise {

LifetimePlan::LifetimePlan(const PartitionPlan& plan, const OpRegistry* registry,
                           const LifetimeOptions& options)
    : plan_(&plan), options_(options),
      storages_(std::make_unique<StorageAnalysis>(plan.numbering(), registry)) {
  const NodeNumbering& num = plan.numbering();
  const size_t n = num.size();

  // Execution order.
  std::vector<uint32_t> order;
  order.reserve(n);
  for (uint32_t i = 0; i < n; ++i)
    if (num.node(i)->isPlaceholder())
      order.push_back(i);
  {
    // Piece nodes in plan order, each piece in graph order: a counting sort of
    // node numbers by piece index (no pointer lookups).
    std::vector<uint32_t> start(plan.size() + 1, 0);
    for (uint32_t i = 0; i < n; ++i)
      if (int32_t pi = plan.pieceIndexAt(i); pi >= 0)
        ++start[static_cast<size_t>(pi) + 1];
    for (size_t k = 1; k < start.size(); ++k)
      start[k] += start[k - 1];
    const size_t base = order.size();
    order.resize(base + start.back());
    for (uint32_t i = 0; i < n; ++i)
      if (int32_t pi = plan.pieceIndexAt(i); pi >= 0)
        order[base + start[static_cast<size_t>(pi)]++] = i;
  }
  liveness_ = std::make_unique<Liveness>(*storages_, std::move(order));
  const std::vector<uint32_t>& execOrder = liveness_->order();
  auto pos = [&](uint32_t i) { return liveness_->position(i); };
  auto death = [&](uint32_t i) { return liveness_->death(i); };

  // Signatures.
  signatures_.resize(plan.size());
  std::vector<uint32_t> stamp(n, 0);
  uint32_t b = static_cast<uint32_t>(execOrder.size());
  for (const Piece& p : plan.pieces())
    b -= static_cast<uint32_t>(p.nodes.size());
  for (size_t pi = 0; pi < plan.size(); ++pi) {
    const Piece& piece = plan.pieces()[pi];
    PartitionSignature& sig = signatures_[pi];
    const auto self = static_cast<int32_t>(pi);
    const uint32_t mark = static_cast<uint32_t>(pi) + 1;
    sig.begin = b;
    sig.end = b + static_cast<uint32_t>(piece.nodes.size());
    b = sig.end;
    sig.cudagraphable = piece.kind == PieceKind::Compiled;
    sig.reason = piece.reason;
    std::set<std::string_view> symbols;
    auto addSymbols = [&](const Node* node) {
      node->meta().forEachSymbol([&](std::string_view s) {
        if (!SymExpr::isUnbackedSymbolName(s))
          symbols.insert(s);
      });
    };
    for (uint32_t q = sig.begin; q < sig.end; ++q) {
      const uint32_t i = execOrder[q];
      addSymbols(num.node(i));
      for (uint32_t j : inputsOf(i)) {
        if (pos(j) == Liveness::kNotRun || plan.pieceIndexAt(j) == self || stamp[j] == mark)
          continue;
        stamp[j] = mark;
        sig.inputs.push_back({num.node(j), death(j) < sig.end, true});
        addSymbols(num.node(j));
      }
    }
    for (uint32_t q = sig.begin; q < sig.end; ++q) {
      forEachDyingAt(q, [&](uint32_t j) {
        if (pos(j) >= sig.begin || stamp[j] == mark)
          return;
        stamp[j] = mark;
        if (!options_.debugDropAliasInputs)
          sig.inputs.push_back({num.node(j), true, false});
      });
    }
    for (uint32_t q = sig.begin; q < sig.end; ++q) {
      const uint32_t j = execOrder[q];
      Node* node = num.node(j);
      bool out;
      if (options_.debugDropAliasInputs) {
        out = false;
        for (const Node* u : node->users()) {
          uint32_t k = num.lookup(u);
          if (k != NodeNumbering::kAbsent && plan.pieceIndexAt(k) != self)
            out = true;
        }
      } else {
        out = death(j) >= sig.end;
      }
      if (out)
        sig.outputs.push_back(node);
    }
    if (options_.keepInputsAlive)
      for (const SignatureInput& in : sig.inputs)
        if (!in.deallocate && storages_->isTensorLike(num.lookup(in.value)))
          sig.outputs.push_back(in.value);
    sig.symbolInputs.assign(symbols.begin(), symbols.end());
  }
}

FailureOr<PeakMemory> estimateGraphPeakMemory(const Graph& graph, const OpRegistry* registry,
                                              DiagnosticEngine& diag) {
  PartitionPlan plan(graph);
  Piece& piece = plan.addPiece(0, PieceKind::Compiled);
  for (Node* n : graph)
    if (!n->isPlaceholder() && !n->isOutput())
      piece.nodes.push_back(n);
  if (failed(plan.finalize(diag)))
    return failure();
  LifetimePlan lifetimes(plan, registry);
  return lifetimes.estimatePeakMemory();
}

} // namespace piecewise
