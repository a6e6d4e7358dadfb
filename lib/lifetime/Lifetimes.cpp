//===- Lifetimes.cpp - Buffer lifetimes and partition signatures ----------===//

#include "piecewise/lifetime/Lifetimes.h"

#include "piecewise/support/CheckedInt.h"

#include <algorithm>
#include <set>

namespace piecewise {

LifetimePlan::LifetimePlan(const PartitionPlan& plan, const OpRegistry* registry,
                           const LifetimeOptions& options)
    : plan_(&plan), options_(options), storages_(plan.numbering(), registry) {
  const NodeNumbering& num = plan.numbering();
  const size_t n = num.size();

  // Execution order.
  order_.reserve(n);
  for (uint32_t i = 0; i < n; ++i)
    if (num.node(i)->isPlaceholder())
      order_.push_back(i);
  {
    // Piece nodes in plan order, each piece in graph order: a counting sort of
    // node numbers by piece index (no pointer lookups).
    std::vector<uint32_t> start(plan.size() + 1, 0);
    for (uint32_t i = 0; i < n; ++i)
      if (int32_t pi = plan.pieceIndexAt(i); pi >= 0)
        ++start[static_cast<size_t>(pi) + 1];
    for (size_t k = 1; k < start.size(); ++k)
      start[k] += start[k - 1];
    const size_t base = order_.size();
    order_.resize(base + start.back());
    for (uint32_t i = 0; i < n; ++i)
      if (int32_t pi = plan.pieceIndexAt(i); pi >= 0)
        order_[base + start[static_cast<size_t>(pi)]++] = i;
  }
  pos_.assign(n, ~0u);
  for (size_t k = 0; k < order_.size(); ++k)
    pos_[order_[k]] = static_cast<uint32_t>(k);
  const uint32_t end = endPosition();

  // Inputs per node (one lookup per edge, here only).
  inputsStart_.assign(n + 1, 0);
  inputsFlat_.reserve(2 * n);
  for (uint32_t i = 0; i < n; ++i) {
    num.node(i)->forEachInput([&](const Node* in) {
      uint32_t j = num.lookup(in);
      if (j != NodeNumbering::kAbsent)
        inputsFlat_.push_back(j);
    });
    inputsStart_[i + 1] = static_cast<uint32_t>(inputsFlat_.size());
  }

  // Last use per value, then death per storage.
  std::vector<uint32_t> last(n, 0);
  for (uint32_t i = 0; i < n; ++i)
    if (pos_[i] != ~0u)
      last[i] = std::max(last[i], pos_[i]);
  for (uint32_t i = 0; i < n; ++i) {
    uint32_t at = pos_[i] == ~0u ? end : pos_[i];
    for (uint32_t j : inputsOf(i))
      last[j] = std::max(last[j], at);
  }
  std::vector<uint32_t> storageDeath(storages_.numStorages(), 0);
  for (uint32_t i = 0; i < n; ++i) {
    if (pos_[i] == ~0u)
      continue;
    uint32_t& d = storageDeath[storages_.storageOf(i)];
    d = std::max(d, last[i]);
  }
  storageIsOutput_.assign(storages_.numStorages(), 0);
  for (size_t s = 0; s < storageDeath.size(); ++s)
    storageIsOutput_[s] = storageDeath[s] == end;
  death_.assign(n, end);
  dyingStart_.assign(static_cast<size_t>(end) + 2, 0);
  for (uint32_t i = 0; i < n; ++i) {
    if (pos_[i] == ~0u)
      continue;
    death_[i] = storageDeath[storages_.storageOf(i)];
    if (death_[i] < end)
      ++dyingStart_[death_[i] + 1];
  }
  for (size_t p = 1; p < dyingStart_.size(); ++p)
    dyingStart_[p] += dyingStart_[p - 1];
  dyingFlat_.resize(dyingStart_[end]);
  {
    std::vector<uint32_t> fill(dyingStart_.begin(), dyingStart_.end() - 1);
    for (uint32_t i = 0; i < n; ++i)
      if (pos_[i] != ~0u && death_[i] < end)
        dyingFlat_[fill[death_[i]]++] = i;
  }

  // Signatures.
  signatures_.resize(plan.size());
  std::vector<uint32_t> stamp(n, 0);
  uint32_t b = static_cast<uint32_t>(order_.size());
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
      const uint32_t i = order_[q];
      addSymbols(num.node(i));
      for (uint32_t j : inputsOf(i)) {
        if (pos_[j] == ~0u || plan.pieceIndexAt(j) == self || stamp[j] == mark)
          continue;
        stamp[j] = mark;
        sig.inputs.push_back({num.node(j), death_[j] < sig.end, true});
        addSymbols(num.node(j));
      }
    }
    for (uint32_t q = sig.begin; q < sig.end; ++q) {
      forEachDyingAt(q, [&](uint32_t j) {
        if (pos_[j] >= sig.begin || stamp[j] == mark)
          return;
        stamp[j] = mark;
        if (!options_.debugDropAliasInputs)
          sig.inputs.push_back({num.node(j), true, false});
      });
    }
    for (uint32_t q = sig.begin; q < sig.end; ++q) {
      const uint32_t j = order_[q];
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
        out = death_[j] >= sig.end;
      }
      if (out)
        sig.outputs.push_back(node);
    }
    if (options_.keepInputsAlive)
      for (const SignatureInput& in : sig.inputs)
        if (!in.deallocate && storages_.isTensorLike(num.lookup(in.value)))
          sig.outputs.push_back(in.value);
    sig.symbolInputs.assign(symbols.begin(), symbols.end());
  }
}

LifetimePlan::PeakMemory LifetimePlan::estimatePeakMemory() const {
  return computeLiveBytes(nullptr);
}

LifetimePlan::MemoryProfile LifetimePlan::memoryProfile() const {
  MemoryProfile profile;
  profile.peak = computeLiveBytes(&profile);
  return profile;
}

LifetimePlan::PeakMemory LifetimePlan::computeLiveBytes(MemoryProfile* profile) const {
  const NodeNumbering& num = plan_->numbering();
  PeakMemory out;
  const size_t ns = storages_.numStorages();
  std::vector<int64_t> bytes(ns, 0);
  std::vector<uint32_t> born(ns, ~0u);
  for (uint32_t i = 0; i < num.size(); ++i) {
    if (pos_[i] == ~0u)
      continue;
    uint32_t s = storages_.storageOf(i);
    born[s] = std::min(born[s], pos_[i]);
    if (const TensorMeta* t = num.node(i)->meta().tensor()) {
      if (std::optional<int64_t> b = t->concreteBytes())
        bytes[s] = std::max(bytes[s], *b);
      else
        ++out.unknownSizes;
    }
  }
  const uint32_t end = endPosition();
  // Totals are kept in 128 bits: many large tensors must not wrap around.
  std::vector<ByteTotal> delta(static_cast<size_t>(end) + 1);
  std::vector<uint32_t> deathOf(ns, end);
  for (uint32_t i = 0; i < num.size(); ++i)
    if (pos_[i] != ~0u)
      deathOf[storages_.storageOf(i)] = death_[i];
  ByteTotal withoutFrees;
  for (size_t s = 0; s < ns; ++s) {
    if (born[s] == ~0u || bytes[s] == 0)
      continue;
    withoutFrees += bytes[s];
    delta[born[s]] += bytes[s];
    if (deathOf[s] < end)
      delta[deathOf[s] + 1] -= bytes[s];
  }
  ByteTotal live, withFrees;
  if (profile) {
    // Without frees a storage stays allocated from its birth to the end.
    std::vector<ByteTotal> bornAt(static_cast<size_t>(end) + 1);
    for (size_t s = 0; s < ns; ++s)
      if (born[s] != ~0u)
        bornAt[born[s]] += bytes[s];
    profile->withFrees.resize(end);
    profile->withoutFrees.resize(end);
    profile->peakPosition = end;
    ByteTotal allocated;
    for (uint32_t p = 0; p < end; ++p) {
      live += delta[p];
      allocated += bornAt[p];
      profile->withFrees[p] = live.clamped();
      profile->withoutFrees[p] = allocated.clamped();
      if (withFrees < live) {
        withFrees = live;
        profile->peakPosition = p;
      }
    }
  } else {
    for (uint32_t p = 0; p < end; ++p) {
      live += delta[p];
      if (withFrees < live)
        withFrees = live;
    }
  }
  out.withFrees = withFrees.clamped();
  out.withoutFrees = withoutFrees.clamped();
  return out;
}

FailureOr<LifetimePlan::PeakMemory>
estimateGraphPeakMemory(const Graph& graph, const OpRegistry* registry, DiagnosticEngine& diag) {
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
