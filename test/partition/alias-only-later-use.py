# A buffer whose only later use is through an alias: `y` is never read after `z = y.view`,
# but its storage dies in partition_2, which takes it as an input and frees it.
# RUN: %piecewise partition %s | FileCheck %s
# RUN: %piecewise verify-plan %s | FileCheck --check-prefix=OK %s
# RUN: %not %piecewise verify-plan %s --debug-drop-alias-inputs 2>&1 | FileCheck --check-prefix=BUG %s
# CHECK:   partition_0  cudagraph  2 nodes
# CHECK-NEXT:       inputs:  x
# CHECK-NEXT:       outputs: y, z
# CHECK-NEXT:   partition_1  eager  1 nodes
# CHECK-NEXT:       reason:  device copy: aten::_to_copy.default from cuda:0 to cpu
# CHECK-NEXT:       inputs:  x*
# CHECK-NEXT:       outputs: c
# CHECK-NEXT:   partition_2  cudagraph  2 nodes
# CHECK-NEXT:       inputs:  c*, z*, y* (alias)
# CHECK-NEXT:       outputs: d, w
# CHECK-NEXT: (* = freed in the partition)
# OK: plan ok:
# BUG: error: in partition_2: del of 'y', which is not in scope
class M(torch.nn.Module):
    def forward(self, x: "f32[4, 8][8, 1]cuda:0"):
        y: "f32[4, 8][8, 1]cuda:0" = torch.ops.aten.add.Tensor(x, 1)
        z: "f32[32][1]cuda:0" = torch.ops.aten.view.default(y, [32])
        c: "f32[4, 8][8, 1]cpu" = torch.ops.aten._to_copy.default(x, device = device(type='cpu'))
        d: "f32[4, 8][8, 1]cuda:0" = torch.ops.aten._to_copy.default(c, device = device(type='cuda', index=0))
        w: "f32[32][1]cuda:0" = torch.ops.aten.mul.Tensor(z, 2)
        return (w, d)
