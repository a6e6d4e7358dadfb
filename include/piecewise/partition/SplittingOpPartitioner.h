//===- SplittingOpPartitioner.h - Cut a graph at chosen ops -----*- C++ -*-===//
//
// vLLM's piecewise compilation (`split_graph`): the graph is cut at the
// splitting ops (attention, KV-cache writes, ...) so that the pieces between
// them can be compiled and captured while the splitting ops run eagerly.
//
// One linear walk in graph order assigns piece ids; placeholders and the
// output node get none:
//  - a splitting op starts a new piece of its own, and the node after it
//    starts another; a splitting op whose very next node (in graph order) is
//    a splitting op too shares its piece with it;
//  - a getitem goes into its producer's piece (a tuple never crosses a
//    boundary), unless the producer is a placeholder: then it is ordinary.
//    Indexing a tensor (`t[idx]`) may copy, so a getitem of a value that is
//    not a tuple stays where it is when a node between its producer and it
//    may write the producer's storage (a splitting op writing `t` in place):
//    moved, it would read the values from before the write. vLLM moves it
//    anyway (docs/split.md);
//  - a `piecewise::capture_copy` (the copy `check-capture --fix` inserts
//    right after an eager value: CaptureSafeCopies.h) goes into the piece of
//    the value it copies when that is a splitting piece (its buffer defined
//    no later), and is skipped when deciding whether a splitting op's next
//    node is a splitting op; any other capture copy (of a graph input, or the
//    copy back into one) runs eagerly as a splitting op does, reason
//    `capture copy`;
//  - every other node goes into the current piece, except a get_attr
//    constant: it takes the current id (so it counts, as in vLLM's walk) but
//    stays in the stitching module, which passes it to the pieces that use it
//    (what torch.fx's split_module does), so a piece of constants alone never
//    appears.
// Then a piece that holds only one empty-allocation node (the effect model's
// NodeEffects::emptyAllocation: `aten::empty*`, `aten::new_empty*`,
// `torch.empty*`, the `new_empty*` methods) merges into the previous non-splitting piece when
// all its inputs are placeholders or defined in that piece or earlier; never
// into a splitting piece, and a splitting piece never merges.
// Pieces keep the original order (mutations such as KV-cache writes stay in
// order); ids that end up empty never appear; pieces are sorted by id. The
// plan comes with its piece hashes computed (PartitionPlan::computeHashes).
//
// Matching (ir/Target.h): a packet pattern (`aten::add`) matches every
// overload, an overload pattern (`aten::add.Tensor`) only itself; the dotted
// spelling `vllm.unified_attention` is a synonym of `vllm::unified_attention`;
// call_method nodes never match; a Python callable called by a call_function
// node (Dynamo-level graphs: `torch._C._nn.scaled_dot_product_attention`)
// matches its qualified name, spelled exactly. As an extension for
// functionalized (AOT) graphs, a `higher_order::auto_functionalized` or
// `auto_functionalized_v2` node also matches when the op it wraps (its first
// argument) does.
//
// The partitioner does not rewrite the graph. `x.size()` values crossing a
// boundary are the job of the decompose-size pass, run before it by the split
// driver; verifyFlatBoundaries() (FlatBoundaries.h) reports any that remain.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/partition/PartitionPlan.h"
#include "piecewise/schema/OpRegistry.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace piecewise {

struct SplittingOpOptions {
  /// Op patterns to split at: `aten::add`, `aten::add.Tensor`, `vllm.unified_attention`,
  /// `torch.ops.vllm.unified_attention.default`. Empty: one piece holds everything.
  std::vector<std::string> splittingOps;
  /// Merge pieces holding only an empty allocation into the previous compiled piece.
  bool mergeEmptyOnlyPieces = true;
  /// Let `auto_functionalized(op, ...)` match when `op` does.
  bool matchFunctionalizedOps = true;
  /// The schemas the getitem move consults (a getitem stays after an op that
  /// may write what it indexes); null: every op without one is opaque.
  const OpRegistry* registry = nullptr;
  /// Compute the pieces' structural hashes (off when the meta they read is
  /// not loaded yet: the caller computes them later).
  bool computeHashes = true;
};

/// Matches nodes against a list of splitting-op patterns, canonicalized once.
class SplittingOpMatcher {
public:
  SplittingOpMatcher(const std::vector<std::string>& patterns, bool matchFunctionalizedOps = true);
  /// The pattern (as the user wrote it) that `node` matches, or nullopt.
  std::optional<std::string_view> match(const Node& node) const;
  bool empty() const { return patterns_.empty(); }

private:
  std::optional<std::string_view> matchTarget(std::string_view target) const;
  std::vector<std::string> patterns_;  ///< canonical
  std::vector<std::string> spellings_; ///< as written
  bool matchFunctionalized_;
};

/// What the patterns of unmatchedSplittingOps are, as its notes name them.
enum class OpPatternKind : uint8_t {
  Splitting, ///< "splitting op" (`split`, piecewise capture)
  Break,     ///< "break op" (breakable capture around them)
};

/// One message per splitting-op pattern that matches no node of `graph`, when
/// the graph has any call (a typo must not look like success): "splitting op
/// 'P' matches no node of the graph; similar ops it has: a, b" (up to five,
/// closest first: a shared word of five letters or more, or a small edit
/// distance between the op names), or "...; it has no similar op"; "break op
/// 'P' ..." for OpPatternKind::Break. Empty when every pattern matches or the
/// graph has no call. The one wording of this note: the CLI and the Python
/// package (`_core.unmatched_splitting_ops`) print these messages.
std::vector<std::string> unmatchedSplittingOps(const Graph& graph,
                                               const SplittingOpOptions& options,
                                               OpPatternKind kind = OpPatternKind::Splitting);

/// Partitions `graph` at its splitting ops and finalizes the plan. Fails (with
/// diagnostics) only on a malformed graph (a getitem before its producer).
FailureOr<PartitionPlan> partitionAtSplittingOps(const Graph& graph,
                                                 const SplittingOpOptions& options,
                                                 DiagnosticEngine& diag);

} // namespace piecewise
