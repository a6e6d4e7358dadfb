class M(torch.nn.Module):
    def forward(self, x: "f32[4, 64]", w: "f32[64, 192]", wo: "f32[64, 64]"):
        qkv: "f32[4, 192]" = torch.ops.aten.mm.default(x, w)
        q: "f32[4, 64]" = torch.ops.aten.slice.Tensor(qkv, 1, 0, 64)
        k: "f32[4, 64]" = torch.ops.aten.slice.Tensor(qkv, 1, 64, 128)
        v: "f32[4, 64]" = torch.ops.aten.slice.Tensor(qkv, 1, 128, 192)
        attn: "f32[4, 64]" = torch.ops.vllm.unified_attention.default(q, k, v, 'model.layers.0.self_attn.attn')
        t: "f32[64, 4]" = torch.ops.aten.t.default(attn)
        e: "f32[4, 64]" = torch.ops.aten.empty_like.default(attn)
        e1: "f32[4, 64]" = torch.ops.aten.fill_.Scalar(e, 1.0)
        z: "f32[4, 64]" = torch.ops.aten.zeros_like.default(attn)
        o: "f32[4, 64]" = torch.ops.aten.ones_like.default(attn)
        f: "f32[4, 64]" = torch.ops.aten.full_like.default(attn, 2.0)
        ne: "f32[4, 64]" = torch.ops.aten.new_empty.default(attn, [4, 64])
        ne1: "f32[4, 64]" = torch.ops.aten.copy_.default(ne, x)
        nz: "f32[4, 64]" = torch.ops.aten.new_zeros.default(attn, [4, 64])
        no: "f32[4, 64]" = torch.ops.aten.new_ones.default(attn, [4, 64])
        nf: "f32[4, 64]" = torch.ops.aten.new_full.default(attn, [4, 64], 3.0)
        ns: "f32[64, 4]" = torch.ops.aten.new_empty_strided.default(t, [64, 4], [1, 64])
        ns1: "f32[64, 4]" = torch.ops.aten.fill_.Scalar(ns, 4.0)
        size: "Sym(4)" = torch.ops.aten.sym_size.int(t, 1)
        stride: "Sym(64)" = torch.ops.aten.sym_stride.int(attn, 0)
        numel: "Sym(256)" = torch.ops.aten.sym_numel.default(attn)
        offset: "Sym(0)" = torch.ops.aten.sym_storage_offset.default(attn)
        a1: "f32[4, 64]" = torch.ops.aten.add.Tensor(e1, z)
        a2: "f32[4, 64]" = torch.ops.aten.add.Tensor(a1, o)
        a3: "f32[4, 64]" = torch.ops.aten.add.Tensor(a2, f)
        a6: "f32[4, 64]" = torch.ops.aten.add.Tensor(a3, ne1)
        a7: "f32[4, 64]" = torch.ops.aten.add.Tensor(a6, nz)
        a8: "f32[4, 64]" = torch.ops.aten.add.Tensor(a7, no)
        a9: "f32[4, 64]" = torch.ops.aten.add.Tensor(a8, nf)
        nt: "f32[4, 64]" = torch.ops.aten.t.default(ns1)
        a10: "f32[4, 64]" = torch.ops.aten.add.Tensor(a9, nt)
        sc: "Sym(68)" = size + stride
        sc1: "Sym(324)" = sc + numel
        sc2: "Sym(324)" = sc1 + offset
        a11: "f32[4, 64]" = torch.ops.aten.mul.Tensor(a10, sc2)
        out: "f32[4, 64]" = torch.ops.aten.mm.default(a11, wo)
        return (out,)
# The attention op returns a fresh tensor (an unstable address), but the piece captured after
# it uses it only for its sizes, strides, dtype and device: every allocation "like" it (the
# random ones: metadata-only-random.py), every
# new_* of it (also of a view of it made in the piece), every sym_size / sym_stride /
# sym_numel / sym_storage_offset. No address of it is baked: capture-safe.
# RUN: %piecewise --schema-file %data/custom_schemas/vllm.txt check-capture %s --splitting-ops=vllm::unified_attention 2>&1 | FileCheck %s
# CHECK-NOT: error
# CHECK: capture-safe: 2 captured piece(s) read only stable memory (1 eager op(s))
# The same under breakable capture, and `split` has nothing to warn about.
# RUN: %piecewise --schema-file %data/custom_schemas/vllm.txt check-capture %s --break-ops=vllm::unified_attention 2>&1 | FileCheck %s
# RUN: %piecewise --schema-file %data/custom_schemas/vllm.txt split %s --splitting-ops=vllm::unified_attention 2>&1 >/dev/null | count 0
