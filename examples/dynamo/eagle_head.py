# an EAGLE-style draft head, static shapes.
# Captured at the Dynamo level with torch 2.13.0+cpu by examples/dynamo/capture.py.
class GraphModule(torch.nn.Module):
    def forward(self, L_hidden_: "f32[2, 8, 64][512, 64, 1]cpu", L_embeds_: "f32[2, 8, 64][512, 64, 1]cpu", L_self_modules_fc_parameters_weight_: "f32[64, 128][128, 1]cpu", L_self_modules_fc_parameters_bias_: "f32[64][1]cpu"):
        l_hidden_ = L_hidden_
        l_embeds_ = L_embeds_
        l_self_modules_fc_parameters_weight_ = L_self_modules_fc_parameters_weight_
        l_self_modules_fc_parameters_bias_ = L_self_modules_fc_parameters_bias_

        # File: examples/dynamo/capture.py:167 in forward, code: h = self.fc(torch.cat((hidden, embeds), dim=-1))
        cat: "f32[2, 8, 128][1024, 128, 1]cpu" = torch.cat((l_hidden_, l_embeds_), dim = -1);  l_hidden_ = l_embeds_ = None
        h: "f32[2, 8, 64][512, 64, 1]cpu" = torch._C._nn.linear(cat, l_self_modules_fc_parameters_weight_, l_self_modules_fc_parameters_bias_);  cat = l_self_modules_fc_parameters_weight_ = l_self_modules_fc_parameters_bias_ = None

        # File: examples/dynamo/capture.py:168 in forward, code: out = h.clone()
        out: "f32[2, 8, 64][512, 64, 1]cpu" = h.clone()

        # File: examples/dynamo/capture.py:169 in forward, code: out[..., 1:33:3] = h[..., :11] * 2
        getitem: "f32[2, 8, 11][512, 64, 1]cpu" = h[(Ellipsis, slice(None, 11, None))];  h = None
        mul: "f32[2, 8, 11][88, 11, 1]cpu" = getitem * 2;  getitem = None
        out[(Ellipsis, slice(1, 33, 3))] = mul;  setitem = out;  mul = setitem = None
        return (out,)
