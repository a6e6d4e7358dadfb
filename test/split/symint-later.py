# A SymInt placeholder used only by the last piece is an input of that piece
# alone.
# RUN: %piecewise split %s --splitting-ops=aten::sin -o - | FileCheck %s
# CHECK:      class GraphModule(torch.nn.Module):
# CHECK-NEXT:     def forward(self, x: "f32[8, 4]", n: "Sym(s1)"):
# CHECK-NEXT:         submod_0 = self.submod_0(x);  x = None
# CHECK-NEXT:         a: "f32[8, 4]" = submod_0[0];  submod_0 = None
# CHECK-NEXT:         submod_1 = self.submod_1(a);  a = None
# CHECK-NEXT:         b: "f32[8, 4]" = submod_1[0];  submod_1 = None
# CHECK-NEXT:         submod_2 = self.submod_2(b, n);  b = n = None
# CHECK-NEXT:         c: "f32[s1, 4]" = submod_2[0];  submod_2 = None
# CHECK-NEXT:         return (c,)
# CHECK-EMPTY:
# CHECK-NEXT:     class submod_0(torch.nn.Module):
# CHECK-NEXT:         def forward(self, x: "f32[8, 4]"):
# CHECK-NEXT:             a: "f32[8, 4]" = torch.ops.aten.relu.default(x);  x = None
# CHECK-NEXT:             return (a,)
# CHECK-EMPTY:
# CHECK-NEXT:     class submod_1(torch.nn.Module):
# CHECK-NEXT:         def forward(self, a: "f32[8, 4]"):
# CHECK-NEXT:             b: "f32[8, 4]" = torch.ops.aten.sin.default(a);  a = None
# CHECK-NEXT:             return (b,)
# CHECK-EMPTY:
# CHECK-NEXT:     class submod_2(torch.nn.Module):
# CHECK-NEXT:         def forward(self, b: "f32[8, 4]", n: "Sym(s1)"):
# CHECK-NEXT:             c: "f32[s1, 4]" = torch.ops.aten.narrow.default(b, 0, 0, n);  b = n = None
# CHECK-NEXT:             return (c,)
class M(torch.nn.Module):
    def forward(self, x: "f32[8, 4]", n: "Sym(s1)"):
        a: "f32[8, 4]" = torch.ops.aten.relu.default(x)
        b: "f32[8, 4]" = torch.ops.aten.sin.default(a)
        c: "f32[s1, 4]" = torch.ops.aten.narrow.default(b, 0, 0, n)
        return (c,)
