# A splitting op repeated three times: seven pieces, alternating; the last
# piece reads `a` from the first one.
# RUN: %piecewise split %s --splitting-ops=aten::sin -o - | FileCheck %s
# CHECK:      class GraphModule(torch.nn.Module):
# CHECK-NEXT:     def forward(self, x: "f32[4, 8]"):
# CHECK-NEXT:         submod_0 = self.submod_0(x);  x = None
# CHECK-NEXT:         a: "f32[4, 8]" = submod_0[0];  submod_0 = None
# CHECK-NEXT:         submod_1 = self.submod_1(a)
# CHECK-NEXT:         b: "f32[4, 8]" = submod_1[0];  submod_1 = None
# CHECK-NEXT:         submod_2 = self.submod_2(b);  b = None
# CHECK-NEXT:         c: "f32[4, 8]" = submod_2[0];  submod_2 = None
# CHECK-NEXT:         submod_3 = self.submod_3(c);  c = None
# CHECK-NEXT:         d: "f32[4, 8]" = submod_3[0];  submod_3 = None
# CHECK-NEXT:         submod_4 = self.submod_4(d);  d = None
# CHECK-NEXT:         e: "f32[4, 8]" = submod_4[0];  submod_4 = None
# CHECK-NEXT:         submod_5 = self.submod_5(e);  e = None
# CHECK-NEXT:         f: "f32[4, 8]" = submod_5[0];  submod_5 = None
# CHECK-NEXT:         submod_6 = self.submod_6(f, a);  f = a = None
# CHECK-NEXT:         g: "f32[4, 8]" = submod_6[0];  submod_6 = None
# CHECK-NEXT:         return (g,)
# CHECK-EMPTY:
# CHECK-NEXT:     class submod_0(torch.nn.Module):
# CHECK-NEXT:         def forward(self, x: "f32[4, 8]"):
# CHECK-NEXT:             a: "f32[4, 8]" = torch.ops.aten.relu.default(x);  x = None
# CHECK-NEXT:             return (a,)
# CHECK-EMPTY:
# CHECK-NEXT:     class submod_1(torch.nn.Module):
# CHECK-NEXT:         def forward(self, a: "f32[4, 8]"):
# CHECK-NEXT:             b: "f32[4, 8]" = torch.ops.aten.sin.default(a);  a = None
# CHECK-NEXT:             return (b,)
# CHECK-EMPTY:
# CHECK-NEXT:     class submod_2(torch.nn.Module):
# CHECK-NEXT:         def forward(self, b: "f32[4, 8]"):
# CHECK-NEXT:             c: "f32[4, 8]" = torch.ops.aten.relu.default(b);  b = None
# CHECK-NEXT:             return (c,)
# CHECK-EMPTY:
# CHECK-NEXT:     class submod_3(torch.nn.Module):
# CHECK-NEXT:         def forward(self, c: "f32[4, 8]"):
# CHECK-NEXT:             d: "f32[4, 8]" = torch.ops.aten.sin.default(c);  c = None
# CHECK-NEXT:             return (d,)
# CHECK-EMPTY:
# CHECK-NEXT:     class submod_4(torch.nn.Module):
# CHECK-NEXT:         def forward(self, d: "f32[4, 8]"):
# CHECK-NEXT:             e: "f32[4, 8]" = torch.ops.aten.relu.default(d);  d = None
# CHECK-NEXT:             return (e,)
# CHECK-EMPTY:
# CHECK-NEXT:     class submod_5(torch.nn.Module):
# CHECK-NEXT:         def forward(self, e: "f32[4, 8]"):
# CHECK-NEXT:             f: "f32[4, 8]" = torch.ops.aten.sin.default(e);  e = None
# CHECK-NEXT:             return (f,)
# CHECK-EMPTY:
# CHECK-NEXT:     class submod_6(torch.nn.Module):
# CHECK-NEXT:         def forward(self, f: "f32[4, 8]", a: "f32[4, 8]"):
# CHECK-NEXT:             g: "f32[4, 8]" = torch.ops.aten.add.Tensor(f, a);  f = a = None
# CHECK-NEXT:             return (g,)
class M(torch.nn.Module):
    def forward(self, x: "f32[4, 8]"):
        a: "f32[4, 8]" = torch.ops.aten.relu.default(x)
        b: "f32[4, 8]" = torch.ops.aten.sin.default(a)
        c: "f32[4, 8]" = torch.ops.aten.relu.default(b)
        d: "f32[4, 8]" = torch.ops.aten.sin.default(c)
        e: "f32[4, 8]" = torch.ops.aten.relu.default(d)
        f: "f32[4, 8]" = torch.ops.aten.sin.default(e)
        g: "f32[4, 8]" = torch.ops.aten.add.Tensor(f, a)
        return (g,)
