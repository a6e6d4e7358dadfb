# `gen` writes a Llama-style decoder in code form with concrete sizes (16 tokens).
# RUN: %piecewise gen --layers 2 > %t.py
# RUN: %piecewise lint %t.py
# RUN: %piecewise --schema-file %data/custom_schemas/vllm.txt lint %t.py
# RUN: FileCheck %s --match-full-lines < %t.py
# CHECK: class GraphModule(torch.nn.Module):
# CHECK-NEXT:     def forward(self, input_ids: "i64[16][1]cuda:0", positions: "i64[16][1]cuda:0", embed_tokens_weight: "bf16[128, 64][64, 1]cuda:0", layers_0_input_layernorm_weight: "bf16[64][1]cuda:0", layers_0_qkv_proj_weight: "bf16[192, 64][64, 1]cuda:0", layers_0_o_proj_weight: "bf16[64, 64][64, 1]cuda:0", layers_0_post_attention_layernorm_weight: "bf16[64][1]cuda:0", layers_0_gate_up_proj_weight: "bf16[256, 64][64, 1]cuda:0", layers_0_down_proj_weight: "bf16[64, 128][128, 1]cuda:0", layers_1_input_layernorm_weight: {{.*}}, layers_1_down_proj_weight: "bf16[64, 128][128, 1]cuda:0", norm_weight: "bf16[64][1]cuda:0"):
# CHECK-NEXT:         embedding: "bf16[16, 64][64, 1]cuda:0" = torch.ops.aten.embedding.default(embed_tokens_weight, input_ids)
#
# RMSNorm in aten.
# CHECK-NEXT:         _to_copy: "f32[16, 64][64, 1]cuda:0" = torch.ops.aten._to_copy.default(embedding, dtype = torch.float32)
# CHECK-NEXT:         pow_1: "f32[16, 64][64, 1]cuda:0" = torch.ops.aten.pow.Tensor_Scalar(_to_copy, 2)
# CHECK-NEXT:         mean: "f32[16, 1][1, 1]cuda:0" = torch.ops.aten.mean.dim(pow_1, [-1], True)
# CHECK-NEXT:         add: "f32[16, 1][1, 1]cuda:0" = torch.ops.aten.add.Tensor(mean, 1e-06)
# CHECK-NEXT:         rsqrt: "f32[16, 1][1, 1]cuda:0" = torch.ops.aten.rsqrt.default(add)
# CHECK-NEXT:         mul: "f32[16, 64][64, 1]cuda:0" = torch.ops.aten.mul.Tensor(_to_copy, rsqrt)
# CHECK-NEXT:         _to_copy_1: "bf16[16, 64][64, 1]cuda:0" = torch.ops.aten._to_copy.default(mul, dtype = torch.bfloat16)
# CHECK-NEXT:         mul_1: "bf16[16, 64][64, 1]cuda:0" = torch.ops.aten.mul.Tensor(_to_copy_1, layers_0_input_layernorm_weight)
#
# Layer 0 (even): q, k, v are three slices of the fused projection.
# CHECK-NEXT:         t: "bf16[64, 192][1, 64]cuda:0" = torch.ops.aten.t.default(layers_0_qkv_proj_weight)
# CHECK-NEXT:         mm: "bf16[16, 192][192, 1]cuda:0" = torch.ops.aten.mm.default(mul_1, t)
# CHECK-NEXT:         slice_1: "bf16[16, 64][192, 1]cuda:0" = torch.ops.aten.slice.Tensor(mm, -1, 0, 64)
# CHECK-NEXT:         slice_2: "bf16[16, 64][192, 1]cuda:0" = torch.ops.aten.slice.Tensor(mm, -1, 64, 128)
# CHECK-NEXT:         slice_3: "bf16[16, 64][192, 1]cuda:0" = torch.ops.aten.slice.Tensor(mm, -1, 128, 192)
# CHECK-NEXT:         empty: "bf16[16, 64][64, 1]cuda:0" = torch.ops.aten.empty.memory_format([16, 64], dtype = torch.bfloat16, device = device(type='cuda', index=0), pin_memory = False)
# CHECK-NEXT:         unified_attention_with_output = torch.ops.vllm.unified_attention_with_output.default(slice_1, slice_2, slice_3, empty, 'model.layers.0.self_attn.attn')
# CHECK-NEXT:         t_1: "bf16[64, 64][1, 64]cuda:0" = torch.ops.aten.t.default(layers_0_o_proj_weight)
# CHECK-NEXT:         mm_1: "bf16[16, 64][64, 1]cuda:0" = torch.ops.aten.mm.default(empty, t_1)
# CHECK-NEXT:         add_1: "bf16[16, 64][64, 1]cuda:0" = torch.ops.aten.add.Tensor(mm_1, embedding)
# CHECK:              mul_3: "bf16[16, 64][64, 1]cuda:0" = torch.ops.aten.mul.Tensor(_to_copy_3, layers_0_post_attention_layernorm_weight)
# CHECK-NEXT:         t_2: "bf16[64, 256][1, 64]cuda:0" = torch.ops.aten.t.default(layers_0_gate_up_proj_weight)
# CHECK-NEXT:         mm_2: "bf16[16, 256][256, 1]cuda:0" = torch.ops.aten.mm.default(mul_3, t_2)
# CHECK-NEXT:         slice_4: "bf16[16, 128][256, 1]cuda:0" = torch.ops.aten.slice.Tensor(mm_2, -1, 0, 128)
# CHECK-NEXT:         slice_5: "bf16[16, 128][256, 1]cuda:0" = torch.ops.aten.slice.Tensor(mm_2, -1, 128, 256)
# CHECK-NEXT:         silu: "bf16[16, 128][128, 1]cuda:0" = torch.ops.aten.silu.default(slice_4)
# CHECK-NEXT:         mul_4: "bf16[16, 128][128, 1]cuda:0" = torch.ops.aten.mul.Tensor(silu, slice_5)
# CHECK-NEXT:         t_3: "bf16[128, 64][1, 128]cuda:0" = torch.ops.aten.t.default(layers_0_down_proj_weight)
# CHECK-NEXT:         mm_3: "bf16[16, 64][64, 1]cuda:0" = torch.ops.aten.mm.default(mul_4, t_3)
# CHECK-NEXT:         add_3: "bf16[16, 64][64, 1]cuda:0" = torch.ops.aten.add.Tensor(mm_3, add_1)
#
# Layer 1 (odd): split_with_sizes and three getitems.
# CHECK:              mm_4: "bf16[16, 192][192, 1]cuda:0" = torch.ops.aten.mm.default(mul_6, t_4)
# CHECK-NEXT:         split_with_sizes = torch.ops.aten.split_with_sizes.default(mm_4, [64, 64, 64], -1)
# CHECK-NEXT:         getitem: "bf16[16, 64][192, 1]cuda:0" = split_with_sizes[0]
# CHECK-NEXT:         getitem_1: "bf16[16, 64][192, 1]cuda:0" = split_with_sizes[1]
# CHECK-NEXT:         getitem_2: "bf16[16, 64][192, 1]cuda:0" = split_with_sizes[2]
# CHECK-NEXT:         empty_1: "bf16[16, 64][64, 1]cuda:0" = torch.ops.aten.empty.memory_format([16, 64], dtype = torch.bfloat16, device = device(type='cuda', index=0), pin_memory = False)
# CHECK-NEXT:         unified_attention_with_output_1 = torch.ops.vllm.unified_attention_with_output.default(getitem, getitem_1, getitem_2, empty_1, 'model.layers.1.self_attn.attn')
#
# Final norm and the return.
# CHECK:              add_7: "bf16[16, 64][64, 1]cuda:0" = torch.ops.aten.add.Tensor(mm_7, add_5)
# CHECK-NEXT:         _to_copy_8: "f32[16, 64][64, 1]cuda:0" = torch.ops.aten._to_copy.default(add_7, dtype = torch.float32)
# CHECK:              mul_11: "bf16[16, 64][64, 1]cuda:0" = torch.ops.aten.mul.Tensor(_to_copy_9, norm_weight)
# CHECK-NEXT:         return (mul_11,)
# CHECK-EMPTY:
