# `y[i] = v;  setitem = y` (torch >= 2.12 binds the setitem node to the tensor it wrote):
# the wrapper writes the subscript assignment and binds `setitem` to y, not to
# operator.setitem's None (which a later use then read), and the effect model says the
# node's value is y alone: y lives until setitem's last use, v dies at the assignment
# (it was kept alive with the setitem value before, or freed with y too early).
# RUN: %piecewise codegen %s --cudagraph | FileCheck %s
# CHECK:      y = torch.ops.aten.clone.default(x)
# CHECK-NEXT: y[i] = v
# CHECK-NEXT: setitem = y
# CHECK-NEXT: del i, v
# CHECK:      c = torch.ops.aten.add.Tensor(b, setitem)
# CHECK-NEXT: del y, setitem, b
# RUN: %piecewise analyze %s --print=liveness | FileCheck %s --check-prefix=LIVE
# LIVE: %v: position 3, dies 5
# LIVE: %y: position 4, dies 8
# LIVE: %setitem: position 5, dies 8, frees(i, v)
# LIVE: %c: position 8, dies never, frees(y, setitem, b)
class M(torch.nn.Module):
    def forward(self, x: "f32[8][1]cpu", i: "i64[2][1]cpu"):
        n: "f32[2][1]cpu" = torch.ops.aten.narrow.default(x, 0, 0, 2)
        v: "f32[2][1]cpu" = torch.ops.aten.mul.Tensor(n, 2)
        y: "f32[8][1]cpu" = torch.ops.aten.clone.default(x)
        y[i] = v;  setitem = y
        a: "f32[8][1]cpu" = torch.ops.aten.sin.default(x)
        b: "f32[8][1]cpu" = torch.ops.aten.cos.default(a)
        c: "f32[8][1]cpu" = torch.ops.aten.add.Tensor(b, setitem)
        return (c,)
