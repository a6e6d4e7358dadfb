# A clean graph: lint prints nothing (stdout or stderr) and exits 0.
# RUN: %piecewise lint %s 2>&1 | count 0
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4, 4][4, 1]cpu", w: "f32[4, 4][4, 1]cpu"):
        # File: model.py:12 in forward, code: y = x @ w
        mm: "f32[4, 4][4, 1]cpu" = torch.ops.aten.mm.default(x, w);  x = None
        split_with_sizes = torch.ops.aten.split_with_sizes.default(mm, [2, 2], 1)
        getitem: "f32[4, 2][4, 1]cpu" = split_with_sizes[0]
        getitem_1: "f32[4, 2][4, 1]cpu" = split_with_sizes[1];  split_with_sizes = None
        slice_1: "f32[4, 1][4, 1]cpu" = torch.ops.aten.slice.Tensor(getitem, dim = 1, start = 0, end = 1)
        add: "f32[4, 2][4, 1]cpu" = torch.ops.aten.add.Tensor(getitem_1, slice_1, alpha = 2)
        return (add, w)
