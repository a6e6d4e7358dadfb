# vLLM's KV-cache update op takes each layer's name as a string: the pieces
# between the attention layers are the same program but for that constant,
# so none is shared. --explain says exactly that, located in both pieces.
# RUN: %piecewise split %s --splitting-ops=vllm::unified_attention --explain | FileCheck %s
# CHECK:      unique pieces:   5 of the 5 compiled pieces are distinct
# CHECK:      explain: 1 group of pieces at the same place hash differently
# CHECK-EMPTY:
# CHECK-NEXT: 3 pieces, 3 hashes: the compiled piece between splitting op vllm::unified_attention.default and splitting op vllm::unified_attention.default
# CHECK-NEXT:   submod_2 (pieces: submod_2) vs submod_4 (pieces: submod_4)
# CHECK-NEXT:     constant: string constant differs at node #1 (vllm::kv_cache_update.default) argument 2: 'model.layers.1.self_attn.attn' in submod_2 (node 'u1' at {{.*}}explain-layer-name.py:[[#@LINE+18]]:9); 'model.layers.2.self_attn.attn' in submod_4 (node 'u2' at {{.*}}explain-layer-name.py:[[#@LINE+21]]:9)
# CHECK-NEXT:   submod_2 (pieces: submod_2) vs submod_6 (pieces: submod_6)
# CHECK-NEXT:     constant: string constant differs {{.*}}'model.layers.3.self_attn.attn' in submod_6
# The same as a JSON member, one record per difference, with the values in both pieces.
# RUN: %piecewise split %s --splitting-ops=vllm::unified_attention --explain --json | FileCheck %s --check-prefix=JSON
# JSON: "num_unique": 5, "explain": [{"place":"compiled piece between splitting op vllm::unified_attention.default and splitting op vllm::unified_attention.default","category":"constant","where":"node #1 (vllm::kv_cache_update.default) argument 2","reference":"submod_2","other":"submod_4","reference_pieces":["submod_2"],"other_pieces":["submod_4"],"reference_node":"u1","other_node":"u2","reference_value":"'model.layers.1.self_attn.attn'","other_value":"'model.layers.2.self_attn.attn'",
# RUN: %piecewise split %s --splitting-ops=vllm::unified_attention --explain --json | %python -c "import json, sys; d = json.load(sys.stdin); print([(e['category'], e['other_value']) for e in d['explain']])" | FileCheck %s --check-prefix=PARSED
# PARSED: [('constant', "'model.layers.2.self_attn.attn'"), ('constant', "'model.layers.3.self_attn.attn'")]
# The report has a section with it.
# RUN: %piecewise report %s --splitting-ops=vllm::unified_attention -o - | FileCheck %s --check-prefix=REPORT
# REPORT: <section id="explain-section" hidden>
# REPORT: "explain": [{"place":"compiled piece between splitting op vllm::unified_attention.default and splitting op vllm::unified_attention.default","category":"constant","reference":2,"other":4,
class M(torch.nn.Module):
    def forward(self, x: "f32[4, 8]", kv0: "f32[4, 8]", kv1: "f32[4, 8]", kv2: "f32[4, 8]", kv3: "f32[4, 8]"):
        a: "f32[4, 8]" = torch.ops.aten.relu.default(x)
        u0 = torch.ops.vllm.kv_cache_update.default(a, kv0, 'model.layers.0.self_attn.attn')
        b: "f32[4, 8]" = torch.ops.vllm.unified_attention.default(a, kv0, 'model.layers.0.self_attn.attn')
        c: "f32[4, 8]" = torch.ops.aten.relu.default(b)
        u1 = torch.ops.vllm.kv_cache_update.default(c, kv1, 'model.layers.1.self_attn.attn')
        d: "f32[4, 8]" = torch.ops.vllm.unified_attention.default(c, kv1, 'model.layers.1.self_attn.attn')
        e: "f32[4, 8]" = torch.ops.aten.relu.default(d)
        u2 = torch.ops.vllm.kv_cache_update.default(e, kv2, 'model.layers.2.self_attn.attn')
        f: "f32[4, 8]" = torch.ops.vllm.unified_attention.default(e, kv2, 'model.layers.2.self_attn.attn')
        g: "f32[4, 8]" = torch.ops.aten.relu.default(f)
        u3 = torch.ops.vllm.kv_cache_update.default(g, kv3, 'model.layers.3.self_attn.attn')
        h: "f32[4, 8]" = torch.ops.vllm.unified_attention.default(g, kv3, 'model.layers.3.self_attn.attn')
        i: "f32[4, 8]" = torch.ops.aten.relu.default(h)
        return (i,)
