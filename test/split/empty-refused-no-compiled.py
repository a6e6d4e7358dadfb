# Empty-only merge refused: the only earlier piece is a splitting one, and an
# allocation never merges into a splitting piece (submod_2 stays).
# RUN: %piecewise split %s --splitting-ops=vllm.unified_attention_with_output -o - | FileCheck %s
# CHECK:      class GraphModule(torch.nn.Module):
# CHECK-NEXT:     def forward(self, x: "f32[4, 16]", o: "f32[4, 16]"):
# CHECK-NEXT:         submod_1 = self.submod_1(x, o);  submod_1 = None
# CHECK-NEXT:         submod_2 = self.submod_2(x);  x = None
# CHECK-NEXT:         e: "f32[4, 16]" = submod_2[0];  submod_2 = None
# CHECK-NEXT:         submod_3 = self.submod_3(o, e);  o = submod_3 = None
# CHECK-NEXT:         submod_4 = self.submod_4(e);  e = None
# CHECK-NEXT:         b: "f32[4, 16]" = submod_4[0];  submod_4 = None
# CHECK-NEXT:         return (b,)
# CHECK-EMPTY:
# CHECK-NEXT:     class submod_1(torch.nn.Module):
# CHECK-NEXT:         def forward(self, x: "f32[4, 16]", o: "f32[4, 16]"):
# CHECK-NEXT:             attn1 = torch.ops.vllm.unified_attention_with_output.default(x, x, x, o, 'layers.0');  x = o = attn1 = None
# CHECK-NEXT:             return ()
# CHECK-EMPTY:
# CHECK-NEXT:     class submod_2(torch.nn.Module):
# CHECK-NEXT:         def forward(self, x: "f32[4, 16]"):
# CHECK-NEXT:             e: "f32[4, 16]" = torch.ops.aten.empty_like.default(x);  x = None
# CHECK-NEXT:             return (e,)
# CHECK-EMPTY:
# CHECK-NEXT:     class submod_3(torch.nn.Module):
# CHECK-NEXT:         def forward(self, o: "f32[4, 16]", e: "f32[4, 16]"):
# CHECK-NEXT:             attn2 = torch.ops.vllm.unified_attention_with_output.default(o, o, o, e, 'layers.1');  o = e = attn2 = None
# CHECK-NEXT:             return ()
# CHECK-EMPTY:
# CHECK-NEXT:     class submod_4(torch.nn.Module):
# CHECK-NEXT:         def forward(self, e: "f32[4, 16]"):
# CHECK-NEXT:             b: "f32[4, 16]" = torch.ops.aten.relu.default(e);  e = None
# CHECK-NEXT:             return (b,)
class M(torch.nn.Module):
    def forward(self, x: "f32[4, 16]", o: "f32[4, 16]"):
        attn1 = torch.ops.vllm.unified_attention_with_output.default(x, x, x, o, 'layers.0')
        e: "f32[4, 16]" = torch.ops.aten.empty_like.default(x)
        attn2 = torch.ops.vllm.unified_attention_with_output.default(o, o, o, e, 'layers.1')
        b: "f32[4, 16]" = torch.ops.aten.relu.default(e)
        return (b,)
