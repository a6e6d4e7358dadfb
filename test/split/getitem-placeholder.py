# A getitem whose producer is a placeholder is an ordinary node: it goes into
# the current piece, which takes the placeholder itself.
# RUN: %piecewise split %s --splitting-ops=aten::sin -o - | FileCheck %s
# CHECK:      class GraphModule(torch.nn.Module):
# CHECK-NEXT:     def forward(self, xs, y: "f32[4]"):
# CHECK-NEXT:         submod_1 = self.submod_1(y);  y = None
# CHECK-NEXT:         a: "f32[4]" = submod_1[0];  submod_1 = None
# CHECK-NEXT:         submod_2 = self.submod_2(xs, a);  xs = a = None
# CHECK-NEXT:         b: "f32[4]" = submod_2[0];  submod_2 = None
# CHECK-NEXT:         return (b,)
# CHECK-EMPTY:
# CHECK-NEXT:     class submod_1(torch.nn.Module):
# CHECK-NEXT:         def forward(self, y: "f32[4]"):
# CHECK-NEXT:             a: "f32[4]" = torch.ops.aten.sin.default(y);  y = None
# CHECK-NEXT:             return (a,)
# CHECK-EMPTY:
# CHECK-NEXT:     class submod_2(torch.nn.Module):
# CHECK-NEXT:         def forward(self, xs, a: "f32[4]"):
# CHECK-NEXT:             g = xs[0];  xs = None
# CHECK-NEXT:             b: "f32[4]" = torch.ops.aten.add.Tensor(a, g);  a = g = None
# CHECK-NEXT:             return (b,)
class M(torch.nn.Module):
    def forward(self, xs, y: "f32[4]"):
        a: "f32[4]" = torch.ops.aten.sin.default(y)
        g = xs[0]
        b: "f32[4]" = torch.ops.aten.add.Tensor(a, g)
        return (b,)
