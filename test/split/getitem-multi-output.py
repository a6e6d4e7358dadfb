# A getitem of a multi-output splitting op stays in the splitting piece, even
# `m`, which comes after a node of the next piece in graph order: the tuple
# `var_mean` never crosses a boundary.
# RUN: %piecewise split %s --splitting-ops=aten::var_mean -o - | FileCheck %s
# CHECK:      class GraphModule(torch.nn.Module):
# CHECK-NEXT:     def forward(self, x: "f32[4, 8]"):
# CHECK-NEXT:         submod_0 = self.submod_0(x);  x = None
# CHECK-NEXT:         a: "f32[4, 8]" = submod_0[0];  submod_0 = None
# CHECK-NEXT:         submod_1 = self.submod_1(a)
# CHECK-NEXT:         v: "f32[4, 1]" = submod_1[0]
# CHECK-NEXT:         m: "f32[4, 1]" = submod_1[1];  submod_1 = None
# CHECK-NEXT:         submod_2 = self.submod_2(a, m, v);  a = m = v = None
# CHECK-NEXT:         d: "f32[4, 8]" = submod_2[0];  submod_2 = None
# CHECK-NEXT:         return (d,)
# CHECK-EMPTY:
# CHECK-NEXT:     class submod_0(torch.nn.Module):
# CHECK-NEXT:         def forward(self, x: "f32[4, 8]"):
# CHECK-NEXT:             a: "f32[4, 8]" = torch.ops.aten.relu.default(x);  x = None
# CHECK-NEXT:             return (a,)
# CHECK-EMPTY:
# CHECK-NEXT:     class submod_1(torch.nn.Module):
# CHECK-NEXT:         def forward(self, a: "f32[4, 8]"):
# CHECK-NEXT:             var_mean = torch.ops.aten.var_mean.correction(a, [1], correction = 0, keepdim = True);  a = None
# CHECK-NEXT:             v: "f32[4, 1]" = var_mean[0]
# CHECK-NEXT:             m: "f32[4, 1]" = var_mean[1];  var_mean = None
# CHECK-NEXT:             return (v, m)
# CHECK-EMPTY:
# CHECK-NEXT:     class submod_2(torch.nn.Module):
# CHECK-NEXT:         def forward(self, a: "f32[4, 8]", m: "f32[4, 1]", v: "f32[4, 1]"):
# CHECK-NEXT:             b: "f32[4, 8]" = torch.ops.aten.sigmoid.default(a);  a = None
# CHECK-NEXT:             c: "f32[4, 8]" = torch.ops.aten.sub.Tensor(b, m);  b = m = None
# CHECK-NEXT:             d: "f32[4, 8]" = torch.ops.aten.div.Tensor(c, v);  c = v = None
# CHECK-NEXT:             return (d,)
class M(torch.nn.Module):
    def forward(self, x: "f32[4, 8]"):
        a: "f32[4, 8]" = torch.ops.aten.relu.default(x)
        var_mean = torch.ops.aten.var_mean.correction(a, [1], correction = 0, keepdim = True)
        v: "f32[4, 1]" = var_mean[0]
        b: "f32[4, 8]" = torch.ops.aten.sigmoid.default(a)
        m: "f32[4, 1]" = var_mean[1]
        c: "f32[4, 8]" = torch.ops.aten.sub.Tensor(b, m)
        d: "f32[4, 8]" = torch.ops.aten.div.Tensor(c, v)
        return (d,)
