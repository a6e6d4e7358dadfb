class M(torch.nn.Module):
    def forward(self, x: "f32[4, 64]", w: "f32[64, 64]"):
        h: "f32[4, 64]" = torch.ops.aten.mm.default(x, w)
        s: "f32[]" = torch.ops.aten.sum.default(h)
        item: "Sym(zuf0)" = torch.ops.aten._local_scalar_dense.default(s)
        m: "f32[4, 64]" = torch.ops.aten.mul.Tensor(h, item)
        output: "f32[4, 64]" = torch.ops.aten.empty.memory_format([4, 64], dtype = torch.float32, device = device(type='cpu'), pin_memory = False)
        unified_attention_with_output = torch.ops.vllm.unified_attention_with_output.default(m, m, m, output, 'model.layers.0.self_attn.attn')
        o: "f32[4, 64]" = torch.ops.aten.mm.default(output, w)
        return (o,)
# `.item()` inside a captured piece (aten._local_scalar_dense): the host waits for the device,
# which a capture does not allow. One located error at the op, the fix: make it run eagerly.
# RUN: %not %piecewise --schema-file %data/custom_schemas/vllm.txt check-capture %s --splitting-ops=vllm::unified_attention_with_output 2>&1 | FileCheck %s
# CHECK:      host-sync.py:5:9: error: captured piece submod_0 cannot capture 'item' (aten::_local_scalar_dense.default): it reads a device value on the host (a synchronization), which a CUDA graph capture does not allow (data-dependent output: aten::_local_scalar_dense.default)
# CHECK-NEXT: item: "Sym(zuf0)" = torch.ops.aten._local_scalar_dense.default(s)
# CHECK-NEXT: ^
# CHECK-NEXT: host-sync.py:5:9: note: fix: make 'aten::_local_scalar_dense.default' a splitting op (or a break op) so that it runs eagerly between captures, or keep the value on the device (a 0-d tensor instead of a Python number)
# CHECK:      not capture-safe: 0 unstable read(s), 1 uncapturable op(s) in 1 of 2 captured piece(s)
# RUN: %not %piecewise --schema-file %data/custom_schemas/vllm.txt check-capture %s --splitting-ops=vllm::unified_attention_with_output --json 2>/dev/null | FileCheck %s --check-prefix=JSON
# JSON:      "clean": false,
# JSON:      "name": "submod_0",
# JSON-NEXT: "kind": "captured",
# JSON-NEXT: "nodes": 5,
# JSON-NEXT: "unstable_reads": 0,
# JSON-NEXT: "uncapturable_ops": 1,
# JSON-NEXT: "baked_scalars": 0
# JSON:      "unstable_reads": [],
# JSON-NEXT: "uncapturable_ops": [
# JSON-NEXT:   {
# JSON-NEXT:     "segment": "submod_0",
# JSON-NEXT:     "cause": "host-sync",
# JSON-NEXT:     "certain": true,
# JSON-NEXT:     "node": {
# JSON-NEXT:       "name": "item",
# JSON-NEXT:       "target": "aten::_local_scalar_dense.default",
# JSON-NEXT:       "line": 5,
# JSON-NEXT:       "col": 9
# JSON-NEXT:     },
# JSON-NEXT:     "reason": "data-dependent output: aten::_local_scalar_dense.default",
# JSON:      "baked_scalars": []
# Made a splitting op, it runs eagerly: the capture is safe, but the piece after it takes the
# value it computes (reported as a baked scalar: test/capture/baked-scalar.py).
# RUN: %not %piecewise --schema-file %data/custom_schemas/vllm.txt check-capture %s --splitting-ops=vllm::unified_attention_with_output,aten::_local_scalar_dense 2>&1 | FileCheck %s --check-prefix=EAGER
# EAGER-NOT: cannot capture
# EAGER: not capture-safe: 0 unstable read(s), 1 baked scalar(s) in 1 of 3 captured piece(s)
# `split` warns in one line.
# RUN: %piecewise --schema-file %data/custom_schemas/vllm.txt split %s --splitting-ops=vllm::unified_attention_with_output 2>&1 >/dev/null | FileCheck %s --check-prefix=SPLIT
# SPLIT: piecewise: warning: not capture-safe: 0 unstable read(s), 1 uncapturable op(s) in 1 of 2 captured piece(s); first: {{.*}}host-sync.py:5:9: captured piece submod_0 cannot capture 'item'
