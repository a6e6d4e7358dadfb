# A call with more positional arguments than its schema takes.
# RUN: %not %piecewise lint %s 2>&1 | FileCheck %s
# RUN: %piecewise --no-verify lint %s
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4, 4][4, 1]cpu"):
        # CHECK: too-many-arguments.py:[[#@LINE+1]]:9: error: node 'mm' passes 3 positional arguments to 'aten::mm', which takes at most 2
        mm: "f32[4, 4][4, 1]cpu" = torch.ops.aten.mm.default(x, x, x)
        # Keyword-only arguments cannot be passed by position either.
        # CHECK: too-many-arguments.py:[[#@LINE+1]]:9: error: node 'var_mean' passes 4 positional arguments to 'aten::var_mean.correction', which takes at most 2
        var_mean = torch.ops.aten.var_mean.correction(mm, [0], 0, True)
        return (mm, var_mean)
