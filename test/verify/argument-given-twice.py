# An argument passed both by position and by keyword.
# RUN: %not %piecewise lint %s 2>&1 | FileCheck %s
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4, 4][4, 1]cpu"):
        # CHECK: argument-given-twice.py:[[#@LINE+1]]:9: error: node 'slice_1' passes argument 'dim' of 'aten::slice.Tensor' both by position and by keyword
        slice_1: "f32[4, 2][4, 1]cpu" = torch.ops.aten.slice.Tensor(x, 1, 0, 2, dim = 1)
        return (slice_1,)
