class M(torch.nn.Module):
    def forward(self, x: "f32[4, 64]", w: "f32[64, 192]", wo: "f32[64, 64]"):
        qkv: "f32[4, 192]" = torch.ops.aten.mm.default(x, w)
        q: "f32[4, 64]" = torch.ops.aten.slice.Tensor(qkv, 1, 0, 64)
        k: "f32[4, 64]" = torch.ops.aten.slice.Tensor(qkv, 1, 64, 128)
        v: "f32[4, 64]" = torch.ops.aten.slice.Tensor(qkv, 1, 128, 192)
        output: "f32[4, 64]" = torch.ops.aten.empty.memory_format([4, 64], dtype = torch.float32, device = device(type='cpu'), pin_memory = False)
        unified_attention_with_output = torch.ops.vllm.unified_attention_with_output.default(q, k, v, output, 'model.layers.0.self_attn.attn')
        o: "f32[4, 64]" = torch.ops.aten.mm.default(output, wo)
        return (o,)
# vLLM's attention writes into `output`, which the piece before it allocated, and returns
# nothing: every read is stable (exit 0), and the op's contract is out-buffer.
# RUN: %piecewise --schema-file %data/custom_schemas/vllm.txt check-capture %s --splitting-ops=vllm::unified_attention_with_output 2>&1 | FileCheck %s
# CHECK: capture-safe: 2 captured piece(s) read only stable memory (1 eager op(s))
# CHECK-NOT: warning
# RUN: %piecewise --schema-file %data/custom_schemas/vllm.txt check-capture %s --splitting-ops=vllm::unified_attention_with_output --json | FileCheck %s --check-prefix=JSON
# JSON:      "clean": true,
# JSON:      "name": "unified_attention_with_output",
# JSON-NEXT: "target": "vllm::unified_attention_with_output.default",
# JSON-NEXT: "line": 8,
# JSON-NEXT: "col": 9,
# JSON-NEXT: "segment": "submod_1",
# JSON-NEXT: "contract": "out-buffer",
# JSON-NEXT: "stable": true,
# JSON-NEXT: "buffer": "output"
# JSON:      "unstable_reads": []
# `split` has nothing to warn about.
# RUN: %piecewise --schema-file %data/custom_schemas/vllm.txt split %s --splitting-ops=vllm::unified_attention_with_output 2>&1 >/dev/null | count 0
