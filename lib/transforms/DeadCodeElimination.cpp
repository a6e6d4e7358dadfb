//===- DeadCodeElimination.cpp - Unused values without effects ------------===//
//
// Walking backwards, a node's users have all been visited (and erased if
// dead) before the node itself, so one walk reaches the fixed point. Erasing
// the last user of an input first also keeps use-list removal O(1) (the
// user sits at the back of the input's list).
//
//===----------------------------------------------------------------------===//

#include "piecewise/transforms/DeadCodeElimination.h"

namespace piecewise {

FailureOr<bool> DeadCodeEliminationPass::run(Graph& graph, PassContext& ctx) {
  EffectAnalysis& effects = ctx.effects();
  int64_t erased = 0;
  Node* n = graph.back();
  while (n) {
    Node* prev = n->prev();
    if (!n->hasUsers() && effects.of(*n).removable) {
      graph.erase(n);
      ++erased;
    }
    n = prev;
  }
  if (erased)
    ctx.stat("dead nodes erased", erased);
  return erased > 0;
}

} // namespace piecewise
