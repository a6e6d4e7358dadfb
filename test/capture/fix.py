class M(torch.nn.Module):
    def forward(self, x: "f32[4, 64]", w: "f32[64, 192]", wo: "f32[64, 64]"):
        qkv: "f32[4, 192]" = torch.ops.aten.mm.default(x, w)
        q: "f32[4, 64]" = torch.ops.aten.slice.Tensor(qkv, 1, 0, 64)
        k: "f32[4, 64]" = torch.ops.aten.slice.Tensor(qkv, 1, 64, 128)
        v: "f32[4, 64]" = torch.ops.aten.slice.Tensor(qkv, 1, 128, 192)
        attn: "f32[4, 64]" = torch.ops.vllm.unified_attention.default(q, k, v, 'model.layers.0.self_attn.attn')
        a3: "f32[4, 4, 16]" = torch.ops.aten.view.default(attn, [4, 4, 16])
        o: "f32[4, 64]" = torch.ops.aten.mm.default(attn, wo)
        s: "f32[4, 4, 16]" = torch.ops.aten.sigmoid.default(a3)
        return (o, s)
# check-capture --fix: the attention returns a fresh tensor that the next captured piece
# reads (directly and through a view). The fix allocates `attn_static` in the piece before
# the attention, copies `attn` into it right after the attention (in its eager piece), and
# every later use reads the buffer; the view becomes a view of the buffer. The whole graph
# is written in code form; a summary per copy and the bytes per step on stdout.
# RUN: rm -f %t.py
# RUN: %piecewise --schema-file %data/custom_schemas/vllm.txt check-capture %s --splitting-ops=vllm::unified_attention --fix -o %t.py | FileCheck %s --check-prefix=SUMMARY
# SUMMARY:      copied 'attn' into 'attn_static' (1024 bytes per step)
# SUMMARY-NEXT: capture-safe after 1 copy (1024 bytes per step): 2 captured pieces read only stable memory (2 eager ops)
# RUN: FileCheck %s --check-prefix=FIXED < %t.py
# FIXED:      class M(torch.nn.Module):
# FIXED:      v: "f32[4, 64]" = torch.ops.aten.slice.Tensor(qkv, 1, 128, 192);  qkv = None
# FIXED-NEXT: attn_static: "f32[4, 64][64, 1]" = torch.ops.aten.empty.memory_format([4, 64], dtype = torch.float32)
# FIXED-NEXT: attn: "f32[4, 64]" = torch.ops.vllm.unified_attention.default(q, k, v, 'model.layers.0.self_attn.attn');  q = k = v = None
# FIXED-NEXT: capture_copy = torch.ops.piecewise.capture_copy.default(attn, attn_static);  attn = capture_copy = None
# FIXED-NEXT: a3: "f32[4, 4, 16]" = torch.ops.aten.view.default(attn_static, [4, 4, 16])
# FIXED-NEXT: o: "f32[4, 64]" = torch.ops.aten.mm.default(attn_static, wo);  attn_static = wo = None
# The result checks clean with the same ops, and `split` gives the same three pieces, the
# copy in the eager one and the buffer in the one before it.
# RUN: %piecewise --schema-file %data/custom_schemas/vllm.txt check-capture %t.py --splitting-ops=vllm::unified_attention | FileCheck %s --check-prefix=CLEAN
# CLEAN: capture-safe: 2 captured piece(s) read only stable memory (2 eager op(s))
# RUN: %piecewise --schema-file %data/custom_schemas/vllm.txt split %s --splitting-ops=vllm::unified_attention --json 2>/dev/null | FileCheck %s --check-prefix=BEFORE
# BEFORE:      "submod_0", {{.*}} "targets": ["aten::mm.default", "aten::slice.Tensor", "aten::slice.Tensor", "aten::slice.Tensor"],
# BEFORE-NEXT: "submod_1", {{.*}} "targets": ["vllm::unified_attention.default"],
# BEFORE-NEXT: "submod_2", {{.*}} "targets": ["aten::view.default", "aten::mm.default", "aten::sigmoid.default"],
# BEFORE-NEXT: "num_items": 3
# RUN: %piecewise --schema-file %data/custom_schemas/vllm.txt split %t.py --splitting-ops=vllm::unified_attention --json | FileCheck %s --check-prefix=AFTER
# AFTER:      "submod_0", {{.*}} "targets": ["aten::mm.default", "aten::slice.Tensor", "aten::slice.Tensor", "aten::slice.Tensor", "aten::empty.memory_format"],
# AFTER-NEXT: "submod_1", {{.*}} "targets": ["vllm::unified_attention.default", "piecewise::capture_copy.default"],
# AFTER-NEXT: "submod_2", {{.*}} "targets": ["aten::view.default", "aten::mm.default", "aten::sigmoid.default"],
# AFTER-NEXT: "num_items": 3
# `split --capture-safe` does the same before splitting, and says what the copies cost.
# RUN: %piecewise --schema-file %data/custom_schemas/vllm.txt split %s --splitting-ops=vllm::unified_attention --capture-safe 2>&1 | FileCheck %s --check-prefix=SPLIT
# SPLIT-NOT: warning
# SPLIT:     submod_1  splitting     2 nodes
# SPLIT:     capture-safe:    1 copy into static buffers (1024 bytes per step)
# RUN: %piecewise --schema-file %data/custom_schemas/vllm.txt split %s --splitting-ops=vllm::unified_attention --capture-safe --json | FileCheck %s --check-prefix=SPLITJSON
# SPLITJSON: "capture_copies": 1, "capture_copy_bytes_per_step": "1024"
# --json with --fix: the check of the rewritten graph, with the copies.
# RUN: %piecewise --schema-file %data/custom_schemas/vllm.txt check-capture %s --splitting-ops=vllm::unified_attention --fix -o %t.2.py --json | FileCheck %s --check-prefix=JSON
# JSON:      "clean": true,
# JSON:      "fix": {
# JSON-NEXT:   "copies": [
# JSON-NEXT:     {
# JSON-NEXT:       "value": "attn",
# JSON-NEXT:       "buffer": "attn_static",
# JSON-NEXT:       "copy": "capture_copy",
# JSON-NEXT:       "copy_back": null,
# JSON-NEXT:       "bytes": "1024"
# JSON:        "bytes_per_step": "1024"
# Breakable capture around the attention: the same fix.
# RUN: %piecewise --schema-file %data/custom_schemas/vllm.txt check-capture %s --break-ops=vllm::unified_attention --fix -o %t.3.py | FileCheck %s --check-prefix=BREAK
# BREAK: capture-safe after 1 copy (1024 bytes per step)
# RUN: %piecewise --schema-file %data/custom_schemas/vllm.txt check-capture %t.3.py --break-ops=vllm::unified_attention
# Usage: -o without --fix, --fix --json without -o (exit 2); -o over the input is refused.
# RUN: %expect-exit 2 %piecewise check-capture %s --splitting-ops=aten::mm -o %t.4.py
# RUN: %expect-exit 2 %piecewise check-capture %s --splitting-ops=aten::mm --fix --json
# RUN: cp %s %t.in.py
# RUN: %expect-exit 2 %piecewise check-capture %t.in.py --splitting-ops=aten::mm --fix -o %t.in.py
# RUN: cmp %s %t.in.py
# Without -o the graph goes to stdout and the summary to stderr.
# RUN: %piecewise --schema-file %data/custom_schemas/vllm.txt check-capture %s --splitting-ops=vllm::unified_attention --fix 2>%t.err | FileCheck %s --check-prefix=STDOUT
# STDOUT: capture_copy = torch.ops.piecewise.capture_copy.default(attn, attn_static)
# RUN: FileCheck %s --check-prefix=SUMMARY < %t.err
