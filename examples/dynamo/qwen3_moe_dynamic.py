# a 1-layer Qwen3-MoE-style decoder, dynamic=True.
# Captured at the Dynamo level with torch 2.13.0+cpu by examples/dynamo/capture.py.
class GraphModule(torch.nn.Module):
    def forward(self, s72: "Sym(s72)", s70: "Sym(s70)", L_input_ids_: "i64[s72, s70][s70, 1]cpu", L_self_buffers_inv_freq_: "f32[8][1]cpu", L_self_modules_embed_tokens_parameters_weight_: "f32[128, 64][64, 1]cpu", L_self_modules_embed_tokens_norm_type: "f64[][]cpu", L_self_modules_layers_modules_0_modules_input_layernorm_parameters_weight_: "f32[64][1]cpu", L_self_modules_layers_modules_0_modules_input_layernorm_variance_epsilon: "f64[][]cpu", L_self_modules_layers_modules_0_modules_self_attn_modules_q_proj_parameters_weight_: "f32[64, 64][64, 1]cpu", L_self_modules_layers_modules_0_modules_self_attn_modules_k_proj_parameters_weight_: "f32[32, 64][64, 1]cpu", L_self_modules_layers_modules_0_modules_self_attn_modules_v_proj_parameters_weight_: "f32[32, 64][64, 1]cpu", L_self_modules_layers_modules_0_modules_self_attn_modules_o_proj_parameters_weight_: "f32[64, 64][64, 1]cpu", L_self_modules_layers_modules_0_modules_post_attention_layernorm_parameters_weight_: "f32[64][1]cpu", L_self_modules_layers_modules_0_modules_post_attention_layernorm_variance_epsilon: "f64[][]cpu", L_self_modules_layers_modules_0_modules_mlp_modules_gate_parameters_weight_: "f32[4, 64][64, 1]cpu", L_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_0_modules_gate_proj_parameters_weight_: "f32[128, 64][64, 1]cpu", L_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_0_modules_up_proj_parameters_weight_: "f32[128, 64][64, 1]cpu", L_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_0_modules_down_proj_parameters_weight_: "f32[64, 128][128, 1]cpu", L_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_1_modules_gate_proj_parameters_weight_: "f32[128, 64][64, 1]cpu", L_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_1_modules_up_proj_parameters_weight_: "f32[128, 64][64, 1]cpu", L_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_1_modules_down_proj_parameters_weight_: "f32[64, 128][128, 1]cpu", L_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_2_modules_gate_proj_parameters_weight_: "f32[128, 64][64, 1]cpu", L_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_2_modules_up_proj_parameters_weight_: "f32[128, 64][64, 1]cpu", L_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_2_modules_down_proj_parameters_weight_: "f32[64, 128][128, 1]cpu", L_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_3_modules_gate_proj_parameters_weight_: "f32[128, 64][64, 1]cpu", L_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_3_modules_up_proj_parameters_weight_: "f32[128, 64][64, 1]cpu", L_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_3_modules_down_proj_parameters_weight_: "f32[64, 128][128, 1]cpu", L_self_modules_norm_parameters_weight_: "f32[64][1]cpu", L_self_modules_norm_variance_epsilon: "f64[][]cpu"):
        l_input_ids_ = L_input_ids_
        l_self_buffers_inv_freq_ = L_self_buffers_inv_freq_
        l_self_modules_embed_tokens_parameters_weight_ = L_self_modules_embed_tokens_parameters_weight_
        l_self_modules_embed_tokens_norm_type = L_self_modules_embed_tokens_norm_type
        l_self_modules_layers_modules_0_modules_input_layernorm_parameters_weight_ = L_self_modules_layers_modules_0_modules_input_layernorm_parameters_weight_
        l_self_modules_layers_modules_0_modules_input_layernorm_variance_epsilon = L_self_modules_layers_modules_0_modules_input_layernorm_variance_epsilon
        l_self_modules_layers_modules_0_modules_self_attn_modules_q_proj_parameters_weight_ = L_self_modules_layers_modules_0_modules_self_attn_modules_q_proj_parameters_weight_
        l_self_modules_layers_modules_0_modules_self_attn_modules_k_proj_parameters_weight_ = L_self_modules_layers_modules_0_modules_self_attn_modules_k_proj_parameters_weight_
        l_self_modules_layers_modules_0_modules_self_attn_modules_v_proj_parameters_weight_ = L_self_modules_layers_modules_0_modules_self_attn_modules_v_proj_parameters_weight_
        l_self_modules_layers_modules_0_modules_self_attn_modules_o_proj_parameters_weight_ = L_self_modules_layers_modules_0_modules_self_attn_modules_o_proj_parameters_weight_
        l_self_modules_layers_modules_0_modules_post_attention_layernorm_parameters_weight_ = L_self_modules_layers_modules_0_modules_post_attention_layernorm_parameters_weight_
        l_self_modules_layers_modules_0_modules_post_attention_layernorm_variance_epsilon = L_self_modules_layers_modules_0_modules_post_attention_layernorm_variance_epsilon
        l_self_modules_layers_modules_0_modules_mlp_modules_gate_parameters_weight_ = L_self_modules_layers_modules_0_modules_mlp_modules_gate_parameters_weight_
        l_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_0_modules_gate_proj_parameters_weight_ = L_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_0_modules_gate_proj_parameters_weight_
        l_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_0_modules_up_proj_parameters_weight_ = L_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_0_modules_up_proj_parameters_weight_
        l_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_0_modules_down_proj_parameters_weight_ = L_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_0_modules_down_proj_parameters_weight_
        l_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_1_modules_gate_proj_parameters_weight_ = L_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_1_modules_gate_proj_parameters_weight_
        l_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_1_modules_up_proj_parameters_weight_ = L_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_1_modules_up_proj_parameters_weight_
        l_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_1_modules_down_proj_parameters_weight_ = L_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_1_modules_down_proj_parameters_weight_
        l_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_2_modules_gate_proj_parameters_weight_ = L_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_2_modules_gate_proj_parameters_weight_
        l_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_2_modules_up_proj_parameters_weight_ = L_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_2_modules_up_proj_parameters_weight_
        l_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_2_modules_down_proj_parameters_weight_ = L_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_2_modules_down_proj_parameters_weight_
        l_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_3_modules_gate_proj_parameters_weight_ = L_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_3_modules_gate_proj_parameters_weight_
        l_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_3_modules_up_proj_parameters_weight_ = L_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_3_modules_up_proj_parameters_weight_
        l_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_3_modules_down_proj_parameters_weight_ = L_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_3_modules_down_proj_parameters_weight_
        l_self_modules_norm_parameters_weight_ = L_self_modules_norm_parameters_weight_
        l_self_modules_norm_variance_epsilon = L_self_modules_norm_variance_epsilon

        # File: examples/dynamo/capture.py:149 in forward, code: pos = torch.arange(t, device=input_ids.device).float()
        arange: "i64[s70][1]cpu" = torch.arange(s70, device = device(type='cpu'))
        pos: "f32[s70][1]cpu" = arange.float();  arange = None

        # File: examples/dynamo/capture.py:150 in forward, code: freqs = torch.outer(pos, self.inv_freq)
        freqs: "f32[s70, 8][8, 1]cpu" = torch.outer(pos, l_self_buffers_inv_freq_);  pos = l_self_buffers_inv_freq_ = None

        # File: examples/dynamo/capture.py:151 in forward, code: emb = torch.cat((freqs, freqs), dim=-1)
        emb: "f32[s70, 16][16, 1]cpu" = torch.cat((freqs, freqs), dim = -1);  freqs = None

        # File: examples/dynamo/capture.py:152 in forward, code: cos, sin = emb.cos()[None, None], emb.sin()[None, None]
        cos: "f32[s70, 16][16, 1]cpu" = emb.cos()
        cos_1: "f32[1, 1, s70, 16][16*s70, 16*s70, 16, 1]cpu" = cos[(None, None)];  cos = None
        sin: "f32[s70, 16][16, 1]cpu" = emb.sin();  emb = None
        sin_1: "f32[1, 1, s70, 16][16*s70, 16*s70, 16, 1]cpu" = sin[(None, None)];  sin = None

        # File: examples/dynamo/capture.py:153 in forward, code: x = self.embed_tokens(input_ids)
        item: "Sym(zf3)" = l_self_modules_embed_tokens_norm_type.item();  l_self_modules_embed_tokens_norm_type = None
        x: "f32[s72, s70, 64][64*s70, 64, 1]cpu" = torch.nn.functional.embedding(l_input_ids_, l_self_modules_embed_tokens_parameters_weight_, None, None, item, False, False);  l_input_ids_ = l_self_modules_embed_tokens_parameters_weight_ = item = None

        # File: examples/dynamo/capture.py:55 in forward, code: var = x.pow(2).mean(-1, keepdim=True)
        pow_1: "f32[s72, s70, 64][64*s70, 64, 1]cpu" = x.pow(2)
        var: "f32[s72, s70, 1][s70, 1, 1]cpu" = pow_1.mean(-1, keepdim = True);  pow_1 = None

        # File: examples/dynamo/capture.py:56 in forward, code: return self.weight * (x * torch.rsqrt(var + self.variance_epsilon))
        item_1: "Sym(zf18)" = l_self_modules_layers_modules_0_modules_input_layernorm_variance_epsilon.item();  l_self_modules_layers_modules_0_modules_input_layernorm_variance_epsilon = None
        add: "f32[s72, s70, 1][s70, 1, 1]cpu" = var + item_1;  var = item_1 = None
        rsqrt: "f32[s72, s70, 1][s70, 1, 1]cpu" = torch.rsqrt(add);  add = None
        mul: "f32[s72, s70, 64][64*s70, 64, 1]cpu" = x * rsqrt;  rsqrt = None
        mul_1: "f32[s72, s70, 64][64*s70, 64, 1]cpu" = l_self_modules_layers_modules_0_modules_input_layernorm_parameters_weight_ * mul;  l_self_modules_layers_modules_0_modules_input_layernorm_parameters_weight_ = mul = None

        # File: examples/dynamo/capture.py:74 in forward, code: q = self.q_proj(x).view(b, t, HEADS, HEAD_DIM).transpose(1, 2)
        linear: "f32[s72, s70, 64][64*s70, 64, 1]cpu" = torch._C._nn.linear(mul_1, l_self_modules_layers_modules_0_modules_self_attn_modules_q_proj_parameters_weight_, None);  l_self_modules_layers_modules_0_modules_self_attn_modules_q_proj_parameters_weight_ = None
        view: "f32[s72, s70, 4, 16][64*s70, 64, 16, 1]cpu" = linear.view(s72, s70, 4, 16);  linear = None
        q: "f32[s72, 4, s70, 16][64*s70, 16, 64, 1]cpu" = view.transpose(1, 2);  view = None

        # File: examples/dynamo/capture.py:75 in forward, code: k = self.k_proj(x).view(b, t, KV_HEADS, HEAD_DIM).transpose(1, 2)
        linear_1: "f32[s72, s70, 32][32*s70, 32, 1]cpu" = torch._C._nn.linear(mul_1, l_self_modules_layers_modules_0_modules_self_attn_modules_k_proj_parameters_weight_, None);  l_self_modules_layers_modules_0_modules_self_attn_modules_k_proj_parameters_weight_ = None
        view_1: "f32[s72, s70, 2, 16][32*s70, 32, 16, 1]cpu" = linear_1.view(s72, s70, 2, 16);  linear_1 = None
        k: "f32[s72, 2, s70, 16][32*s70, 16, 32, 1]cpu" = view_1.transpose(1, 2);  view_1 = None

        # File: examples/dynamo/capture.py:76 in forward, code: v = self.v_proj(x).view(b, t, KV_HEADS, HEAD_DIM).transpose(1, 2)
        linear_2: "f32[s72, s70, 32][32*s70, 32, 1]cpu" = torch._C._nn.linear(mul_1, l_self_modules_layers_modules_0_modules_self_attn_modules_v_proj_parameters_weight_, None);  mul_1 = l_self_modules_layers_modules_0_modules_self_attn_modules_v_proj_parameters_weight_ = None
        view_2: "f32[s72, s70, 2, 16][32*s70, 32, 16, 1]cpu" = linear_2.view(s72, s70, 2, 16);  linear_2 = None
        v: "f32[s72, 2, s70, 16][32*s70, 16, 32, 1]cpu" = view_2.transpose(1, 2);  view_2 = None

        # File: examples/dynamo/capture.py:77 in forward, code: q = q * cos + rotate_half(q) * sin
        mul_2: "f32[s72, 4, s70, 16][64*s70, 16, 64, 1]cpu" = q * cos_1

        # File: examples/dynamo/capture.py:60 in rotate_half, code: x1, x2 = x[..., : x.shape[-1] // 2], x[..., x.shape[-1] // 2:]
        x1: "f32[s72, 4, s70, 8][64*s70, 16, 64, 1]cpu" = q[(Ellipsis, slice(None, 8, None))]
        x2: "f32[s72, 4, s70, 8][64*s70, 16, 64, 1]cpu" = q[(Ellipsis, slice(8, None, None))];  q = None

        # File: examples/dynamo/capture.py:61 in rotate_half, code: return torch.cat((-x2, x1), dim=-1)
        neg: "f32[s72, 4, s70, 8][32*s70, 8, 32, 1]cpu" = -x2;  x2 = None
        cat_1: "f32[s72, 4, s70, 16][64*s70, 16*s70, 16, 1]cpu" = torch.cat((neg, x1), dim = -1);  neg = x1 = None

        # File: examples/dynamo/capture.py:77 in forward, code: q = q * cos + rotate_half(q) * sin
        mul_3: "f32[s72, 4, s70, 16][64*s70, 16*s70, 16, 1]cpu" = cat_1 * sin_1;  cat_1 = None
        q_1: "f32[s72, 4, s70, 16][64*s70, 16, 64, 1]cpu" = mul_2 + mul_3;  mul_2 = mul_3 = None

        # File: examples/dynamo/capture.py:78 in forward, code: k = k * cos + rotate_half(k) * sin
        mul_4: "f32[s72, 2, s70, 16][32*s70, 16, 32, 1]cpu" = k * cos_1;  cos_1 = None

        # File: examples/dynamo/capture.py:60 in rotate_half, code: x1, x2 = x[..., : x.shape[-1] // 2], x[..., x.shape[-1] // 2:]
        x1_1: "f32[s72, 2, s70, 8][32*s70, 16, 32, 1]cpu" = k[(Ellipsis, slice(None, 8, None))]
        x2_1: "f32[s72, 2, s70, 8][32*s70, 16, 32, 1]cpu" = k[(Ellipsis, slice(8, None, None))];  k = None

        # File: examples/dynamo/capture.py:61 in rotate_half, code: return torch.cat((-x2, x1), dim=-1)
        neg_1: "f32[s72, 2, s70, 8][16*s70, 8, 16, 1]cpu" = -x2_1;  x2_1 = None
        cat_2: "f32[s72, 2, s70, 16][32*s70, 16*s70, 16, 1]cpu" = torch.cat((neg_1, x1_1), dim = -1);  neg_1 = x1_1 = None

        # File: examples/dynamo/capture.py:78 in forward, code: k = k * cos + rotate_half(k) * sin
        mul_5: "f32[s72, 2, s70, 16][32*s70, 16*s70, 16, 1]cpu" = cat_2 * sin_1;  cat_2 = sin_1 = None
        k_1: "f32[s72, 2, s70, 16][32*s70, 16, 32, 1]cpu" = mul_4 + mul_5;  mul_4 = mul_5 = None

        # File: examples/dynamo/capture.py:79 in forward, code: k = k.repeat_interleave(HEADS // KV_HEADS, dim=1)
        k_2: "f32[s72, 4, s70, 16][64*s70, 16*s70, 16, 1]cpu" = k_1.repeat_interleave(2, dim = 1);  k_1 = None

        # File: examples/dynamo/capture.py:80 in forward, code: v = v.repeat_interleave(HEADS // KV_HEADS, dim=1)
        v_1: "f32[s72, 4, s70, 16][64*s70, 16*s70, 16, 1]cpu" = v.repeat_interleave(2, dim = 1);  v = None

        # File: examples/dynamo/capture.py:81 in forward, code: o = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        o: "f32[s72, 4, s70, 16][64*s70, 16, 64, 1]cpu" = torch._C._nn.scaled_dot_product_attention(q_1, k_2, v_1, is_causal = True);  q_1 = k_2 = v_1 = None

        # File: examples/dynamo/capture.py:82 in forward, code: return self.o_proj(o.transpose(1, 2).reshape(b, t, HEADS * HEAD_DIM))
        transpose_3: "f32[s72, s70, 4, 16][64*s70, 64, 16, 1]cpu" = o.transpose(1, 2);  o = None
        reshape: "f32[s72, s70, 64][64*s70, 64, 1]cpu" = transpose_3.reshape(s72, s70, 64);  transpose_3 = None
        linear_3: "f32[s72, s70, 64][64*s70, 64, 1]cpu" = torch._C._nn.linear(reshape, l_self_modules_layers_modules_0_modules_self_attn_modules_o_proj_parameters_weight_, None);  reshape = l_self_modules_layers_modules_0_modules_self_attn_modules_o_proj_parameters_weight_ = None

        # File: examples/dynamo/capture.py:134 in forward, code: x = x + self.self_attn(self.input_layernorm(x), cos, sin)
        x_1: "f32[s72, s70, 64][64*s70, 64, 1]cpu" = x + linear_3;  x = linear_3 = None

        # File: examples/dynamo/capture.py:55 in forward, code: var = x.pow(2).mean(-1, keepdim=True)
        pow_2: "f32[s72, s70, 64][64*s70, 64, 1]cpu" = x_1.pow(2)
        var_1: "f32[s72, s70, 1][s70, 1, 1]cpu" = pow_2.mean(-1, keepdim = True);  pow_2 = None

        # File: examples/dynamo/capture.py:56 in forward, code: return self.weight * (x * torch.rsqrt(var + self.variance_epsilon))
        item_2: "Sym(zf9)" = l_self_modules_layers_modules_0_modules_post_attention_layernorm_variance_epsilon.item();  l_self_modules_layers_modules_0_modules_post_attention_layernorm_variance_epsilon = None
        add_4: "f32[s72, s70, 1][s70, 1, 1]cpu" = var_1 + item_2;  var_1 = item_2 = None
        rsqrt_1: "f32[s72, s70, 1][s70, 1, 1]cpu" = torch.rsqrt(add_4);  add_4 = None
        mul_6: "f32[s72, s70, 64][64*s70, 64, 1]cpu" = x_1 * rsqrt_1;  rsqrt_1 = None
        mul_7: "f32[s72, s70, 64][64*s70, 64, 1]cpu" = l_self_modules_layers_modules_0_modules_post_attention_layernorm_parameters_weight_ * mul_6;  l_self_modules_layers_modules_0_modules_post_attention_layernorm_parameters_weight_ = mul_6 = None

        # File: examples/dynamo/capture.py:107 in forward, code: shape = x.shape
        size_6 = mul_7.size()

        # File: examples/dynamo/capture.py:108 in forward, code: x = x.reshape(-1, HIDDEN)
        x_2: "f32[s70*s72, 64][64, 1]cpu" = mul_7.reshape(-1, 64);  mul_7 = None

        # File: examples/dynamo/capture.py:109 in forward, code: weights, idx = torch.topk(F.softmax(self.gate(x), dim=-1), self.top_k, dim=-1)
        linear_4: "f32[s70*s72, 4][4, 1]cpu" = torch._C._nn.linear(x_2, l_self_modules_layers_modules_0_modules_mlp_modules_gate_parameters_weight_, None);  l_self_modules_layers_modules_0_modules_mlp_modules_gate_parameters_weight_ = None
        softmax: "f32[s70*s72, 4][4, 1]cpu" = torch.nn.functional.softmax(linear_4, dim = -1);  linear_4 = None
        topk = torch.topk(softmax, 2, dim = -1);  softmax = None
        weights: "f32[s70*s72, 2][2, 1]cpu" = topk[0]
        idx: "i64[s70*s72, 2][2, 1]cpu" = topk[1];  topk = None

        # File: examples/dynamo/capture.py:110 in forward, code: weights = weights / weights.sum(dim=-1, keepdim=True)
        sum_1: "f32[s70*s72, 1][1, 1]cpu" = weights.sum(dim = -1, keepdim = True)
        weights_1: "f32[s70*s72, 2][2, 1]cpu" = weights / sum_1;  weights = sum_1 = None

        # File: examples/dynamo/capture.py:111 in forward, code: flat = idx.reshape(-1)
        flat: "i64[2*s70*s72][1]cpu" = idx.reshape(-1);  idx = None

        # File: examples/dynamo/capture.py:112 in forward, code: perm = torch.argsort(flat, stable=True)
        perm: "i64[2*s70*s72][1]cpu" = torch.argsort(flat, stable = True)

        # File: examples/dynamo/capture.py:113 in forward, code: inv_perm = torch.empty_like(perm)
        inv_perm: "i64[2*s70*s72][1]cpu" = torch.empty_like(perm)

        # File: examples/dynamo/capture.py:114 in forward, code: inv_perm[perm] = torch.arange(perm.numel(), device=perm.device)
        mul_19: "Sym(2*s70)" = 2 * s70;  s70 = None
        mul_20: "Sym(2*s70*s72)" = mul_19 * s72;  mul_19 = s72 = None
        arange_1: "i64[2*s70*s72][1]cpu" = torch.arange(mul_20, device = device(type='cpu'));  mul_20 = None
        inv_perm[perm] = arange_1;  setitem = inv_perm;  arange_1 = setitem = None

        # File: examples/dynamo/capture.py:115 in forward, code: tokens = x.repeat_interleave(self.top_k, dim=0)[perm]
        repeat_interleave_2: "f32[2*s70*s72, 64][64, 1]cpu" = x_2.repeat_interleave(2, dim = 0);  x_2 = None
        tokens: "f32[2*s70*s72, 64][64, 1]cpu" = repeat_interleave_2[perm];  repeat_interleave_2 = None

        # File: examples/dynamo/capture.py:116 in forward, code: expert_of = flat[perm]
        expert_of: "i64[2*s70*s72][1]cpu" = flat[perm];  flat = perm = None

        # File: examples/dynamo/capture.py:117 in forward, code: out = torch.zeros_like(tokens)
        out: "f32[2*s70*s72, 64][64, 1]cpu" = torch.zeros_like(tokens)

        # File: examples/dynamo/capture.py:119 in forward, code: mask = (expert_of == e).unsqueeze(-1)
        eq: "b8[2*s70*s72][1]cpu" = expert_of == 0
        mask: "b8[2*s70*s72, 1][1, 1]cpu" = eq.unsqueeze(-1);  eq = None

        # File: examples/dynamo/capture.py:93 in forward, code: return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))
        linear_5: "f32[2*s70*s72, 128][128, 1]cpu" = torch._C._nn.linear(tokens, l_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_0_modules_gate_proj_parameters_weight_, None);  l_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_0_modules_gate_proj_parameters_weight_ = None
        silu: "f32[2*s70*s72, 128][128, 1]cpu" = torch.nn.functional.silu(linear_5);  linear_5 = None
        linear_6: "f32[2*s70*s72, 128][128, 1]cpu" = torch._C._nn.linear(tokens, l_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_0_modules_up_proj_parameters_weight_, None);  l_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_0_modules_up_proj_parameters_weight_ = None
        mul_8: "f32[2*s70*s72, 128][128, 1]cpu" = silu * linear_6;  silu = linear_6 = None
        linear_7: "f32[2*s70*s72, 64][64, 1]cpu" = torch._C._nn.linear(mul_8, l_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_0_modules_down_proj_parameters_weight_, None);  mul_8 = l_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_0_modules_down_proj_parameters_weight_ = None

        # File: examples/dynamo/capture.py:120 in forward, code: out = out + mask * expert(tokens)
        mul_9: "f32[2*s70*s72, 64][64, 1]cpu" = mask * linear_7;  mask = linear_7 = None
        out_1: "f32[2*s70*s72, 64][64, 1]cpu" = out + mul_9;  out = mul_9 = None

        # File: examples/dynamo/capture.py:119 in forward, code: mask = (expert_of == e).unsqueeze(-1)
        eq_1: "b8[2*s70*s72][1]cpu" = expert_of == 1
        mask_1: "b8[2*s70*s72, 1][1, 1]cpu" = eq_1.unsqueeze(-1);  eq_1 = None

        # File: examples/dynamo/capture.py:93 in forward, code: return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))
        linear_8: "f32[2*s70*s72, 128][128, 1]cpu" = torch._C._nn.linear(tokens, l_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_1_modules_gate_proj_parameters_weight_, None);  l_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_1_modules_gate_proj_parameters_weight_ = None
        silu_1: "f32[2*s70*s72, 128][128, 1]cpu" = torch.nn.functional.silu(linear_8);  linear_8 = None
        linear_9: "f32[2*s70*s72, 128][128, 1]cpu" = torch._C._nn.linear(tokens, l_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_1_modules_up_proj_parameters_weight_, None);  l_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_1_modules_up_proj_parameters_weight_ = None
        mul_10: "f32[2*s70*s72, 128][128, 1]cpu" = silu_1 * linear_9;  silu_1 = linear_9 = None
        linear_10: "f32[2*s70*s72, 64][64, 1]cpu" = torch._C._nn.linear(mul_10, l_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_1_modules_down_proj_parameters_weight_, None);  mul_10 = l_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_1_modules_down_proj_parameters_weight_ = None

        # File: examples/dynamo/capture.py:120 in forward, code: out = out + mask * expert(tokens)
        mul_11: "f32[2*s70*s72, 64][64, 1]cpu" = mask_1 * linear_10;  mask_1 = linear_10 = None
        out_2: "f32[2*s70*s72, 64][64, 1]cpu" = out_1 + mul_11;  out_1 = mul_11 = None

        # File: examples/dynamo/capture.py:119 in forward, code: mask = (expert_of == e).unsqueeze(-1)
        eq_2: "b8[2*s70*s72][1]cpu" = expert_of == 2
        mask_2: "b8[2*s70*s72, 1][1, 1]cpu" = eq_2.unsqueeze(-1);  eq_2 = None

        # File: examples/dynamo/capture.py:93 in forward, code: return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))
        linear_11: "f32[2*s70*s72, 128][128, 1]cpu" = torch._C._nn.linear(tokens, l_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_2_modules_gate_proj_parameters_weight_, None);  l_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_2_modules_gate_proj_parameters_weight_ = None
        silu_2: "f32[2*s70*s72, 128][128, 1]cpu" = torch.nn.functional.silu(linear_11);  linear_11 = None
        linear_12: "f32[2*s70*s72, 128][128, 1]cpu" = torch._C._nn.linear(tokens, l_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_2_modules_up_proj_parameters_weight_, None);  l_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_2_modules_up_proj_parameters_weight_ = None
        mul_12: "f32[2*s70*s72, 128][128, 1]cpu" = silu_2 * linear_12;  silu_2 = linear_12 = None
        linear_13: "f32[2*s70*s72, 64][64, 1]cpu" = torch._C._nn.linear(mul_12, l_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_2_modules_down_proj_parameters_weight_, None);  mul_12 = l_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_2_modules_down_proj_parameters_weight_ = None

        # File: examples/dynamo/capture.py:120 in forward, code: out = out + mask * expert(tokens)
        mul_13: "f32[2*s70*s72, 64][64, 1]cpu" = mask_2 * linear_13;  mask_2 = linear_13 = None
        out_3: "f32[2*s70*s72, 64][64, 1]cpu" = out_2 + mul_13;  out_2 = mul_13 = None

        # File: examples/dynamo/capture.py:119 in forward, code: mask = (expert_of == e).unsqueeze(-1)
        eq_3: "b8[2*s70*s72][1]cpu" = expert_of == 3;  expert_of = None
        mask_3: "b8[2*s70*s72, 1][1, 1]cpu" = eq_3.unsqueeze(-1);  eq_3 = None

        # File: examples/dynamo/capture.py:93 in forward, code: return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))
        linear_14: "f32[2*s70*s72, 128][128, 1]cpu" = torch._C._nn.linear(tokens, l_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_3_modules_gate_proj_parameters_weight_, None);  l_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_3_modules_gate_proj_parameters_weight_ = None
        silu_3: "f32[2*s70*s72, 128][128, 1]cpu" = torch.nn.functional.silu(linear_14);  linear_14 = None
        linear_15: "f32[2*s70*s72, 128][128, 1]cpu" = torch._C._nn.linear(tokens, l_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_3_modules_up_proj_parameters_weight_, None);  tokens = l_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_3_modules_up_proj_parameters_weight_ = None
        mul_14: "f32[2*s70*s72, 128][128, 1]cpu" = silu_3 * linear_15;  silu_3 = linear_15 = None
        linear_16: "f32[2*s70*s72, 64][64, 1]cpu" = torch._C._nn.linear(mul_14, l_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_3_modules_down_proj_parameters_weight_, None);  mul_14 = l_self_modules_layers_modules_0_modules_mlp_modules_experts_modules_3_modules_down_proj_parameters_weight_ = None

        # File: examples/dynamo/capture.py:120 in forward, code: out = out + mask * expert(tokens)
        mul_15: "f32[2*s70*s72, 64][64, 1]cpu" = mask_3 * linear_16;  mask_3 = linear_16 = None
        out_4: "f32[2*s70*s72, 64][64, 1]cpu" = out_3 + mul_15;  out_3 = mul_15 = None

        # File: examples/dynamo/capture.py:121 in forward, code: out = out[inv_perm].view(-1, self.top_k, HIDDEN)
        getitem_34: "f32[2*s70*s72, 64][64, 1]cpu" = out_4[inv_perm];  out_4 = inv_perm = None
        out_5: "f32[s70*s72, 2, 64][128, 64, 1]cpu" = getitem_34.view(-1, 2, 64);  getitem_34 = None

        # File: examples/dynamo/capture.py:122 in forward, code: return (out * weights.unsqueeze(-1)).sum(dim=1).reshape(shape)
        unsqueeze_4: "f32[s70*s72, 2, 1][2, 1, 1]cpu" = weights_1.unsqueeze(-1);  weights_1 = None
        mul_16: "f32[s70*s72, 2, 64][128, 64, 1]cpu" = out_5 * unsqueeze_4;  out_5 = unsqueeze_4 = None
        sum_2: "f32[s70*s72, 64][64, 1]cpu" = mul_16.sum(dim = 1);  mul_16 = None
        reshape_3: "f32[s72, s70, 64][64*s70, 64, 1]cpu" = sum_2.reshape(size_6);  sum_2 = size_6 = None

        # File: examples/dynamo/capture.py:135 in forward, code: return x + self.mlp(self.post_attention_layernorm(x))
        x_3: "f32[s72, s70, 64][64*s70, 64, 1]cpu" = x_1 + reshape_3;  x_1 = reshape_3 = None

        # File: examples/dynamo/capture.py:55 in forward, code: var = x.pow(2).mean(-1, keepdim=True)
        pow_3: "f32[s72, s70, 64][64*s70, 64, 1]cpu" = x_3.pow(2)
        var_2: "f32[s72, s70, 1][s70, 1, 1]cpu" = pow_3.mean(-1, keepdim = True);  pow_3 = None

        # File: examples/dynamo/capture.py:56 in forward, code: return self.weight * (x * torch.rsqrt(var + self.variance_epsilon))
        item_3: "Sym(zf71)" = l_self_modules_norm_variance_epsilon.item();  l_self_modules_norm_variance_epsilon = None
        add_10: "f32[s72, s70, 1][s70, 1, 1]cpu" = var_2 + item_3;  var_2 = item_3 = None
        rsqrt_2: "f32[s72, s70, 1][s70, 1, 1]cpu" = torch.rsqrt(add_10);  add_10 = None
        mul_17: "f32[s72, s70, 64][64*s70, 64, 1]cpu" = x_3 * rsqrt_2;  x_3 = rsqrt_2 = None
        mul_18: "f32[s72, s70, 64][64*s70, 64, 1]cpu" = l_self_modules_norm_parameters_weight_ * mul_17;  l_self_modules_norm_parameters_weight_ = mul_17 = None
        return (mul_18,)
