//===- Lifetimes.cpp - Buffer lifetimes and partition signatures ----------===//

#include "piecewise/partition/Lifetimes.h"

#include "piecewise/support/CheckedInt.h"

#include <algorithm>
#include <cassert>
#include <set>

namespace piecewise {

LifetimePlan::LifetimePlan(const PartitionPlan& plan, const OpRegistry* registry,
                           const LifetimeOptions& options)
    : plan_(&plan), options_(options),
      storages_(std::make_unique<StorageAnalysis>(plan.numbering(), registry)) {
  const NodeNumbering& num = plan.numbering();
  const size_t n = num.size();

  // Execution order: placeholders, stitching nodes, then the pieces.
  std::vector<uint32_t> order;
  order.reserve(n);
  for (uint32_t i = 0; i < n; ++i)
    if (num.node(i)->isPlaceholder())
      order.push_back(i);
  numPlaceholders_ = static_cast<uint32_t>(order.size());
  for (uint32_t i = 0; i < n; ++i) {
    const Node* node = num.node(i);
    if (plan.pieceIndexAt(i) < 0 && !node->isPlaceholder() && !node->isOutput())
      order.push_back(i);
  }
  piecesBegin_ = static_cast<uint32_t>(order.size());
  {
    // Piece nodes in plan order, each piece in graph order: a counting sort of
    // node numbers by piece index (no pointer lookups).
    std::vector<uint32_t> start(plan.size() + 1, 0);
    for (uint32_t i = 0; i < n; ++i)
      if (int32_t pi = plan.pieceIndexAt(i); pi >= 0)
        ++start[static_cast<size_t>(pi) + 1];
    for (size_t k = 1; k < start.size(); ++k)
      start[k] += start[k - 1];
    order.resize(piecesBegin_ + start.back());
    for (uint32_t i = 0; i < n; ++i)
      if (int32_t pi = plan.pieceIndexAt(i); pi >= 0)
        order[piecesBegin_ + start[static_cast<size_t>(pi)]++] = i;
  }

  // Piece ranges, and the boundary inputs as uses at each piece's call.
  signatures_.resize(plan.size());
  std::vector<Liveness::ExtraUse> calls;
  uint32_t b = piecesBegin_;
  for (size_t pi = 0; pi < plan.size(); ++pi) {
    const Piece& piece = plan.pieces()[pi];
    PartitionSignature& sig = signatures_[pi];
    sig.begin = b;
    sig.end = b + static_cast<uint32_t>(piece.nodes.size());
    b = sig.end;
    for (const Node* in : piece.inputs)
      calls.push_back({num.lookup(in), sig.begin});
  }
  liveness_ = std::make_unique<Liveness>(*storages_, std::move(order), calls);
  auto pos = [&](uint32_t i) { return liveness_->position(i); };
  auto death = [&](uint32_t i) { return liveness_->death(i); };

  // Signatures: the piece's boundary, then the alias-only extras.
  std::vector<uint32_t> stamp(n, 0);
  for (size_t pi = 0; pi < plan.size(); ++pi) {
    const Piece& piece = plan.pieces()[pi];
    PartitionSignature& sig = signatures_[pi];
    const uint32_t mark = static_cast<uint32_t>(pi) + 1;
    sig.cudagraphable = piece.kind == PieceKind::Compiled;
    sig.reason = piece.reason;
    std::set<std::string_view> symbols;
    auto addSymbols = [&](const Node* node) {
      node->meta().forEachSymbol([&](std::string_view s) {
        if (!SymExpr::isUnbackedSymbolName(s))
          symbols.insert(s);
      });
    };
    for (Node* in : piece.inputs) {
      const uint32_t j = num.lookup(in);
      stamp[j] = mark;
      sig.inputs.push_back({in, death(j) < sig.end, true});
      addSymbols(in);
    }
    for (const Node* node : piece.nodes)
      addSymbols(node);
    // Inputs never read whose death falls inside the piece: it frees them.
    for (uint32_t q = sig.begin; q < sig.end; ++q) {
      forEachDyingAt(q, [&](uint32_t j) {
        if (pos(j) >= sig.begin || stamp[j] == mark)
          return;
        stamp[j] = mark;
        if (!options_.debugDropAliasInputs)
          sig.inputs.push_back({num.node(j), true, false});
      });
    }
    // Outputs: the boundary's, and the values only an alias keeps alive after
    // the piece (a later piece frees them), in graph order.
    for (const Node* o : piece.outputs)
      stamp[num.lookup(o)] = mark;
    for (Node* node : piece.nodes) {
      const uint32_t j = num.lookup(node);
      bool boundary = stamp[j] == mark;
      assert((!boundary || death(j) >= sig.end) && "a boundary output dies inside its piece");
      if (boundary || (!options_.debugDropAliasInputs && death(j) >= sig.end))
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
