# `split` into chunks consumed by several later pieces: the getitems stay
# with the split, so each chunk crosses as a tensor (no tuple input anywhere).
# RUN: %piecewise split %s --splitting-ops=aten::sin -o - | FileCheck %s
# CHECK:      class GraphModule(torch.nn.Module):
# CHECK-NEXT:     def forward(self, x: "f32[4, 12]"):
# CHECK-NEXT:         submod_0 = self.submod_0(x);  x = None
# CHECK-NEXT:         q: "f32[4, 4]" = submod_0[0]
# CHECK-NEXT:         k: "f32[4, 4]" = submod_0[1]
# CHECK-NEXT:         v: "f32[4, 4]" = submod_0[2];  submod_0 = None
# CHECK-NEXT:         submod_1 = self.submod_1(q)
# CHECK-NEXT:         s1: "f32[4, 4]" = submod_1[0];  submod_1 = None
# CHECK-NEXT:         submod_2 = self.submod_2(s1, k);  s1 = k = None
# CHECK-NEXT:         a: "f32[4, 4]" = submod_2[0];  submod_2 = None
# CHECK-NEXT:         submod_3 = self.submod_3(a);  a = None
# CHECK-NEXT:         s2: "f32[4, 4]" = submod_3[0];  submod_3 = None
# CHECK-NEXT:         submod_4 = self.submod_4(s2, v, q);  s2 = v = q = None
# CHECK-NEXT:         c: "f32[4, 4]" = submod_4[0];  submod_4 = None
# CHECK-NEXT:         return (c,)
# CHECK-EMPTY:
# CHECK-NEXT:     class submod_0(torch.nn.Module):
# CHECK-NEXT:         def forward(self, x: "f32[4, 12]"):
# CHECK-NEXT:             r: "f32[4, 12]" = torch.ops.aten.relu.default(x);  x = None
# CHECK-NEXT:             split = torch.ops.aten.split.Tensor(r, 4, 1);  r = None
# CHECK-NEXT:             q: "f32[4, 4]" = split[0]
# CHECK-NEXT:             k: "f32[4, 4]" = split[1]
# CHECK-NEXT:             v: "f32[4, 4]" = split[2];  split = None
# CHECK-NEXT:             return (q, k, v)
# CHECK-EMPTY:
# CHECK-NEXT:     class submod_1(torch.nn.Module):
# CHECK-NEXT:         def forward(self, q: "f32[4, 4]"):
# CHECK-NEXT:             s1: "f32[4, 4]" = torch.ops.aten.sin.default(q);  q = None
# CHECK-NEXT:             return (s1,)
# CHECK-EMPTY:
# CHECK-NEXT:     class submod_2(torch.nn.Module):
# CHECK-NEXT:         def forward(self, s1: "f32[4, 4]", k: "f32[4, 4]"):
# CHECK-NEXT:             a: "f32[4, 4]" = torch.ops.aten.add.Tensor(s1, k);  s1 = k = None
# CHECK-NEXT:             return (a,)
# CHECK-EMPTY:
# CHECK-NEXT:     class submod_3(torch.nn.Module):
# CHECK-NEXT:         def forward(self, a: "f32[4, 4]"):
# CHECK-NEXT:             s2: "f32[4, 4]" = torch.ops.aten.sin.default(a);  a = None
# CHECK-NEXT:             return (s2,)
# CHECK-EMPTY:
# CHECK-NEXT:     class submod_4(torch.nn.Module):
# CHECK-NEXT:         def forward(self, s2: "f32[4, 4]", v: "f32[4, 4]", q: "f32[4, 4]"):
# CHECK-NEXT:             b: "f32[4, 4]" = torch.ops.aten.mul.Tensor(s2, v);  s2 = v = None
# CHECK-NEXT:             c: "f32[4, 4]" = torch.ops.aten.add.Tensor(b, q);  b = q = None
# CHECK-NEXT:             return (c,)
class M(torch.nn.Module):
    def forward(self, x: "f32[4, 12]"):
        r: "f32[4, 12]" = torch.ops.aten.relu.default(x)
        split = torch.ops.aten.split.Tensor(r, 4, 1)
        q: "f32[4, 4]" = split[0]
        k: "f32[4, 4]" = split[1]
        v: "f32[4, 4]" = split[2]
        s1: "f32[4, 4]" = torch.ops.aten.sin.default(q)
        a: "f32[4, 4]" = torch.ops.aten.add.Tensor(s1, k)
        s2: "f32[4, 4]" = torch.ops.aten.sin.default(a)
        b: "f32[4, 4]" = torch.ops.aten.mul.Tensor(s2, v)
        c: "f32[4, 4]" = torch.ops.aten.add.Tensor(b, q)
        return (c,)
