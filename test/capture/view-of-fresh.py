class M(torch.nn.Module):
    def forward(self, x: "f32[4, 64]", w: "f32[64, 64]"):
        h: "f32[4, 64]" = torch.ops.aten.relu.default(x)
        a: "f32[4, 64]" = torch.ops.vllm.all_reduce.default(h, 'tp:0')
        a2: "f32[4, 4, 16]" = torch.ops.aten.view.default(a, [4, 4, 16])
        t: "f32[4, 16, 4]" = torch.ops.aten.transpose.int(a2, 1, 2)
        y: "f32[4, 16, 4]" = torch.ops.aten.sigmoid.default(t)
        r: "f32[4, 64]" = torch.ops.aten.mm.default(x, w)
        b: "f32[4, 64]" = torch.ops.vllm.all_reduce.default(r, 'tp:0')
        b3: "f32[4, 16, 4]" = torch.ops.aten.view.default(b, [4, 16, 4])
        z: "f32[4, 16, 4]" = torch.ops.aten.add.Tensor(t, y)
        return (z, b3)
# vLLM's all_reduce op returns a new tensor; a view of it made eagerly (a2), and a view of
# that made inside a captured piece (t) and read by a later one, are unstable too: the notes
# give the chain of views.
# RUN: %not %piecewise --schema-file %data/custom_schemas/vllm.txt check-capture %s --splitting-ops=vllm::all_reduce,aten::view.default 2>&1 | FileCheck %s
# CHECK:      view-of-fresh.py:4:9: error: captured piece submod_2 reads 'a2' at an address replay does not keep: the eager op 'vllm::all_reduce.default' returns a fresh tensor
# CHECK:      view-of-fresh.py:5:9: note: 'a2' is a view of 'a' (aten::view.default)
# CHECK:      view-of-fresh.py:6:9: note: submod_2 is captured and reads 'a2' here ('t')
# CHECK:      view-of-fresh.py:4:9: error: captured piece submod_4 reads 't' at an address replay does not keep: the eager op 'vllm::all_reduce.default' returns a fresh tensor
# CHECK:      view-of-fresh.py:5:9: note: 'a2' is a view of 'a' (aten::view.default)
# CHECK:      view-of-fresh.py:6:9: note: 't' is a view of 'a2' (aten::transpose.int)
# CHECK:      view-of-fresh.py:11:9: note: submod_4 is captured and reads 't' here ('z')
# CHECK:      not capture-safe: 2 unstable read(s) in 2 of 3 captured piece(s)
# The eager views' contracts: a2 views an unstable tensor, b3 too (read by no captured piece).
# RUN: %not %piecewise --schema-file %data/custom_schemas/vllm.txt check-capture %s --splitting-ops=vllm::all_reduce,aten::view.default --json 2>/dev/null | FileCheck %s --check-prefix=JSON
# JSON:      "name": "a2",
# JSON:      "contract": "view-of-unstable",
# JSON-NEXT: "stable": false,
# JSON-NEXT: "buffer": "a"
# JSON:      "name": "b3",
# JSON:      "contract": "view-of-unstable",
# A view of a stable tensor is stable: the views alone as splitting ops.
# RUN: %piecewise --schema-file %data/custom_schemas/vllm.txt check-capture %s --splitting-ops=aten::view.default --json | FileCheck %s --check-prefix=STABLE
# STABLE: "clean": true,
# STABLE: "contract": "view-of-stable",
# STABLE-NEXT: "stable": true,
# STABLE-NEXT: "buffer": "a"
