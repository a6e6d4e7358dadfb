# Consecutive splitting ops (each the very next node of the previous one)
# share one piece.
# RUN: %piecewise split %s --splitting-ops=aten::sqrt,aten::sin,aten::cos -o - | FileCheck %s
# CHECK:      class GraphModule(torch.nn.Module):
# CHECK-NEXT:     def forward(self, x: "f32[4, 8]"):
# CHECK-NEXT:         submod_0 = self.submod_0(x);  x = None
# CHECK-NEXT:         a: "f32[4, 8]" = submod_0[0];  submod_0 = None
# CHECK-NEXT:         submod_1 = self.submod_1(a);  a = None
# CHECK-NEXT:         d: "f32[4, 8]" = submod_1[0];  submod_1 = None
# CHECK-NEXT:         submod_2 = self.submod_2(d);  d = None
# CHECK-NEXT:         e: "f32[4, 8]" = submod_2[0];  submod_2 = None
# CHECK-NEXT:         return (e,)
# CHECK-EMPTY:
# CHECK-NEXT:     class submod_0(torch.nn.Module):
# CHECK-NEXT:         def forward(self, x: "f32[4, 8]"):
# CHECK-NEXT:             a: "f32[4, 8]" = torch.ops.aten.relu.default(x);  x = None
# CHECK-NEXT:             return (a,)
# CHECK-EMPTY:
# CHECK-NEXT:     class submod_1(torch.nn.Module):
# CHECK-NEXT:         def forward(self, a: "f32[4, 8]"):
# CHECK-NEXT:             b: "f32[4, 8]" = torch.ops.aten.sqrt.default(a);  a = None
# CHECK-NEXT:             c: "f32[4, 8]" = torch.ops.aten.sin.default(b);  b = None
# CHECK-NEXT:             d: "f32[4, 8]" = torch.ops.aten.cos.default(c);  c = None
# CHECK-NEXT:             return (d,)
# CHECK-EMPTY:
# CHECK-NEXT:     class submod_2(torch.nn.Module):
# CHECK-NEXT:         def forward(self, d: "f32[4, 8]"):
# CHECK-NEXT:             e: "f32[4, 8]" = torch.ops.aten.sigmoid.default(d);  d = None
# CHECK-NEXT:             return (e,)
class M(torch.nn.Module):
    def forward(self, x: "f32[4, 8]"):
        a: "f32[4, 8]" = torch.ops.aten.relu.default(x)
        b: "f32[4, 8]" = torch.ops.aten.sqrt.default(a)
        c: "f32[4, 8]" = torch.ops.aten.sin.default(b)
        d: "f32[4, 8]" = torch.ops.aten.cos.default(c)
        e: "f32[4, 8]" = torch.ops.aten.sigmoid.default(d)
        return (e,)
