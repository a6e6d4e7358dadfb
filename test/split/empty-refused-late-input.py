# Empty-only merge refused: `e` reads `r`, which the splitting piece
# submod_1 (aten::sin) defines, so it cannot move up into submod_0 and stays
# alone in submod_2, before the attention that fills it.
# RUN: %piecewise split %s --splitting-ops=aten::sin,vllm.unified_attention_with_output -o - | FileCheck %s
# CHECK:      class GraphModule(torch.nn.Module):
# CHECK-NEXT:     def forward(self, x: "f32[4, 16]"):
# CHECK-NEXT:         submod_0 = self.submod_0(x);  x = None
# CHECK-NEXT:         a: "f32[4, 16]" = submod_0[0];  submod_0 = None
# CHECK-NEXT:         submod_1 = self.submod_1(a);  a = None
# CHECK-NEXT:         r: "f32[4, 16]" = submod_1[0];  submod_1 = None
# CHECK-NEXT:         submod_2 = self.submod_2(r)
# CHECK-NEXT:         e: "f32[4, 16]" = submod_2[0];  submod_2 = None
# CHECK-NEXT:         submod_3 = self.submod_3(r, e);  submod_3 = None
# CHECK-NEXT:         submod_4 = self.submod_4(e, r);  e = r = None
# CHECK-NEXT:         b: "f32[4, 16]" = submod_4[0];  submod_4 = None
# CHECK-NEXT:         return (b,)
# CHECK-EMPTY:
# CHECK-NEXT:     class submod_0(torch.nn.Module):
# CHECK-NEXT:         def forward(self, x: "f32[4, 16]"):
# CHECK-NEXT:             a: "f32[4, 16]" = torch.ops.aten.relu.default(x);  x = None
# CHECK-NEXT:             return (a,)
# CHECK-EMPTY:
# CHECK-NEXT:     class submod_1(torch.nn.Module):
# CHECK-NEXT:         def forward(self, a: "f32[4, 16]"):
# CHECK-NEXT:             r: "f32[4, 16]" = torch.ops.aten.sin.default(a);  a = None
# CHECK-NEXT:             return (r,)
# CHECK-EMPTY:
# CHECK-NEXT:     class submod_2(torch.nn.Module):
# CHECK-NEXT:         def forward(self, r: "f32[4, 16]"):
# CHECK-NEXT:             e: "f32[4, 16]" = torch.ops.aten.empty_like.default(r);  r = None
# CHECK-NEXT:             return (e,)
# CHECK-EMPTY:
# CHECK-NEXT:     class submod_3(torch.nn.Module):
# CHECK-NEXT:         def forward(self, r: "f32[4, 16]", e: "f32[4, 16]"):
# CHECK-NEXT:             attn = torch.ops.vllm.unified_attention_with_output.default(r, r, r, e, 'layers.0');  r = e = attn = None
# CHECK-NEXT:             return ()
# CHECK-EMPTY:
# CHECK-NEXT:     class submod_4(torch.nn.Module):
# CHECK-NEXT:         def forward(self, e: "f32[4, 16]", r: "f32[4, 16]"):
# CHECK-NEXT:             b: "f32[4, 16]" = torch.ops.aten.add.Tensor(e, r);  e = r = None
# CHECK-NEXT:             return (b,)
class M(torch.nn.Module):
    def forward(self, x: "f32[4, 16]"):
        a: "f32[4, 16]" = torch.ops.aten.relu.default(x)
        r: "f32[4, 16]" = torch.ops.aten.sin.default(a)
        e: "f32[4, 16]" = torch.ops.aten.empty_like.default(r)
        attn = torch.ops.vllm.unified_attention_with_output.default(r, r, r, e, 'layers.0')
        b: "f32[4, 16]" = torch.ops.aten.add.Tensor(e, r)
        return (b,)
