# a 4-layer Hugging Face Llama (transformers, random weights) whose decoder layers are nested compile regions, stock SDPA, dynamic=True.
# Captured at the Dynamo level with torch 2.13.0+cpu by examples/dynamo/capture.py.
class GraphModule(torch.nn.Module):
    def forward(self, s70: "Sym(s70)", L_input_ids_: "i64[1, s70][s70, 1]cpu", L_self_modules_lm_modules_model_modules_embed_tokens_parameters_weight_: "f32[128, 64][64, 1]cpu", L_self_modules_lm_modules_model_modules_embed_tokens_norm_type: "f64[][]cpu", L_self_modules_lm_modules_model_modules_rotary_emb_buffers_inv_freq_: "f32[8][1]cpu", L_self_modules_lm_modules_model_modules_rotary_emb_attention_scaling: "f64[][]cpu", L_self_modules_lm_modules_model_modules_layers_modules_0_modules_input_layernorm_variance_epsilon: "f64[][]cpu", L_self_modules_lm_modules_model_modules_layers_modules_0_modules_input_layernorm_parameters_weight_: "f32[64][1]cpu", L_self_modules_lm_modules_model_modules_layers_modules_0_modules_self_attn_modules_q_proj_parameters_weight_: "f32[64, 64][64, 1]cpu", L_self_modules_lm_modules_model_modules_layers_modules_0_modules_self_attn_modules_k_proj_parameters_weight_: "f32[32, 64][64, 1]cpu", L_self_modules_lm_modules_model_modules_layers_modules_0_modules_self_attn_modules_v_proj_parameters_weight_: "f32[32, 64][64, 1]cpu", L_self_modules_lm_modules_model_modules_layers_modules_0_modules_self_attn_scaling: "f64[][]cpu", L_self_modules_lm_modules_model_modules_layers_modules_0_modules_self_attn_modules_o_proj_parameters_weight_: "f32[64, 64][64, 1]cpu", L_self_modules_lm_modules_model_modules_layers_modules_0_modules_post_attention_layernorm_variance_epsilon: "f64[][]cpu", L_self_modules_lm_modules_model_modules_layers_modules_0_modules_post_attention_layernorm_parameters_weight_: "f32[64][1]cpu", L_self_modules_lm_modules_model_modules_layers_modules_0_modules_mlp_modules_gate_proj_parameters_weight_: "f32[128, 64][64, 1]cpu", L_self_modules_lm_modules_model_modules_layers_modules_0_modules_mlp_modules_up_proj_parameters_weight_: "f32[128, 64][64, 1]cpu", L_self_modules_lm_modules_model_modules_layers_modules_0_modules_mlp_modules_down_proj_parameters_weight_: "f32[64, 128][128, 1]cpu", L_self_modules_lm_modules_model_modules_layers_modules_1_modules_input_layernorm_variance_epsilon: "f64[][]cpu", L_self_modules_lm_modules_model_modules_layers_modules_1_modules_input_layernorm_parameters_weight_: "f32[64][1]cpu", L_self_modules_lm_modules_model_modules_layers_modules_1_modules_self_attn_modules_q_proj_parameters_weight_: "f32[64, 64][64, 1]cpu", L_self_modules_lm_modules_model_modules_layers_modules_1_modules_self_attn_modules_k_proj_parameters_weight_: "f32[32, 64][64, 1]cpu", L_self_modules_lm_modules_model_modules_layers_modules_1_modules_self_attn_modules_v_proj_parameters_weight_: "f32[32, 64][64, 1]cpu", L_self_modules_lm_modules_model_modules_layers_modules_1_modules_self_attn_scaling: "f64[][]cpu", L_self_modules_lm_modules_model_modules_layers_modules_1_modules_self_attn_modules_o_proj_parameters_weight_: "f32[64, 64][64, 1]cpu", L_self_modules_lm_modules_model_modules_layers_modules_1_modules_post_attention_layernorm_variance_epsilon: "f64[][]cpu", L_self_modules_lm_modules_model_modules_layers_modules_1_modules_post_attention_layernorm_parameters_weight_: "f32[64][1]cpu", L_self_modules_lm_modules_model_modules_layers_modules_1_modules_mlp_modules_gate_proj_parameters_weight_: "f32[128, 64][64, 1]cpu", L_self_modules_lm_modules_model_modules_layers_modules_1_modules_mlp_modules_up_proj_parameters_weight_: "f32[128, 64][64, 1]cpu", L_self_modules_lm_modules_model_modules_layers_modules_1_modules_mlp_modules_down_proj_parameters_weight_: "f32[64, 128][128, 1]cpu", L_self_modules_lm_modules_model_modules_layers_modules_2_modules_input_layernorm_variance_epsilon: "f64[][]cpu", L_self_modules_lm_modules_model_modules_layers_modules_2_modules_input_layernorm_parameters_weight_: "f32[64][1]cpu", L_self_modules_lm_modules_model_modules_layers_modules_2_modules_self_attn_modules_q_proj_parameters_weight_: "f32[64, 64][64, 1]cpu", L_self_modules_lm_modules_model_modules_layers_modules_2_modules_self_attn_modules_k_proj_parameters_weight_: "f32[32, 64][64, 1]cpu", L_self_modules_lm_modules_model_modules_layers_modules_2_modules_self_attn_modules_v_proj_parameters_weight_: "f32[32, 64][64, 1]cpu", L_self_modules_lm_modules_model_modules_layers_modules_2_modules_self_attn_scaling: "f64[][]cpu", L_self_modules_lm_modules_model_modules_layers_modules_2_modules_self_attn_modules_o_proj_parameters_weight_: "f32[64, 64][64, 1]cpu", L_self_modules_lm_modules_model_modules_layers_modules_2_modules_post_attention_layernorm_variance_epsilon: "f64[][]cpu", L_self_modules_lm_modules_model_modules_layers_modules_2_modules_post_attention_layernorm_parameters_weight_: "f32[64][1]cpu", L_self_modules_lm_modules_model_modules_layers_modules_2_modules_mlp_modules_gate_proj_parameters_weight_: "f32[128, 64][64, 1]cpu", L_self_modules_lm_modules_model_modules_layers_modules_2_modules_mlp_modules_up_proj_parameters_weight_: "f32[128, 64][64, 1]cpu", L_self_modules_lm_modules_model_modules_layers_modules_2_modules_mlp_modules_down_proj_parameters_weight_: "f32[64, 128][128, 1]cpu", L_self_modules_lm_modules_model_modules_layers_modules_3_modules_input_layernorm_variance_epsilon: "f64[][]cpu", L_self_modules_lm_modules_model_modules_layers_modules_3_modules_input_layernorm_parameters_weight_: "f32[64][1]cpu", L_self_modules_lm_modules_model_modules_layers_modules_3_modules_self_attn_modules_q_proj_parameters_weight_: "f32[64, 64][64, 1]cpu", L_self_modules_lm_modules_model_modules_layers_modules_3_modules_self_attn_modules_k_proj_parameters_weight_: "f32[32, 64][64, 1]cpu", L_self_modules_lm_modules_model_modules_layers_modules_3_modules_self_attn_modules_v_proj_parameters_weight_: "f32[32, 64][64, 1]cpu", L_self_modules_lm_modules_model_modules_layers_modules_3_modules_self_attn_scaling: "f64[][]cpu", L_self_modules_lm_modules_model_modules_layers_modules_3_modules_self_attn_modules_o_proj_parameters_weight_: "f32[64, 64][64, 1]cpu", L_self_modules_lm_modules_model_modules_layers_modules_3_modules_post_attention_layernorm_variance_epsilon: "f64[][]cpu", L_self_modules_lm_modules_model_modules_layers_modules_3_modules_post_attention_layernorm_parameters_weight_: "f32[64][1]cpu", L_self_modules_lm_modules_model_modules_layers_modules_3_modules_mlp_modules_gate_proj_parameters_weight_: "f32[128, 64][64, 1]cpu", L_self_modules_lm_modules_model_modules_layers_modules_3_modules_mlp_modules_up_proj_parameters_weight_: "f32[128, 64][64, 1]cpu", L_self_modules_lm_modules_model_modules_layers_modules_3_modules_mlp_modules_down_proj_parameters_weight_: "f32[64, 128][128, 1]cpu", L_self_modules_lm_modules_model_modules_norm_variance_epsilon: "f64[][]cpu", L_self_modules_lm_modules_model_modules_norm_parameters_weight_: "f32[64][1]cpu", L_self_modules_lm_modules_lm_head_parameters_weight_: "f32[128, 64][64, 1]cpu"):
        l_input_ids_ = L_input_ids_
        l_self_modules_lm_modules_model_modules_embed_tokens_parameters_weight_ = L_self_modules_lm_modules_model_modules_embed_tokens_parameters_weight_
        l_self_modules_lm_modules_model_modules_embed_tokens_norm_type = L_self_modules_lm_modules_model_modules_embed_tokens_norm_type
        l_self_modules_lm_modules_model_modules_rotary_emb_buffers_inv_freq_ = L_self_modules_lm_modules_model_modules_rotary_emb_buffers_inv_freq_
        l_self_modules_lm_modules_model_modules_rotary_emb_attention_scaling = L_self_modules_lm_modules_model_modules_rotary_emb_attention_scaling
        l_self_modules_lm_modules_model_modules_layers_modules_0_modules_input_layernorm_variance_epsilon = L_self_modules_lm_modules_model_modules_layers_modules_0_modules_input_layernorm_variance_epsilon
        l_self_modules_lm_modules_model_modules_layers_modules_0_modules_input_layernorm_parameters_weight_ = L_self_modules_lm_modules_model_modules_layers_modules_0_modules_input_layernorm_parameters_weight_
        l_self_modules_lm_modules_model_modules_layers_modules_0_modules_self_attn_modules_q_proj_parameters_weight_ = L_self_modules_lm_modules_model_modules_layers_modules_0_modules_self_attn_modules_q_proj_parameters_weight_
        l_self_modules_lm_modules_model_modules_layers_modules_0_modules_self_attn_modules_k_proj_parameters_weight_ = L_self_modules_lm_modules_model_modules_layers_modules_0_modules_self_attn_modules_k_proj_parameters_weight_
        l_self_modules_lm_modules_model_modules_layers_modules_0_modules_self_attn_modules_v_proj_parameters_weight_ = L_self_modules_lm_modules_model_modules_layers_modules_0_modules_self_attn_modules_v_proj_parameters_weight_
        l_self_modules_lm_modules_model_modules_layers_modules_0_modules_self_attn_scaling = L_self_modules_lm_modules_model_modules_layers_modules_0_modules_self_attn_scaling
        l_self_modules_lm_modules_model_modules_layers_modules_0_modules_self_attn_modules_o_proj_parameters_weight_ = L_self_modules_lm_modules_model_modules_layers_modules_0_modules_self_attn_modules_o_proj_parameters_weight_
        l_self_modules_lm_modules_model_modules_layers_modules_0_modules_post_attention_layernorm_variance_epsilon = L_self_modules_lm_modules_model_modules_layers_modules_0_modules_post_attention_layernorm_variance_epsilon
        l_self_modules_lm_modules_model_modules_layers_modules_0_modules_post_attention_layernorm_parameters_weight_ = L_self_modules_lm_modules_model_modules_layers_modules_0_modules_post_attention_layernorm_parameters_weight_
        l_self_modules_lm_modules_model_modules_layers_modules_0_modules_mlp_modules_gate_proj_parameters_weight_ = L_self_modules_lm_modules_model_modules_layers_modules_0_modules_mlp_modules_gate_proj_parameters_weight_
        l_self_modules_lm_modules_model_modules_layers_modules_0_modules_mlp_modules_up_proj_parameters_weight_ = L_self_modules_lm_modules_model_modules_layers_modules_0_modules_mlp_modules_up_proj_parameters_weight_
        l_self_modules_lm_modules_model_modules_layers_modules_0_modules_mlp_modules_down_proj_parameters_weight_ = L_self_modules_lm_modules_model_modules_layers_modules_0_modules_mlp_modules_down_proj_parameters_weight_
        l_self_modules_lm_modules_model_modules_layers_modules_1_modules_input_layernorm_variance_epsilon = L_self_modules_lm_modules_model_modules_layers_modules_1_modules_input_layernorm_variance_epsilon
        l_self_modules_lm_modules_model_modules_layers_modules_1_modules_input_layernorm_parameters_weight_ = L_self_modules_lm_modules_model_modules_layers_modules_1_modules_input_layernorm_parameters_weight_
        l_self_modules_lm_modules_model_modules_layers_modules_1_modules_self_attn_modules_q_proj_parameters_weight_ = L_self_modules_lm_modules_model_modules_layers_modules_1_modules_self_attn_modules_q_proj_parameters_weight_
        l_self_modules_lm_modules_model_modules_layers_modules_1_modules_self_attn_modules_k_proj_parameters_weight_ = L_self_modules_lm_modules_model_modules_layers_modules_1_modules_self_attn_modules_k_proj_parameters_weight_
        l_self_modules_lm_modules_model_modules_layers_modules_1_modules_self_attn_modules_v_proj_parameters_weight_ = L_self_modules_lm_modules_model_modules_layers_modules_1_modules_self_attn_modules_v_proj_parameters_weight_
        l_self_modules_lm_modules_model_modules_layers_modules_1_modules_self_attn_scaling = L_self_modules_lm_modules_model_modules_layers_modules_1_modules_self_attn_scaling
        l_self_modules_lm_modules_model_modules_layers_modules_1_modules_self_attn_modules_o_proj_parameters_weight_ = L_self_modules_lm_modules_model_modules_layers_modules_1_modules_self_attn_modules_o_proj_parameters_weight_
        l_self_modules_lm_modules_model_modules_layers_modules_1_modules_post_attention_layernorm_variance_epsilon = L_self_modules_lm_modules_model_modules_layers_modules_1_modules_post_attention_layernorm_variance_epsilon
        l_self_modules_lm_modules_model_modules_layers_modules_1_modules_post_attention_layernorm_parameters_weight_ = L_self_modules_lm_modules_model_modules_layers_modules_1_modules_post_attention_layernorm_parameters_weight_
        l_self_modules_lm_modules_model_modules_layers_modules_1_modules_mlp_modules_gate_proj_parameters_weight_ = L_self_modules_lm_modules_model_modules_layers_modules_1_modules_mlp_modules_gate_proj_parameters_weight_
        l_self_modules_lm_modules_model_modules_layers_modules_1_modules_mlp_modules_up_proj_parameters_weight_ = L_self_modules_lm_modules_model_modules_layers_modules_1_modules_mlp_modules_up_proj_parameters_weight_
        l_self_modules_lm_modules_model_modules_layers_modules_1_modules_mlp_modules_down_proj_parameters_weight_ = L_self_modules_lm_modules_model_modules_layers_modules_1_modules_mlp_modules_down_proj_parameters_weight_
        l_self_modules_lm_modules_model_modules_layers_modules_2_modules_input_layernorm_variance_epsilon = L_self_modules_lm_modules_model_modules_layers_modules_2_modules_input_layernorm_variance_epsilon
        l_self_modules_lm_modules_model_modules_layers_modules_2_modules_input_layernorm_parameters_weight_ = L_self_modules_lm_modules_model_modules_layers_modules_2_modules_input_layernorm_parameters_weight_
        l_self_modules_lm_modules_model_modules_layers_modules_2_modules_self_attn_modules_q_proj_parameters_weight_ = L_self_modules_lm_modules_model_modules_layers_modules_2_modules_self_attn_modules_q_proj_parameters_weight_
        l_self_modules_lm_modules_model_modules_layers_modules_2_modules_self_attn_modules_k_proj_parameters_weight_ = L_self_modules_lm_modules_model_modules_layers_modules_2_modules_self_attn_modules_k_proj_parameters_weight_
        l_self_modules_lm_modules_model_modules_layers_modules_2_modules_self_attn_modules_v_proj_parameters_weight_ = L_self_modules_lm_modules_model_modules_layers_modules_2_modules_self_attn_modules_v_proj_parameters_weight_
        l_self_modules_lm_modules_model_modules_layers_modules_2_modules_self_attn_scaling = L_self_modules_lm_modules_model_modules_layers_modules_2_modules_self_attn_scaling
        l_self_modules_lm_modules_model_modules_layers_modules_2_modules_self_attn_modules_o_proj_parameters_weight_ = L_self_modules_lm_modules_model_modules_layers_modules_2_modules_self_attn_modules_o_proj_parameters_weight_
        l_self_modules_lm_modules_model_modules_layers_modules_2_modules_post_attention_layernorm_variance_epsilon = L_self_modules_lm_modules_model_modules_layers_modules_2_modules_post_attention_layernorm_variance_epsilon
        l_self_modules_lm_modules_model_modules_layers_modules_2_modules_post_attention_layernorm_parameters_weight_ = L_self_modules_lm_modules_model_modules_layers_modules_2_modules_post_attention_layernorm_parameters_weight_
        l_self_modules_lm_modules_model_modules_layers_modules_2_modules_mlp_modules_gate_proj_parameters_weight_ = L_self_modules_lm_modules_model_modules_layers_modules_2_modules_mlp_modules_gate_proj_parameters_weight_
        l_self_modules_lm_modules_model_modules_layers_modules_2_modules_mlp_modules_up_proj_parameters_weight_ = L_self_modules_lm_modules_model_modules_layers_modules_2_modules_mlp_modules_up_proj_parameters_weight_
        l_self_modules_lm_modules_model_modules_layers_modules_2_modules_mlp_modules_down_proj_parameters_weight_ = L_self_modules_lm_modules_model_modules_layers_modules_2_modules_mlp_modules_down_proj_parameters_weight_
        l_self_modules_lm_modules_model_modules_layers_modules_3_modules_input_layernorm_variance_epsilon = L_self_modules_lm_modules_model_modules_layers_modules_3_modules_input_layernorm_variance_epsilon
        l_self_modules_lm_modules_model_modules_layers_modules_3_modules_input_layernorm_parameters_weight_ = L_self_modules_lm_modules_model_modules_layers_modules_3_modules_input_layernorm_parameters_weight_
        l_self_modules_lm_modules_model_modules_layers_modules_3_modules_self_attn_modules_q_proj_parameters_weight_ = L_self_modules_lm_modules_model_modules_layers_modules_3_modules_self_attn_modules_q_proj_parameters_weight_
        l_self_modules_lm_modules_model_modules_layers_modules_3_modules_self_attn_modules_k_proj_parameters_weight_ = L_self_modules_lm_modules_model_modules_layers_modules_3_modules_self_attn_modules_k_proj_parameters_weight_
        l_self_modules_lm_modules_model_modules_layers_modules_3_modules_self_attn_modules_v_proj_parameters_weight_ = L_self_modules_lm_modules_model_modules_layers_modules_3_modules_self_attn_modules_v_proj_parameters_weight_
        l_self_modules_lm_modules_model_modules_layers_modules_3_modules_self_attn_scaling = L_self_modules_lm_modules_model_modules_layers_modules_3_modules_self_attn_scaling
        l_self_modules_lm_modules_model_modules_layers_modules_3_modules_self_attn_modules_o_proj_parameters_weight_ = L_self_modules_lm_modules_model_modules_layers_modules_3_modules_self_attn_modules_o_proj_parameters_weight_
        l_self_modules_lm_modules_model_modules_layers_modules_3_modules_post_attention_layernorm_variance_epsilon = L_self_modules_lm_modules_model_modules_layers_modules_3_modules_post_attention_layernorm_variance_epsilon
        l_self_modules_lm_modules_model_modules_layers_modules_3_modules_post_attention_layernorm_parameters_weight_ = L_self_modules_lm_modules_model_modules_layers_modules_3_modules_post_attention_layernorm_parameters_weight_
        l_self_modules_lm_modules_model_modules_layers_modules_3_modules_mlp_modules_gate_proj_parameters_weight_ = L_self_modules_lm_modules_model_modules_layers_modules_3_modules_mlp_modules_gate_proj_parameters_weight_
        l_self_modules_lm_modules_model_modules_layers_modules_3_modules_mlp_modules_up_proj_parameters_weight_ = L_self_modules_lm_modules_model_modules_layers_modules_3_modules_mlp_modules_up_proj_parameters_weight_
        l_self_modules_lm_modules_model_modules_layers_modules_3_modules_mlp_modules_down_proj_parameters_weight_ = L_self_modules_lm_modules_model_modules_layers_modules_3_modules_mlp_modules_down_proj_parameters_weight_
        l_self_modules_lm_modules_model_modules_norm_variance_epsilon = L_self_modules_lm_modules_model_modules_norm_variance_epsilon
        l_self_modules_lm_modules_model_modules_norm_parameters_weight_ = L_self_modules_lm_modules_model_modules_norm_parameters_weight_
        l_self_modules_lm_modules_lm_head_parameters_weight_ = L_self_modules_lm_modules_lm_head_parameters_weight_

        # File: transformers/models/llama/modeling_llama.py:372 in forward, code: inputs_embeds: torch.Tensor = self.embed_tokens(input_ids)
        item: "Sym(zf15)" = l_self_modules_lm_modules_model_modules_embed_tokens_norm_type.item();  l_self_modules_lm_modules_model_modules_embed_tokens_norm_type = None
        inputs_embeds: "f32[1, s70, 64][64*s70, 64, 1]cpu" = torch.nn.functional.embedding(l_input_ids_, l_self_modules_lm_modules_model_modules_embed_tokens_parameters_weight_, None, None, item, False, False);  l_input_ids_ = l_self_modules_lm_modules_model_modules_embed_tokens_parameters_weight_ = item = None

        # File: transformers/models/llama/modeling_llama.py:379 in forward, code: position_ids = torch.arange(inputs_embeds.shape[1], device=inputs_embeds.device) + past_seen_tokens
        arange: "i64[s70][1]cpu" = torch.arange(s70, device = device(type='cpu'))
        position_ids: "i64[s70][1]cpu" = arange + 0;  arange = None

        # File: transformers/models/llama/modeling_llama.py:380 in forward, code: position_ids = position_ids.unsqueeze(0)
        position_ids_1: "i64[1, s70][s70, 1]cpu" = position_ids.unsqueeze(0);  position_ids = None

        # File: transformers/masking_utils.py:756 in find_packed_sequence_indices, code: first_dummy_value = position_ids[:, :1] - 1  # We just need the diff on this first value to be 1
        getitem_11: "i64[1, 1][s70, 1]cpu" = position_ids_1[(slice(None, None, None), slice(None, 1, None))]
        first_dummy_value: "i64[1, 1][1, 1]cpu" = getitem_11 - 1;  getitem_11 = None

        # File: transformers/masking_utils.py:757 in find_packed_sequence_indices, code: position_diff = torch.diff(position_ids, prepend=first_dummy_value, dim=-1)
        position_diff: "i64[1, s70][s70, 1]cpu" = torch.diff(position_ids_1, prepend = first_dummy_value, dim = -1);  first_dummy_value = None

        # File: transformers/masking_utils.py:758 in find_packed_sequence_indices, code: packed_sequence_mask = (position_diff != 1).cumsum(-1)
        ne: "b8[1, s70][s70, 1]cpu" = position_diff != 1;  position_diff = None
        packed_sequence_mask: "i64[1, s70][s70, 1]cpu" = ne.cumsum(-1);  ne = None

        # File: transformers/masking_utils.py:994 in create_causal_mask, code: mask_factory_function, position_ids.expand(batch_size, -1)
        expand: "i64[1, s70][s70, 1]cpu" = position_ids_1.expand(1, -1)

        # File: transformers/masking_utils.py:528 in sdpa_mask, code: batch_arange = torch.arange(batch_size, device=device)
        batch_arange: "i64[1][1]cpu" = torch.arange(1, device = device(type='cpu'))

        # File: transformers/masking_utils.py:529 in sdpa_mask, code: head_arange = torch.arange(1, device=device)
        head_arange: "i64[1][1]cpu" = torch.arange(1, device = device(type='cpu'));  head_arange = None

        # File: transformers/masking_utils.py:530 in sdpa_mask, code: q_arange = torch.arange(q_length, device=device) + q_offset
        arange_3: "i64[s70][1]cpu" = torch.arange(s70, device = device(type='cpu'))
        q_arange: "i64[s70][1]cpu" = arange_3 + 0;  arange_3 = None

        # File: transformers/masking_utils.py:531 in sdpa_mask, code: kv_arange = torch.arange(kv_length, device=device) + kv_offset
        arange_4: "i64[s70][1]cpu" = torch.arange(s70, device = device(type='cpu'))
        kv_arange: "i64[s70][1]cpu" = arange_4 + 0;  arange_4 = None

        # File: transformers/masking_utils.py:388 in _non_vmap_expansion_sdpa, code: batch_indices = batch_indices[:, None, None, None]
        batch_indices: "i64[1, 1, 1, 1][1, 1, 1, 1]cpu" = batch_arange[(slice(None, None, None), None, None, None)];  batch_arange = None

        # File: transformers/masking_utils.py:390 in _non_vmap_expansion_sdpa, code: q_indices = q_indices[None, None, :, None]
        q_indices: "i64[1, 1, s70, 1][s70, s70, 1, 1]cpu" = q_arange[(None, None, slice(None, None, None), None)];  q_arange = None

        # File: transformers/masking_utils.py:391 in _non_vmap_expansion_sdpa, code: kv_indices = kv_indices[None, None, None, :]
        kv_indices: "i64[1, 1, 1, s70][s70, s70, s70, 1]cpu" = kv_arange[(None, None, None, slice(None, None, None))];  kv_arange = None

        # File: transformers/masking_utils.py:52 in and_mask, code: result = q_idx.new_ones((), dtype=torch.bool)
        result: "b8[][]cpu" = q_indices.new_ones((), dtype = torch.bool)

        # File: transformers/masking_utils.py:205 in inner_mask, code: return mask_function(batch_idx, head_idx, position_ids[batch_idx, q_idx], position_ids[batch_idx, kv_idx])
        getitem_19: "i64[1, 1, s70, 1][s70, s70, 1, 1]cpu" = expand[(batch_indices, q_indices)]
        getitem_20: "i64[1, 1, 1, s70][s70, s70, s70, 1]cpu" = expand[(batch_indices, kv_indices)];  expand = None

        # File: transformers/masking_utils.py:78 in causal_mask_function, code: return kv_idx <= q_idx
        le: "b8[1, 1, s70, s70][s70**2, s70**2, s70, 1]cpu" = getitem_20 <= getitem_19;  getitem_20 = getitem_19 = None

        # File: transformers/masking_utils.py:54 in and_mask, code: result = result & mask(batch_idx, head_idx, q_idx, kv_idx).to(result.device)
        to: "b8[1, 1, s70, s70][s70**2, s70**2, s70, 1]cpu" = le.to(device(type='cpu'));  le = None
        result_1: "b8[1, 1, s70, s70][s70**2, s70**2, s70, 1]cpu" = result & to;  result = to = None

        # File: transformers/masking_utils.py:190 in inner_mask, code: return packed_sequence_mask[batch_idx, q_idx] == packed_sequence_mask[batch_idx, kv_idx]
        getitem_21: "i64[1, 1, s70, 1][s70, s70, 1, 1]cpu" = packed_sequence_mask[(batch_indices, q_indices)];  q_indices = None
        getitem_22: "i64[1, 1, 1, s70][s70, s70, s70, 1]cpu" = packed_sequence_mask[(batch_indices, kv_indices)];  packed_sequence_mask = batch_indices = kv_indices = None
        eq: "b8[1, 1, s70, s70][s70**2, s70**2, s70, 1]cpu" = getitem_21 == getitem_22;  getitem_21 = getitem_22 = None

        # File: transformers/masking_utils.py:54 in and_mask, code: result = result & mask(batch_idx, head_idx, q_idx, kv_idx).to(result.device)
        to_1: "b8[1, 1, s70, s70][s70**2, s70**2, s70, 1]cpu" = eq.to(device(type='cpu'));  eq = None
        result_2: "b8[1, 1, s70, s70][s70**2, s70**2, s70, 1]cpu" = result_1 & to_1;  result_1 = to_1 = None

        # File: transformers/masking_utils.py:539 in sdpa_mask, code: attention_mask = attention_mask.expand(batch_size, -1, q_length, kv_length)
        attention_mask: "b8[1, 1, s70, s70][s70**2, s70**2, s70, 1]cpu" = result_2.expand(1, -1, s70, s70);  result_2 = None

        # File: transformers/models/llama/modeling_llama.py:111 in forward, code: freqs = position_ids[..., None].float() * self.inv_freq.to(device=x.device, dtype=torch.float)
        getitem_23: "i64[1, s70, 1][s70, 1, 1]cpu" = position_ids_1[(Ellipsis, None)];  position_ids_1 = None
        float_1: "f32[1, s70, 1][s70, 1, 1]cpu" = getitem_23.float();  getitem_23 = None
        to_2: "f32[8][1]cpu" = l_self_modules_lm_modules_model_modules_rotary_emb_buffers_inv_freq_.to(device = device(type='cpu'), dtype = torch.float32);  l_self_modules_lm_modules_model_modules_rotary_emb_buffers_inv_freq_ = None
        freqs: "f32[1, s70, 8][8*s70, 8, 1]cpu" = float_1 * to_2;  float_1 = to_2 = None

        # File: transformers/models/llama/modeling_llama.py:112 in forward, code: emb = torch.cat((freqs, freqs), dim=-1)
        emb: "f32[1, s70, 16][16*s70, 16, 1]cpu" = torch.cat((freqs, freqs), dim = -1);  freqs = None

        # File: transformers/models/llama/modeling_llama.py:113 in forward, code: cos = emb.cos() * self.attention_scaling
        cos: "f32[1, s70, 16][16*s70, 16, 1]cpu" = emb.cos()
        item_1: "Sym(zf12)" = l_self_modules_lm_modules_model_modules_rotary_emb_attention_scaling.item();  l_self_modules_lm_modules_model_modules_rotary_emb_attention_scaling = None
        cos_1: "f32[1, s70, 16][16*s70, 16, 1]cpu" = cos * item_1;  cos = None

        # File: transformers/models/llama/modeling_llama.py:114 in forward, code: sin = emb.sin() * self.attention_scaling
        sin: "f32[1, s70, 16][16*s70, 16, 1]cpu" = emb.sin();  emb = None
        sin_1: "f32[1, s70, 16][16*s70, 16, 1]cpu" = sin * item_1;  sin = item_1 = None

        # File: transformers/models/llama/modeling_llama.py:116 in forward, code: return cos.to(dtype=x.dtype), sin.to(dtype=x.dtype)
        cos_2: "f32[1, s70, 16][16*s70, 16, 1]cpu" = cos_1.to(dtype = torch.float32);  cos_1 = None
        sin_2: "f32[1, s70, 16][16*s70, 16, 1]cpu" = sin_1.to(dtype = torch.float32);  sin_1 = None

        # File: transformers/models/llama/modeling_llama.py:393 in forward, code: for decoder_layer in self.layers[: self.config.num_hidden_layers]:
        _log_api_usage_once = torch._C._log_api_usage_once('python.nn_module');  _log_api_usage_once = None

        # File: transformers/modeling_layers.py:124 in forward_with_checkpointing, code: return forward(self, *args, **kwargs)
        subgraph_0 = self.subgraph_0
        invoke_subgraph = torch.ops.higher_order.invoke_subgraph(subgraph_0, 'subgraph_0', s70, inputs_embeds, l_self_modules_lm_modules_model_modules_layers_modules_0_modules_input_layernorm_variance_epsilon, l_self_modules_lm_modules_model_modules_layers_modules_0_modules_input_layernorm_parameters_weight_, l_self_modules_lm_modules_model_modules_layers_modules_0_modules_self_attn_modules_q_proj_parameters_weight_, l_self_modules_lm_modules_model_modules_layers_modules_0_modules_self_attn_modules_k_proj_parameters_weight_, l_self_modules_lm_modules_model_modules_layers_modules_0_modules_self_attn_modules_v_proj_parameters_weight_, cos_2, sin_2, l_self_modules_lm_modules_model_modules_layers_modules_0_modules_self_attn_scaling, attention_mask, l_self_modules_lm_modules_model_modules_layers_modules_0_modules_self_attn_modules_o_proj_parameters_weight_, l_self_modules_lm_modules_model_modules_layers_modules_0_modules_post_attention_layernorm_variance_epsilon, l_self_modules_lm_modules_model_modules_layers_modules_0_modules_post_attention_layernorm_parameters_weight_, l_self_modules_lm_modules_model_modules_layers_modules_0_modules_mlp_modules_gate_proj_parameters_weight_, l_self_modules_lm_modules_model_modules_layers_modules_0_modules_mlp_modules_up_proj_parameters_weight_, l_self_modules_lm_modules_model_modules_layers_modules_0_modules_mlp_modules_down_proj_parameters_weight_);  subgraph_0 = inputs_embeds = l_self_modules_lm_modules_model_modules_layers_modules_0_modules_input_layernorm_variance_epsilon = l_self_modules_lm_modules_model_modules_layers_modules_0_modules_input_layernorm_parameters_weight_ = l_self_modules_lm_modules_model_modules_layers_modules_0_modules_self_attn_modules_q_proj_parameters_weight_ = l_self_modules_lm_modules_model_modules_layers_modules_0_modules_self_attn_modules_k_proj_parameters_weight_ = l_self_modules_lm_modules_model_modules_layers_modules_0_modules_self_attn_modules_v_proj_parameters_weight_ = l_self_modules_lm_modules_model_modules_layers_modules_0_modules_self_attn_scaling = l_self_modules_lm_modules_model_modules_layers_modules_0_modules_self_attn_modules_o_proj_parameters_weight_ = l_self_modules_lm_modules_model_modules_layers_modules_0_modules_post_attention_layernorm_variance_epsilon = l_self_modules_lm_modules_model_modules_layers_modules_0_modules_post_attention_layernorm_parameters_weight_ = l_self_modules_lm_modules_model_modules_layers_modules_0_modules_mlp_modules_gate_proj_parameters_weight_ = l_self_modules_lm_modules_model_modules_layers_modules_0_modules_mlp_modules_up_proj_parameters_weight_ = l_self_modules_lm_modules_model_modules_layers_modules_0_modules_mlp_modules_down_proj_parameters_weight_ = None
        getitem_221: "f32[1, s70, 64][64*s70, 64, 1]cpu" = invoke_subgraph[0];  invoke_subgraph = None
        subgraph_1 = self.subgraph_0
        invoke_subgraph_1 = torch.ops.higher_order.invoke_subgraph(subgraph_1, 'subgraph_0', s70, getitem_221, l_self_modules_lm_modules_model_modules_layers_modules_1_modules_input_layernorm_variance_epsilon, l_self_modules_lm_modules_model_modules_layers_modules_1_modules_input_layernorm_parameters_weight_, l_self_modules_lm_modules_model_modules_layers_modules_1_modules_self_attn_modules_q_proj_parameters_weight_, l_self_modules_lm_modules_model_modules_layers_modules_1_modules_self_attn_modules_k_proj_parameters_weight_, l_self_modules_lm_modules_model_modules_layers_modules_1_modules_self_attn_modules_v_proj_parameters_weight_, cos_2, sin_2, l_self_modules_lm_modules_model_modules_layers_modules_1_modules_self_attn_scaling, attention_mask, l_self_modules_lm_modules_model_modules_layers_modules_1_modules_self_attn_modules_o_proj_parameters_weight_, l_self_modules_lm_modules_model_modules_layers_modules_1_modules_post_attention_layernorm_variance_epsilon, l_self_modules_lm_modules_model_modules_layers_modules_1_modules_post_attention_layernorm_parameters_weight_, l_self_modules_lm_modules_model_modules_layers_modules_1_modules_mlp_modules_gate_proj_parameters_weight_, l_self_modules_lm_modules_model_modules_layers_modules_1_modules_mlp_modules_up_proj_parameters_weight_, l_self_modules_lm_modules_model_modules_layers_modules_1_modules_mlp_modules_down_proj_parameters_weight_);  subgraph_1 = getitem_221 = l_self_modules_lm_modules_model_modules_layers_modules_1_modules_input_layernorm_variance_epsilon = l_self_modules_lm_modules_model_modules_layers_modules_1_modules_input_layernorm_parameters_weight_ = l_self_modules_lm_modules_model_modules_layers_modules_1_modules_self_attn_modules_q_proj_parameters_weight_ = l_self_modules_lm_modules_model_modules_layers_modules_1_modules_self_attn_modules_k_proj_parameters_weight_ = l_self_modules_lm_modules_model_modules_layers_modules_1_modules_self_attn_modules_v_proj_parameters_weight_ = l_self_modules_lm_modules_model_modules_layers_modules_1_modules_self_attn_scaling = l_self_modules_lm_modules_model_modules_layers_modules_1_modules_self_attn_modules_o_proj_parameters_weight_ = l_self_modules_lm_modules_model_modules_layers_modules_1_modules_post_attention_layernorm_variance_epsilon = l_self_modules_lm_modules_model_modules_layers_modules_1_modules_post_attention_layernorm_parameters_weight_ = l_self_modules_lm_modules_model_modules_layers_modules_1_modules_mlp_modules_gate_proj_parameters_weight_ = l_self_modules_lm_modules_model_modules_layers_modules_1_modules_mlp_modules_up_proj_parameters_weight_ = l_self_modules_lm_modules_model_modules_layers_modules_1_modules_mlp_modules_down_proj_parameters_weight_ = None
        getitem_222: "f32[1, s70, 64][64*s70, 64, 1]cpu" = invoke_subgraph_1[0];  invoke_subgraph_1 = None
        subgraph_2 = self.subgraph_0
        invoke_subgraph_2 = torch.ops.higher_order.invoke_subgraph(subgraph_2, 'subgraph_0', s70, getitem_222, l_self_modules_lm_modules_model_modules_layers_modules_2_modules_input_layernorm_variance_epsilon, l_self_modules_lm_modules_model_modules_layers_modules_2_modules_input_layernorm_parameters_weight_, l_self_modules_lm_modules_model_modules_layers_modules_2_modules_self_attn_modules_q_proj_parameters_weight_, l_self_modules_lm_modules_model_modules_layers_modules_2_modules_self_attn_modules_k_proj_parameters_weight_, l_self_modules_lm_modules_model_modules_layers_modules_2_modules_self_attn_modules_v_proj_parameters_weight_, cos_2, sin_2, l_self_modules_lm_modules_model_modules_layers_modules_2_modules_self_attn_scaling, attention_mask, l_self_modules_lm_modules_model_modules_layers_modules_2_modules_self_attn_modules_o_proj_parameters_weight_, l_self_modules_lm_modules_model_modules_layers_modules_2_modules_post_attention_layernorm_variance_epsilon, l_self_modules_lm_modules_model_modules_layers_modules_2_modules_post_attention_layernorm_parameters_weight_, l_self_modules_lm_modules_model_modules_layers_modules_2_modules_mlp_modules_gate_proj_parameters_weight_, l_self_modules_lm_modules_model_modules_layers_modules_2_modules_mlp_modules_up_proj_parameters_weight_, l_self_modules_lm_modules_model_modules_layers_modules_2_modules_mlp_modules_down_proj_parameters_weight_);  subgraph_2 = getitem_222 = l_self_modules_lm_modules_model_modules_layers_modules_2_modules_input_layernorm_variance_epsilon = l_self_modules_lm_modules_model_modules_layers_modules_2_modules_input_layernorm_parameters_weight_ = l_self_modules_lm_modules_model_modules_layers_modules_2_modules_self_attn_modules_q_proj_parameters_weight_ = l_self_modules_lm_modules_model_modules_layers_modules_2_modules_self_attn_modules_k_proj_parameters_weight_ = l_self_modules_lm_modules_model_modules_layers_modules_2_modules_self_attn_modules_v_proj_parameters_weight_ = l_self_modules_lm_modules_model_modules_layers_modules_2_modules_self_attn_scaling = l_self_modules_lm_modules_model_modules_layers_modules_2_modules_self_attn_modules_o_proj_parameters_weight_ = l_self_modules_lm_modules_model_modules_layers_modules_2_modules_post_attention_layernorm_variance_epsilon = l_self_modules_lm_modules_model_modules_layers_modules_2_modules_post_attention_layernorm_parameters_weight_ = l_self_modules_lm_modules_model_modules_layers_modules_2_modules_mlp_modules_gate_proj_parameters_weight_ = l_self_modules_lm_modules_model_modules_layers_modules_2_modules_mlp_modules_up_proj_parameters_weight_ = l_self_modules_lm_modules_model_modules_layers_modules_2_modules_mlp_modules_down_proj_parameters_weight_ = None
        getitem_223: "f32[1, s70, 64][64*s70, 64, 1]cpu" = invoke_subgraph_2[0];  invoke_subgraph_2 = None
        subgraph_3 = self.subgraph_0
        invoke_subgraph_3 = torch.ops.higher_order.invoke_subgraph(subgraph_3, 'subgraph_0', s70, getitem_223, l_self_modules_lm_modules_model_modules_layers_modules_3_modules_input_layernorm_variance_epsilon, l_self_modules_lm_modules_model_modules_layers_modules_3_modules_input_layernorm_parameters_weight_, l_self_modules_lm_modules_model_modules_layers_modules_3_modules_self_attn_modules_q_proj_parameters_weight_, l_self_modules_lm_modules_model_modules_layers_modules_3_modules_self_attn_modules_k_proj_parameters_weight_, l_self_modules_lm_modules_model_modules_layers_modules_3_modules_self_attn_modules_v_proj_parameters_weight_, cos_2, sin_2, l_self_modules_lm_modules_model_modules_layers_modules_3_modules_self_attn_scaling, attention_mask, l_self_modules_lm_modules_model_modules_layers_modules_3_modules_self_attn_modules_o_proj_parameters_weight_, l_self_modules_lm_modules_model_modules_layers_modules_3_modules_post_attention_layernorm_variance_epsilon, l_self_modules_lm_modules_model_modules_layers_modules_3_modules_post_attention_layernorm_parameters_weight_, l_self_modules_lm_modules_model_modules_layers_modules_3_modules_mlp_modules_gate_proj_parameters_weight_, l_self_modules_lm_modules_model_modules_layers_modules_3_modules_mlp_modules_up_proj_parameters_weight_, l_self_modules_lm_modules_model_modules_layers_modules_3_modules_mlp_modules_down_proj_parameters_weight_);  subgraph_3 = s70 = getitem_223 = l_self_modules_lm_modules_model_modules_layers_modules_3_modules_input_layernorm_variance_epsilon = l_self_modules_lm_modules_model_modules_layers_modules_3_modules_input_layernorm_parameters_weight_ = l_self_modules_lm_modules_model_modules_layers_modules_3_modules_self_attn_modules_q_proj_parameters_weight_ = l_self_modules_lm_modules_model_modules_layers_modules_3_modules_self_attn_modules_k_proj_parameters_weight_ = l_self_modules_lm_modules_model_modules_layers_modules_3_modules_self_attn_modules_v_proj_parameters_weight_ = cos_2 = sin_2 = l_self_modules_lm_modules_model_modules_layers_modules_3_modules_self_attn_scaling = attention_mask = l_self_modules_lm_modules_model_modules_layers_modules_3_modules_self_attn_modules_o_proj_parameters_weight_ = l_self_modules_lm_modules_model_modules_layers_modules_3_modules_post_attention_layernorm_variance_epsilon = l_self_modules_lm_modules_model_modules_layers_modules_3_modules_post_attention_layernorm_parameters_weight_ = l_self_modules_lm_modules_model_modules_layers_modules_3_modules_mlp_modules_gate_proj_parameters_weight_ = l_self_modules_lm_modules_model_modules_layers_modules_3_modules_mlp_modules_up_proj_parameters_weight_ = l_self_modules_lm_modules_model_modules_layers_modules_3_modules_mlp_modules_down_proj_parameters_weight_ = None
        getitem_224: "f32[1, s70, 64][64*s70, 64, 1]cpu" = invoke_subgraph_3[0];  invoke_subgraph_3 = None

        # File: transformers/models/llama/modeling_llama.py:64 in forward, code: hidden_states = hidden_states.to(torch.float32)
        hidden_states: "f32[1, s70, 64][64*s70, 64, 1]cpu" = getitem_224.to(torch.float32);  getitem_224 = None

        # File: transformers/models/llama/modeling_llama.py:65 in forward, code: variance = hidden_states.pow(2).mean(-1, keepdim=True)
        pow_1: "f32[1, s70, 64][64*s70, 64, 1]cpu" = hidden_states.pow(2)
        variance: "f32[1, s70, 1][s70, 1, 1]cpu" = pow_1.mean(-1, keepdim = True);  pow_1 = None

        # File: transformers/models/llama/modeling_llama.py:66 in forward, code: hidden_states = hidden_states * torch.rsqrt(variance + self.variance_epsilon)
        item_2: "Sym(zf68)" = l_self_modules_lm_modules_model_modules_norm_variance_epsilon.item();  l_self_modules_lm_modules_model_modules_norm_variance_epsilon = None
        add_3: "f32[1, s70, 1][s70, 1, 1]cpu" = variance + item_2;  variance = item_2 = None
        rsqrt: "f32[1, s70, 1][s70, 1, 1]cpu" = torch.rsqrt(add_3);  add_3 = None
        hidden_states_1: "f32[1, s70, 64][64*s70, 64, 1]cpu" = hidden_states * rsqrt;  hidden_states = rsqrt = None

        # File: transformers/models/llama/modeling_llama.py:67 in forward, code: return self.weight * hidden_states.to(input_dtype)
        to_6: "f32[1, s70, 64][64*s70, 64, 1]cpu" = hidden_states_1.to(torch.float32);  hidden_states_1 = None
        hidden_states_2: "f32[1, s70, 64][64*s70, 64, 1]cpu" = l_self_modules_lm_modules_model_modules_norm_parameters_weight_ * to_6;  l_self_modules_lm_modules_model_modules_norm_parameters_weight_ = to_6 = None

        # File: transformers/modeling_utils.py:5198 in slice_logits_to_keep, code: return hidden_states[:, logits_to_keep, :]
        hidden_states_3: "f32[1, s70, 64][64*s70, 64, 1]cpu" = hidden_states_2[(slice(None, None, None), slice(0, None, None), slice(None, None, None))];  hidden_states_2 = None

        # File: transformers/models/llama/modeling_llama.py:471 in forward, code: logits = self.lm_head(hidden_states)
        logits: "f32[1, s70, 128][128*s70, 128, 1]cpu" = torch._C._nn.linear(hidden_states_3, l_self_modules_lm_modules_lm_head_parameters_weight_, None);  hidden_states_3 = l_self_modules_lm_modules_lm_head_parameters_weight_ = None
        return (logits,)

    class subgraph_0(torch.nn.Module):
        def forward(self, s70: "Sym(s70)", inputs_embeds: "f32[1, s70, 64][64*s70, 64, 1]cpu", l_self_modules_lm_modules_model_modules_layers_modules_0_modules_input_layernorm_variance_epsilon: "f64[][]cpu", l_self_modules_lm_modules_model_modules_layers_modules_0_modules_input_layernorm_parameters_weight_: "f32[64][1]cpu", l_self_modules_lm_modules_model_modules_layers_modules_0_modules_self_attn_modules_q_proj_parameters_weight_: "f32[64, 64][64, 1]cpu", l_self_modules_lm_modules_model_modules_layers_modules_0_modules_self_attn_modules_k_proj_parameters_weight_: "f32[32, 64][64, 1]cpu", l_self_modules_lm_modules_model_modules_layers_modules_0_modules_self_attn_modules_v_proj_parameters_weight_: "f32[32, 64][64, 1]cpu", cos_2: "f32[1, s70, 16][16*s70, 16, 1]cpu", sin_2: "f32[1, s70, 16][16*s70, 16, 1]cpu", l_self_modules_lm_modules_model_modules_layers_modules_0_modules_self_attn_scaling: "f64[][]cpu", attention_mask: "b8[1, 1, s70, s70][s70**2, s70**2, s70, 1]cpu", l_self_modules_lm_modules_model_modules_layers_modules_0_modules_self_attn_modules_o_proj_parameters_weight_: "f32[64, 64][64, 1]cpu", l_self_modules_lm_modules_model_modules_layers_modules_0_modules_post_attention_layernorm_variance_epsilon: "f64[][]cpu", l_self_modules_lm_modules_model_modules_layers_modules_0_modules_post_attention_layernorm_parameters_weight_: "f32[64][1]cpu", l_self_modules_lm_modules_model_modules_layers_modules_0_modules_mlp_modules_gate_proj_parameters_weight_: "f32[128, 64][64, 1]cpu", l_self_modules_lm_modules_model_modules_layers_modules_0_modules_mlp_modules_up_proj_parameters_weight_: "f32[128, 64][64, 1]cpu", l_self_modules_lm_modules_model_modules_layers_modules_0_modules_mlp_modules_down_proj_parameters_weight_: "f32[64, 128][128, 1]cpu"):
            # File: transformers/models/llama/modeling_llama.py:64 in forward, code: hidden_states = hidden_states.to(torch.float32)
            hidden_states: "f32[1, s70, 64][64*s70, 64, 1]cpu" = inputs_embeds.to(torch.float32)

            # File: transformers/models/llama/modeling_llama.py:65 in forward, code: variance = hidden_states.pow(2).mean(-1, keepdim=True)
            pow_1: "f32[1, s70, 64][64*s70, 64, 1]cpu" = hidden_states.pow(2)
            variance: "f32[1, s70, 1][s70, 1, 1]cpu" = pow_1.mean(-1, keepdim = True);  pow_1 = None

            # File: transformers/models/llama/modeling_llama.py:66 in forward, code: hidden_states = hidden_states * torch.rsqrt(variance + self.variance_epsilon)
            item: "Sym(zf14)" = l_self_modules_lm_modules_model_modules_layers_modules_0_modules_input_layernorm_variance_epsilon.item();  l_self_modules_lm_modules_model_modules_layers_modules_0_modules_input_layernorm_variance_epsilon = None
            add: "f32[1, s70, 1][s70, 1, 1]cpu" = variance + item;  variance = item = None
            rsqrt: "f32[1, s70, 1][s70, 1, 1]cpu" = torch.rsqrt(add);  add = None
            hidden_states_1: "f32[1, s70, 64][64*s70, 64, 1]cpu" = hidden_states * rsqrt;  hidden_states = rsqrt = None

            # File: transformers/models/llama/modeling_llama.py:67 in forward, code: return self.weight * hidden_states.to(input_dtype)
            to_1: "f32[1, s70, 64][64*s70, 64, 1]cpu" = hidden_states_1.to(torch.float32);  hidden_states_1 = None
            hidden_states_2: "f32[1, s70, 64][64*s70, 64, 1]cpu" = l_self_modules_lm_modules_model_modules_layers_modules_0_modules_input_layernorm_parameters_weight_ * to_1;  l_self_modules_lm_modules_model_modules_layers_modules_0_modules_input_layernorm_parameters_weight_ = to_1 = None

            # File: transformers/models/llama/modeling_llama.py:241 in forward, code: input_shape = hidden_states.shape[:-1]
            size = hidden_states_2.size()
            getitem = size[0];  getitem = None
            getitem_2 = size[2];  size = getitem_2 = None

            # File: transformers/models/llama/modeling_llama.py:244 in forward, code: query_states = self.q_proj(hidden_states).view(hidden_shape).transpose(1, 2)
            linear: "f32[1, s70, 64][64*s70, 64, 1]cpu" = torch._C._nn.linear(hidden_states_2, l_self_modules_lm_modules_model_modules_layers_modules_0_modules_self_attn_modules_q_proj_parameters_weight_, None);  l_self_modules_lm_modules_model_modules_layers_modules_0_modules_self_attn_modules_q_proj_parameters_weight_ = None
            view: "f32[1, s70, 4, 16][64*s70, 64, 16, 1]cpu" = linear.view((1, s70, -1, 16));  linear = None
            query_states: "f32[1, 4, s70, 16][64*s70, 16, 64, 1]cpu" = view.transpose(1, 2);  view = None

            # File: transformers/models/llama/modeling_llama.py:245 in forward, code: key_states = self.k_proj(hidden_states).view(hidden_shape).transpose(1, 2)
            linear_1: "f32[1, s70, 32][32*s70, 32, 1]cpu" = torch._C._nn.linear(hidden_states_2, l_self_modules_lm_modules_model_modules_layers_modules_0_modules_self_attn_modules_k_proj_parameters_weight_, None);  l_self_modules_lm_modules_model_modules_layers_modules_0_modules_self_attn_modules_k_proj_parameters_weight_ = None
            view_1: "f32[1, s70, 2, 16][32*s70, 32, 16, 1]cpu" = linear_1.view((1, s70, -1, 16));  linear_1 = None
            key_states: "f32[1, 2, s70, 16][32*s70, 16, 32, 1]cpu" = view_1.transpose(1, 2);  view_1 = None

            # File: transformers/models/llama/modeling_llama.py:246 in forward, code: value_states = self.v_proj(hidden_states).view(hidden_shape).transpose(1, 2)
            linear_2: "f32[1, s70, 32][32*s70, 32, 1]cpu" = torch._C._nn.linear(hidden_states_2, l_self_modules_lm_modules_model_modules_layers_modules_0_modules_self_attn_modules_v_proj_parameters_weight_, None);  hidden_states_2 = l_self_modules_lm_modules_model_modules_layers_modules_0_modules_self_attn_modules_v_proj_parameters_weight_ = None
            view_2: "f32[1, s70, 2, 16][32*s70, 32, 16, 1]cpu" = linear_2.view((1, s70, -1, 16));  linear_2 = None
            value_states: "f32[1, 2, s70, 16][32*s70, 16, 32, 1]cpu" = view_2.transpose(1, 2);  view_2 = None

            # File: transformers/models/llama/modeling_llama.py:145 in apply_rotary_pos_emb, code: cos = cos.unsqueeze(unsqueeze_dim)
            cos: "f32[1, 1, s70, 16][16*s70, 16*s70, 16, 1]cpu" = cos_2.unsqueeze(1);  cos_2 = None

            # File: transformers/models/llama/modeling_llama.py:146 in apply_rotary_pos_emb, code: sin = sin.unsqueeze(unsqueeze_dim)
            sin: "f32[1, 1, s70, 16][16*s70, 16*s70, 16, 1]cpu" = sin_2.unsqueeze(1);  sin_2 = None

            # File: transformers/models/llama/modeling_llama.py:147 in apply_rotary_pos_emb, code: q_embed = (q * cos) + (rotate_half(q) * sin)
            mul_2: "f32[1, 4, s70, 16][64*s70, 16, 64, 1]cpu" = query_states * cos

            # File: transformers/models/llama/modeling_llama.py:121 in rotate_half, code: x1 = x[..., : x.shape[-1] // 2]
            size_1 = query_states.size()
            getitem_3 = size_1[0];  getitem_3 = None
            getitem_4 = size_1[1];  getitem_4 = None
            getitem_6 = size_1[3];  size_1 = getitem_6 = None
            x1: "f32[1, 4, s70, 8][64*s70, 16, 64, 1]cpu" = query_states[(Ellipsis, slice(None, 8, None))]

            # File: transformers/models/llama/modeling_llama.py:122 in rotate_half, code: x2 = x[..., x.shape[-1] // 2 :]
            size_2 = query_states.size()
            getitem_8 = size_2[0];  getitem_8 = None
            getitem_9 = size_2[1];  getitem_9 = None
            getitem_11 = size_2[3];  size_2 = getitem_11 = None
            x2: "f32[1, 4, s70, 8][64*s70, 16, 64, 1]cpu" = query_states[(Ellipsis, slice(8, None, None))];  query_states = None

            # File: transformers/models/llama/modeling_llama.py:123 in rotate_half, code: return torch.cat((-x2, x1), dim=-1)
            neg: "f32[1, 4, s70, 8][32*s70, 8, 32, 1]cpu" = -x2;  x2 = None
            cat: "f32[1, 4, s70, 16][64*s70, 16*s70, 16, 1]cpu" = torch.cat((neg, x1), dim = -1);  neg = x1 = None

            # File: transformers/models/llama/modeling_llama.py:147 in apply_rotary_pos_emb, code: q_embed = (q * cos) + (rotate_half(q) * sin)
            mul_3: "f32[1, 4, s70, 16][64*s70, 16*s70, 16, 1]cpu" = cat * sin;  cat = None
            q_embed: "f32[1, 4, s70, 16][64*s70, 16, 64, 1]cpu" = mul_2 + mul_3;  mul_2 = mul_3 = None

            # File: transformers/models/llama/modeling_llama.py:148 in apply_rotary_pos_emb, code: k_embed = (k * cos) + (rotate_half(k) * sin)
            mul_4: "f32[1, 2, s70, 16][32*s70, 16, 32, 1]cpu" = key_states * cos;  cos = None

            # File: transformers/models/llama/modeling_llama.py:121 in rotate_half, code: x1 = x[..., : x.shape[-1] // 2]
            size_3 = key_states.size()
            getitem_13 = size_3[0];  getitem_13 = None
            getitem_14 = size_3[1];  getitem_14 = None
            getitem_16 = size_3[3];  size_3 = getitem_16 = None
            x1_1: "f32[1, 2, s70, 8][32*s70, 16, 32, 1]cpu" = key_states[(Ellipsis, slice(None, 8, None))]

            # File: transformers/models/llama/modeling_llama.py:122 in rotate_half, code: x2 = x[..., x.shape[-1] // 2 :]
            size_4 = key_states.size()
            getitem_18 = size_4[0];  getitem_18 = None
            getitem_19 = size_4[1];  getitem_19 = None
            getitem_21 = size_4[3];  size_4 = getitem_21 = None
            x2_1: "f32[1, 2, s70, 8][32*s70, 16, 32, 1]cpu" = key_states[(Ellipsis, slice(8, None, None))];  key_states = None

            # File: transformers/models/llama/modeling_llama.py:123 in rotate_half, code: return torch.cat((-x2, x1), dim=-1)
            neg_1: "f32[1, 2, s70, 8][16*s70, 8, 16, 1]cpu" = -x2_1;  x2_1 = None
            cat_1: "f32[1, 2, s70, 16][32*s70, 16*s70, 16, 1]cpu" = torch.cat((neg_1, x1_1), dim = -1);  neg_1 = x1_1 = None

            # File: transformers/models/llama/modeling_llama.py:148 in apply_rotary_pos_emb, code: k_embed = (k * cos) + (rotate_half(k) * sin)
            mul_5: "f32[1, 2, s70, 16][32*s70, 16*s70, 16, 1]cpu" = cat_1 * sin;  cat_1 = sin = None
            k_embed: "f32[1, 2, s70, 16][32*s70, 16, 32, 1]cpu" = mul_4 + mul_5;  mul_4 = mul_5 = None

            # File: transformers/integrations/sdpa_attention.py:118 in sdpa_attention_forward, code: q_length = query.shape[2]
            size_5 = q_embed.size()
            getitem_23 = size_5[0];  getitem_23 = None
            getitem_24 = size_5[1];  getitem_24 = None
            getitem_26 = size_5[3];  size_5 = getitem_26 = None

            # File: transformers/integrations/sdpa_attention.py:122 in sdpa_attention_forward, code: elif q_length == 1 and not is_torchdynamo_compiling():
            eq: "Sym(Eq(s70, 1))" = s70 == 1;  eq = None

            # File: transformers/integrations/sdpa_attention.py:24 in repeat_kv, code: batch, num_key_value_heads, slen, head_dim = hidden_states.shape
            size_6 = k_embed.size()
            getitem_27 = size_6[0];  getitem_27 = None
            getitem_28 = size_6[1];  getitem_28 = None
            getitem_30 = size_6[3];  size_6 = getitem_30 = None

            # File: transformers/integrations/sdpa_attention.py:27 in repeat_kv, code: hidden_states = hidden_states[:, :, None, :, :].expand(batch, num_key_value_heads, n_rep, slen, head_dim)
            getitem_31: "f32[1, 2, 1, s70, 16][32*s70, 16, 32*s70, 32, 1]cpu" = k_embed[(slice(None, None, None), slice(None, None, None), None, slice(None, None, None), slice(None, None, None))];  k_embed = None
            hidden_states_3: "f32[1, 2, 2, s70, 16][32*s70, 16, 0, 32, 1]cpu" = getitem_31.expand(1, 2, 2, s70, 16);  getitem_31 = None

            # File: transformers/integrations/sdpa_attention.py:28 in repeat_kv, code: return hidden_states.reshape(batch, num_key_value_heads * n_rep, slen, head_dim)
            key: "f32[1, 4, s70, 16][64*s70, 16*s70, 16, 1]cpu" = hidden_states_3.reshape(1, 4, s70, 16);  hidden_states_3 = None

            # File: transformers/integrations/sdpa_attention.py:24 in repeat_kv, code: batch, num_key_value_heads, slen, head_dim = hidden_states.shape
            size_7 = value_states.size()
            getitem_32 = size_7[0];  getitem_32 = None
            getitem_33 = size_7[1];  getitem_33 = None
            getitem_35 = size_7[3];  size_7 = getitem_35 = None

            # File: transformers/integrations/sdpa_attention.py:27 in repeat_kv, code: hidden_states = hidden_states[:, :, None, :, :].expand(batch, num_key_value_heads, n_rep, slen, head_dim)
            getitem_36: "f32[1, 2, 1, s70, 16][32*s70, 16, 32*s70, 32, 1]cpu" = value_states[(slice(None, None, None), slice(None, None, None), None, slice(None, None, None), slice(None, None, None))];  value_states = None
            hidden_states_4: "f32[1, 2, 2, s70, 16][32*s70, 16, 0, 32, 1]cpu" = getitem_36.expand(1, 2, 2, s70, 16);  getitem_36 = None

            # File: transformers/integrations/sdpa_attention.py:28 in repeat_kv, code: return hidden_states.reshape(batch, num_key_value_heads * n_rep, slen, head_dim)
            value: "f32[1, 4, s70, 16][64*s70, 16*s70, 16, 1]cpu" = hidden_states_4.reshape(1, 4, s70, 16);  hidden_states_4 = None

            # File: transformers/integrations/sdpa_attention.py:130 in sdpa_attention_forward, code: kv_length = key.shape[2]
            size_8 = key.size()
            getitem_37 = size_8[0];  getitem_37 = None
            getitem_38 = size_8[1];  getitem_38 = None
            getitem_40 = size_8[3];  size_8 = getitem_40 = None

            # File: transformers/integrations/sdpa_attention.py:149 in sdpa_attention_forward, code: is_causal = q_length > 1 and attention_mask is None and is_causal
            gt: "Sym(s70 > 1)" = s70 > 1;  gt = None

            # File: transformers/integrations/sdpa_attention.py:183 in sdpa_attention_forward, code: attn_output = torch.nn.functional.scaled_dot_product_attention(
            item_1: "Sym(0.250000000000000)" = l_self_modules_lm_modules_model_modules_layers_modules_0_modules_self_attn_scaling.item();  l_self_modules_lm_modules_model_modules_layers_modules_0_modules_self_attn_scaling = None
            attn_output: "f32[1, 4, s70, 16][64*s70, 16, 64, 1]cpu" = torch._C._nn.scaled_dot_product_attention(q_embed, key, value, attn_mask = attention_mask, dropout_p = 0.0, scale = item_1, is_causal = False);  q_embed = key = attention_mask = item_1 = None

            # File: transformers/integrations/sdpa_attention.py:195 in sdpa_attention_forward, code: attn_output = attn_output.reshape(attn_output.shape[0], -1, q_length, value.shape[-1])
            size_9 = attn_output.size()
            getitem_41 = size_9[0];  getitem_41 = None
            getitem_42 = size_9[1];  getitem_42 = None
            getitem_44 = size_9[3];  size_9 = getitem_44 = None
            size_10 = value.size();  value = None
            getitem_45 = size_10[0];  getitem_45 = None
            getitem_46 = size_10[1];  getitem_46 = None
            getitem_48 = size_10[3];  size_10 = getitem_48 = None
            attn_output_1: "f32[1, 4, s70, 16][64*s70, 16, 64, 1]cpu" = attn_output.reshape(1, -1, s70, 16);  attn_output = None

            # File: transformers/integrations/sdpa_attention.py:196 in sdpa_attention_forward, code: attn_output = attn_output.transpose(1, 2).contiguous()
            transpose_3: "f32[1, s70, 4, 16][64*s70, 64, 16, 1]cpu" = attn_output_1.transpose(1, 2);  attn_output_1 = None
            attn_output_2: "f32[1, s70, 4, 16][64*s70, 64, 16, 1]cpu" = transpose_3.contiguous();  transpose_3 = None

            # File: transformers/models/llama/modeling_llama.py:269 in forward, code: attn_output = attn_output.reshape(*input_shape, -1).contiguous()
            reshape_3: "f32[1, s70, 64][64*s70, 64, 1]cpu" = attn_output_2.reshape(1, s70, -1);  attn_output_2 = s70 = None
            attn_output_3: "f32[1, s70, 64][64*s70, 64, 1]cpu" = reshape_3.contiguous();  reshape_3 = None

            # File: transformers/models/llama/modeling_llama.py:270 in forward, code: attn_output = self.o_proj(attn_output)
            attn_output_4: "f32[1, s70, 64][64*s70, 64, 1]cpu" = torch._C._nn.linear(attn_output_3, l_self_modules_lm_modules_model_modules_layers_modules_0_modules_self_attn_modules_o_proj_parameters_weight_, None);  attn_output_3 = l_self_modules_lm_modules_model_modules_layers_modules_0_modules_self_attn_modules_o_proj_parameters_weight_ = None

            # File: transformers/models/llama/modeling_llama.py:308 in forward, code: hidden_states = residual + hidden_states
            hidden_states_5: "f32[1, s70, 64][64*s70, 64, 1]cpu" = inputs_embeds + attn_output_4;  inputs_embeds = attn_output_4 = None

            # File: transformers/models/llama/modeling_llama.py:64 in forward, code: hidden_states = hidden_states.to(torch.float32)
            hidden_states_6: "f32[1, s70, 64][64*s70, 64, 1]cpu" = hidden_states_5.to(torch.float32)

            # File: transformers/models/llama/modeling_llama.py:65 in forward, code: variance = hidden_states.pow(2).mean(-1, keepdim=True)
            pow_2: "f32[1, s70, 64][64*s70, 64, 1]cpu" = hidden_states_6.pow(2)
            variance_1: "f32[1, s70, 1][s70, 1, 1]cpu" = pow_2.mean(-1, keepdim = True);  pow_2 = None

            # File: transformers/models/llama/modeling_llama.py:66 in forward, code: hidden_states = hidden_states * torch.rsqrt(variance + self.variance_epsilon)
            item_2: "Sym(zf49)" = l_self_modules_lm_modules_model_modules_layers_modules_0_modules_post_attention_layernorm_variance_epsilon.item();  l_self_modules_lm_modules_model_modules_layers_modules_0_modules_post_attention_layernorm_variance_epsilon = None
            add_4: "f32[1, s70, 1][s70, 1, 1]cpu" = variance_1 + item_2;  variance_1 = item_2 = None
            rsqrt_1: "f32[1, s70, 1][s70, 1, 1]cpu" = torch.rsqrt(add_4);  add_4 = None
            hidden_states_7: "f32[1, s70, 64][64*s70, 64, 1]cpu" = hidden_states_6 * rsqrt_1;  hidden_states_6 = rsqrt_1 = None

            # File: transformers/models/llama/modeling_llama.py:67 in forward, code: return self.weight * hidden_states.to(input_dtype)
            to_3: "f32[1, s70, 64][64*s70, 64, 1]cpu" = hidden_states_7.to(torch.float32);  hidden_states_7 = None
            hidden_states_8: "f32[1, s70, 64][64*s70, 64, 1]cpu" = l_self_modules_lm_modules_model_modules_layers_modules_0_modules_post_attention_layernorm_parameters_weight_ * to_3;  l_self_modules_lm_modules_model_modules_layers_modules_0_modules_post_attention_layernorm_parameters_weight_ = to_3 = None

            # File: transformers/models/llama/modeling_llama.py:164 in forward, code: down_proj = self.down_proj(self.act_fn(self.gate_proj(x)) * self.up_proj(x))
            linear_4: "f32[1, s70, 128][128*s70, 128, 1]cpu" = torch._C._nn.linear(hidden_states_8, l_self_modules_lm_modules_model_modules_layers_modules_0_modules_mlp_modules_gate_proj_parameters_weight_, None);  l_self_modules_lm_modules_model_modules_layers_modules_0_modules_mlp_modules_gate_proj_parameters_weight_ = None

            # File: transformers/activations.py:103 in forward, code: return nn.functional.silu(input)
            silu: "f32[1, s70, 128][128*s70, 128, 1]cpu" = torch.nn.functional.silu(linear_4);  linear_4 = None

            # File: transformers/models/llama/modeling_llama.py:164 in forward, code: down_proj = self.down_proj(self.act_fn(self.gate_proj(x)) * self.up_proj(x))
            linear_5: "f32[1, s70, 128][128*s70, 128, 1]cpu" = torch._C._nn.linear(hidden_states_8, l_self_modules_lm_modules_model_modules_layers_modules_0_modules_mlp_modules_up_proj_parameters_weight_, None);  hidden_states_8 = l_self_modules_lm_modules_model_modules_layers_modules_0_modules_mlp_modules_up_proj_parameters_weight_ = None
            mul_8: "f32[1, s70, 128][128*s70, 128, 1]cpu" = silu * linear_5;  silu = linear_5 = None
            down_proj: "f32[1, s70, 64][64*s70, 64, 1]cpu" = torch._C._nn.linear(mul_8, l_self_modules_lm_modules_model_modules_layers_modules_0_modules_mlp_modules_down_proj_parameters_weight_, None);  mul_8 = l_self_modules_lm_modules_model_modules_layers_modules_0_modules_mlp_modules_down_proj_parameters_weight_ = None

            # File: transformers/models/llama/modeling_llama.py:314 in forward, code: hidden_states = residual + hidden_states
            hidden_states_9: "f32[1, s70, 64][64*s70, 64, 1]cpu" = hidden_states_5 + down_proj;  hidden_states_5 = down_proj = None
            return (hidden_states_9,)
