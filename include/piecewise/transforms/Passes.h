//===- Passes.h - The built-in passes ---------------------------*- C++ -*-===//
//
// Factories for every pass piecewise ships and the registration that makes
// them available by pipeline name (`piecewise opt --passes=...`):
//
//   split-coalescing   slice partitions -> split_with_sizes; equal splits merged
//   noop-elimination   views/reshapes/slices/slice_scatters that change nothing
//   dce                unused nodes without side effects
//   cse                identical pure nodes
//   decompose-size     x.size() / aten.sym_size -> sym_size.int per dim, literals
//   inline-nested-regions  invoke_subgraph calls -> a copy of the region's graph
//
// Each pass has its own header in this folder saying what it rewrites and what
// it never touches.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/pass/PassRegistry.h"

#include <memory>

namespace piecewise {

std::unique_ptr<Pass> createSplitCoalescingPass();
std::unique_ptr<Pass> createNoopEliminationPass();
std::unique_ptr<Pass> createDeadCodeEliminationPass();
std::unique_ptr<Pass> createCommonSubexpressionEliminationPass();
std::unique_ptr<Pass> createDecomposeSizePass();
std::unique_ptr<Pass> createInlineNestedRegionsPass();

/// Registers the passes above under their pipeline names.
void registerBuiltinPasses(PassRegistry& registry);
/// A registry holding the built-in passes.
PassRegistry builtinPassRegistry();

} // namespace piecewise
