//===- Passes.cpp - The built-in passes -----------------------------------===//

#include "piecewise/transforms/Passes.h"

#include "piecewise/transforms/CommonSubexpressionElimination.h"
#include "piecewise/transforms/DeadCodeElimination.h"
#include "piecewise/transforms/DecomposeSize.h"
#include "piecewise/transforms/InlineNestedRegions.h"
#include "piecewise/transforms/NoopElimination.h"
#include "piecewise/transforms/SplitCoalescing.h"

namespace piecewise {

std::unique_ptr<Pass> createSplitCoalescingPass() {
  return std::make_unique<SplitCoalescingPass>();
}
std::unique_ptr<Pass> createNoopEliminationPass() {
  return std::make_unique<NoopEliminationPass>();
}
std::unique_ptr<Pass> createDeadCodeEliminationPass() {
  return std::make_unique<DeadCodeEliminationPass>();
}
std::unique_ptr<Pass> createCommonSubexpressionEliminationPass() {
  return std::make_unique<CommonSubexpressionEliminationPass>();
}
std::unique_ptr<Pass> createDecomposeSizePass() {
  return std::make_unique<DecomposeSizePass>();
}
std::unique_ptr<Pass> createInlineNestedRegionsPass() {
  return std::make_unique<InlineNestedRegionsPass>();
}

void registerBuiltinPasses(PassRegistry& registry) {
  auto add = [&](std::unique_ptr<Pass> (*factory)()) {
    std::unique_ptr<Pass> p = factory();
    registry.add(std::string(p->name()), std::string(p->description()), factory);
  };
  add(&createSplitCoalescingPass);
  add(&createNoopEliminationPass);
  add(&createDeadCodeEliminationPass);
  add(&createCommonSubexpressionEliminationPass);
  add(&createDecomposeSizePass);
  add(&createInlineNestedRegionsPass);
}

PassRegistry builtinPassRegistry() {
  PassRegistry r;
  registerBuiltinPasses(r);
  return r;
}

} // namespace piecewise
