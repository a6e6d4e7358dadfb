# A name read before the statement that defines it.
# RUN: %not %piecewise lint %s 2>&1 | FileCheck %s
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4][1]cpu"):
        # CHECK: use-before-definition.py:[[#@LINE+1]]:41: error: name 'b' is used before it is defined
        a = torch.ops.aten.relu.default(b)
        b = torch.ops.aten.relu.default(x)
        return (a,)
