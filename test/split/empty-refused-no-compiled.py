# Empty-only merge refused: the only earlier piece is a splitting one, and an
# allocation never merges into a splitting piece.
# RUN: %piecewise split %s --splitting-ops=aten::sin -o - | FileCheck %s
# CHECK:      class GraphModule(torch.nn.Module):
# CHECK-NEXT:     def forward(self, x: "f32[4, 8]"):
# CHECK-NEXT:         submod_1 = self.submod_1(x)
# CHECK-NEXT:         r: "f32[4, 8]" = submod_1[0];  submod_1 = None
# CHECK-NEXT:         submod_2 = self.submod_2(x);  x = None
# CHECK-NEXT:         e: "f32[4, 8]" = submod_2[0];  submod_2 = None
# CHECK-NEXT:         submod_3 = self.submod_3(e);  e = None
# CHECK-NEXT:         s: "f32[4, 8]" = submod_3[0];  submod_3 = None
# CHECK-NEXT:         submod_4 = self.submod_4(s, r);  s = r = None
# CHECK-NEXT:         b: "f32[4, 8]" = submod_4[0];  submod_4 = None
# CHECK-NEXT:         return (b,)
# CHECK-EMPTY:
# CHECK-NEXT:     class submod_1(torch.nn.Module):
# CHECK-NEXT:         def forward(self, x: "f32[4, 8]"):
# CHECK-NEXT:             r: "f32[4, 8]" = torch.ops.aten.sin.default(x);  x = None
# CHECK-NEXT:             return (r,)
# CHECK-EMPTY:
# CHECK-NEXT:     class submod_2(torch.nn.Module):
# CHECK-NEXT:         def forward(self, x: "f32[4, 8]"):
# CHECK-NEXT:             e: "f32[4, 8]" = torch.ops.aten.empty_like.default(x);  x = None
# CHECK-NEXT:             return (e,)
# CHECK-EMPTY:
# CHECK-NEXT:     class submod_3(torch.nn.Module):
# CHECK-NEXT:         def forward(self, e: "f32[4, 8]"):
# CHECK-NEXT:             s: "f32[4, 8]" = torch.ops.aten.sin.default(e);  e = None
# CHECK-NEXT:             return (s,)
# CHECK-EMPTY:
# CHECK-NEXT:     class submod_4(torch.nn.Module):
# CHECK-NEXT:         def forward(self, s: "f32[4, 8]", r: "f32[4, 8]"):
# CHECK-NEXT:             b: "f32[4, 8]" = torch.ops.aten.add.Tensor(s, r);  s = r = None
# CHECK-NEXT:             return (b,)
class M(torch.nn.Module):
    def forward(self, x: "f32[4, 8]"):
        r: "f32[4, 8]" = torch.ops.aten.sin.default(x)
        e: "f32[4, 8]" = torch.ops.aten.empty_like.default(x)
        s: "f32[4, 8]" = torch.ops.aten.sin.default(e)
        b: "f32[4, 8]" = torch.ops.aten.add.Tensor(s, r)
        return (b,)
