# Splitting ops at the first and the last position: no empty piece appears
# (ids start at 1 and end at 3; submod_0 and submod_4 never exist).
# RUN: %piecewise split %s --splitting-ops=aten::mm -o - | FileCheck %s
# CHECK:      class GraphModule(torch.nn.Module):
# CHECK-NEXT:     def forward(self, x: "f32[4, 8]", w: "f32[8, 8]"):
# CHECK-NEXT:         submod_1 = self.submod_1(x, w);  x = None
# CHECK-NEXT:         a: "f32[4, 8]" = submod_1[0];  submod_1 = None
# CHECK-NEXT:         submod_2 = self.submod_2(a);  a = None
# CHECK-NEXT:         c: "f32[4, 8]" = submod_2[0];  submod_2 = None
# CHECK-NEXT:         submod_3 = self.submod_3(c, w);  c = w = None
# CHECK-NEXT:         d: "f32[4, 8]" = submod_3[0];  submod_3 = None
# CHECK-NEXT:         return (d,)
# CHECK-EMPTY:
# CHECK-NEXT:     class submod_1(torch.nn.Module):
# CHECK-NEXT:         def forward(self, x: "f32[4, 8]", w: "f32[8, 8]"):
# CHECK-NEXT:             a: "f32[4, 8]" = torch.ops.aten.mm.default(x, w);  x = w = None
# CHECK-NEXT:             return (a,)
# CHECK-EMPTY:
# CHECK-NEXT:     class submod_2(torch.nn.Module):
# CHECK-NEXT:         def forward(self, a: "f32[4, 8]"):
# CHECK-NEXT:             b: "f32[4, 8]" = torch.ops.aten.relu.default(a);  a = None
# CHECK-NEXT:             c: "f32[4, 8]" = torch.ops.aten.mul.Tensor(b, 2);  b = None
# CHECK-NEXT:             return (c,)
# CHECK-EMPTY:
# CHECK-NEXT:     class submod_3(torch.nn.Module):
# CHECK-NEXT:         def forward(self, c: "f32[4, 8]", w: "f32[8, 8]"):
# CHECK-NEXT:             d: "f32[4, 8]" = torch.ops.aten.mm.default(c, w);  c = w = None
# CHECK-NEXT:             return (d,)
class M(torch.nn.Module):
    def forward(self, x: "f32[4, 8]", w: "f32[8, 8]"):
        a: "f32[4, 8]" = torch.ops.aten.mm.default(x, w)
        b: "f32[4, 8]" = torch.ops.aten.relu.default(a)
        c: "f32[4, 8]" = torch.ops.aten.mul.Tensor(b, 2)
        d: "f32[4, 8]" = torch.ops.aten.mm.default(c, w)
        return (d,)
