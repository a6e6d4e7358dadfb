# --reorder never moves a subscript assignment (an operator.setitem write of x)
# ahead of an earlier read of x (found by a hostile review: relu read the
# overwritten x). The write is a barrier, as an aten in-place op is.
# RUN: %piecewise partition --cudagraph-unsafe-ops=aten::relu --reorder %s | FileCheck %s
# CHECK: reorder: applied (5 -> 4 partitions
# CHECK: partition_0  cudagraph  1 nodes
# CHECK-NEXT: inputs:  x_in*
# CHECK-NEXT: outputs: x
# CHECK: partition_1  eager  1 nodes
# CHECK: outputs: r1
# CHECK: partition_2  cudagraph  3 nodes
# CHECK-NEXT: inputs:  x*, v*, r1*
class GraphModule(torch.nn.Module):
    def forward(self, x_in: "f32[4][1]cpu", v: "f32[2][1]cpu"):
        x: "f32[4][1]cpu" = torch.ops.aten.clone.default(x_in)
        r1: "f32[4][1]cpu" = torch.ops.aten.relu.default(x)
        x[slice(0, 2, None)] = v;  setitem = x
        b: "f32[4][1]cpu" = torch.ops.aten.add.Tensor(x, 1)
        r2: "f32[4][1]cpu" = torch.ops.aten.relu.default(b)
        c: "f32[4][1]cpu" = torch.ops.aten.mul.Tensor(r1, 2)
        return (r2, c)
