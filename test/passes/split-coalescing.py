# split-coalescing: slice partitions -> one split_with_sizes, equivalent splits
# -> one. Each part below (split-file) is one graph with a comment saying what it
# shows; its checks are the whole printed result. --check-no-change makes every
# rejected case prove that it printed byte-for-byte what it read.
# RUN: rm -rf %t && split-file %s %t
# RUN: %piecewise opt %t/qkv-slices.py --passes=split-coalescing --check-no-change | FileCheck %s --check-prefix=QKV-SLICES
# RUN: %piecewise opt %t/qkv-slices.py --passes=split-coalescing --stats -o %t/qkv-slices.py.out 2>&1 | FileCheck %s --check-prefix=QKV-SLICES-STATS
# RUN: %piecewise opt %t/two-slices-2x8.py --passes=split-coalescing --check-no-change | FileCheck %s --check-prefix=TWO-SLICES-2X8
# RUN: %piecewise opt %t/clamped-end.py --passes=split-coalescing --check-no-change | FileCheck %s --check-prefix=CLAMPED-END
# RUN: %piecewise opt %t/keyword-args.py --passes=split-coalescing --check-no-change | FileCheck %s --check-prefix=KEYWORD-ARGS
# RUN: %piecewise opt %t/nested.py --passes=split-coalescing --check-no-change | FileCheck %s --check-prefix=NESTED
# RUN: %piecewise opt %t/reject-gap.py --passes=split-coalescing --check-no-change | FileCheck %s --check-prefix=REJECT-GAP
# RUN: %piecewise opt %t/reject-gap.py --passes=split-coalescing --stats -o %t/reject-gap.py.out 2>&1 | FileCheck %s --check-prefix=REJECT-GAP-STATS
# RUN: %piecewise opt %t/reject-overlap.py --passes=split-coalescing --check-no-change | FileCheck %s --check-prefix=REJECT-OVERLAP
# RUN: %piecewise opt %t/reject-duplicate.py --passes=split-coalescing --check-no-change | FileCheck %s --check-prefix=REJECT-DUPLICATE
# RUN: %piecewise opt %t/reject-missing-prefix.py --passes=split-coalescing --check-no-change | FileCheck %s --check-prefix=REJECT-MISSING-PREFIX
# RUN: %piecewise opt %t/reject-missing-suffix.py --passes=split-coalescing --check-no-change | FileCheck %s --check-prefix=REJECT-MISSING-SUFFIX
# RUN: %piecewise opt %t/reject-single-full-range.py --passes=split-coalescing --check-no-change | FileCheck %s --check-prefix=REJECT-SINGLE-FULL-RANGE
# RUN: %piecewise opt %t/reject-step.py --passes=split-coalescing --check-no-change | FileCheck %s --check-prefix=REJECT-STEP
# RUN: %piecewise opt %t/reject-negative-bounds.py --passes=split-coalescing --check-no-change | FileCheck %s --check-prefix=REJECT-NEGATIVE-BOUNDS
# RUN: %piecewise opt %t/reject-symbolic-bounds.py --passes=split-coalescing --check-no-change | FileCheck %s --check-prefix=REJECT-SYMBOLIC-BOUNDS
# RUN: %piecewise opt %t/reject-symbolic-extent.py --passes=split-coalescing --check-no-change | FileCheck %s --check-prefix=REJECT-SYMBOLIC-EXTENT
# RUN: %piecewise opt %t/reject-missing-meta.py --passes=split-coalescing --check-no-change | FileCheck %s --check-prefix=REJECT-MISSING-META
# RUN: %piecewise opt %t/reject-missing-source-meta.py --passes=split-coalescing --check-no-change | FileCheck %s --check-prefix=REJECT-MISSING-SOURCE-META
# RUN: %piecewise opt %t/different-dims.py --passes=split-coalescing --check-no-change | FileCheck %s --check-prefix=DIFFERENT-DIMS
# RUN: %piecewise opt %t/duplicate-splits.py --passes=split-coalescing --check-no-change | FileCheck %s --check-prefix=DUPLICATE-SPLITS
# RUN: %piecewise opt %t/duplicate-splits.py --passes=split-coalescing --stats -o %t/duplicate-splits.py.out 2>&1 | FileCheck %s --check-prefix=DUPLICATE-SPLITS-STATS
# RUN: %piecewise opt %t/non-getitem-user.py --passes=split-coalescing --check-no-change | FileCheck %s --check-prefix=NON-GETITEM-USER
# RUN: %piecewise opt %t/negative-and-positive-dim.py --passes=split-coalescing --check-no-change | FileCheck %s --check-prefix=NEGATIVE-AND-POSITIVE-DIM
# RUN: %piecewise opt %t/slices-then-existing-split.py --passes=split-coalescing --check-no-change | FileCheck %s --check-prefix=SLICES-THEN-EXISTING-SPLIT
# RUN: %piecewise opt %t/slices-out-of-order.py --passes=split-coalescing --check-no-change | FileCheck %s --check-prefix=SLICES-OUT-OF-ORDER
# RUN: %piecewise opt %t/reject-result-meta-disagrees.py --passes=split-coalescing --check-no-change | FileCheck %s --check-prefix=REJECT-RESULT-META-DISAGREES
# RUN: %piecewise opt %t/negative-dim-without-rank.py --passes=split-coalescing --check-no-change | FileCheck %s --check-prefix=NEGATIVE-DIM-WITHOUT-RANK
# RUN: %piecewise opt %t/three-levels-interleaved.py --passes=split-coalescing --check-no-change | FileCheck %s --check-prefix=THREE-LEVELS-INTERLEAVED
# RUN: %piecewise opt %t/three-levels-interleaved.py --passes=split-coalescing --stats -o %t/three-levels-interleaved.py.out 2>&1 | FileCheck %s --check-prefix=THREE-LEVELS-INTERLEAVED-STATS
# RUN: %piecewise opt %t/second-run-changes-nothing.py --passes=split-coalescing --check-no-change | FileCheck %s --check-prefix=SECOND-RUN-CHANGES-NOTHING
# RUN: %piecewise opt %t/second-run-changes-nothing.py --passes=split-coalescing | %piecewise opt - --passes=split-coalescing --check-no-change --stats -o %t/second-run-changes-nothing.py.out 2>&1 | FileCheck %s --check-prefix=SECOND-RUN-CHANGES-NOTHING-STATS

#--- qkv-slices.py
# The q/k/v three-slice partition of a fused qkv projection on dim -1, with a
# dynamic batch dim: one split_with_sizes on dim -1, the slices' meta on the
# getitems, the end 9223372036854775807 clamped to the extent.
# QKV-SLICES-LABEL: def forward(self, qkv: "f32[s0, 192][192, 1]cuda:0", s0: "Sym(s0)"):
# QKV-SLICES-NEXT:  split_with_sizes = torch.ops.aten.split_with_sizes.default(qkv, [64, 64, 64], -1);  qkv = None
# QKV-SLICES-NEXT:  getitem: "f32[s0, 64][192, 1]cuda:0" = split_with_sizes[0]
# QKV-SLICES-NEXT:  getitem_1: "f32[s0, 64][192, 1]cuda:0" = split_with_sizes[1]
# QKV-SLICES-NEXT:  getitem_2: "f32[s0, 64][192, 1]cuda:0" = split_with_sizes[2];  split_with_sizes = None
# QKV-SLICES-NEXT:  mul: "f32[s0, 64][64, 1]cuda:0" = torch.ops.aten.mul.Tensor(getitem, getitem_1);  getitem = getitem_1 = None
# QKV-SLICES-NEXT:  add: "f32[s0, 64][64, 1]cuda:0" = torch.ops.aten.add.Tensor(mul, getitem_2);  mul = getitem_2 = None
# QKV-SLICES-NEXT:  return (add,)
# QKV-SLICES-STATS: split-coalescing: 1 slice partitions canonicalized
class GraphModule(torch.nn.Module):
    def forward(self, qkv: "f32[s0, 192][192, 1]cuda:0", s0: "Sym(s0)"):
        q: "f32[s0, 64][192, 1]cuda:0" = torch.ops.aten.slice.Tensor(qkv, -1, 0, 64)
        k: "f32[s0, 64][192, 1]cuda:0" = torch.ops.aten.slice.Tensor(qkv, -1, 64, 128)
        v: "f32[s0, 64][192, 1]cuda:0" = torch.ops.aten.slice.Tensor(qkv, -1, 128, 9223372036854775807);  qkv = None
        mul: "f32[s0, 64][64, 1]cuda:0" = torch.ops.aten.mul.Tensor(q, k);  q = k = None
        add: "f32[s0, 64][64, 1]cuda:0" = torch.ops.aten.add.Tensor(mul, v);  mul = v = None
        return (add,)
#--- two-slices-2x8.py
# Two-slice partitions of a (2, 8) tensor: on the last dim (written -1) and on
# dim 0 (kept as 0).
# TWO-SLICES-2X8-LABEL: def forward(self, x: "f32[2, 8][8, 1]cpu"):
# TWO-SLICES-2X8-NEXT:  split_with_sizes = torch.ops.aten.split_with_sizes.default(x, [3, 5], -1)
# TWO-SLICES-2X8-NEXT:  getitem: "f32[2, 3][8, 1]cpu" = split_with_sizes[0]
# TWO-SLICES-2X8-NEXT:  getitem_1: "f32[2, 5][8, 1]cpu" = split_with_sizes[1];  split_with_sizes = None
# TWO-SLICES-2X8-NEXT:  split_with_sizes_1 = torch.ops.aten.split_with_sizes.default(x, [1, 1], 0);  x = None
# TWO-SLICES-2X8-NEXT:  getitem_2: "f32[1, 8][8, 1]cpu" = split_with_sizes_1[0]
# TWO-SLICES-2X8-NEXT:  getitem_3: "f32[1, 8][8, 1]cpu" = split_with_sizes_1[1];  split_with_sizes_1 = None
# TWO-SLICES-2X8-NEXT:  return (getitem, getitem_1, getitem_2, getitem_3)
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[2, 8][8, 1]cpu"):
        a: "f32[2, 3][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, 0, 3)
        b: "f32[2, 5][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, 3, 8)
        c: "f32[1, 8][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 0, 0, 1)
        d: "f32[1, 8][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 0, 1, 2);  x = None
        return (a, b, c, d)
#--- clamped-end.py
# An end past the extent (100 on a dim of 10) is clamped: [0:7] and [7:100]
# tile the dim.
# CLAMPED-END-LABEL: def forward(self, x: "f32[4, 10][10, 1]cpu"):
# CLAMPED-END-NEXT:  split_with_sizes = torch.ops.aten.split_with_sizes.default(x, [7, 3], -1);  x = None
# CLAMPED-END-NEXT:  getitem: "f32[4, 7][10, 1]cpu" = split_with_sizes[0]
# CLAMPED-END-NEXT:  getitem_1: "f32[4, 3][10, 1]cpu" = split_with_sizes[1];  split_with_sizes = None
# CLAMPED-END-NEXT:  return (getitem, getitem_1)
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4, 10][10, 1]cpu"):
        a: "f32[4, 7][10, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, 0, 7)
        b: "f32[4, 3][10, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, 7, 100);  x = None
        return (a, b)
#--- keyword-args.py
# Slices written with keywords and defaults (dim=0, start=None, end=None read
# from the schema) are read the same as positional ones; the slices come in
# reverse order and the split goes before the earliest.
# KEYWORD-ARGS-LABEL: def forward(self, x: "f32[6, 4][4, 1]cpu"):
# KEYWORD-ARGS-NEXT:  split_with_sizes = torch.ops.aten.split_with_sizes.default(x, [2, 4], 0);  x = None
# KEYWORD-ARGS-NEXT:  getitem: "f32[4, 4][4, 1]cpu" = split_with_sizes[1]
# KEYWORD-ARGS-NEXT:  relu: "f32[4, 4][4, 1]cpu" = torch.ops.aten.relu.default(getitem);  getitem = None
# KEYWORD-ARGS-NEXT:  getitem_1: "f32[2, 4][4, 1]cpu" = split_with_sizes[0];  split_with_sizes = None
# KEYWORD-ARGS-NEXT:  return (relu, getitem_1)
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[6, 4][4, 1]cpu"):
        b: "f32[4, 4][4, 1]cpu" = torch.ops.aten.slice.Tensor(x, start = 2)
        relu: "f32[4, 4][4, 1]cpu" = torch.ops.aten.relu.default(b);  b = None
        a: "f32[2, 4][4, 1]cpu" = torch.ops.aten.slice.Tensor(x, dim = 0, start = None, end = 2, step = 1);  x = None
        return (relu, a)
#--- nested.py
# Nested partitions: [0:8] of x is itself cut into [0:2] and [2:8]. Both become
# splits, inner first, and the inner split reads the outer split's getitem.
# NESTED-LABEL: def forward(self, x: "f32[4, 12][12, 1]cpu"):
# NESTED-NEXT:  split_with_sizes = torch.ops.aten.split_with_sizes.default(x, [8, 4], -1);  x = None
# NESTED-NEXT:  getitem: "f32[4, 8][12, 1]cpu" = split_with_sizes[0]
# NESTED-NEXT:  getitem_1: "f32[4, 4][12, 1]cpu" = split_with_sizes[1];  split_with_sizes = None
# NESTED-NEXT:  split_with_sizes_1 = torch.ops.aten.split_with_sizes.default(getitem, [2, 6], -1);  getitem = None
# NESTED-NEXT:  getitem_2: "f32[4, 2][12, 1]cpu" = split_with_sizes_1[0]
# NESTED-NEXT:  getitem_3: "f32[4, 6][12, 1]cpu" = split_with_sizes_1[1];  split_with_sizes_1 = None
# NESTED-NEXT:  return (getitem_1, getitem_2, getitem_3)
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4, 12][12, 1]cpu"):
        a: "f32[4, 8][12, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, 0, 8)
        b: "f32[4, 4][12, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, 8, 12);  x = None
        a0: "f32[4, 2][12, 1]cpu" = torch.ops.aten.slice.Tensor(a, 1, 0, 2)
        a1: "f32[4, 6][12, 1]cpu" = torch.ops.aten.slice.Tensor(a, 1, 2, 8);  a = None
        return (b, a0, a1)
#--- reject-gap.py
# Rejected: [0:3] and [4:8] leave a gap at 3.
# REJECT-GAP-LABEL: def forward(self, x: "f32[4, 8][8, 1]cpu"):
# REJECT-GAP-NEXT:  a: "f32[4, 3][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, 0, 3)
# REJECT-GAP-NEXT:  b: "f32[4, 4][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, 4, 8);  x = None
# REJECT-GAP-NEXT:  return (a, b)
# REJECT-GAP-STATS: split-coalescing: no changes
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4, 8][8, 1]cpu"):
        a: "f32[4, 3][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, 0, 3)
        b: "f32[4, 4][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, 4, 8);  x = None
        return (a, b)
#--- reject-overlap.py
# Rejected: [0:5] and [4:8] overlap.
# REJECT-OVERLAP-LABEL: def forward(self, x: "f32[4, 8][8, 1]cpu"):
# REJECT-OVERLAP-NEXT:  a: "f32[4, 5][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, 0, 5)
# REJECT-OVERLAP-NEXT:  b: "f32[4, 4][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, 4, 8);  x = None
# REJECT-OVERLAP-NEXT:  return (a, b)
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4, 8][8, 1]cpu"):
        a: "f32[4, 5][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, 0, 5)
        b: "f32[4, 4][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, 4, 8);  x = None
        return (a, b)
#--- reject-duplicate.py
# Rejected: [0:4] twice (a duplicate) with [4:8].
# REJECT-DUPLICATE-LABEL: def forward(self, x: "f32[4, 8][8, 1]cpu"):
# REJECT-DUPLICATE-NEXT:  a: "f32[4, 4][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, 0, 4)
# REJECT-DUPLICATE-NEXT:  a2: "f32[4, 4][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, 0, 4)
# REJECT-DUPLICATE-NEXT:  b: "f32[4, 4][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, 4, 8);  x = None
# REJECT-DUPLICATE-NEXT:  return (a, a2, b)
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4, 8][8, 1]cpu"):
        a: "f32[4, 4][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, 0, 4)
        a2: "f32[4, 4][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, 0, 4)
        b: "f32[4, 4][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, 4, 8);  x = None
        return (a, a2, b)
#--- reject-missing-prefix.py
# Rejected: [2:4] and [4:8] do not start at 0.
# REJECT-MISSING-PREFIX-LABEL: def forward(self, x: "f32[4, 8][8, 1]cpu"):
# REJECT-MISSING-PREFIX-NEXT:  a: "f32[4, 2][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, 2, 4)
# REJECT-MISSING-PREFIX-NEXT:  b: "f32[4, 4][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, 4, 8);  x = None
# REJECT-MISSING-PREFIX-NEXT:  return (a, b)
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4, 8][8, 1]cpu"):
        a: "f32[4, 2][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, 2, 4)
        b: "f32[4, 4][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, 4, 8);  x = None
        return (a, b)
#--- reject-missing-suffix.py
# Rejected: [0:4] and [4:6] stop short of the extent 8.
# REJECT-MISSING-SUFFIX-LABEL: def forward(self, x: "f32[4, 8][8, 1]cpu"):
# REJECT-MISSING-SUFFIX-NEXT:  a: "f32[4, 4][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, 0, 4)
# REJECT-MISSING-SUFFIX-NEXT:  b: "f32[4, 2][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, 4, 6);  x = None
# REJECT-MISSING-SUFFIX-NEXT:  return (a, b)
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4, 8][8, 1]cpu"):
        a: "f32[4, 4][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, 0, 4)
        b: "f32[4, 2][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, 4, 6);  x = None
        return (a, b)
#--- reject-single-full-range.py
# Rejected: one slice over the whole dim is not a partition (noop-elimination
# removes it instead).
# REJECT-SINGLE-FULL-RANGE-LABEL: def forward(self, x: "f32[4, 8][8, 1]cpu"):
# REJECT-SINGLE-FULL-RANGE-NEXT:  a: "f32[4, 8][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, 0, 8);  x = None
# REJECT-SINGLE-FULL-RANGE-NEXT:  return (a,)
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4, 8][8, 1]cpu"):
        a: "f32[4, 8][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, 0, 8);  x = None
        return (a,)
#--- reject-step.py
# Rejected: a step of 2.
# REJECT-STEP-LABEL: def forward(self, x: "f32[4, 8][8, 1]cpu"):
# REJECT-STEP-NEXT:  a: "f32[4, 2][8, 2]cpu" = torch.ops.aten.slice.Tensor(x, 1, 0, 4, 2)
# REJECT-STEP-NEXT:  b: "f32[4, 4][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, 4, 8);  x = None
# REJECT-STEP-NEXT:  return (a, b)
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4, 8][8, 1]cpu"):
        a: "f32[4, 2][8, 2]cpu" = torch.ops.aten.slice.Tensor(x, 1, 0, 4, 2)
        b: "f32[4, 4][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, 4, 8);  x = None
        return (a, b)
#--- reject-negative-bounds.py
# Rejected: negative bounds (0:-4 and -4:8 would tile, but negative indices are
# not read).
# REJECT-NEGATIVE-BOUNDS-LABEL: def forward(self, x: "f32[4, 8][8, 1]cpu"):
# REJECT-NEGATIVE-BOUNDS-NEXT:  a: "f32[4, 4][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, 0, -4)
# REJECT-NEGATIVE-BOUNDS-NEXT:  b: "f32[4, 4][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, -4, 8);  x = None
# REJECT-NEGATIVE-BOUNDS-NEXT:  return (a, b)
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4, 8][8, 1]cpu"):
        a: "f32[4, 4][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, 0, -4)
        b: "f32[4, 4][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, -4, 8);  x = None
        return (a, b)
#--- reject-symbolic-bounds.py
# Rejected: a bound that is a SymInt (s0).
# REJECT-SYMBOLIC-BOUNDS-LABEL: def forward(self, x: "f32[4, 8][8, 1]cpu", s0: "Sym(s0)"):
# REJECT-SYMBOLIC-BOUNDS-NEXT:  a: "f32[4, s0][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, 0, s0)
# REJECT-SYMBOLIC-BOUNDS-NEXT:  b: "f32[4, 8 - s0][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, s0, 8);  x = s0 = None
# REJECT-SYMBOLIC-BOUNDS-NEXT:  return (a, b)
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4, 8][8, 1]cpu", s0: "Sym(s0)"):
        a: "f32[4, s0][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, 0, s0)
        b: "f32[4, 8 - s0][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, s0, 8);  x = s0 = None
        return (a, b)
#--- reject-symbolic-extent.py
# Rejected: the sliced dim has a symbolic extent (s0).
# REJECT-SYMBOLIC-EXTENT-LABEL: def forward(self, x: "f32[s0, 8][8, 1]cpu", s0: "Sym(s0)"):
# REJECT-SYMBOLIC-EXTENT-NEXT:  a: "f32[2, 8][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 0, 0, 2)
# REJECT-SYMBOLIC-EXTENT-NEXT:  b: "f32[s0 - 2, 8][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 0, 2, 9223372036854775807);  x = None
# REJECT-SYMBOLIC-EXTENT-NEXT:  return (a, b)
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[s0, 8][8, 1]cpu", s0: "Sym(s0)"):
        a: "f32[2, 8][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 0, 0, 2)
        b: "f32[s0 - 2, 8][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 0, 2, 9223372036854775807);  x = None
        return (a, b)
#--- reject-missing-meta.py
# Rejected: one slice carries no meta, so its shape cannot be checked.
# REJECT-MISSING-META-LABEL: def forward(self, x: "f32[4, 8][8, 1]cpu"):
# REJECT-MISSING-META-NEXT:  a: "f32[4, 4][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, 0, 4)
# REJECT-MISSING-META-NEXT:  b = torch.ops.aten.slice.Tensor(x, 1, 4, 8);  x = None
# REJECT-MISSING-META-NEXT:  return (a, b)
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4, 8][8, 1]cpu"):
        a: "f32[4, 4][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, 0, 4)
        b = torch.ops.aten.slice.Tensor(x, 1, 4, 8);  x = None
        return (a, b)
#--- reject-missing-source-meta.py
# Rejected: the source carries no meta (no extent to tile).
# REJECT-MISSING-SOURCE-META-LABEL: def forward(self, x):
# REJECT-MISSING-SOURCE-META-NEXT:  a: "f32[4, 4][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, 0, 4)
# REJECT-MISSING-SOURCE-META-NEXT:  b: "f32[4, 4][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, 4, 8);  x = None
# REJECT-MISSING-SOURCE-META-NEXT:  return (a, b)
class GraphModule(torch.nn.Module):
    def forward(self, x):
        a: "f32[4, 4][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, 0, 4)
        b: "f32[4, 4][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, 4, 8);  x = None
        return (a, b)
#--- different-dims.py
# Same sizes on two different dims never merge: both splits stay.
# DIFFERENT-DIMS-LABEL: def forward(self, x: "f32[8, 8][8, 1]cpu"):
# DIFFERENT-DIMS-NEXT:  s1 = torch.ops.aten.split_with_sizes.default(x, [4, 4], 0)
# DIFFERENT-DIMS-NEXT:  a: "f32[4, 8][8, 1]cpu" = s1[0]
# DIFFERENT-DIMS-NEXT:  b: "f32[4, 8][8, 1]cpu" = s1[1];  s1 = None
# DIFFERENT-DIMS-NEXT:  s2 = torch.ops.aten.split_with_sizes.default(x, [4, 4], 1);  x = None
# DIFFERENT-DIMS-NEXT:  c: "f32[8, 4][8, 1]cpu" = s2[0]
# DIFFERENT-DIMS-NEXT:  d: "f32[8, 4][8, 1]cpu" = s2[1];  s2 = None
# DIFFERENT-DIMS-NEXT:  return (a, b, c, d)
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[8, 8][8, 1]cpu"):
        s1 = torch.ops.aten.split_with_sizes.default(x, [4, 4], 0)
        a: "f32[4, 8][8, 1]cpu" = s1[0]
        b: "f32[4, 8][8, 1]cpu" = s1[1];  s1 = None
        s2 = torch.ops.aten.split_with_sizes.default(x, [4, 4], 1)
        c: "f32[8, 4][8, 1]cpu" = s2[0]
        d: "f32[8, 4][8, 1]cpu" = s2[1];  s2 = None
        return (a, b, c, d)
#--- duplicate-splits.py
# Three identical splits, one feeding each of q, k and v (what Inductor's CSE
# leaves behind): merged into the first; the second read of index 0 (q2)
# becomes the first one's getitem.
# DUPLICATE-SPLITS-LABEL: def forward(self, qkv: "f32[s0, 24][24, 1]cuda:0", s0: "Sym(s0)"):
# DUPLICATE-SPLITS-NEXT:  split = torch.ops.aten.split_with_sizes.default(qkv, [8, 8, 8], -1);  qkv = None
# DUPLICATE-SPLITS-NEXT:  q: "f32[s0, 8][24, 1]cuda:0" = split[0]
# DUPLICATE-SPLITS-NEXT:  k: "f32[s0, 8][24, 1]cuda:0" = split[1]
# DUPLICATE-SPLITS-NEXT:  v: "f32[s0, 8][24, 1]cuda:0" = split[2];  split = None
# DUPLICATE-SPLITS-NEXT:  mul: "f32[s0, 8][8, 1]cuda:0" = torch.ops.aten.mul.Tensor(q, k);  k = None
# DUPLICATE-SPLITS-NEXT:  add: "f32[s0, 8][8, 1]cuda:0" = torch.ops.aten.add.Tensor(mul, v);  mul = v = None
# DUPLICATE-SPLITS-NEXT:  sub: "f32[s0, 8][8, 1]cuda:0" = torch.ops.aten.sub.Tensor(add, q);  add = q = None
# DUPLICATE-SPLITS-NEXT:  return (sub,)
# DUPLICATE-SPLITS-STATS: split-coalescing: 2 splits coalesced, 1 duplicate getitems merged
class GraphModule(torch.nn.Module):
    def forward(self, qkv: "f32[s0, 24][24, 1]cuda:0", s0: "Sym(s0)"):
        split = torch.ops.aten.split_with_sizes.default(qkv, [8, 8, 8], -1)
        q: "f32[s0, 8][24, 1]cuda:0" = split[0];  split = None
        split_1 = torch.ops.aten.split_with_sizes.default(qkv, [8, 8, 8], -1)
        k: "f32[s0, 8][24, 1]cuda:0" = split_1[1];  split_1 = None
        split_2 = torch.ops.aten.split_with_sizes.default(qkv, [8, 8, 8], -1);  qkv = None
        v: "f32[s0, 8][24, 1]cuda:0" = split_2[2]
        q2: "f32[s0, 8][24, 1]cuda:0" = split_2[0];  split_2 = None
        mul: "f32[s0, 8][8, 1]cuda:0" = torch.ops.aten.mul.Tensor(q, k);  q = k = None
        add: "f32[s0, 8][8, 1]cuda:0" = torch.ops.aten.add.Tensor(mul, v);  mul = v = None
        sub: "f32[s0, 8][8, 1]cuda:0" = torch.ops.aten.sub.Tensor(add, q2);  add = q2 = None
        return (sub,)
#--- non-getitem-user.py
# A split with a user that is not a getitem (the split itself is returned) is
# left alone, and so is its twin (nothing to merge it into).
# NON-GETITEM-USER-LABEL: def forward(self, x: "f32[4, 8][8, 1]cpu"):
# NON-GETITEM-USER-NEXT:  s1 = torch.ops.aten.split_with_sizes.default(x, [4, 4], 1)
# NON-GETITEM-USER-NEXT:  a: "f32[4, 4][8, 1]cpu" = s1[0];  s1 = None
# NON-GETITEM-USER-NEXT:  s2 = torch.ops.aten.split_with_sizes.default(x, [4, 4], 1);  x = None
# NON-GETITEM-USER-NEXT:  b: "f32[4, 4][8, 1]cpu" = s2[1]
# NON-GETITEM-USER-NEXT:  return (a, b, s2)
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4, 8][8, 1]cpu"):
        s1 = torch.ops.aten.split_with_sizes.default(x, [4, 4], 1)
        a: "f32[4, 4][8, 1]cpu" = s1[0];  s1 = None
        s2 = torch.ops.aten.split_with_sizes.default(x, [4, 4], 1);  x = None
        b: "f32[4, 4][8, 1]cpu" = s2[1]
        return (a, b, s2)
#--- negative-and-positive-dim.py
# dim -1 and dim 1 on a rank-2 tensor are the same dim: the splits merge.
# NEGATIVE-AND-POSITIVE-DIM-LABEL: def forward(self, x: "f32[4, 8][8, 1]cpu"):
# NEGATIVE-AND-POSITIVE-DIM-NEXT:  s1 = torch.ops.aten.split_with_sizes.default(x, [4, 4], -1);  x = None
# NEGATIVE-AND-POSITIVE-DIM-NEXT:  a: "f32[4, 4][8, 1]cpu" = s1[0]
# NEGATIVE-AND-POSITIVE-DIM-NEXT:  b: "f32[4, 4][8, 1]cpu" = s1[1];  s1 = None
# NEGATIVE-AND-POSITIVE-DIM-NEXT:  return (a, b)
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4, 8][8, 1]cpu"):
        s1 = torch.ops.aten.split_with_sizes.default(x, [4, 4], -1)
        a: "f32[4, 4][8, 1]cpu" = s1[0];  s1 = None
        s2 = torch.ops.aten.split_with_sizes.default(x, [4, 4], 1);  x = None
        b: "f32[4, 4][8, 1]cpu" = s2[1];  s2 = None
        return (a, b)
#--- slices-then-existing-split.py
# Both phases: the slices become a split equal to an earlier one, which the
# second phase then merges into it.
# SLICES-THEN-EXISTING-SPLIT-LABEL: def forward(self, x: "f32[4, 8][8, 1]cpu"):
# SLICES-THEN-EXISTING-SPLIT-NEXT:  s1 = torch.ops.aten.split_with_sizes.default(x, [4, 4], 1);  x = None
# SLICES-THEN-EXISTING-SPLIT-NEXT:  a: "f32[4, 4][8, 1]cpu" = s1[0]
# SLICES-THEN-EXISTING-SPLIT-NEXT:  getitem_1: "f32[4, 4][8, 1]cpu" = s1[1];  s1 = None
# SLICES-THEN-EXISTING-SPLIT-NEXT:  add: "f32[4, 4][8, 1]cpu" = torch.ops.aten.add.Tensor(a, a);  a = None
# SLICES-THEN-EXISTING-SPLIT-NEXT:  mul: "f32[4, 4][8, 1]cpu" = torch.ops.aten.mul.Tensor(add, getitem_1);  add = getitem_1 = None
# SLICES-THEN-EXISTING-SPLIT-NEXT:  return (mul,)
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4, 8][8, 1]cpu"):
        s1 = torch.ops.aten.split_with_sizes.default(x, [4, 4], 1)
        a: "f32[4, 4][8, 1]cpu" = s1[0];  s1 = None
        c: "f32[4, 4][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, 0, 4)
        d: "f32[4, 4][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, 4, 8);  x = None
        add: "f32[4, 4][8, 1]cpu" = torch.ops.aten.add.Tensor(a, c);  a = c = None
        mul: "f32[4, 4][8, 1]cpu" = torch.ops.aten.mul.Tensor(add, d);  add = d = None
        return (mul,)
#--- slices-out-of-order.py
# The slices come out of order (hi before lo): the split goes right after the
# source, before the earliest slice; each getitem stands where its slice stood
# with the index of its range ([0:4] -> 0, [4:8] -> 1).
# SLICES-OUT-OF-ORDER-LABEL: def forward(self, x: "f32[4, 8][8, 1]cpu"):
# SLICES-OUT-OF-ORDER-NEXT:  split_with_sizes = torch.ops.aten.split_with_sizes.default(x, [4, 4], -1);  x = None
# SLICES-OUT-OF-ORDER-NEXT:  getitem: "f32[4, 4][8, 1]cpu" = split_with_sizes[1]
# SLICES-OUT-OF-ORDER-NEXT:  r: "f32[4, 4][4, 1]cpu" = torch.ops.aten.relu.default(getitem);  getitem = None
# SLICES-OUT-OF-ORDER-NEXT:  getitem_1: "f32[4, 4][8, 1]cpu" = split_with_sizes[0];  split_with_sizes = None
# SLICES-OUT-OF-ORDER-NEXT:  return (r, getitem_1)
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4, 8][8, 1]cpu"):
        hi: "f32[4, 4][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, 4, 8)
        r: "f32[4, 4][4, 1]cpu" = torch.ops.aten.relu.default(hi);  hi = None
        lo: "f32[4, 4][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, 0, 4);  x = None
        return (r, lo)
#--- reject-result-meta-disagrees.py
# Rejected: one slice's meta disagrees with its source (f16 from an f32 tensor).
# REJECT-RESULT-META-DISAGREES-LABEL: def forward(self, x: "f32[4, 8][8, 1]cpu"):
# REJECT-RESULT-META-DISAGREES-NEXT:  a: "f32[4, 4][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, 0, 4)
# REJECT-RESULT-META-DISAGREES-NEXT:  b: "f16[4, 4][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, 4, 8);  x = None
# REJECT-RESULT-META-DISAGREES-NEXT:  return (a, b)
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4, 8][8, 1]cpu"):
        a: "f32[4, 4][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, 0, 4)
        b: "f16[4, 4][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, 4, 8);  x = None
        return (a, b)
#--- negative-dim-without-rank.py
# Rejected: dim -1 and dim 1 cannot be compared when the source has no meta
# (no rank), so the two splits stay apart.
# NEGATIVE-DIM-WITHOUT-RANK-LABEL: def forward(self, x):
# NEGATIVE-DIM-WITHOUT-RANK-NEXT:  s1 = torch.ops.aten.split_with_sizes.default(x, [4, 4], -1)
# NEGATIVE-DIM-WITHOUT-RANK-NEXT:  a = s1[0];  s1 = None
# NEGATIVE-DIM-WITHOUT-RANK-NEXT:  s2 = torch.ops.aten.split_with_sizes.default(x, [4, 4], 1);  x = None
# NEGATIVE-DIM-WITHOUT-RANK-NEXT:  b = s2[1];  s2 = None
# NEGATIVE-DIM-WITHOUT-RANK-NEXT:  return (a, b)
class GraphModule(torch.nn.Module):
    def forward(self, x):
        s1 = torch.ops.aten.split_with_sizes.default(x, [4, 4], -1)
        a = s1[0];  s1 = None
        s2 = torch.ops.aten.split_with_sizes.default(x, [4, 4], 1);  x = None
        b = s2[1];  s2 = None
        return (a, b)
#--- three-levels-interleaved.py
# x -> [a | b], a -> [a0 | a1], a1 -> [a10 | a11], with the outer slice b
# last: three partitions, each one split, no slice left.
# THREE-LEVELS-INTERLEAVED-LABEL: def forward(self, x: "f32[2, 16][16, 1]cpu"):
# THREE-LEVELS-INTERLEAVED-NEXT:  split_with_sizes = torch.ops.aten.split_with_sizes.default(x, [12, 4], -1);  x = None
# THREE-LEVELS-INTERLEAVED-NEXT:  getitem: "f32[2, 12][16, 1]cpu" = split_with_sizes[0]
# THREE-LEVELS-INTERLEAVED-NEXT:  split_with_sizes_1 = torch.ops.aten.split_with_sizes.default(getitem, [4, 8], -1);  getitem = None
# THREE-LEVELS-INTERLEAVED-NEXT:  getitem_2: "f32[2, 4][16, 1]cpu" = split_with_sizes_1[0]
# THREE-LEVELS-INTERLEAVED-NEXT:  getitem_3: "f32[2, 8][16, 1]cpu" = split_with_sizes_1[1];  split_with_sizes_1 = None
# THREE-LEVELS-INTERLEAVED-NEXT:  split_with_sizes_2 = torch.ops.aten.split_with_sizes.default(getitem_3, [3, 5], -1);  getitem_3 = None
# THREE-LEVELS-INTERLEAVED-NEXT:  getitem_4: "f32[2, 3][16, 1]cpu" = split_with_sizes_2[0]
# THREE-LEVELS-INTERLEAVED-NEXT:  getitem_5: "f32[2, 5][16, 1]cpu" = split_with_sizes_2[1];  split_with_sizes_2 = None
# THREE-LEVELS-INTERLEAVED-NEXT:  getitem_1: "f32[2, 4][16, 1]cpu" = split_with_sizes[1];  split_with_sizes = None
# THREE-LEVELS-INTERLEAVED-NEXT:  return (getitem_2, getitem_4, getitem_5, getitem_1)
# THREE-LEVELS-INTERLEAVED-STATS: split-coalescing: 3 slice partitions canonicalized
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[2, 16][16, 1]cpu"):
        a: "f32[2, 12][16, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, 0, 12)
        a0: "f32[2, 4][16, 1]cpu" = torch.ops.aten.slice.Tensor(a, 1, 0, 4)
        a1: "f32[2, 8][16, 1]cpu" = torch.ops.aten.slice.Tensor(a, 1, 4, 12);  a = None
        a10: "f32[2, 3][16, 1]cpu" = torch.ops.aten.slice.Tensor(a1, 1, 0, 3)
        a11: "f32[2, 5][16, 1]cpu" = torch.ops.aten.slice.Tensor(a1, 1, 3, 8);  a1 = None
        b: "f32[2, 4][16, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, 12, 16);  x = None
        return (a0, a10, a11, b)
#--- second-run-changes-nothing.py
# The pass is idempotent: run again on its own output, it reports no change
# (and --check-no-change proves it printed what it read).
# SECOND-RUN-CHANGES-NOTHING-LABEL: def forward(self, qkv: "f32[s0, 192][192, 1]cpu", s0: "Sym(s0)"):
# SECOND-RUN-CHANGES-NOTHING-NEXT:  split_with_sizes = torch.ops.aten.split_with_sizes.default(qkv, [64, 64, 64], -1);  qkv = None
# SECOND-RUN-CHANGES-NOTHING-NEXT:  getitem: "f32[s0, 64][192, 1]cpu" = split_with_sizes[0]
# SECOND-RUN-CHANGES-NOTHING-NEXT:  getitem_1: "f32[s0, 64][192, 1]cpu" = split_with_sizes[1]
# SECOND-RUN-CHANGES-NOTHING-NEXT:  getitem_2: "f32[s0, 64][192, 1]cpu" = split_with_sizes[2];  split_with_sizes = None
# SECOND-RUN-CHANGES-NOTHING-NEXT:  add: "f32[s0, 64][64, 1]cpu" = torch.ops.aten.add.Tensor(getitem, getitem_1);  getitem = getitem_1 = None
# SECOND-RUN-CHANGES-NOTHING-NEXT:  mul: "f32[s0, 64][64, 1]cpu" = torch.ops.aten.mul.Tensor(add, getitem_2);  add = getitem_2 = None
# SECOND-RUN-CHANGES-NOTHING-NEXT:  return (mul,)
# SECOND-RUN-CHANGES-NOTHING-STATS: split-coalescing: no changes
class GraphModule(torch.nn.Module):
    def forward(self, qkv: "f32[s0, 192][192, 1]cpu", s0: "Sym(s0)"):
        q: "f32[s0, 64][192, 1]cpu" = torch.ops.aten.slice.Tensor(qkv, -1, 0, 64)
        k: "f32[s0, 64][192, 1]cpu" = torch.ops.aten.slice.Tensor(qkv, -1, 64, 128)
        v: "f32[s0, 64][192, 1]cpu" = torch.ops.aten.slice.Tensor(qkv, -1, 128, 9223372036854775807);  qkv = None
        add: "f32[s0, 64][64, 1]cpu" = torch.ops.aten.add.Tensor(q, k);  q = k = None
        mul: "f32[s0, 64][64, 1]cpu" = torch.ops.aten.mul.Tensor(add, v);  add = v = None
        return (mul,)
