//===- CommonSubexpressionElimination.cpp - Identical pure nodes ----------===//
//
// One walk in graph order with a flat hash table of representatives keyed by
// (op, target, args, kwargs). Writes are tracked per storage
// (analysis/StorageAnalysis.h): the walk records, for each class, the position of the
// last node that wrote it; a node may merge into its representative only when
// no input's class was written after the representative.
//
//===----------------------------------------------------------------------===//

#include "piecewise/transforms/CommonSubexpressionElimination.h"

#include "TransformUtils.h"

#include "piecewise/analysis/StorageAnalysis.h"

#include <algorithm>
#include <memory>
#include <optional>

namespace piecewise {

using namespace transforms;

namespace {

uint64_t hashNode(const Node& n) {
  uint64_t h =
      hashCombine(reinterpret_cast<uintptr_t>(n.target().data()), static_cast<uint64_t>(n.op()));
  for (const Argument& a : n.args())
    h = hashCombine(h, hashArgument(a));
  for (const KwArg& k : n.kwargs()) {
    h = hashCombine(h, reinterpret_cast<uintptr_t>(k.name.data()));
    h = hashCombine(h, hashArgument(k.value));
  }
  return h;
}

/// False when no other node can compute the same as `n`: some input of `n` has
/// `n` as its only user, and a twin would have to reference that input too.
/// Skips the table (and its cache misses) for most nodes of a dataflow chain.
bool mayHaveTwin(const Node& n) {
  bool sole = false;
  n.forEachInput([&](Node* in) { sole |= in->users().size() == 1; });
  return !sole;
}

bool sameComputation(const Node& a, const Node& b) {
  return a.op() == b.op() && a.target() == b.target() && a.args() == b.args() &&
         a.kwargs() == b.kwargs();
}

/// Open-addressing table of representatives; a slot is (hash, node). Grows
/// at half load, so it stays proportional to the number of candidates.
class RepresentativeTable {
public:
  RepresentativeTable() { slots_.assign(1024, Slot{}); }

  /// The slot holding a node computing the same as `n`, or the empty slot
  /// where it goes (the caller fills it). The reference is valid until the
  /// next call.
  Node*& slotFor(const Node& n, uint64_t h) {
    if ((used_ + 1) * 2 > slots_.size())
      grow();
    size_t mask = slots_.size() - 1;
    size_t i = static_cast<size_t>(mix(h)) & mask;
    while (slots_[i].node) {
      if (slots_[i].hash == h && sameComputation(*slots_[i].node, n))
        return slots_[i].node;
      i = (i + 1) & mask;
    }
    slots_[i].hash = h;
    ++used_;
    return slots_[i].node;
  }

private:
  struct Slot {
    uint64_t hash = 0;
    Node* node = nullptr;
  };
  static uint64_t mix(uint64_t h) { return (h ^ (h >> 29)) * 0x9E3779B97F4A7C15ull >> 17; }
  void grow() {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(old.size() * 2, Slot{});
    size_t mask = slots_.size() - 1;
    for (const Slot& s : old) {
      if (!s.node)
        continue;
      size_t i = static_cast<size_t>(mix(s.hash)) & mask;
      while (slots_[i].node)
        i = (i + 1) & mask;
      slots_[i] = s;
    }
  }
  std::vector<Slot> slots_;
  size_t used_ = 0;
};

} // namespace

FailureOr<bool> CommonSubexpressionEliminationPass::run(Graph& graph, PassContext& ctx) {
  EffectAnalysis& effects = ctx.effects();
  RepresentativeTable table;
  // Storages are needed only once a duplicate shows up and the graph writes
  // something; built then, over the graph as it is at that point.
  bool anyWriter = false;
  std::unique_ptr<NodeNumbering> numbering;
  std::unique_ptr<StorageAnalysis> storages;
  // Position (number + 1) of the last node that wrote each storage; 0 = never.
  std::vector<uint32_t> lastWrite;
  auto buildStorages = [&](Node* current) {
    numbering = std::make_unique<NodeNumbering>(graph);
    storages = std::make_unique<StorageAnalysis>(*numbering, effects);
    lastWrite.assign(storages->numStorages(), 0);
    // Writes before `current` happened already: replay them.
    for (Node* w = graph.front(); w != current; w = w->next()) {
      if (!effects.mayWrite(*w))
        continue;
      uint32_t pos = numbering->lookup(w) + 1;
      effects.forEachWritten(*w, [&](Node* target) {
        uint32_t c = storages->storageOf(target);
        if (c != NodeNumbering::kAbsent)
          lastWrite[c] = std::max(lastWrite[c], pos);
      });
    }
  };
  // Whether any node of the graph writes at all (one cheap walk, on first need).
  std::optional<bool> graphWrites;
  /// May `n` reuse `rep`'s value? Not when an input's storage was written
  /// since `rep`, nor when the result is not a plain view of the inputs
  /// (EffectAnalysis::isPlainView) and either result's storage gets written.
  auto safeToMerge = [&](Node* n, Node* rep) {
    // Two plain views of the same input are the same memory, whatever writes
    // it later; anything that may copy (reshape, contiguous, `x[idx]`) is a
    // separate value once either one is written.
    bool sameMemory = effects.isPlainView(*n);
    if (!anyWriter) {
      // Nothing has written so far; a later write could still hit a result.
      if (sameMemory)
        return true;
      if (!graphWrites) {
        graphWrites = false;
        for (Node* w : graph)
          if (effects.mayWrite(*w)) {
            graphWrites = true;
            break;
          }
      }
      if (!*graphWrites)
        return true;
    }
    if (!storages)
      buildStorages(n);
    if (!storages->anyWrites())
      return true;
    if (!sameMemory && (storages->isWritten(n) || storages->isWritten(rep)))
      return false;
    uint32_t repPos = numbering->lookup(rep) + 1;
    bool clean = true;
    n->forEachInput([&](Node* in) {
      uint32_t c = storages->storageOf(in);
      if (c == NodeNumbering::kAbsent || lastWrite[c] > repPos)
        clean = false;
    });
    return clean;
  };

  int64_t merged = 0;
  for (Node* n = graph.front(); n;) {
    Node* next = n->next();
    const NodeEffects& e = effects.of(*n);
    if (e.cseCandidate && n->op() == OpKind::CallFunction && mayHaveTwin(*n)) {
      Node*& rep = table.slotFor(*n, hashNode(*n));
      if (!rep) {
        rep = n;
      } else if (safeToMerge(n, rep)) {
        Node* survivor = rep;
        // `survivor` gains users. If it had one user before, that user skipped the
        // table (mayHaveTwin) and may now get a twin: enter it, if already visited.
        if (survivor->users().size() == 1) {
          Node* sole = survivor->users().front();
          if (graph.isBefore(sole, n) && sole->op() == OpKind::CallFunction &&
              effects.of(*sole).cseCandidate) {
            Node*& slot = table.slotFor(*sole, hashNode(*sole));
            if (!slot)
              slot = sole;
          }
        }
        graph.replaceAllUsesWith(n, survivor);
        graph.erase(n);
        ++merged;
        n = next;
        continue;
      } else {
        rep = n; // later duplicates compare against the newest version
      }
    }
    if (e.writes != WriteKind::None) {
      anyWriter = true;
      if (storages) {
        uint32_t pos = numbering->lookup(n) + 1;
        effects.forEachWritten(*n, [&](Node* w) {
          uint32_t c = storages->storageOf(w);
          if (c != NodeNumbering::kAbsent)
            lastWrite[c] = pos;
        });
      }
    }
    n = next;
  }
  if (merged)
    ctx.stat("duplicate nodes merged", merged);
  return merged > 0;
}

} // namespace piecewise
