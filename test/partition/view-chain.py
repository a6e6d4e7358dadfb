# A view chain (view of view of view) across three captured partitions: the base `a`
# and every alias stay alive until the last alias use; the last partition frees them all.
# RUN: %piecewise partition %s | FileCheck %s
# RUN: %piecewise verify-plan %s | FileCheck --check-prefix=OK %s
# RUN: %not %piecewise verify-plan %s --debug-drop-alias-inputs 2>&1 | FileCheck --check-prefix=BUG %s
# CHECK:   partition_0  cudagraph  2 nodes
# CHECK-NEXT:       inputs:  x
# CHECK-NEXT:       outputs: a, v1
# CHECK-NEXT:   partition_1  eager  1 nodes
# CHECK-NEXT:       reason:  device copy: aten::_to_copy.default from cuda:0 to cpu
# CHECK-NEXT:       inputs:  x*
# CHECK-NEXT:       outputs: c1
# CHECK-NEXT:   partition_2  cudagraph  1 nodes
# CHECK-NEXT:       inputs:  v1
# CHECK-NEXT:       outputs: v2
# CHECK-NEXT:   partition_3  eager  1 nodes
# CHECK-NEXT:       reason:  cpu tensor: value on cpu
# CHECK-NEXT:       inputs:  c1*
# CHECK-NEXT:       outputs: c2
# CHECK-NEXT:   partition_4  cudagraph  2 nodes
# CHECK-NEXT:       inputs:  v2*, a* (alias), v1* (alias)
# CHECK-NEXT:       outputs: s
# CHECK-NEXT: (* = freed in the partition)
# OK: plan ok:
# BUG: error: in partition_4: del of 'a', which is not in scope
class M(torch.nn.Module):
    def forward(self, x: "f32[4, 8][8, 1]cuda:0"):
        a: "f32[4, 8][8, 1]cuda:0" = torch.ops.aten.add.Tensor(x, 1)
        v1: "f32[32][1]cuda:0" = torch.ops.aten.view.default(a, [32])
        c1: "f32[4, 8][8, 1]cpu" = torch.ops.aten._to_copy.default(x, device = device(type='cpu'))
        v2: "f32[2, 16][16, 1]cuda:0" = torch.ops.aten.view.default(v1, [2, 16])
        c2: "f32[4, 8][8, 1]cpu" = torch.ops.aten.mul.Tensor(c1, 2)
        v3: "f32[8, 4][4, 1]cuda:0" = torch.ops.aten.view.default(v2, [8, 4])
        s: "f32[8, 4][4, 1]cuda:0" = torch.ops.aten.mul.Tensor(v3, 3)
        return (s, c2)
