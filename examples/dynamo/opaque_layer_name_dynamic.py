# attention taking an opaque LayerName, dynamic=True.
# Captured at the Dynamo level with torch 2.13.0+cpu by examples/dynamo/capture.py.
class GraphModule(torch.nn.Module):
    def forward(self, L_self_modules_qkv_parameters_weight_: "f32[192, 64][64, 1]cpu", L_self_modules_qkv_parameters_bias_: "f32[192][1]cpu", s77: "Sym(s77)", s27: "Sym(s27)", L_x_: "f32[s77, s27, 64][64*s27, 64, 1]cpu", L_self_layer_name : __main___LayerName, L_self_modules_o_parameters_weight_: "f32[64, 64][64, 1]cpu", L_self_modules_o_parameters_bias_: "f32[64][1]cpu"):
        l_self_modules_qkv_parameters_weight_ = L_self_modules_qkv_parameters_weight_
        l_self_modules_qkv_parameters_bias_ = L_self_modules_qkv_parameters_bias_
        l_x_ = L_x_
        l_self_layer_name = L_self_layer_name
        l_self_modules_o_parameters_weight_ = L_self_modules_o_parameters_weight_
        l_self_modules_o_parameters_bias_ = L_self_modules_o_parameters_bias_

        # File: examples/dynamo/capture.py:226 in forward, code: q, k, v = self.qkv(x).chunk(3, dim=-1)
        linear: "f32[s77, s27, 192][192*s27, 192, 1]cpu" = torch._C._nn.linear(l_x_, l_self_modules_qkv_parameters_weight_, l_self_modules_qkv_parameters_bias_);  l_x_ = l_self_modules_qkv_parameters_weight_ = l_self_modules_qkv_parameters_bias_ = None
        chunk = linear.chunk(3, dim = -1);  linear = None
        q: "f32[s77, s27, 64][192*s27, 192, 1]cpu" = chunk[0]
        k: "f32[s77, s27, 64][192*s27, 192, 1]cpu" = chunk[1]
        v: "f32[s77, s27, 64][192*s27, 192, 1]cpu" = chunk[2];  chunk = None

        # File: examples/dynamo/capture.py:227 in forward, code: out = torch.empty_like(q)
        out: "f32[s77, s27, 64][64*s27, 64, 1]cpu" = torch.empty_like(q)

        # File: examples/dynamo/capture.py:228 in forward, code: torch.ops.piecewise_demo.attention_by_name(q, k, v, out, self.layer_name)
        attention_by_name = torch.ops.piecewise_demo.attention_by_name(q, k, v, out, l_self_layer_name);  q = k = v = l_self_layer_name = attention_by_name = None

        # File: examples/dynamo/capture.py:229 in forward, code: return self.o(out)
        linear_1: "f32[s77, s27, 64][64*s27, 64, 1]cpu" = torch._C._nn.linear(out, l_self_modules_o_parameters_weight_, l_self_modules_o_parameters_bias_);  out = l_self_modules_o_parameters_weight_ = l_self_modules_o_parameters_bias_ = None
        return (linear_1,)
