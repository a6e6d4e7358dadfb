# A piece holding only an empty allocation (out2, between the two attention
# calls) merges into the previous compiled piece (submod_0): submod_2 never
# appears.
# RUN: %piecewise split %s --splitting-ops=vllm.unified_attention_with_output -o - | FileCheck %s
# CHECK:      class GraphModule(torch.nn.Module):
# CHECK-NEXT:     def forward(self, x: "f32[4, 16]"):
# CHECK-NEXT:         submod_0 = self.submod_0(x);  x = None
# CHECK-NEXT:         a: "f32[4, 16]" = submod_0[0]
# CHECK-NEXT:         out1: "f32[4, 16]" = submod_0[1]
# CHECK-NEXT:         out2: "f32[4, 16]" = submod_0[2];  submod_0 = None
# CHECK-NEXT:         submod_1 = self.submod_1(a, out1);  a = submod_1 = None
# CHECK-NEXT:         submod_3 = self.submod_3(out1, out2);  out1 = submod_3 = None
# CHECK-NEXT:         submod_4 = self.submod_4(out2);  out2 = None
# CHECK-NEXT:         b: "f32[4, 16]" = submod_4[0];  submod_4 = None
# CHECK-NEXT:         return (b,)
# CHECK-EMPTY:
# CHECK-NEXT:     class submod_0(torch.nn.Module):
# CHECK-NEXT:         def forward(self, x: "f32[4, 16]"):
# CHECK-NEXT:             a: "f32[4, 16]" = torch.ops.aten.relu.default(x);  x = None
# CHECK-NEXT:             out1: "f32[4, 16]" = torch.ops.aten.empty_like.default(a)
# CHECK-NEXT:             out2: "f32[4, 16]" = torch.ops.aten.empty.memory_format([4, 16], dtype = torch.float32, device = device(type='cpu'), pin_memory = False)
# CHECK-NEXT:             return (a, out1, out2)
# CHECK-EMPTY:
# CHECK-NEXT:     class submod_1(torch.nn.Module):
# CHECK-NEXT:         def forward(self, a: "f32[4, 16]", out1: "f32[4, 16]"):
# CHECK-NEXT:             attn1 = torch.ops.vllm.unified_attention_with_output.default(a, a, a, out1, 'layers.0');  a = out1 = attn1 = None
# CHECK-NEXT:             return ()
# CHECK-EMPTY:
# CHECK-NEXT:     class submod_3(torch.nn.Module):
# CHECK-NEXT:         def forward(self, out1: "f32[4, 16]", out2: "f32[4, 16]"):
# CHECK-NEXT:             attn2 = torch.ops.vllm.unified_attention_with_output.default(out1, out1, out1, out2, 'layers.1');  out1 = out2 = attn2 = None
# CHECK-NEXT:             return ()
# CHECK-EMPTY:
# CHECK-NEXT:     class submod_4(torch.nn.Module):
# CHECK-NEXT:         def forward(self, out2: "f32[4, 16]"):
# CHECK-NEXT:             b: "f32[4, 16]" = torch.ops.aten.relu.default(out2);  out2 = None
# CHECK-NEXT:             return (b,)
class M(torch.nn.Module):
    def forward(self, x: "f32[4, 16]"):
        a: "f32[4, 16]" = torch.ops.aten.relu.default(x)
        out1: "f32[4, 16]" = torch.ops.aten.empty_like.default(a)
        attn1 = torch.ops.vllm.unified_attention_with_output.default(a, a, a, out1, 'layers.0')
        out2: "f32[4, 16]" = torch.ops.aten.empty.memory_format([4, 16], dtype = torch.float32, device = device(type='cpu'), pin_memory = False)
        attn2 = torch.ops.vllm.unified_attention_with_output.default(out1, out1, out1, out2, 'layers.1')
        b: "f32[4, 16]" = torch.ops.aten.relu.default(out2)
        return (b,)
