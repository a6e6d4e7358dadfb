class M(torch.nn.Module):
    def forward(self, x: "f32[4, 64]", w: "f32[64, 64]"):
        h: "f32[4, 64]" = torch.ops.aten.mm.default(x, w)
        attn: "f32[4, 64]" = torch.ops.vllm.unified_attention.default(h, h, h, 'model.layers.0.self_attn.attn')
        z: "f32[4, 64]" = torch.ops.aten.zeros_like.default(attn)
        n: "Sym(4)" = torch.ops.aten.sym_size.int(attn, 0)
        s: "f32[4, 64]" = torch.ops.aten.add.Tensor(z, attn)
        m: "f32[4, 64]" = torch.ops.aten.mul.Tensor(s, n)
        o: "f32[4, 64]" = torch.ops.aten.mm.default(m, w)
        return (o,)
# A piece that reads the sizes of the fresh tensor and also its data is reported, at the
# node that reads the data ('s'), not at the metadata readers.
# RUN: %not %piecewise --schema-file %data/custom_schemas/vllm.txt check-capture %s --splitting-ops=vllm::unified_attention 2>&1 | FileCheck %s
# CHECK:      metadata-and-data.py:4:9: error: captured piece submod_2 reads 'attn' at an address replay does not keep: the eager op 'vllm::unified_attention.default' returns a fresh tensor
# CHECK:      metadata-and-data.py:7:9: note: submod_2 is captured and reads 'attn' here ('s')
# CHECK:      not capture-safe: 1 unstable read(s) in 1 of 2 captured piece(s)
