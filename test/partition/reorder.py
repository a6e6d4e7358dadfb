# --reorder groups captured and uncaptured nodes (respecting data dependencies) when the
# estimated peak memory stays within 1.1x: five partitions become two.
# RUN: %piecewise partition %s | FileCheck --check-prefix=PLAIN %s
# RUN: %piecewise partition %s --reorder | FileCheck %s
# PLAIN: partitions:      5 (3 cudagraphable, 2 not)
# CHECK: partitions:      2 (1 cudagraphable, 1 not)
# CHECK: reorder:         applied (5 -> 2 partitions; peak 49152 -> 49152 bytes)
# CHECK: partition_0  cudagraph  3 nodes
# CHECK-NEXT: inputs:  x
# CHECK-NEXT: outputs: d
# CHECK-NEXT: partition_1  eager  2 nodes
class M(torch.nn.Module):
    def forward(self, x: "f32[64, 64][64, 1]cuda:0"):
        a: "f32[64, 64][64, 1]cuda:0" = torch.ops.aten.relu.default(x)
        c1: "f32[64, 64][64, 1]cpu" = torch.ops.aten._to_copy.default(x, device = device(type='cpu'))
        b: "f32[64, 64][64, 1]cuda:0" = torch.ops.aten.sigmoid.default(a)
        c2: "f32[64, 64][64, 1]cpu" = torch.ops.aten.add.Tensor(c1, 1)
        d: "f32[64, 64][64, 1]cuda:0" = torch.ops.aten.mm.default(b, b)
        return (d, c2)
