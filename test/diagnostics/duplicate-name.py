# Assigning a name twice: FX names are unique, so this is not a graph.
# RUN: %not %piecewise lint %s 2>&1 | FileCheck %s
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4][1]cpu"):
        a = torch.ops.aten.relu.default(x)
        # CHECK: duplicate-name.py:[[#@LINE+2]]:9: error: redefinition of 'a'
        # CHECK: duplicate-name.py:[[#@LINE-2]]:9: note: 'a' was first defined here
        a = torch.ops.aten.relu.default(a)
        return (a,)
