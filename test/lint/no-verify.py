# --no-verify skips the verifier: a schema violation passes; parse errors do not.
# RUN: %not %piecewise lint %s 2>&1 | FileCheck %s
# RUN: %piecewise --no-verify lint %s 2>&1 | count 0
# CHECK: no-verify.py:[[#@LINE+3]]:9: error: node 'relu' passes 2 positional arguments to 'aten::relu', which takes at most 1
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4][1]cpu"):
        relu: "f32[4][1]cpu" = torch.ops.aten.relu.default(x, x)
        return (relu,)
