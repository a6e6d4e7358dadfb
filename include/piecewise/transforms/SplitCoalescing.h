//===- SplitCoalescing.h - Slice partitions and duplicate splits -*- C++ -*-===//
//
// Pass `split-coalescing`: makes tensor splits canonical so that fusion
// matchers (QK-norm + RoPE, RoPE + KV-cache) see one `split_with_sizes` with
// all its getitems. Two phases, in this order.
//
// 1. Slice partitions -> one split. From
//      q = aten.slice.Tensor(qkv, -1, 0, 64)
//      k = aten.slice.Tensor(qkv, -1, 64, 96)
//      v = aten.slice.Tensor(qkv, -1, 96, 9223372036854775807)
//    to
//      split_with_sizes = aten.split_with_sizes.default(qkv, [64, 32, 32], -1)
//      getitem = split_with_sizes[0]; getitem_1 = ...[1]; getitem_2 = ...[2]
//    A slice is a candidate when its arguments (by position, keyword or schema
//    default) give: a source and result with tensor meta; a dim in range; a
//    concrete extent on that dim; concrete non-negative start/end (None is
//    0/extent, an end past the extent is clamped); step 1; start < end; and a
//    result with the source's rank, dtype, device and sizes except `end - start`
//    on that dim. Candidates of one (source, normalized dim) that, sorted by
//    start, tile the whole extent exactly (at least two of them) become one
//    split inserted before the earliest slice (dim -1 when it is the last dim),
//    each slice turned in place into a getitem of it (same position, meta and
//    users; named `getitem_N` in graph order); the split's meta is the list of
//    its outputs. Nested partitions (a partition of one piece of another) both
//    become splits, the inner split reading the outer split's getitem: as the
//    outer slice is the same node before and after, the order of rewriting
//    does not matter.
//
// 2. Equivalent splits -> one. `split_with_sizes` nodes whose users are all
//    `getitem(split, int)`, with the same source, the same normalized dim (-1 and
//    1 agree on a rank-2 tensor) and the same sizes are merged into the earliest;
//    then the getitems of each such split that read the same index are merged
//    into the earliest of them.
//
// Never touches: a slice group with a gap, an overlap, a duplicate, a missing
// prefix or suffix, a single full-range slice (noop-elimination's job), a
// non-unit step, negative or symbolic bounds, a symbolic extent, or missing
// meta; a split with any user that is not an integer getitem; splits on
// different dims; any other op.
//
// Statistics: "slice partitions canonicalized", "splits coalesced",
// "duplicate getitems merged".
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/pass/Pass.h"

namespace piecewise {

class SplitCoalescingPass : public Pass {
public:
  static constexpr std::string_view kName = "split-coalescing";
  std::string_view name() const override { return kName; }
  std::string_view description() const override {
    return "slice partitions -> one split_with_sizes; equivalent splits merged";
  }
  FailureOr<bool> run(Graph& graph, PassContext& ctx) override;
};

} // namespace piecewise
