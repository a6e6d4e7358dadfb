# A partition output that is a graph output and is also used by later partitions: never freed.
# RUN: %piecewise partition %s | FileCheck %s
# RUN: %piecewise verify-plan %s | FileCheck --check-prefix=OK %s
# CHECK:   partition_0  cudagraph  1 nodes
# CHECK-NEXT:       inputs:  x*
# CHECK-NEXT:       outputs: a
# CHECK-NEXT:   partition_1  eager  2 nodes
# CHECK-NEXT:       reason:  device copy: aten::_to_copy.default from cuda:0 to cpu
# CHECK-NEXT:       inputs:  a
# CHECK-NEXT:       outputs: d
# CHECK-NEXT:   partition_2  cudagraph  2 nodes
# CHECK-NEXT:       inputs:  d*, a
# CHECK-NEXT:       outputs: s
# CHECK-NEXT: (* = freed in the partition)
# OK: plan ok:
class M(torch.nn.Module):
    def forward(self, x: "f32[4, 8][8, 1]cuda:0"):
        a: "f32[4, 8][8, 1]cuda:0" = torch.ops.aten.relu.default(x)
        c: "f32[4, 8][8, 1]cpu" = torch.ops.aten._to_copy.default(a, device = device(type='cpu'))
        d: "f32[4, 8][8, 1]cpu" = torch.ops.aten.neg.default(c)
        u: "f32[4, 8][8, 1]cuda:0" = torch.ops.aten._to_copy.default(d, device = device(type='cuda', index=0))
        s: "f32[4, 8][8, 1]cuda:0" = torch.ops.aten.add.Tensor(u, a)
        return (a, s)
