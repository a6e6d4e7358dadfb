# a 2-layer HF-style Llama with stock SDPA, static shapes.
# Captured at the Dynamo level with torch 2.13.0+cpu by examples/dynamo/capture.py.
class GraphModule(torch.nn.Module):
    def forward(self, L_input_ids_: "i64[2, 8][8, 1]cpu", L_self_buffers_inv_freq_: "f32[8][1]cpu", L_self_modules_embed_tokens_parameters_weight_: "f32[128, 64][64, 1]cpu", L_self_modules_layers_modules_0_modules_input_layernorm_parameters_weight_: "f32[64][1]cpu", L_self_modules_layers_modules_0_modules_self_attn_modules_q_proj_parameters_weight_: "f32[64, 64][64, 1]cpu", L_self_modules_layers_modules_0_modules_self_attn_modules_k_proj_parameters_weight_: "f32[32, 64][64, 1]cpu", L_self_modules_layers_modules_0_modules_self_attn_modules_v_proj_parameters_weight_: "f32[32, 64][64, 1]cpu", L_self_modules_layers_modules_0_modules_self_attn_modules_o_proj_parameters_weight_: "f32[64, 64][64, 1]cpu", L_self_modules_layers_modules_0_modules_post_attention_layernorm_parameters_weight_: "f32[64][1]cpu", L_self_modules_layers_modules_0_modules_mlp_modules_gate_proj_parameters_weight_: "f32[128, 64][64, 1]cpu", L_self_modules_layers_modules_0_modules_mlp_modules_up_proj_parameters_weight_: "f32[128, 64][64, 1]cpu", L_self_modules_layers_modules_0_modules_mlp_modules_down_proj_parameters_weight_: "f32[64, 128][128, 1]cpu", L_self_modules_layers_modules_1_modules_input_layernorm_parameters_weight_: "f32[64][1]cpu", L_self_modules_layers_modules_1_modules_self_attn_modules_q_proj_parameters_weight_: "f32[64, 64][64, 1]cpu", L_self_modules_layers_modules_1_modules_self_attn_modules_k_proj_parameters_weight_: "f32[32, 64][64, 1]cpu", L_self_modules_layers_modules_1_modules_self_attn_modules_v_proj_parameters_weight_: "f32[32, 64][64, 1]cpu", L_self_modules_layers_modules_1_modules_self_attn_modules_o_proj_parameters_weight_: "f32[64, 64][64, 1]cpu", L_self_modules_layers_modules_1_modules_post_attention_layernorm_parameters_weight_: "f32[64][1]cpu", L_self_modules_layers_modules_1_modules_mlp_modules_gate_proj_parameters_weight_: "f32[128, 64][64, 1]cpu", L_self_modules_layers_modules_1_modules_mlp_modules_up_proj_parameters_weight_: "f32[128, 64][64, 1]cpu", L_self_modules_layers_modules_1_modules_mlp_modules_down_proj_parameters_weight_: "f32[64, 128][128, 1]cpu", L_self_modules_norm_parameters_weight_: "f32[64][1]cpu"):
        l_input_ids_ = L_input_ids_
        l_self_buffers_inv_freq_ = L_self_buffers_inv_freq_
        l_self_modules_embed_tokens_parameters_weight_ = L_self_modules_embed_tokens_parameters_weight_
        l_self_modules_layers_modules_0_modules_input_layernorm_parameters_weight_ = L_self_modules_layers_modules_0_modules_input_layernorm_parameters_weight_
        l_self_modules_layers_modules_0_modules_self_attn_modules_q_proj_parameters_weight_ = L_self_modules_layers_modules_0_modules_self_attn_modules_q_proj_parameters_weight_
        l_self_modules_layers_modules_0_modules_self_attn_modules_k_proj_parameters_weight_ = L_self_modules_layers_modules_0_modules_self_attn_modules_k_proj_parameters_weight_
        l_self_modules_layers_modules_0_modules_self_attn_modules_v_proj_parameters_weight_ = L_self_modules_layers_modules_0_modules_self_attn_modules_v_proj_parameters_weight_
        l_self_modules_layers_modules_0_modules_self_attn_modules_o_proj_parameters_weight_ = L_self_modules_layers_modules_0_modules_self_attn_modules_o_proj_parameters_weight_
        l_self_modules_layers_modules_0_modules_post_attention_layernorm_parameters_weight_ = L_self_modules_layers_modules_0_modules_post_attention_layernorm_parameters_weight_
        l_self_modules_layers_modules_0_modules_mlp_modules_gate_proj_parameters_weight_ = L_self_modules_layers_modules_0_modules_mlp_modules_gate_proj_parameters_weight_
        l_self_modules_layers_modules_0_modules_mlp_modules_up_proj_parameters_weight_ = L_self_modules_layers_modules_0_modules_mlp_modules_up_proj_parameters_weight_
        l_self_modules_layers_modules_0_modules_mlp_modules_down_proj_parameters_weight_ = L_self_modules_layers_modules_0_modules_mlp_modules_down_proj_parameters_weight_
        l_self_modules_layers_modules_1_modules_input_layernorm_parameters_weight_ = L_self_modules_layers_modules_1_modules_input_layernorm_parameters_weight_
        l_self_modules_layers_modules_1_modules_self_attn_modules_q_proj_parameters_weight_ = L_self_modules_layers_modules_1_modules_self_attn_modules_q_proj_parameters_weight_
        l_self_modules_layers_modules_1_modules_self_attn_modules_k_proj_parameters_weight_ = L_self_modules_layers_modules_1_modules_self_attn_modules_k_proj_parameters_weight_
        l_self_modules_layers_modules_1_modules_self_attn_modules_v_proj_parameters_weight_ = L_self_modules_layers_modules_1_modules_self_attn_modules_v_proj_parameters_weight_
        l_self_modules_layers_modules_1_modules_self_attn_modules_o_proj_parameters_weight_ = L_self_modules_layers_modules_1_modules_self_attn_modules_o_proj_parameters_weight_
        l_self_modules_layers_modules_1_modules_post_attention_layernorm_parameters_weight_ = L_self_modules_layers_modules_1_modules_post_attention_layernorm_parameters_weight_
        l_self_modules_layers_modules_1_modules_mlp_modules_gate_proj_parameters_weight_ = L_self_modules_layers_modules_1_modules_mlp_modules_gate_proj_parameters_weight_
        l_self_modules_layers_modules_1_modules_mlp_modules_up_proj_parameters_weight_ = L_self_modules_layers_modules_1_modules_mlp_modules_up_proj_parameters_weight_
        l_self_modules_layers_modules_1_modules_mlp_modules_down_proj_parameters_weight_ = L_self_modules_layers_modules_1_modules_mlp_modules_down_proj_parameters_weight_
        l_self_modules_norm_parameters_weight_ = L_self_modules_norm_parameters_weight_

        # File: examples/dynamo/capture.py:149 in forward, code: pos = torch.arange(t, device=input_ids.device).float()
        arange: "i64[8][1]cpu" = torch.arange(8, device = device(type='cpu'))
        pos: "f32[8][1]cpu" = arange.float();  arange = None

        # File: examples/dynamo/capture.py:150 in forward, code: freqs = torch.outer(pos, self.inv_freq)
        freqs: "f32[8, 8][8, 1]cpu" = torch.outer(pos, l_self_buffers_inv_freq_);  pos = l_self_buffers_inv_freq_ = None

        # File: examples/dynamo/capture.py:151 in forward, code: emb = torch.cat((freqs, freqs), dim=-1)
        emb: "f32[8, 16][16, 1]cpu" = torch.cat((freqs, freqs), dim = -1);  freqs = None

        # File: examples/dynamo/capture.py:152 in forward, code: cos, sin = emb.cos()[None, None], emb.sin()[None, None]
        cos: "f32[8, 16][16, 1]cpu" = emb.cos()
        cos_1: "f32[1, 1, 8, 16][128, 128, 16, 1]cpu" = cos[(None, None)];  cos = None
        sin: "f32[8, 16][16, 1]cpu" = emb.sin();  emb = None
        sin_1: "f32[1, 1, 8, 16][128, 128, 16, 1]cpu" = sin[(None, None)];  sin = None

        # File: examples/dynamo/capture.py:153 in forward, code: x = self.embed_tokens(input_ids)
        x: "f32[2, 8, 64][512, 64, 1]cpu" = torch.nn.functional.embedding(l_input_ids_, l_self_modules_embed_tokens_parameters_weight_, None, None, 2.0, False, False);  l_input_ids_ = l_self_modules_embed_tokens_parameters_weight_ = None

        # File: examples/dynamo/capture.py:55 in forward, code: var = x.pow(2).mean(-1, keepdim=True)
        pow_1: "f32[2, 8, 64][512, 64, 1]cpu" = x.pow(2)
        var: "f32[2, 8, 1][8, 1, 1]cpu" = pow_1.mean(-1, keepdim = True);  pow_1 = None

        # File: examples/dynamo/capture.py:56 in forward, code: return self.weight * (x * torch.rsqrt(var + self.variance_epsilon))
        add: "f32[2, 8, 1][8, 1, 1]cpu" = var + 1e-06;  var = None
        rsqrt: "f32[2, 8, 1][8, 1, 1]cpu" = torch.rsqrt(add);  add = None
        mul: "f32[2, 8, 64][512, 64, 1]cpu" = x * rsqrt;  rsqrt = None
        mul_1: "f32[2, 8, 64][512, 64, 1]cpu" = l_self_modules_layers_modules_0_modules_input_layernorm_parameters_weight_ * mul;  l_self_modules_layers_modules_0_modules_input_layernorm_parameters_weight_ = mul = None

        # File: examples/dynamo/capture.py:74 in forward, code: q = self.q_proj(x).view(b, t, HEADS, HEAD_DIM).transpose(1, 2)
        linear: "f32[2, 8, 64][512, 64, 1]cpu" = torch._C._nn.linear(mul_1, l_self_modules_layers_modules_0_modules_self_attn_modules_q_proj_parameters_weight_, None);  l_self_modules_layers_modules_0_modules_self_attn_modules_q_proj_parameters_weight_ = None
        view: "f32[2, 8, 4, 16][512, 64, 16, 1]cpu" = linear.view(2, 8, 4, 16);  linear = None
        q: "f32[2, 4, 8, 16][512, 16, 64, 1]cpu" = view.transpose(1, 2);  view = None

        # File: examples/dynamo/capture.py:75 in forward, code: k = self.k_proj(x).view(b, t, KV_HEADS, HEAD_DIM).transpose(1, 2)
        linear_1: "f32[2, 8, 32][256, 32, 1]cpu" = torch._C._nn.linear(mul_1, l_self_modules_layers_modules_0_modules_self_attn_modules_k_proj_parameters_weight_, None);  l_self_modules_layers_modules_0_modules_self_attn_modules_k_proj_parameters_weight_ = None
        view_1: "f32[2, 8, 2, 16][256, 32, 16, 1]cpu" = linear_1.view(2, 8, 2, 16);  linear_1 = None
        k: "f32[2, 2, 8, 16][256, 16, 32, 1]cpu" = view_1.transpose(1, 2);  view_1 = None

        # File: examples/dynamo/capture.py:76 in forward, code: v = self.v_proj(x).view(b, t, KV_HEADS, HEAD_DIM).transpose(1, 2)
        linear_2: "f32[2, 8, 32][256, 32, 1]cpu" = torch._C._nn.linear(mul_1, l_self_modules_layers_modules_0_modules_self_attn_modules_v_proj_parameters_weight_, None);  mul_1 = l_self_modules_layers_modules_0_modules_self_attn_modules_v_proj_parameters_weight_ = None
        view_2: "f32[2, 8, 2, 16][256, 32, 16, 1]cpu" = linear_2.view(2, 8, 2, 16);  linear_2 = None
        v: "f32[2, 2, 8, 16][256, 16, 32, 1]cpu" = view_2.transpose(1, 2);  view_2 = None

        # File: examples/dynamo/capture.py:77 in forward, code: q = q * cos + rotate_half(q) * sin
        mul_2: "f32[2, 4, 8, 16][512, 16, 64, 1]cpu" = q * cos_1

        # File: examples/dynamo/capture.py:60 in rotate_half, code: x1, x2 = x[..., : x.shape[-1] // 2], x[..., x.shape[-1] // 2:]
        x1: "f32[2, 4, 8, 8][512, 16, 64, 1]cpu" = q[(Ellipsis, slice(None, 8, None))]
        x2: "f32[2, 4, 8, 8][512, 16, 64, 1]cpu" = q[(Ellipsis, slice(8, None, None))];  q = None

        # File: examples/dynamo/capture.py:61 in rotate_half, code: return torch.cat((-x2, x1), dim=-1)
        neg: "f32[2, 4, 8, 8][256, 8, 32, 1]cpu" = -x2;  x2 = None
        cat_1: "f32[2, 4, 8, 16][512, 128, 16, 1]cpu" = torch.cat((neg, x1), dim = -1);  neg = x1 = None

        # File: examples/dynamo/capture.py:77 in forward, code: q = q * cos + rotate_half(q) * sin
        mul_3: "f32[2, 4, 8, 16][512, 128, 16, 1]cpu" = cat_1 * sin_1;  cat_1 = None
        q_1: "f32[2, 4, 8, 16][512, 16, 64, 1]cpu" = mul_2 + mul_3;  mul_2 = mul_3 = None

        # File: examples/dynamo/capture.py:78 in forward, code: k = k * cos + rotate_half(k) * sin
        mul_4: "f32[2, 2, 8, 16][256, 16, 32, 1]cpu" = k * cos_1

        # File: examples/dynamo/capture.py:60 in rotate_half, code: x1, x2 = x[..., : x.shape[-1] // 2], x[..., x.shape[-1] // 2:]
        x1_1: "f32[2, 2, 8, 8][256, 16, 32, 1]cpu" = k[(Ellipsis, slice(None, 8, None))]
        x2_1: "f32[2, 2, 8, 8][256, 16, 32, 1]cpu" = k[(Ellipsis, slice(8, None, None))];  k = None

        # File: examples/dynamo/capture.py:61 in rotate_half, code: return torch.cat((-x2, x1), dim=-1)
        neg_1: "f32[2, 2, 8, 8][128, 8, 16, 1]cpu" = -x2_1;  x2_1 = None
        cat_2: "f32[2, 2, 8, 16][256, 128, 16, 1]cpu" = torch.cat((neg_1, x1_1), dim = -1);  neg_1 = x1_1 = None

        # File: examples/dynamo/capture.py:78 in forward, code: k = k * cos + rotate_half(k) * sin
        mul_5: "f32[2, 2, 8, 16][256, 128, 16, 1]cpu" = cat_2 * sin_1;  cat_2 = None
        k_1: "f32[2, 2, 8, 16][256, 16, 32, 1]cpu" = mul_4 + mul_5;  mul_4 = mul_5 = None

        # File: examples/dynamo/capture.py:79 in forward, code: k = k.repeat_interleave(HEADS // KV_HEADS, dim=1)
        k_2: "f32[2, 4, 8, 16][512, 128, 16, 1]cpu" = k_1.repeat_interleave(2, dim = 1);  k_1 = None

        # File: examples/dynamo/capture.py:80 in forward, code: v = v.repeat_interleave(HEADS // KV_HEADS, dim=1)
        v_1: "f32[2, 4, 8, 16][512, 128, 16, 1]cpu" = v.repeat_interleave(2, dim = 1);  v = None

        # File: examples/dynamo/capture.py:81 in forward, code: o = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        o: "f32[2, 4, 8, 16][512, 16, 64, 1]cpu" = torch._C._nn.scaled_dot_product_attention(q_1, k_2, v_1, is_causal = True);  q_1 = k_2 = v_1 = None

        # File: examples/dynamo/capture.py:82 in forward, code: return self.o_proj(o.transpose(1, 2).reshape(b, t, HEADS * HEAD_DIM))
        transpose_3: "f32[2, 8, 4, 16][512, 64, 16, 1]cpu" = o.transpose(1, 2);  o = None
        reshape: "f32[2, 8, 64][512, 64, 1]cpu" = transpose_3.reshape(2, 8, 64);  transpose_3 = None
        linear_3: "f32[2, 8, 64][512, 64, 1]cpu" = torch._C._nn.linear(reshape, l_self_modules_layers_modules_0_modules_self_attn_modules_o_proj_parameters_weight_, None);  reshape = l_self_modules_layers_modules_0_modules_self_attn_modules_o_proj_parameters_weight_ = None

        # File: examples/dynamo/capture.py:134 in forward, code: x = x + self.self_attn(self.input_layernorm(x), cos, sin)
        x_1: "f32[2, 8, 64][512, 64, 1]cpu" = x + linear_3;  x = linear_3 = None

        # File: examples/dynamo/capture.py:55 in forward, code: var = x.pow(2).mean(-1, keepdim=True)
        pow_2: "f32[2, 8, 64][512, 64, 1]cpu" = x_1.pow(2)
        var_1: "f32[2, 8, 1][8, 1, 1]cpu" = pow_2.mean(-1, keepdim = True);  pow_2 = None

        # File: examples/dynamo/capture.py:56 in forward, code: return self.weight * (x * torch.rsqrt(var + self.variance_epsilon))
        add_4: "f32[2, 8, 1][8, 1, 1]cpu" = var_1 + 1e-06;  var_1 = None
        rsqrt_1: "f32[2, 8, 1][8, 1, 1]cpu" = torch.rsqrt(add_4);  add_4 = None
        mul_6: "f32[2, 8, 64][512, 64, 1]cpu" = x_1 * rsqrt_1;  rsqrt_1 = None
        mul_7: "f32[2, 8, 64][512, 64, 1]cpu" = l_self_modules_layers_modules_0_modules_post_attention_layernorm_parameters_weight_ * mul_6;  l_self_modules_layers_modules_0_modules_post_attention_layernorm_parameters_weight_ = mul_6 = None

        # File: examples/dynamo/capture.py:93 in forward, code: return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))
        linear_4: "f32[2, 8, 128][1024, 128, 1]cpu" = torch._C._nn.linear(mul_7, l_self_modules_layers_modules_0_modules_mlp_modules_gate_proj_parameters_weight_, None);  l_self_modules_layers_modules_0_modules_mlp_modules_gate_proj_parameters_weight_ = None
        silu: "f32[2, 8, 128][1024, 128, 1]cpu" = torch.nn.functional.silu(linear_4);  linear_4 = None
        linear_5: "f32[2, 8, 128][1024, 128, 1]cpu" = torch._C._nn.linear(mul_7, l_self_modules_layers_modules_0_modules_mlp_modules_up_proj_parameters_weight_, None);  mul_7 = l_self_modules_layers_modules_0_modules_mlp_modules_up_proj_parameters_weight_ = None
        mul_8: "f32[2, 8, 128][1024, 128, 1]cpu" = silu * linear_5;  silu = linear_5 = None
        linear_6: "f32[2, 8, 64][512, 64, 1]cpu" = torch._C._nn.linear(mul_8, l_self_modules_layers_modules_0_modules_mlp_modules_down_proj_parameters_weight_, None);  mul_8 = l_self_modules_layers_modules_0_modules_mlp_modules_down_proj_parameters_weight_ = None

        # File: examples/dynamo/capture.py:135 in forward, code: return x + self.mlp(self.post_attention_layernorm(x))
        x_2: "f32[2, 8, 64][512, 64, 1]cpu" = x_1 + linear_6;  x_1 = linear_6 = None

        # File: examples/dynamo/capture.py:55 in forward, code: var = x.pow(2).mean(-1, keepdim=True)
        pow_3: "f32[2, 8, 64][512, 64, 1]cpu" = x_2.pow(2)
        var_2: "f32[2, 8, 1][8, 1, 1]cpu" = pow_3.mean(-1, keepdim = True);  pow_3 = None

        # File: examples/dynamo/capture.py:56 in forward, code: return self.weight * (x * torch.rsqrt(var + self.variance_epsilon))
        add_6: "f32[2, 8, 1][8, 1, 1]cpu" = var_2 + 1e-06;  var_2 = None
        rsqrt_2: "f32[2, 8, 1][8, 1, 1]cpu" = torch.rsqrt(add_6);  add_6 = None
        mul_9: "f32[2, 8, 64][512, 64, 1]cpu" = x_2 * rsqrt_2;  rsqrt_2 = None
        mul_10: "f32[2, 8, 64][512, 64, 1]cpu" = l_self_modules_layers_modules_1_modules_input_layernorm_parameters_weight_ * mul_9;  l_self_modules_layers_modules_1_modules_input_layernorm_parameters_weight_ = mul_9 = None

        # File: examples/dynamo/capture.py:74 in forward, code: q = self.q_proj(x).view(b, t, HEADS, HEAD_DIM).transpose(1, 2)
        linear_7: "f32[2, 8, 64][512, 64, 1]cpu" = torch._C._nn.linear(mul_10, l_self_modules_layers_modules_1_modules_self_attn_modules_q_proj_parameters_weight_, None);  l_self_modules_layers_modules_1_modules_self_attn_modules_q_proj_parameters_weight_ = None
        view_3: "f32[2, 8, 4, 16][512, 64, 16, 1]cpu" = linear_7.view(2, 8, 4, 16);  linear_7 = None
        q_2: "f32[2, 4, 8, 16][512, 16, 64, 1]cpu" = view_3.transpose(1, 2);  view_3 = None

        # File: examples/dynamo/capture.py:75 in forward, code: k = self.k_proj(x).view(b, t, KV_HEADS, HEAD_DIM).transpose(1, 2)
        linear_8: "f32[2, 8, 32][256, 32, 1]cpu" = torch._C._nn.linear(mul_10, l_self_modules_layers_modules_1_modules_self_attn_modules_k_proj_parameters_weight_, None);  l_self_modules_layers_modules_1_modules_self_attn_modules_k_proj_parameters_weight_ = None
        view_4: "f32[2, 8, 2, 16][256, 32, 16, 1]cpu" = linear_8.view(2, 8, 2, 16);  linear_8 = None
        k_3: "f32[2, 2, 8, 16][256, 16, 32, 1]cpu" = view_4.transpose(1, 2);  view_4 = None

        # File: examples/dynamo/capture.py:76 in forward, code: v = self.v_proj(x).view(b, t, KV_HEADS, HEAD_DIM).transpose(1, 2)
        linear_9: "f32[2, 8, 32][256, 32, 1]cpu" = torch._C._nn.linear(mul_10, l_self_modules_layers_modules_1_modules_self_attn_modules_v_proj_parameters_weight_, None);  mul_10 = l_self_modules_layers_modules_1_modules_self_attn_modules_v_proj_parameters_weight_ = None
        view_5: "f32[2, 8, 2, 16][256, 32, 16, 1]cpu" = linear_9.view(2, 8, 2, 16);  linear_9 = None
        v_2: "f32[2, 2, 8, 16][256, 16, 32, 1]cpu" = view_5.transpose(1, 2);  view_5 = None

        # File: examples/dynamo/capture.py:77 in forward, code: q = q * cos + rotate_half(q) * sin
        mul_11: "f32[2, 4, 8, 16][512, 16, 64, 1]cpu" = q_2 * cos_1

        # File: examples/dynamo/capture.py:60 in rotate_half, code: x1, x2 = x[..., : x.shape[-1] // 2], x[..., x.shape[-1] // 2:]
        x1_2: "f32[2, 4, 8, 8][512, 16, 64, 1]cpu" = q_2[(Ellipsis, slice(None, 8, None))]
        x2_2: "f32[2, 4, 8, 8][512, 16, 64, 1]cpu" = q_2[(Ellipsis, slice(8, None, None))];  q_2 = None

        # File: examples/dynamo/capture.py:61 in rotate_half, code: return torch.cat((-x2, x1), dim=-1)
        neg_2: "f32[2, 4, 8, 8][256, 8, 32, 1]cpu" = -x2_2;  x2_2 = None
        cat_3: "f32[2, 4, 8, 16][512, 128, 16, 1]cpu" = torch.cat((neg_2, x1_2), dim = -1);  neg_2 = x1_2 = None

        # File: examples/dynamo/capture.py:77 in forward, code: q = q * cos + rotate_half(q) * sin
        mul_12: "f32[2, 4, 8, 16][512, 128, 16, 1]cpu" = cat_3 * sin_1;  cat_3 = None
        q_3: "f32[2, 4, 8, 16][512, 16, 64, 1]cpu" = mul_11 + mul_12;  mul_11 = mul_12 = None

        # File: examples/dynamo/capture.py:78 in forward, code: k = k * cos + rotate_half(k) * sin
        mul_13: "f32[2, 2, 8, 16][256, 16, 32, 1]cpu" = k_3 * cos_1;  cos_1 = None

        # File: examples/dynamo/capture.py:60 in rotate_half, code: x1, x2 = x[..., : x.shape[-1] // 2], x[..., x.shape[-1] // 2:]
        x1_3: "f32[2, 2, 8, 8][256, 16, 32, 1]cpu" = k_3[(Ellipsis, slice(None, 8, None))]
        x2_3: "f32[2, 2, 8, 8][256, 16, 32, 1]cpu" = k_3[(Ellipsis, slice(8, None, None))];  k_3 = None

        # File: examples/dynamo/capture.py:61 in rotate_half, code: return torch.cat((-x2, x1), dim=-1)
        neg_3: "f32[2, 2, 8, 8][128, 8, 16, 1]cpu" = -x2_3;  x2_3 = None
        cat_4: "f32[2, 2, 8, 16][256, 128, 16, 1]cpu" = torch.cat((neg_3, x1_3), dim = -1);  neg_3 = x1_3 = None

        # File: examples/dynamo/capture.py:78 in forward, code: k = k * cos + rotate_half(k) * sin
        mul_14: "f32[2, 2, 8, 16][256, 128, 16, 1]cpu" = cat_4 * sin_1;  cat_4 = sin_1 = None
        k_4: "f32[2, 2, 8, 16][256, 16, 32, 1]cpu" = mul_13 + mul_14;  mul_13 = mul_14 = None

        # File: examples/dynamo/capture.py:79 in forward, code: k = k.repeat_interleave(HEADS // KV_HEADS, dim=1)
        k_5: "f32[2, 4, 8, 16][512, 128, 16, 1]cpu" = k_4.repeat_interleave(2, dim = 1);  k_4 = None

        # File: examples/dynamo/capture.py:80 in forward, code: v = v.repeat_interleave(HEADS // KV_HEADS, dim=1)
        v_3: "f32[2, 4, 8, 16][512, 128, 16, 1]cpu" = v_2.repeat_interleave(2, dim = 1);  v_2 = None

        # File: examples/dynamo/capture.py:81 in forward, code: o = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        o_1: "f32[2, 4, 8, 16][512, 16, 64, 1]cpu" = torch._C._nn.scaled_dot_product_attention(q_3, k_5, v_3, is_causal = True);  q_3 = k_5 = v_3 = None

        # File: examples/dynamo/capture.py:82 in forward, code: return self.o_proj(o.transpose(1, 2).reshape(b, t, HEADS * HEAD_DIM))
        transpose_7: "f32[2, 8, 4, 16][512, 64, 16, 1]cpu" = o_1.transpose(1, 2);  o_1 = None
        reshape_1: "f32[2, 8, 64][512, 64, 1]cpu" = transpose_7.reshape(2, 8, 64);  transpose_7 = None
        linear_10: "f32[2, 8, 64][512, 64, 1]cpu" = torch._C._nn.linear(reshape_1, l_self_modules_layers_modules_1_modules_self_attn_modules_o_proj_parameters_weight_, None);  reshape_1 = l_self_modules_layers_modules_1_modules_self_attn_modules_o_proj_parameters_weight_ = None

        # File: examples/dynamo/capture.py:134 in forward, code: x = x + self.self_attn(self.input_layernorm(x), cos, sin)
        x_3: "f32[2, 8, 64][512, 64, 1]cpu" = x_2 + linear_10;  x_2 = linear_10 = None

        # File: examples/dynamo/capture.py:55 in forward, code: var = x.pow(2).mean(-1, keepdim=True)
        pow_4: "f32[2, 8, 64][512, 64, 1]cpu" = x_3.pow(2)
        var_3: "f32[2, 8, 1][8, 1, 1]cpu" = pow_4.mean(-1, keepdim = True);  pow_4 = None

        # File: examples/dynamo/capture.py:56 in forward, code: return self.weight * (x * torch.rsqrt(var + self.variance_epsilon))
        add_10: "f32[2, 8, 1][8, 1, 1]cpu" = var_3 + 1e-06;  var_3 = None
        rsqrt_3: "f32[2, 8, 1][8, 1, 1]cpu" = torch.rsqrt(add_10);  add_10 = None
        mul_15: "f32[2, 8, 64][512, 64, 1]cpu" = x_3 * rsqrt_3;  rsqrt_3 = None
        mul_16: "f32[2, 8, 64][512, 64, 1]cpu" = l_self_modules_layers_modules_1_modules_post_attention_layernorm_parameters_weight_ * mul_15;  l_self_modules_layers_modules_1_modules_post_attention_layernorm_parameters_weight_ = mul_15 = None

        # File: examples/dynamo/capture.py:93 in forward, code: return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))
        linear_11: "f32[2, 8, 128][1024, 128, 1]cpu" = torch._C._nn.linear(mul_16, l_self_modules_layers_modules_1_modules_mlp_modules_gate_proj_parameters_weight_, None);  l_self_modules_layers_modules_1_modules_mlp_modules_gate_proj_parameters_weight_ = None
        silu_1: "f32[2, 8, 128][1024, 128, 1]cpu" = torch.nn.functional.silu(linear_11);  linear_11 = None
        linear_12: "f32[2, 8, 128][1024, 128, 1]cpu" = torch._C._nn.linear(mul_16, l_self_modules_layers_modules_1_modules_mlp_modules_up_proj_parameters_weight_, None);  mul_16 = l_self_modules_layers_modules_1_modules_mlp_modules_up_proj_parameters_weight_ = None
        mul_17: "f32[2, 8, 128][1024, 128, 1]cpu" = silu_1 * linear_12;  silu_1 = linear_12 = None
        linear_13: "f32[2, 8, 64][512, 64, 1]cpu" = torch._C._nn.linear(mul_17, l_self_modules_layers_modules_1_modules_mlp_modules_down_proj_parameters_weight_, None);  mul_17 = l_self_modules_layers_modules_1_modules_mlp_modules_down_proj_parameters_weight_ = None

        # File: examples/dynamo/capture.py:135 in forward, code: return x + self.mlp(self.post_attention_layernorm(x))
        x_4: "f32[2, 8, 64][512, 64, 1]cpu" = x_3 + linear_13;  x_3 = linear_13 = None

        # File: examples/dynamo/capture.py:55 in forward, code: var = x.pow(2).mean(-1, keepdim=True)
        pow_5: "f32[2, 8, 64][512, 64, 1]cpu" = x_4.pow(2)
        var_4: "f32[2, 8, 1][8, 1, 1]cpu" = pow_5.mean(-1, keepdim = True);  pow_5 = None

        # File: examples/dynamo/capture.py:56 in forward, code: return self.weight * (x * torch.rsqrt(var + self.variance_epsilon))
        add_12: "f32[2, 8, 1][8, 1, 1]cpu" = var_4 + 1e-06;  var_4 = None
        rsqrt_4: "f32[2, 8, 1][8, 1, 1]cpu" = torch.rsqrt(add_12);  add_12 = None
        mul_18: "f32[2, 8, 64][512, 64, 1]cpu" = x_4 * rsqrt_4;  x_4 = rsqrt_4 = None
        mul_19: "f32[2, 8, 64][512, 64, 1]cpu" = l_self_modules_norm_parameters_weight_ * mul_18;  l_self_modules_norm_parameters_weight_ = mul_18 = None
        return (mul_19,)
