# Custom ops are unknown (and unchecked) until a --schema-file describes them.
# RUN: %piecewise lint %s
# RUN: %not %piecewise --schema-file %data/custom_schemas/vllm.txt lint %s 2>&1 | FileCheck %s
class GraphModule(torch.nn.Module):
    def forward(self, q: "bf16[16, 64][64, 1]cpu", out: "bf16[16, 64][64, 1]cpu"):
        unified_attention_with_output = torch.ops.vllm.unified_attention_with_output.default(q, q, q, out, 'model.layers.0.self_attn.attn')
        # CHECK: custom-schema.py:[[#@LINE+1]]:9: error: node 'unified_attention_with_output_1' does not pass required argument 'layer_name' of 'vllm::unified_attention_with_output'
        unified_attention_with_output_1 = torch.ops.vllm.unified_attention_with_output.default(q, q, q, out)
        # CHECK: custom-schema.py:[[#@LINE+1]]:9: error: node 'unified_attention_with_output_2' passes keyword argument 'scale', which 'vllm::unified_attention_with_output' does not take
        unified_attention_with_output_2 = torch.ops.vllm.unified_attention_with_output.default(q, q, q, out, 'x', scale = 1.0)
        return (out,)
