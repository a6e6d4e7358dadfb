# Random ops keep their order under --reorder: each draws the numbers it drew in the
# original order (found by python/tests/test_differential.py).
# RUN: %piecewise codegen %s --cudagraph --reorder --cudagraph-unsafe-ops=aten::sin -o %t.py
# RUN: FileCheck %s < %t.py
# CHECK: rand_like = torch.ops.aten.rand_like.default(y
# CHECK: rand_like_1 = torch.ops.aten.rand_like.default(sin
# CHECK: rand_like_2 = torch.ops.aten.rand_like.default(y
#
# Repro (test_differential.py, test_hostile[aten-rand-reorder-across-unsafe-codegen-reorder]):
# a miscompile of `codegen --cudagraph --reorder` (and the plan `partition --reorder` makes).
#
#   $ piecewise codegen reorder-moves-random-op.py --cudagraph --reorder \
#         --cudagraph-unsafe-ops=aten::sin -o wrapper.py
#
# The reorder groups the captured ops and moves rand_like_2 ahead of rand_like_1 (into
# partition_0 with rand_like), so with the same RNG state rand_like_1 and rand_like_2 draw
# each other's numbers: `add` and `rand_like_2` differ from torch's. Random ops consume the
# global RNG state; dce and cse already keep them (docs/passes.md), but the reorder's
# dependence chain (docs/partition.md: writes, no-return ops, opaque ops) does not order
# them among themselves.
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4, 8]", y: "f32[4, 8]"):
        rand_like: "f32[4, 8]" = torch.ops.aten.rand_like.default(y, pin_memory = False)
        sin: "f32[4, 8]" = torch.ops.aten.sin.default(x);  x = None
        rand_like_1: "f32[4, 8]" = torch.ops.aten.rand_like.default(sin, pin_memory = False);  sin = None
        sin_1: "f32[4, 8]" = torch.ops.aten.sin.default(y)
        rand_like_2: "f32[4, 8]" = torch.ops.aten.rand_like.default(y, pin_memory = False);  y = None
        add: "f32[4, 8]" = torch.ops.aten.add.Tensor(rand_like_1, sin_1);  rand_like_1 = sin_1 = None
        return (rand_like, add, rand_like_2)
