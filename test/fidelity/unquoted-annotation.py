# vLLM's Dynamo graphs (torch >= 2.11) annotate a non-tensor input with its
# class, unquoted: an opaque-object placeholder that prints back as it was.
# RUN: %piecewise print %s | FileCheck %s
# RUN: %piecewise print %s | %piecewise print - | FileCheck %s
# RUN: %piecewise split %s --splitting-ops=vllm::unified_attention_with_output --schema-file=%data/custom_schemas/vllm.txt | FileCheck %s --check-prefix=SPLIT
# CHECK: def forward(self, L_q_: "f32[s0, 64][64, 1]cpu", SYNTHETIC_LOCAL_tmp_0_: vllm_utils_torch_utils_LayerName):
# SPLIT: pieces: 3
class GraphModule(torch.nn.Module):
    def forward(self, L_q_: "f32[s0, 64][64, 1]cpu", SYNTHETIC_LOCAL_tmp_0_ : vllm_utils_torch_utils_LayerName):
        l_q_ = L_q_
        out = torch.empty_like(l_q_)
        unified_attention_with_output = torch.ops.vllm.unified_attention_with_output(l_q_, l_q_, l_q_, out, SYNTHETIC_LOCAL_tmp_0_)
        add = out + 1
        return (add,)
