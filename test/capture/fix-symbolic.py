class M(torch.nn.Module):
    def forward(self, s0: "Sym(s0)", x: "f32[s0, 64][64, 1]cuda:0", w: "f32[64, 128][128, 1]cuda:0", wo: "f32[256, 64][64, 1]cuda:0"):
        h: "f32[s0, 128][128, 1]cuda:0" = torch.ops.aten.mm.default(x, w)
        a: "f32[s0, 128][128, 1]cuda:0" = torch.ops.vllm.all_reduce.default(h, 'tp:0')
        c: "f32[2*s0, 128][128, 1]cuda:0" = torch.ops.aten.cat.default([a, h])
        g: "f32[2*s0, 128][128, 1]cuda:0" = torch.ops.vllm.all_reduce.default(c, 'tp:0')
        r: "f32[s0, 256][256, 1]cuda:0" = torch.ops.aten.view.default(g, [s0, 256])
        o: "f32[s0, 64][64, 1]cuda:0" = torch.ops.aten.mm.default(r, wo)
        p: "f32[s0, 128][128, 1]cuda:0" = torch.ops.aten.add.Tensor(a, 1.0)
        return (o, p)
# Symbolic sizes: the buffers are allocated with the sizes and strides of the values they
# replace, computed before the eager op from the graph's symbols (s0, and 2*s0 as one
# multiplication), on the values' device; the bytes per step are symbolic too.
# RUN: %piecewise --schema-file %data/custom_schemas/vllm.txt check-capture %s --splitting-ops=vllm::all_reduce --fix -o %t.py | FileCheck %s --check-prefix=SUMMARY
# SUMMARY:      copied 'a' into 'a_static' (512*s0 bytes per step)
# SUMMARY-NEXT: copied 'g' into 'g_static' (1024*s0 bytes per step)
# SUMMARY-NEXT: capture-safe after 2 copies (1536*s0 bytes per step)
# RUN: FileCheck %s < %t.py
# CHECK:      a_static: "f32[s0, 128][128, 1]cuda:0" = torch.ops.aten.empty_strided.default([s0, 128], [128, 1], dtype = torch.float32, device = device(type='cuda', index=0))
# CHECK-NEXT: a: "f32[s0, 128][128, 1]cuda:0" = torch.ops.vllm.all_reduce.default(h, 'tp:0')
# CHECK-NEXT: capture_copy = torch.ops.piecewise.capture_copy.default(a, a_static)
# CHECK-NEXT: c: "f32[2*s0, 128][128, 1]cuda:0" = torch.ops.aten.cat.default([a_static, h])
# CHECK-NEXT: mul: "Sym(2*s0)" = 2 * s0
# CHECK-NEXT: g_static: "f32[2*s0, 128][128, 1]cuda:0" = torch.ops.aten.empty_strided.default([mul, 128], [128, 1], dtype = torch.float32, device = device(type='cuda', index=0))
# CHECK:      p: "f32[s0, 128][128, 1]cuda:0" = torch.ops.aten.add.Tensor(a_static, 1.0)
# RUN: %piecewise --schema-file %data/custom_schemas/vllm.txt check-capture %t.py --splitting-ops=vllm::all_reduce
# RUN: %piecewise --schema-file %data/custom_schemas/vllm.txt split %s --splitting-ops=vllm::all_reduce --capture-safe | FileCheck %s --check-prefix=SPLIT
# SPLIT: pieces:          5 (2 splitting, 3 compiled)
# SPLIT: capture-safe:    2 copies into static buffers (1536*s0 bytes per step)
