class M(torch.nn.Module):
    def forward(self, x: "f32[4, 64]", w: "f32[64, 192]", wo: "f32[64, 64]"):
        qkv: "f32[4, 192]" = torch.ops.aten.mm.default(x, w)
        q: "f32[4, 64]" = torch.ops.aten.slice.Tensor(qkv, 1, 0, 64)
        k: "f32[4, 64]" = torch.ops.aten.slice.Tensor(qkv, 1, 64, 128)
        v: "f32[4, 64]" = torch.ops.aten.slice.Tensor(qkv, 1, 128, 192)
        attn: "f32[4, 64]" = torch.ops.vllm.unified_attention.default(q, k, v, 'model.layers.0.self_attn.attn')
        o: "f32[4, 64]" = torch.ops.aten.mm.default(attn, wo)
        return (o,)
# An older vLLM attention op that returns its result: a fresh tensor per call, read by the
# piece captured after it (exit 1; one error at the op, a note at the consumer, the fix).
# RUN: %not %piecewise --schema-file %data/custom_schemas/vllm.txt check-capture %s --splitting-ops=vllm::unified_attention 2>&1 | FileCheck %s
# CHECK:      fresh-return.py:7:9: error: captured piece submod_2 reads 'attn' at an address replay does not keep: the eager op 'vllm::unified_attention.default' returns a fresh tensor
# CHECK-NEXT: attn: "f32[4, 64]" = torch.ops.vllm.unified_attention.default(
# CHECK-NEXT: ^
# CHECK-NEXT: fresh-return.py:8:9: note: submod_2 is captured and reads 'attn' here ('o')
# CHECK:      fresh-return.py:7:9: note: fix: write into an out buffer allocated by a captured piece (as vllm::unified_attention_with_output writes into `output` and returns nothing), or make the consumer part of the eager region
# CHECK:      not capture-safe: 1 unstable read(s) in 1 of 2 captured piece(s)
# RUN: %not %piecewise --schema-file %data/custom_schemas/vllm.txt check-capture %s --splitting-ops=vllm::unified_attention --json 2>/dev/null | FileCheck %s --check-prefix=JSON
# JSON:      "clean": false,
# JSON:      "name": "submod_1",
# JSON-NEXT: "kind": "eager",
# JSON:      "eager_ops": [
# JSON:        "name": "attn",
# JSON-NEXT:   "target": "vllm::unified_attention.default",
# JSON-NEXT:   "line": 7,
# JSON-NEXT:   "col": 9,
# JSON-NEXT:   "segment": "submod_1",
# JSON-NEXT:   "contract": "fresh",
# JSON-NEXT:   "stable": false
# JSON:      "unstable_reads": [
# JSON:        "segment": "submod_2",
# JSON-NEXT:   "value": "attn",
# JSON-NEXT:   "cause": "fresh-return",
# JSON-NEXT:   "certain": true,
# The same graph under breakable capture with the attention as the break op: the same read.
# RUN: %not %piecewise --schema-file %data/custom_schemas/vllm.txt check-capture %s --break-ops=vllm::unified_attention 2>&1 | FileCheck %s --check-prefix=BREAK
# BREAK: fresh-return.py:7:9: error: captured piece submod_2 reads 'attn'
# Without the schema file the op has no schema: undecidable, reported as such.
# RUN: %not %piecewise check-capture %s --splitting-ops=vllm::unified_attention 2>&1 | FileCheck %s --check-prefix=NOSCHEMA
# NOSCHEMA: fresh-return.py:7:9: error: captured piece submod_2 reads 'attn' at an address replay does not keep: the eager op 'vllm::unified_attention.default' has no schema: whether its output keeps its address cannot be decided
# `split` and `report` say it in one warning line (exit 0), and the page has a badge.
# RUN: %piecewise --schema-file %data/custom_schemas/vllm.txt split %s --splitting-ops=vllm::unified_attention 2>&1 >/dev/null | FileCheck %s --check-prefix=SPLIT
# SPLIT: piecewise: warning: not capture-safe: 1 unstable read(s) in 1 of 2 captured piece(s); first: {{.*}}fresh-return.py:7:9: captured piece submod_2 reads 'attn' at an address replay does not keep: the eager op 'vllm::unified_attention.default' returns a fresh tensor; `piecewise check-capture` explains
# RUN: %piecewise --schema-file %data/custom_schemas/vllm.txt report %s --splitting-ops=vllm::unified_attention -o %t.html 2>&1 | FileCheck %s --check-prefix=SPLIT
# RUN: FileCheck %s --check-prefix=PAGE < %t.html
# PAGE: "capture": [{"piece":2,"reads":["captured piece submod_2 reads 'attn' at an address replay does not keep: the eager op 'vllm::unified_attention.default' returns a fresh tensor; fix: write into an out buffer
# PAGE: not capture-safe: 
