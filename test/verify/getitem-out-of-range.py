# A getitem past the end of a fixed multi-output (`-> (Tensor, Tensor)`).
# RUN: %not %piecewise lint %s 2>&1 | FileCheck %s
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4, 4][4, 1]cpu"):
        var_mean = torch.ops.aten.var_mean.correction(x, [0], correction = 0)
        getitem: "f32[4][1]cpu" = var_mean[1]
        # CHECK: getitem-out-of-range.py:[[#@LINE+1]]:9: error: node 'getitem_1' reads index 2 of 'var_mean', which has 2 values
        getitem_1: "f32[4][1]cpu" = var_mean[2]
        # `Tensor[]` returns have no fixed length: not checked without list meta.
        split = torch.ops.aten.split.Tensor(x, 1)
        getitem_2: "f32[1, 4][4, 1]cpu" = split[3]
        # CHECK-NOT: error
        return (getitem, getitem_1, getitem_2)
