class GraphModule(torch.nn.Module):
    def forward(self, L_q_: "f32[1, 4, 16]", L_k_: "f32[1, 4, 16]", L_v_: "f32[1, 4, 16]", L_wo_: "f32[16, 16]"):
        l_q_ = L_q_
        l_k_ = L_k_
        l_v_ = L_v_
        l_wo_ = L_wo_
        q: "f32[1, 4, 16]" = l_q_.relu();  l_q_ = None
        o: "f32[1, 4, 16]" = torch._C._nn.scaled_dot_product_attention(q, l_k_, l_v_);  q = l_k_ = l_v_ = None
        out: "f32[1, 4, 16]" = o @ l_wo_;  o = l_wo_ = None
        return (out,)
# F.scaled_dot_product_attention as the splitting op of a Dynamo graph, what a user of a stock
# model tries first: Dynamo records the Python binding torch._C._nn.scaled_dot_product_attention,
# which has no schema of its own; every overload of aten::scaled_dot_product_attention, what it
# dispatches to, returns a new tensor, so its output is fresh.
# RUN: %not %piecewise check-capture %s --splitting-ops=torch._C._nn.scaled_dot_product_attention 2>&1 | FileCheck %s
# CHECK: sdpa.py:8:9: error: captured piece submod_2 reads 'o' at an address replay does not keep: the eager op 'torch._C._nn.scaled_dot_product_attention' returns a fresh tensor
# CHECK: sdpa.py:9:9: note: submod_2 is captured and reads 'o' here ('out')
# RUN: %not %piecewise check-capture %s --splitting-ops=torch._C._nn.scaled_dot_product_attention --json 2>/dev/null | FileCheck %s --check-prefix=JSON
# JSON: "contract": "fresh",
# JSON: "cause": "fresh-return",
# JSON-NEXT: "certain": true,
