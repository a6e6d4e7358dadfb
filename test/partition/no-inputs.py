# A captured partition with no inputs (a constant fill between two CPU regions).
# RUN: %piecewise partition %s | FileCheck %s
# RUN: %piecewise verify-plan %s | FileCheck --check-prefix=OK %s
# CHECK:   partition_0  eager  1 nodes
# CHECK-NEXT:       reason:  device copy: aten::_to_copy.default from cuda:0 to cpu
# CHECK-NEXT:       inputs:  x*
# CHECK-NEXT:       outputs: c
# CHECK-NEXT:   partition_1  cudagraph  1 nodes
# CHECK-NEXT:       inputs:  -
# CHECK-NEXT:       outputs: f
# CHECK-NEXT:   partition_2  eager  1 nodes
# CHECK-NEXT:       reason:  cpu tensor: value on cpu
# CHECK-NEXT:       inputs:  c*
# CHECK-NEXT:       outputs: h
# CHECK-NEXT:   partition_3  cudagraph  2 nodes
# CHECK-NEXT:       inputs:  h*, f*
# CHECK-NEXT:       outputs: o
# CHECK-NEXT: (* = freed in the partition)
# OK: plan ok:
class M(torch.nn.Module):
    def forward(self, x: "f32[4, 8][8, 1]cuda:0"):
        c: "f32[4, 8][8, 1]cpu" = torch.ops.aten._to_copy.default(x, device = device(type='cpu'))
        f: "f32[4, 8][8, 1]cuda:0" = torch.ops.aten.full.default([4, 8], 2.0, dtype = torch.float32, device = device(type='cuda', index=0), pin_memory = False)
        h: "f32[4, 8][8, 1]cpu" = torch.ops.aten.add.Tensor(c, 1)
        u: "f32[4, 8][8, 1]cuda:0" = torch.ops.aten._to_copy.default(h, device = device(type='cuda', index=0))
        o: "f32[4, 8][8, 1]cuda:0" = torch.ops.aten.mul.Tensor(f, u)
        return (o,)
