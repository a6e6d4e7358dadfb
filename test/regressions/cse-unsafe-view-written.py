# aten::_unsafe_view's result shares its input's storage: a write through it keeps cse
# from merging the recomputation (found by python/tests/test_differential.py).
# RUN: %piecewise opt %s --passes=cse | FileCheck %s
# RUN: %piecewise analyze %s --print=storages | FileCheck %s --check-prefix=STORAGE
# CHECK: mm_1: "f32[4, 8]" = torch.ops.aten.mm.default(view_1, w)
# CHECK: return (add_, _unsafe_view_1)
# STORAGE: mm, _unsafe_view, add_ {{.*}}written
#
# Repro (test_differential.py, test_hostile[aten-matmul-3d-written-then-recomputed-cse] and
# the other *unsafe-view* cases): a miscompile of `opt --passes=cse` (and every pipeline
# with cse). This is make_fx's capture of ordinary code:
#
#     a3 = x.view(2, 2, 8); y1 = a3 @ w; y1.add_(1); y2 = a3 @ w; return y1, y2
#
#   $ piecewise opt cse-unsafe-view-write.py --passes=cse
#
# cse merges mm_1 into mm, so `_unsafe_view_1` reads mm after add_ wrote it: y2 = y1
# (off by 1 everywhere). aten::_unsafe_view's schema has no alias annotation
# (`-> Tensor`), but its result shares its input's storage (it is a view that autograd
# does not track), so the add_ through `_unsafe_view` writes `mm`. The effect model treats
# it as a fresh tensor; it must treat it (and its base) as one storage class.
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4, 8]", w: "f32[8, 8]"):
        view: "f32[2, 2, 8]" = torch.ops.aten.view.default(x, [2, 2, 8]);  x = None
        view_1: "f32[4, 8]" = torch.ops.aten.view.default(view, [4, 8])
        mm: "f32[4, 8]" = torch.ops.aten.mm.default(view_1, w);  view_1 = None
        _unsafe_view: "f32[2, 2, 8]" = torch.ops.aten._unsafe_view.default(mm, [2, 2, 8]);  mm = None
        add_: "f32[2, 2, 8]" = torch.ops.aten.add_.Tensor(_unsafe_view, 1);  _unsafe_view = None
        view_2: "f32[4, 8]" = torch.ops.aten.view.default(view, [4, 8]);  view = None
        mm_1: "f32[4, 8]" = torch.ops.aten.mm.default(view_2, w);  view_2 = w = None
        _unsafe_view_1: "f32[2, 2, 8]" = torch.ops.aten._unsafe_view.default(mm_1, [2, 2, 8]);  mm_1 = None
        return (add_, _unsafe_view_1)
