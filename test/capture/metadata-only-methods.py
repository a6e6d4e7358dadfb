class GraphModule(torch.nn.Module):
    def forward(self, L_q_: "f32[1, 4, 8, 16][512, 128, 16, 1]cpu", L_k_: "f32[1, 4, 8, 16][512, 128, 16, 1]cpu"):
        l_q_ = L_q_
        l_k_ = L_k_
        sdpa: "f32[1, 4, 8, 16][512, 128, 16, 1]cpu" = torch._C._nn.scaled_dot_product_attention(l_q_, l_q_, l_q_)
        a: "f32[1, 4, 8, 16][512, 128, 16, 1]cpu" = l_k_.expand_as(sdpa)
        b: "f32[1, 4, 8, 16][512, 128, 16, 1]cpu" = l_k_.view_as(sdpa)
        c: "f32[1, 4, 8, 16][512, 128, 16, 1]cpu" = l_k_.reshape_as(sdpa)
        d: "f32[1, 4, 8, 16][512, 128, 16, 1]cpu" = l_k_.type_as(sdpa)
        e: "f32[1, 4, 8, 16][512, 128, 16, 1]cpu" = l_k_.to(sdpa);  sdpa = None
        s1: "f32[1, 4, 8, 16][512, 128, 16, 1]cpu" = a + b;  a = b = None
        s2: "f32[1, 4, 8, 16][512, 128, 16, 1]cpu" = s1 + c;  s1 = c = None
        s3: "f32[1, 4, 8, 16][512, 128, 16, 1]cpu" = s2 + d;  s2 = d = None
        s4: "f32[1, 4, 8, 16][512, 128, 16, 1]cpu" = s3 + e;  s3 = e = None
        sdpa_1: "f32[1, 4, 8, 16][512, 128, 16, 1]cpu" = torch._C._nn.scaled_dot_product_attention(s4, s4, s4);  s4 = None
        f: "f32[1, 4, 8, 16][512, 128, 16, 1]cpu" = sdpa_1.expand_as(l_q_);  sdpa_1 = l_q_ = None
        mul: "f32[1, 4, 8, 16][512, 128, 16, 1]cpu" = f * 2;  f = None
        return (mul,)
# Dynamo's Tensor methods that take a second tensor for its metadata only: `k.expand_as(sdpa)`,
# `view_as`, `reshape_as` (sdpa's sizes), `type_as` and `to` (its dtype and device) return k,
# a view of k or a copy of it, and bake no address of the attention's fresh output: no finding
# for the first attention. `sdpa_1.expand_as(q)` is a view of the fresh output itself, read by
# the captured piece after it: one finding.
# RUN: %not %piecewise check-capture %s --splitting-ops=torch._C._nn.scaled_dot_product_attention 2>&1 | FileCheck %s
# CHECK-NOT: reads 'sdpa' at
# CHECK:     metadata-only-methods.py:15:9: error: captured piece submod_4 reads 'sdpa_1' at an address replay does not keep
# CHECK:     note: submod_4 is captured and reads 'sdpa_1' here ('f')
# CHECK-NOT: error
# CHECK:     not capture-safe: 1 unstable read(s) in 1 of 2 captured piece(s)
# RUN: %piecewise analyze %s --print=effects | FileCheck %s --check-prefix=EFFECTS
# EFFECTS: %a = call_method expand_as : removable aliases(l_k_) metadata-only(sdpa)
# EFFECTS: %b = call_method view_as : removable aliases(l_k_) metadata-only(sdpa)
# EFFECTS: %c = call_method reshape_as : removable aliases(l_k_) metadata-only(sdpa)
# EFFECTS: %d = call_method type_as : removable aliases(l_k_) metadata-only(sdpa)
# EFFECTS: %e = call_method to : removable aliases(l_k_) metadata-only(sdpa)
# EFFECTS: %f = call_method expand_as : removable aliases(sdpa_1) metadata-only(l_q_)
