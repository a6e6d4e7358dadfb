# Complex constants are values: repr() spelling in both forms, or complex(re, im) where
# Python would read repr() as another value (`-1j` is complex(-0.0, -1.0); `(-0-1j)` is 0-1j).
# RUN: %piecewise print %s | FileCheck %s
# RUN: %piecewise print --graph-form %s | %piecewise print - | FileCheck %s
# CHECK: a = torch.ops.aten.mul.Tensor(x, 2j)
# CHECK: b = torch.ops.aten.add.Tensor(a, (1+2.5j))
# CHECK: c = torch.ops.aten.add.Tensor(b, complex(-0.0, -1.0))
# CHECK: d = torch.ops.aten.add.Tensor(c, (1e+20-3j))
class GraphModule(torch.nn.Module):
    def forward(self, x):
        a = torch.ops.aten.mul.Tensor(x, 2j)
        b = torch.ops.aten.add.Tensor(a, (1+2.5j))
        c = torch.ops.aten.add.Tensor(b, -1j)
        d = torch.ops.aten.add.Tensor(c, (1e20-3j))
        return (d,)
