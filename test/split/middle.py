# One splitting op in the middle: three pieces, the splitting one alone.
# Each piece returns a tuple (also with one value); the stitching graph unpacks
# it into getitems named after the original values.
# RUN: %piecewise split %s --splitting-ops=aten::mm -o - | FileCheck %s
# CHECK:      class GraphModule(torch.nn.Module):
# CHECK-NEXT:     def forward(self, x: "f32[4, 8]", w: "f32[8, 8]"):
# CHECK-NEXT:         submod_0 = self.submod_0(x);  x = None
# CHECK-NEXT:         a: "f32[4, 8]" = submod_0[0];  submod_0 = None
# CHECK-NEXT:         submod_1 = self.submod_1(a, w);  w = None
# CHECK-NEXT:         b: "f32[4, 8]" = submod_1[0];  submod_1 = None
# CHECK-NEXT:         submod_2 = self.submod_2(b, a);  b = a = None
# CHECK-NEXT:         d: "f32[4, 8]" = submod_2[0];  submod_2 = None
# CHECK-NEXT:         return (d,)
# CHECK-EMPTY:
# CHECK-NEXT:     class submod_0(torch.nn.Module):
# CHECK-NEXT:         def forward(self, x: "f32[4, 8]"):
# CHECK-NEXT:             a: "f32[4, 8]" = torch.ops.aten.relu.default(x);  x = None
# CHECK-NEXT:             return (a,)
# CHECK-EMPTY:
# CHECK-NEXT:     class submod_1(torch.nn.Module):
# CHECK-NEXT:         def forward(self, a: "f32[4, 8]", w: "f32[8, 8]"):
# CHECK-NEXT:             b: "f32[4, 8]" = torch.ops.aten.mm.default(a, w);  a = w = None
# CHECK-NEXT:             return (b,)
# CHECK-EMPTY:
# CHECK-NEXT:     class submod_2(torch.nn.Module):
# CHECK-NEXT:         def forward(self, b: "f32[4, 8]", a: "f32[4, 8]"):
# CHECK-NEXT:             c: "f32[4, 8]" = torch.ops.aten.sigmoid.default(b);  b = None
# CHECK-NEXT:             d: "f32[4, 8]" = torch.ops.aten.add.Tensor(c, a);  c = a = None
# CHECK-NEXT:             return (d,)
class M(torch.nn.Module):
    def forward(self, x: "f32[4, 8]", w: "f32[8, 8]"):
        a: "f32[4, 8]" = torch.ops.aten.relu.default(x)
        b: "f32[4, 8]" = torch.ops.aten.mm.default(a, w)
        c: "f32[4, 8]" = torch.ops.aten.sigmoid.default(b)
        d: "f32[4, 8]" = torch.ops.aten.add.Tensor(c, a)
        return (d,)
