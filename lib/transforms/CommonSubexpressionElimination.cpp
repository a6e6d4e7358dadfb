//===- CommonSubexpressionElimination.cpp - Identical pure nodes ----------===//
//
// One walk in graph order with a flat hash table of representatives keyed by
// (op, target, args, kwargs). Writes are tracked per storage class
// (StorageClasses): the walk records, for each class, the position of the
// last node that wrote it; a node may merge into its representative only when
// no input's class was written after the representative.
//
//===----------------------------------------------------------------------===//

#include "piecewise/transforms/CommonSubexpressionElimination.h"

#include "OpEffects.h"
#include "StorageClasses.h"
#include "TransformUtils.h"

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

bool sameComputation(const Node& a, const Node& b) {
  return a.op() == b.op() && a.target() == b.target() && a.args() == b.args() &&
         a.kwargs() == b.kwargs();
}

/// Open-addressing table of representatives; a slot is (hash, node).
class RepresentativeTable {
public:
  explicit RepresentativeTable(size_t expected) {
    size_t cap = 16;
    while (cap < expected * 2)
      cap *= 2;
    slots_.assign(cap, Slot{});
    mask_ = cap - 1;
  }

  /// The slot holding a node computing the same as `n`, or the empty slot where it goes.
  Node*& slotFor(const Node& n, uint64_t h) {
    size_t i = static_cast<size_t>(h * 0x9E3779B97F4A7C15ull >> 20) & mask_;
    while (slots_[i].node) {
      if (slots_[i].hash == h && sameComputation(*slots_[i].node, n))
        return slots_[i].node;
      i = (i + 1) & mask_;
    }
    slots_[i].hash = h;
    return slots_[i].node;
  }

private:
  struct Slot {
    uint64_t hash = 0;
    Node* node = nullptr;
  };
  std::vector<Slot> slots_;
  size_t mask_ = 0;
};

} // namespace

FailureOr<bool> CommonSubexpressionEliminationPass::run(Graph& graph, PassContext& ctx) {
  EffectAnalysis effects(ctx);
  StorageClasses classes(graph, effects);
  const bool tracksWrites = classes.anyWrites();
  // Position (number + 1) of the last node that wrote each class; 0 = never.
  std::vector<uint32_t> lastWrite(tracksWrites ? classes.size() : 0, 0);
  RepresentativeTable table(graph.size());

  int64_t merged = 0;
  for (Node* n = graph.front(); n;) {
    Node* next = n->next();
    const OpEffects& e = effects.of(*n);
    uint32_t pos = classes.number(n) + 1;
    if (e.cseCandidate && n->op() == OpKind::CallFunction &&
        !(tracksWrites && e.alias == AliasKind::Fresh && classes.isWritten(n))) {
      Node*& rep = table.slotFor(*n, hashNode(*n));
      if (!rep) {
        rep = n;
      } else {
        bool clean = true;
        if (tracksWrites) {
          uint32_t repPos = classes.number(rep) + 1;
          n->forEachInput([&](Node* in) {
            uint32_t c = classes.classOf(in);
            if (c == UINT32_MAX || lastWrite[c] > repPos)
              clean = false;
          });
        }
        if (clean) {
          graph.replaceAllUsesWith(n, rep);
          graph.erase(n);
          ++merged;
          n = next;
          continue;
        }
        rep = n; // later duplicates compare against the newest version
      }
    }
    if (tracksWrites) {
      effects.forEachWritten(*n, [&](Node* w) {
        uint32_t c = classes.classOf(w);
        if (c != UINT32_MAX)
          lastWrite[c] = pos;
      });
    }
    n = next;
  }
  if (merged)
    ctx.stat("duplicate nodes merged", merged);
  return merged > 0;
}

} // namespace piecewise
