# A keyword the schema does not have.
# RUN: %not %piecewise lint %s 2>&1 | FileCheck %s
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4, 4][4, 1]cpu"):
        # CHECK: unknown-keyword.py:[[#@LINE+1]]:9: error: node 'slice_1' passes keyword argument 'axis', which 'aten::slice.Tensor' does not take
        slice_1: "f32[4, 2][4, 1]cpu" = torch.ops.aten.slice.Tensor(x, axis = 1, start = 0, end = 2)
        return (slice_1,)
