# noop-elimination: views/reshapes to the input's own shape, full slices, full
# slice_scatters and reshape chains, when shapes are known from meta. Each part
# (split-file) is one graph with a comment saying what it shows; its checks are
# the whole printed result.
# RUN: rm -rf %t && split-file %s %t
# RUN: %piecewise opt %t/same-shape-views.py --passes=noop-elimination --check-no-change | FileCheck %s --check-prefix=SAME-SHAPE-VIEWS
# RUN: %piecewise opt %t/same-shape-views.py --passes=noop-elimination --stats -o %t/same-shape-views.py.out 2>&1 | FileCheck %s --check-prefix=SAME-SHAPE-VIEWS-STATS
# RUN: %piecewise opt %t/shape-changing-views.py --passes=noop-elimination --check-no-change | FileCheck %s --check-prefix=SHAPE-CHANGING-VIEWS
# RUN: %piecewise opt %t/full-slices.py --passes=noop-elimination --check-no-change | FileCheck %s --check-prefix=FULL-SLICES
# RUN: %piecewise opt %t/full-slices.py --passes=noop-elimination --stats -o %t/full-slices.py.out 2>&1 | FileCheck %s --check-prefix=FULL-SLICES-STATS
# RUN: %piecewise opt %t/partial-slices.py --passes=noop-elimination --check-no-change | FileCheck %s --check-prefix=PARTIAL-SLICES
# RUN: %piecewise opt %t/full-slice-scatter.py --passes=noop-elimination --check-no-change | FileCheck %s --check-prefix=FULL-SLICE-SCATTER
# RUN: %piecewise opt %t/slice-scatter-src-written.py --passes=noop-elimination --check-no-change | FileCheck %s --check-prefix=SLICE-SCATTER-SRC-WRITTEN
# RUN: %piecewise opt %t/partial-slice-scatter.py --passes=noop-elimination --check-no-change | FileCheck %s --check-prefix=PARTIAL-SLICE-SCATTER
# RUN: %piecewise opt %t/reshape-chain.py --passes=noop-elimination --check-no-change | FileCheck %s --check-prefix=RESHAPE-CHAIN
# RUN: %piecewise opt %t/chain-back-to-input-shape.py --passes=noop-elimination --check-no-change | FileCheck %s --check-prefix=CHAIN-BACK-TO-INPUT-SHAPE
# RUN: %piecewise opt %t/view-of-reshape.py --passes=noop-elimination --check-no-change | FileCheck %s --check-prefix=VIEW-OF-RESHAPE
# RUN: %piecewise opt %t/chain-inner-kept.py --passes=noop-elimination --check-no-change | FileCheck %s --check-prefix=CHAIN-INNER-KEPT
# RUN: %piecewise opt %t/unknown-meta.py --passes=noop-elimination --check-no-change | FileCheck %s --check-prefix=UNKNOWN-META

#--- same-shape-views.py
# view / reshape / _unsafe_view / Tensor.view to the input's own shape give the
# input back: every use moves to x and the nodes go.
# SAME-SHAPE-VIEWS-LABEL: def forward(self, x: "f32[s0, 8][8, 1]cpu", s0: "Sym(s0)"):
# SAME-SHAPE-VIEWS-NEXT:  relu: "f32[s0, 8][8, 1]cpu" = torch.ops.aten.relu.default(x);  x = None
# SAME-SHAPE-VIEWS-NEXT:  return (relu,)
# SAME-SHAPE-VIEWS-STATS: noop-elimination: 4 no-op views/reshapes removed
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[s0, 8][8, 1]cpu", s0: "Sym(s0)"):
        view: "f32[s0, 8][8, 1]cpu" = torch.ops.aten.view.default(x, [s0, 8]);  x = None
        reshape: "f32[s0, 8][8, 1]cpu" = torch.ops.aten.reshape.default(view, [-1, 8]);  view = None
        _unsafe_view: "f32[s0, 8][8, 1]cpu" = torch.ops.aten._unsafe_view.default(reshape, [s0, 8]);  reshape = None
        view_1: "f32[s0, 8][8, 1]cpu" = _unsafe_view.view(s0, 8);  _unsafe_view = s0 = None
        relu: "f32[s0, 8][8, 1]cpu" = torch.ops.aten.relu.default(view_1);  view_1 = None
        return (relu,)
#--- shape-changing-views.py
# Views that change the shape or the dtype are not no-ops: nothing changes.
# SHAPE-CHANGING-VIEWS-LABEL: def forward(self, x: "f32[4, 8][8, 1]cpu"):
# SHAPE-CHANGING-VIEWS-NEXT:  view: "f32[8, 4][4, 1]cpu" = torch.ops.aten.view.default(x, [8, 4]);  x = None
# SHAPE-CHANGING-VIEWS-NEXT:  view_1: "i32[8, 4][4, 1]cpu" = torch.ops.aten.view.dtype(view, torch.int32);  view = None
# SHAPE-CHANGING-VIEWS-NEXT:  return (view_1,)
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4, 8][8, 1]cpu"):
        view: "f32[8, 4][4, 1]cpu" = torch.ops.aten.view.default(x, [8, 4]);  x = None
        view_1: "i32[8, 4][4, 1]cpu" = torch.ops.aten.view.dtype(view, torch.int32);  view = None
        return (view_1,)
#--- full-slices.py
# Slices covering their whole dim with step 1: end 9223372036854775807, end
# equal to a static extent, an end past it, end equal to the symbolic extent
# (s0), and the schema defaults. All five go.
# FULL-SLICES-LABEL: def forward(self, x: "f32[s0, 8][8, 1]cpu", s0: "Sym(s0)"):
# FULL-SLICES-NEXT:  mul: "f32[s0, 8][8, 1]cpu" = torch.ops.aten.mul.Tensor(x, 2);  x = None
# FULL-SLICES-NEXT:  return (mul,)
# FULL-SLICES-STATS: noop-elimination: 5 full slices removed
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[s0, 8][8, 1]cpu", s0: "Sym(s0)"):
        slice_1: "f32[s0, 8][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 0, 0, 9223372036854775807);  x = None
        slice_2: "f32[s0, 8][8, 1]cpu" = torch.ops.aten.slice.Tensor(slice_1, 1, 0, 8);  slice_1 = None
        slice_3: "f32[s0, 8][8, 1]cpu" = torch.ops.aten.slice.Tensor(slice_2, -1, None, 100);  slice_2 = None
        slice_4: "f32[s0, 8][8, 1]cpu" = torch.ops.aten.slice.Tensor(slice_3, 0, 0, s0);  slice_3 = s0 = None
        slice_5: "f32[s0, 8][8, 1]cpu" = torch.ops.aten.slice.Tensor(slice_4);  slice_4 = None
        mul: "f32[s0, 8][8, 1]cpu" = torch.ops.aten.mul.Tensor(slice_5, 2);  slice_5 = None
        return (mul,)
#--- partial-slices.py
# Slices that drop something (a prefix, a suffix, every other element) stay.
# PARTIAL-SLICES-LABEL: def forward(self, x: "f32[4, 8][8, 1]cpu"):
# PARTIAL-SLICES-NEXT:  slice_1: "f32[4, 7][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, 0, 7)
# PARTIAL-SLICES-NEXT:  slice_2: "f32[4, 7][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, 1, 8)
# PARTIAL-SLICES-NEXT:  slice_3: "f32[4, 4][8, 2]cpu" = torch.ops.aten.slice.Tensor(x, 1, 0, 8, 2);  x = None
# PARTIAL-SLICES-NEXT:  return (slice_1, slice_2, slice_3)
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4, 8][8, 1]cpu"):
        slice_1: "f32[4, 7][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, 0, 7)
        slice_2: "f32[4, 7][8, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, 1, 8)
        slice_3: "f32[4, 4][8, 2]cpu" = torch.ops.aten.slice.Tensor(x, 1, 0, 8, 2);  x = None
        return (slice_1, slice_2, slice_3)
#--- full-slice-scatter.py
# A slice_scatter that overwrites all of its input returns (a copy of) src:
# its uses move to src.
# FULL-SLICE-SCATTER-LABEL: def forward(self, x: "f32[4, 8][8, 1]cpu", y: "f32[4, 8][8, 1]cpu"):
# FULL-SLICE-SCATTER-NEXT:  relu: "f32[4, 8][8, 1]cpu" = torch.ops.aten.relu.default(y);  y = None
# FULL-SLICE-SCATTER-NEXT:  mul: "f32[4, 8][8, 1]cpu" = torch.ops.aten.mul.Tensor(relu, 2);  relu = None
# FULL-SLICE-SCATTER-NEXT:  return (mul,)
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4, 8][8, 1]cpu", y: "f32[4, 8][8, 1]cpu"):
        relu: "f32[4, 8][8, 1]cpu" = torch.ops.aten.relu.default(y);  y = None
        slice_scatter: "f32[4, 8][8, 1]cpu" = torch.ops.aten.slice_scatter.default(x, relu, 0, 0, 9223372036854775807);  x = relu = None
        mul: "f32[4, 8][8, 1]cpu" = torch.ops.aten.mul.Tensor(slice_scatter, 2);  slice_scatter = None
        return (mul,)
#--- slice-scatter-src-written.py
# The same slice_scatter stays when src is written in place afterwards: the
# scatter's result is a copy taken before the write.
# SLICE-SCATTER-SRC-WRITTEN-LABEL: def forward(self, x: "f32[4, 8][8, 1]cpu", y: "f32[4, 8][8, 1]cpu"):
# SLICE-SCATTER-SRC-WRITTEN-NEXT:  relu: "f32[4, 8][8, 1]cpu" = torch.ops.aten.relu.default(y);  y = None
# SLICE-SCATTER-SRC-WRITTEN-NEXT:  slice_scatter: "f32[4, 8][8, 1]cpu" = torch.ops.aten.slice_scatter.default(x, relu, 0, 0, 9223372036854775807);  x = None
# SLICE-SCATTER-SRC-WRITTEN-NEXT:  add_: "f32[4, 8][8, 1]cpu" = torch.ops.aten.add_.Tensor(relu, 1);  relu = None
# SLICE-SCATTER-SRC-WRITTEN-NEXT:  mul: "f32[4, 8][8, 1]cpu" = torch.ops.aten.mul.Tensor(slice_scatter, 2);  slice_scatter = None
# SLICE-SCATTER-SRC-WRITTEN-NEXT:  return (mul, add_)
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4, 8][8, 1]cpu", y: "f32[4, 8][8, 1]cpu"):
        relu: "f32[4, 8][8, 1]cpu" = torch.ops.aten.relu.default(y);  y = None
        slice_scatter: "f32[4, 8][8, 1]cpu" = torch.ops.aten.slice_scatter.default(x, relu, 0, 0, 9223372036854775807);  x = None
        add_: "f32[4, 8][8, 1]cpu" = torch.ops.aten.add_.Tensor(relu, 1);  relu = None
        mul: "f32[4, 8][8, 1]cpu" = torch.ops.aten.mul.Tensor(slice_scatter, 2);  slice_scatter = None
        return (mul, add_)
#--- partial-slice-scatter.py
# A slice_scatter into half of its input stays.
# PARTIAL-SLICE-SCATTER-LABEL: def forward(self, x: "f32[4, 8][8, 1]cpu", y: "f32[2, 8][8, 1]cpu"):
# PARTIAL-SLICE-SCATTER-NEXT:  slice_scatter: "f32[4, 8][8, 1]cpu" = torch.ops.aten.slice_scatter.default(x, y, 0, 0, 2);  x = y = None
# PARTIAL-SLICE-SCATTER-NEXT:  return (slice_scatter,)
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4, 8][8, 1]cpu", y: "f32[2, 8][8, 1]cpu"):
        slice_scatter: "f32[4, 8][8, 1]cpu" = torch.ops.aten.slice_scatter.default(x, y, 0, 0, 2);  x = y = None
        return (slice_scatter,)
#--- reshape-chain.py
# A chain view -> view -> reshape -> reshape collapses to one reshape of x.
# RESHAPE-CHAIN-LABEL: def forward(self, x: "f32[4, 8][8, 1]cpu"):
# RESHAPE-CHAIN-NEXT:  reshape_1: "f32[8, 4][4, 1]cpu" = torch.ops.aten.reshape.default(x, [8, 4]);  x = None
# RESHAPE-CHAIN-NEXT:  return (reshape_1,)
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4, 8][8, 1]cpu"):
        view: "f32[32][1]cpu" = torch.ops.aten.view.default(x, [32]);  x = None
        view_1: "f32[2, 16][16, 1]cpu" = torch.ops.aten.view.default(view, [2, 16]);  view = None
        reshape: "f32[16, 2][2, 1]cpu" = torch.ops.aten.reshape.default(view_1, [16, 2]);  view_1 = None
        reshape_1: "f32[8, 4][4, 1]cpu" = torch.ops.aten.reshape.default(reshape, [8, 4]);  reshape = None
        return (reshape_1,)
#--- chain-back-to-input-shape.py
# A chain that ends at the input's shape disappears altogether.
# CHAIN-BACK-TO-INPUT-SHAPE-LABEL: def forward(self, x: "f32[4, 8][8, 1]cpu"):
# CHAIN-BACK-TO-INPUT-SHAPE-NEXT:  relu: "f32[4, 8][8, 1]cpu" = torch.ops.aten.relu.default(x);  x = None
# CHAIN-BACK-TO-INPUT-SHAPE-NEXT:  return (relu,)
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4, 8][8, 1]cpu"):
        view: "f32[32][1]cpu" = torch.ops.aten.view.default(x, [32]);  x = None
        view_1: "f32[4, 8][8, 1]cpu" = torch.ops.aten.view.default(view, [4, 8]);  view = None
        relu: "f32[4, 8][8, 1]cpu" = torch.ops.aten.relu.default(view_1);  view_1 = None
        return (relu,)
#--- view-of-reshape.py
# A view of a reshape is left alone: the reshape may have copied a
# non-contiguous x, and a view of x itself may not exist.
# VIEW-OF-RESHAPE-LABEL: def forward(self, x: "f32[8, 4][1, 8]cpu"):
# VIEW-OF-RESHAPE-NEXT:  reshape: "f32[32][1]cpu" = torch.ops.aten.reshape.default(x, [32]);  x = None
# VIEW-OF-RESHAPE-NEXT:  view: "f32[2, 16][16, 1]cpu" = torch.ops.aten.view.default(reshape, [2, 16]);  reshape = None
# VIEW-OF-RESHAPE-NEXT:  return (view,)
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[8, 4][1, 8]cpu"):
        reshape: "f32[32][1]cpu" = torch.ops.aten.reshape.default(x, [32]);  x = None
        view: "f32[2, 16][16, 1]cpu" = torch.ops.aten.view.default(reshape, [2, 16]);  reshape = None
        return (view,)
#--- chain-inner-kept.py
# The inner view of a chain stays when something else uses it.
# CHAIN-INNER-KEPT-LABEL: def forward(self, x: "f32[4, 8][8, 1]cpu"):
# CHAIN-INNER-KEPT-NEXT:  view: "f32[32][1]cpu" = torch.ops.aten.view.default(x, [32])
# CHAIN-INNER-KEPT-NEXT:  view_1: "f32[2, 16][16, 1]cpu" = torch.ops.aten.view.default(x, [2, 16]);  x = None
# CHAIN-INNER-KEPT-NEXT:  return (view, view_1)
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4, 8][8, 1]cpu"):
        view: "f32[32][1]cpu" = torch.ops.aten.view.default(x, [32])
        view_1: "f32[2, 16][16, 1]cpu" = torch.ops.aten.view.default(view, [2, 16]);  x = None
        return (view, view_1)
#--- unknown-meta.py
# Without meta on the input the shapes are unknown: nothing changes.
# UNKNOWN-META-LABEL: def forward(self, x):
# UNKNOWN-META-NEXT:  view = torch.ops.aten.view.default(x, [4, 8]);  x = None
# UNKNOWN-META-NEXT:  slice_1: "f32[4, 8][8, 1]cpu" = torch.ops.aten.slice.Tensor(view, 0, 0, 9223372036854775807);  view = None
# UNKNOWN-META-NEXT:  return (slice_1,)
class GraphModule(torch.nn.Module):
    def forward(self, x):
        view = torch.ops.aten.view.default(x, [4, 8]);  x = None
        slice_1: "f32[4, 8][8, 1]cpu" = torch.ops.aten.slice.Tensor(view, 0, 0, 9223372036854775807);  view = None
        return (slice_1,)
