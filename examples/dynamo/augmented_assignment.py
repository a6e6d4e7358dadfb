# in-place updates by augmented assignment, static shapes.
# Captured at the Dynamo level with torch 2.13.0+cpu by examples/dynamo/capture.py.
class GraphModule(torch.nn.Module):
    def forward(self, L_self_modules_proj_parameters_weight_: "f32[64, 64][64, 1]cpu", L_self_modules_proj_parameters_bias_: "f32[64][1]cpu", L_x_: "f32[2, 8, 64][512, 64, 1]cpu", L_cache_: "f32[2, 8, 64][512, 64, 1]cpu"):
        l_self_modules_proj_parameters_weight_ = L_self_modules_proj_parameters_weight_
        l_self_modules_proj_parameters_bias_ = L_self_modules_proj_parameters_bias_
        l_x_ = L_x_
        l_cache_ = L_cache_

        # File: examples/dynamo/capture.py:181 in forward, code: h = self.proj(x)
        h: "f32[2, 8, 64][512, 64, 1]cpu" = torch._C._nn.linear(l_x_, l_self_modules_proj_parameters_weight_, l_self_modules_proj_parameters_bias_);  l_self_modules_proj_parameters_weight_ = l_self_modules_proj_parameters_bias_ = None

        # File: examples/dynamo/capture.py:182 in forward, code: h += x
        h += l_x_;  h_1: "f32[2, 8, 64][512, 64, 1]cpu" = h;  h = l_x_ = None

        # File: examples/dynamo/capture.py:183 in forward, code: h *= 0.5
        h_1 *= 0.5;  h_2: "f32[2, 8, 64][512, 64, 1]cpu" = h_1;  h_1 = None

        # File: examples/dynamo/capture.py:184 in forward, code: cache[:, :4] += h[:, :4]
        getitem: "f32[2, 4, 64][512, 64, 1]cpu" = l_cache_[(slice(None, None, None), slice(None, 4, None))]
        getitem_1: "f32[2, 4, 64][512, 64, 1]cpu" = h_2[(slice(None, None, None), slice(None, 4, None))]
        getitem += getitem_1;  iadd_1: "f32[2, 4, 64][512, 64, 1]cpu" = getitem;  getitem = getitem_1 = None
        l_cache_[(slice(None, None, None), slice(None, 4, None))] = iadd_1;  setitem = l_cache_;  l_cache_ = iadd_1 = setitem = None
        return (h_2,)
