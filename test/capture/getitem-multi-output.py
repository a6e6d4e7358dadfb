class M(torch.nn.Module):
    def forward(self, x: "f32[4, 64]", router: "f32[64, 8]", w: "f32[64, 64]"):
        logits: "f32[4, 8]" = torch.ops.aten.mm.default(x, router)
        moe_forward_shared = torch.ops.vllm.moe_forward_shared.default(x, logits, 'model.layers.0.mlp.experts')
        shared: "f32[4, 64]" = moe_forward_shared[0]
        routed: "f32[4, 64]" = moe_forward_shared[1]
        s: "f32[4, 64]" = torch.ops.aten.add.Tensor(shared, routed)
        o: "f32[4, 64]" = torch.ops.aten.mm.default(s, w)
        return (o,)
# A MoE layer op returning the shared and routed experts' outputs: each getitem of the eager
# multi-output op is a fresh tensor (one error per read, at the op).
# RUN: %not %piecewise --schema-file %data/custom_schemas/vllm.txt check-capture %s --splitting-ops=vllm::moe_forward_shared 2>&1 | FileCheck %s
# CHECK:      getitem-multi-output.py:4:9: error: captured piece submod_2 reads 'shared' at an address replay does not keep: the eager op 'vllm::moe_forward_shared.default' returns fresh tensors (multi-output) and 'shared' is one of them
# CHECK:      getitem-multi-output.py:7:9: note: submod_2 is captured and reads 'shared' here ('s')
# CHECK:      getitem-multi-output.py:4:9: error: captured piece submod_2 reads 'routed' at an address replay does not keep: the eager op 'vllm::moe_forward_shared.default' returns fresh tensors (multi-output) and 'routed' is one of them
# CHECK:      getitem-multi-output.py:7:9: note: submod_2 is captured and reads 'routed' here ('s')
# CHECK:      not capture-safe: 2 unstable read(s) in 1 of 2 captured piece(s)
# RUN: %not %piecewise --schema-file %data/custom_schemas/vllm.txt check-capture %s --splitting-ops=vllm::moe_forward_shared --json 2>/dev/null | FileCheck %s --check-prefix=JSON
# JSON:      "contract": "fresh",
# JSON:      "value": "shared",
# JSON-NEXT: "cause": "fresh-element",
# JSON:      "chain": [
# JSON-NEXT:   "moe_forward_shared",
# JSON-NEXT:   "shared"
# JSON-NEXT: ],
