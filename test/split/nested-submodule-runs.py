# The runnable split module instantiates nested classes at every depth: a piece
# that holds a submodule of the input (a nested class inside the piece) runs
# (found by a hostile review: TypeError: submod_0.__init__() takes 1 positional
# argument).
# RUN: %piecewise split --splitting-ops=aten::relu %s -o %t.py
# RUN: %python %S/Inputs/run_split_module.py %t.py | FileCheck %s
# CHECK: ok
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4][1]cpu"):
        submod_0 = self.submod_0(x)
        relu: "f32[4][1]cpu" = torch.ops.aten.relu.default(submod_0)
        add: "f32[4][1]cpu" = torch.ops.aten.add.Tensor(relu, 1)
        return (add,)

    class submod_0(torch.nn.Module):
        def forward(self, a: "f32[4][1]cpu"):
            mul: "f32[4][1]cpu" = torch.ops.aten.mul.Tensor(a, 2)
            return mul
