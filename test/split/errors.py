# A tuple would cross a boundary: `s` is used whole by `cat`, which lands in a
# later piece than the split. The partitioner reports it at the producing node
# (exit 1, nothing on stdout).
# RUN: %not %piecewise split %s --splitting-ops=aten::sin 2>&1 | FileCheck %s
# CHECK: errors.py:[[#@LINE+8]]:9: error: 's' is a tuple or list and would cross a piece boundary (from submod_0 into submod_2); only tensors and scalars may cross (run decompose-size for x.size() values)
# CHECK-NEXT: s = torch.ops.aten.split.Tensor(x, 4, 1)
# RUN: %not %piecewise split %s --splitting-ops=aten::sin 2>/dev/null | count 0
# Without a splitting op nothing crosses: one piece.
# RUN: %piecewise split %s | FileCheck %s --check-prefix=ONE
# ONE: pieces:          1 (0 splitting, 1 compiled)
class M(torch.nn.Module):
    def forward(self, x: "f32[4, 8]"):
        s = torch.ops.aten.split.Tensor(x, 4, 1)
        a: "f32[4, 8]" = torch.ops.aten.sin.default(x)
        c: "f32[4, 8]" = torch.ops.aten.cat.default(s, 1)
        return (a, c)
