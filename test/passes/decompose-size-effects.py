# decompose-size moves a size query's dims up to the tensor's producer only when no node in
# between may change the tensor's sizes in place, and it asks the effect model which nodes
# may (EffectAnalysis::forEachResized, rule 7 of analysis/Effects.h):
#  - a torch function the value model cannot read, whose name is not in place
#    (`torch.nn.functional.gelu(y)`): no; the query of `y` is decomposed;
#  - a pure Python operator whose name happens to end in `_` (`operator.and_`, written
#    `w & m`): no;
#  - a Python callable outside torch (`mylib.normalize(z)`): it may do anything to `z`, so
#    the query of `z` is left alone.
# RUN: %piecewise opt %s --passes=decompose-size | FileCheck %s
# CHECK:      y: "f32[s0, 8][8, 1]cpu" = torch.relu(x)
# CHECK-NEXT: sym_size_int: "Sym(s0)" = torch.ops.aten.sym_size.int(y, 0)
# CHECK-NEXT: gelu: "f32[s0, 8][8, 1]cpu" = torch.nn.functional.gelu(y)
# CHECK-NEXT: a = torch.mul(gelu, sym_size_int)
# CHECK:      w: "b8[s0, 8][8, 1]cpu" = torch.gt(x, 0)
# CHECK-NEXT: sym_size_int_1: "Sym(s0)" = torch.ops.aten.sym_size.int(w, 0)
# CHECK-NEXT: and_: "b8[s0, 8][8, 1]cpu" = w & m
# CHECK-NEXT: b = torch.mul(and_, sym_size_int_1)
# CHECK:      normalize: "f32[s0, 8][8, 1]cpu" = mylib.normalize(z)
# CHECK-NEXT: size_2 = z.size()
# CHECK-NEXT: getitem_2 = size_2[0]
# CHECK-NEXT: c = torch.mul(normalize, getitem_2)
class M(torch.nn.Module):
    def forward(self, s0: "Sym(s0)", x: "f32[s0, 8][8, 1]cpu", m: "b8[s0, 8][8, 1]cpu"):
        y: "f32[s0, 8][8, 1]cpu" = torch.relu(x)
        gelu: "f32[s0, 8][8, 1]cpu" = torch.nn.functional.gelu(y)
        size = y.size()
        getitem = size[0]
        a = torch.mul(gelu, getitem)
        w: "b8[s0, 8][8, 1]cpu" = torch.gt(x, 0)
        and_: "b8[s0, 8][8, 1]cpu" = w & m
        size_1 = w.size()
        getitem_1 = size_1[0]
        b = torch.mul(and_, getitem_1)
        z: "f32[s0, 8][8, 1]cpu" = torch.relu(x)
        normalize: "f32[s0, 8][8, 1]cpu" = mylib.normalize(z)
        size_2 = z.size()
        getitem_2 = size_2[0]
        c = torch.mul(normalize, getitem_2)
        return (a, b, c)
