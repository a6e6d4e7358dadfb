//===- CudagraphPartitioner.h - Cut a graph around uncapturable work -*- C++ -*-===//
//
// Inductor's graph partition: a CUDA graph can capture kernels on one device
// with static shapes and no host synchronization. Every node gets a reason to
// leave the captured region, or none:
//  - what the analysis layer's one rule of capture hazards says about the op
//    (analysis/CaptureHazards.h: a device copy, a host synchronization such as
//    `.item()` / `aten::_local_scalar_dense`, a data-dependent output such as
//    `aten::nonzero` or a boolean-mask index; a host sync that is not certain,
//    a masked write torch may run as `masked_fill_`, is no reason), the rule
//    `check-capture` uses inside captured pieces;
//  - a named unsafe op (`unsafeOps`, matched like splitting ops);
//  - what it says about the value (meta that mentions an unbacked symbol
//    `u0`, work on CPU tensors, a 0-dim CPU scalar excepted, in a graph whose
//    main device is an accelerator);
//  - with `skipDynamicShapes`, any node whose meta mentions a symbol.
// An upload (a copy from CPU onto the main device, `.cuda()`, `.to(main)`)
// is not a reason: it starts the captured partition after the CPU region
// (the seed case: two captured partitions around the CPU copy).
// A getitem takes its producer's class; one that unpacks a tuple (a
// multi-output op's result) also runs right after its producer, wherever it
// stands, so a tuple never crosses a boundary (tensor indexing, which may
// copy, keeps its place). The
// main device is the accelerator device most tensors of the graph live on
// (none for a CPU graph: then CPU work is no reason).
//
// Maximal runs (in graph order) of the same class, captured or not, form the
// pieces: PieceKind::Compiled for captured ones, PieceKind::CudagraphUnsafe
// with the first node's reason for the others.
//
// With `reorder`, nodes are first scheduled to minimize the number of runs:
// a list schedule that keeps emitting ready nodes of the current class and
// switches class only when none is ready. It respects every data dependency
// and keeps every order-keeping node (NodeEffects::keepsOrder in
// analysis/Effects.h: writes such as `(a!)` or `x.add_()`, opaque ops, random
// and check ops) in order with respect to all other nodes. The new order is
// kept only if its estimated peak memory (analysis/PeakMemory.h: a storage
// counted once, freed after the last use of any of its names) stays within
// `reorderMemoryLimit` times that of the original order. The graph is never edited: the plan's
// pieces simply group nodes out of graph order.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/analysis/CaptureHazards.h"
#include "piecewise/partition/PartitionPlan.h"
#include "piecewise/partition/SplittingOpPartitioner.h"
#include "piecewise/schema/OpRegistry.h"

#include <optional>
#include <string>
#include <vector>

namespace piecewise {

struct CudagraphPartitionOptions {
  /// Ops that must not be captured (packet or overload patterns, as splitting ops).
  std::vector<std::string> unsafeOps;
  /// Treat every node whose meta mentions a symbol as unsafe.
  bool skipDynamicShapes = false;
  /// Reorder nodes to minimize the number of partitions (see the header comment).
  bool reorder = false;
  /// The largest accepted ratio of reordered to original estimated peak memory.
  double reorderMemoryLimit = 1.1;
};

/// What the partitioner decided, for reports.
struct CudagraphPartitionStats {
  /// The graph's main device (`cuda:0`), empty for a CPU graph.
  std::string mainDevice;
  bool reorderRequested = false;
  /// True when the reordered schedule was kept.
  bool reordered = false;
  size_t piecesBeforeReorder = 0;
  int64_t peakBytesOriginal = 0;
  int64_t peakBytesReordered = 0;
};

/// Classifies nodes of one graph (see the header comment).
class CudagraphSafety {
public:
  /// `registry` may be null (see CaptureHazards).
  CudagraphSafety(const Graph& graph, const CudagraphPartitionOptions& options,
                  const OpRegistry* registry = nullptr);
  /// Why `node` cannot be captured, or nullopt. Getitems are not special-cased here.
  std::optional<std::string> unsafeReason(const Node& node) const;
  /// The main accelerator device, or empty.
  std::string_view mainDevice() const { return hazards_.mainDevice(); }

private:
  const CudagraphPartitionOptions& options_;
  SplittingOpMatcher matcher_;
  CaptureHazards hazards_;
};

/// Partitions `graph` into captured and uncapturable pieces and finalizes the
/// plan. `stats` may be null. Fails only on a malformed graph.
FailureOr<PartitionPlan> partitionForCudagraphs(const Graph& graph, const OpRegistry* registry,
                                                const CudagraphPartitionOptions& options,
                                                DiagnosticEngine& diag,
                                                CudagraphPartitionStats* stats = nullptr);

} // namespace piecewise
