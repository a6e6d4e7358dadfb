# A call nested in an argument may write what it reads (`aten.add_` inside a
# mul): no pass may treat its node as pure. cse must not merge `x + 1` computed
# before and after it (found by a hostile review: the result changed).
# RUN: %piecewise opt --passes=cse %s | FileCheck %s
# CHECK: a = torch.ops.aten.add.Tensor(x, 1)
# CHECK: e = torch.ops.aten.mul.Tensor(a, torch.ops.aten.add_.Tensor(x, 1))
# CHECK: b = torch.ops.aten.add.Tensor(x, 1)
# CHECK: return (a, b, e)
class GraphModule(torch.nn.Module):
    def forward(self, x):
        a = torch.ops.aten.add.Tensor(x, 1)
        e = torch.ops.aten.mul.Tensor(a, torch.ops.aten.add_.Tensor(x, 1))
        b = torch.ops.aten.add.Tensor(x, 1)
        return (a, b, e)
