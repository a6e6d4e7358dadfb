# call_module must name one of the nested classes when the dump has them.
# RUN: %not %piecewise lint %s 2>&1 | FileCheck %s
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4][1]cpu"):
        submod_0 = self.submod_0(x)
        # CHECK: unknown-submodule.py:[[#@LINE+1]]:9: error: node 'submod_1' calls module 'submod_1', which is not a child module
        submod_1 = self.submod_1(submod_0)
        return (submod_1,)

    class submod_0(torch.nn.Module):
        def forward(self, x: "f32[4][1]cpu"):
            relu: "f32[4][1]cpu" = torch.ops.aten.relu.default(x)
            return relu
