//===- SplitGraph.h - The whole `split` pipeline on one graph ---*- C++ -*-===//
//
// What vLLM's `split_graph` does, as one call: decompose whole torch.Size
// values into scalar dims (the decompose-size pass, so that no Size crosses a
// boundary: each symbolic dim is read right after the tensor's producer and
// static dims become literals in the users),
// partition at the splitting ops, optionally recompute inside each piece the
// SymInts it can compute from what it already has (SymIntRematerialization.h;
// then the graph is partitioned again), and check that only flat values cross
// the boundaries. The graph is rewritten by decompose-size (and only by it); the
// returned plan points into it. buildSplitModule() then makes the module.
// A module's nested compile regions that hold a splitting op are inlined
// first (inlineRegionsWithSplittingOps), so that they are split as if inline.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/ir/Module.h"
#include "piecewise/partition/SplittingOpPartitioner.h"
#include "piecewise/partition/SymIntRematerialization.h"
#include "piecewise/schema/OpRegistry.h"
#include "piecewise/transforms/DecomposeSize.h"

#include <functional>
#include <vector>

namespace piecewise {

struct SplitGraphOptions {
  SplittingOpOptions partition;
  /// Run decompose-size first.
  bool decomposeSize = true;
  /// Its options: by default only what vLLM's `_decompose_size_nodes` rewrites
  /// (whole `x.size()` queries); single-dim queries stay as they are.
  DecomposeSizeOptions decompose = {/*singleDimQueries=*/false};
  /// Fail when a tuple, list or torch.Size would cross a boundary.
  bool checkFlatBoundaries = true;
  /// Recompute SymInts inside the pieces instead of passing them in
  /// (SymIntRematerialization.h). Off by default: vLLM passes them.
  bool rematerializeSymInts = false;
};

/// Inlines into `module`'s root graph each nested compile region (an
/// `invoke_subgraph` call of a child module; transforms/InlineNestedRegions.h)
/// that holds a node matching `options.splittingOps`, in its own graph or in
/// a region it calls; regions without one stay calls. Returns whether it
/// inlined any; fails with a located diagnostic on a call it cannot inline
/// exactly. Run it before splitGraph on a module's root graph.
FailureOr<bool> inlineRegionsWithSplittingOps(Module& module, const SplittingOpOptions& options,
                                              DiagnosticEngine& diag);

/// Splits `graph` in place (decompose-size) and returns its finalized plan.
/// `registry` may be null (then value kinds come from meta only). Fails with
/// diagnostics when decompose-size fails, the graph is malformed, or a
/// non-flat value would cross a boundary.
/// `remat`, when not null, receives what rematerialization changed.
FailureOr<PartitionPlan> splitGraph(Graph& graph, const OpRegistry* registry,
                                    const SplitGraphOptions& options, DiagnosticEngine& diag,
                                    SymIntRematerializationStats* remat = nullptr);

/// The values whose meta a split's boundary checks and symbol inputs read:
/// every piece input and output, and the producer of such a value when it is
/// a getitem (its kind may come from the producer's list meta).
std::vector<Node*> boundaryValues(const PartitionPlan& plan);

/// Loads the meta of the given nodes (those whose meta was deferred); fails to
/// stop the split (the caller keeps its own reason).
using LoadMetaFn = std::function<LogicalResult(const std::vector<Node*>&)>;

/// splitGraph for a graph whose meta is loaded on demand (a live FX graph
/// imported with most meta deferred): the assignment is made first, without
/// the flat-boundary check and hashes (what decompose-size reads, the
/// placeholders, is loaded already), then `loadMeta` loads the meta of the
/// boundaryValues(), and the plan is made again from scratch on the rewritten
/// graph (the loaded meta may change any node's kind, which the getitem move
/// reads) with `options` as given, minus decompose-size (done).
FailureOr<PartitionPlan> splitGraphLoadingMeta(Graph& graph, const OpRegistry* registry,
                                               const SplitGraphOptions& options,
                                               const LoadMetaFn& loadMeta, DiagnosticEngine& diag);

} // namespace piecewise
