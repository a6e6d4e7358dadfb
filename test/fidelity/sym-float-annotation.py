# FX prints SymInts and SymFloats alike, `Sym(EXPR)`. The reader takes a float
# literal (sympy's spelling of a specialized float, as a Dynamo graph prints an
# `.item()` of a float scalar tensor) and a float symbol alone (`zf3`, `zuf0`)
# as SymFloats, as the graph's FX meta has them; an integer or an int symbol
# stays a SymInt.
#
# RUN: %piecewise split %s --splitting-ops=aten.relu 2>/dev/null | FileCheck %s
# CHECK: piece inputs:    8 (2 symfloat, 1 symint, 5 tensor)

class M(torch.nn.Module):
    def forward(self, x: "f64[][]cpu", y: "f64[][]cpu", z: "f32[4][1]cpu", n: "i64[][]cpu"):
        item: "Sym(0.250000000000000)" = torch.ops.aten._local_scalar_dense.default(x)
        item_1: "Sym(zf3)" = torch.ops.aten._local_scalar_dense.default(y)
        item_2: "Sym(u0)" = torch.ops.aten._local_scalar_dense.default(n)
        relu: "f32[4][1]cpu" = torch.ops.aten.relu.default(z)
        mul: "f32[4][1]cpu" = torch.ops.aten.mul.Tensor(relu, item)
        mul_1: "f32[4][1]cpu" = torch.ops.aten.mul.Tensor(mul, item_1)
        mul_2: "f32[4][1]cpu" = torch.ops.aten.mul.Tensor(mul_1, item_2)
        return (mul_2,)
