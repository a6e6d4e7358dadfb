class M(torch.nn.Module):
    def forward(self, x: "f32[4, 64]", w: "f32[64, 64]"):
        h: "f32[4, 64]" = torch.ops.aten.mm.default(x, w)
        attn: "f32[4, 64]" = torch.ops.vllm.unified_attention.default(h, h, h, 'model.layers.0.self_attn.attn')
        r: "f32[4, 64]" = torch.ops.aten.rand_like.default(attn)
        rn: "f32[4, 64]" = torch.ops.aten.randn_like.default(attn)
        ri: "i64[4, 64]" = torch.ops.aten.randint_like.default(attn, 10, dtype = torch.int64)
        rf: "f32[4, 64]" = torch.ops.aten._to_copy.default(ri, dtype = torch.float32)
        a: "f32[4, 64]" = torch.ops.aten.add.Tensor(r, rn)
        b: "f32[4, 64]" = torch.ops.aten.add.Tensor(a, rf)
        o: "f32[4, 64]" = torch.ops.aten.mm.default(b, w)
        return (o,)
# Random tensors "like" the attention's fresh output read only its sizes, dtype and device
# (a separate file: a replayed CUDA graph draws other numbers than an eager run, so the GPU
# check compares only the files without random ops).
# RUN: %piecewise --schema-file %data/custom_schemas/vllm.txt check-capture %s --splitting-ops=vllm::unified_attention 2>&1 | FileCheck %s
# CHECK-NOT: error
# CHECK: capture-safe: 2 captured piece(s) read only stable memory (1 eager op(s))
