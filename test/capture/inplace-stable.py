class M(torch.nn.Module):
    def forward(self, x: "f32[4, 64]", residual: "f32[4, 64]", weight: "f32[64]", w: "f32[64, 64]"):
        h: "f32[4, 64]" = torch.ops.aten.mm.default(x, w)
        fused_add_rms_norm = torch.ops._C.fused_add_rms_norm.default(h, residual, weight, 1e-06)
        add_: "f32[4, 64]" = torch.ops.aten.add_.Tensor(residual, 1.0)
        o: "f32[4, 64]" = torch.ops.aten.mm.default(h, w)
        p: "f32[4, 64]" = torch.ops.aten.add.Tensor(o, add_)
        return (p,)
# In-place writes into stable buffers: vLLM's fused_add_rms_norm writes its `input` (the
# captured piece's h) and `residual` (a graph input), aten.add_ writes the input and returns
# it. Every read is stable (exit 0), each op's contract is in-place.
# RUN: %piecewise --schema-file %data/custom_schemas/vllm.txt check-capture %s --splitting-ops=_C::fused_add_rms_norm,aten::add_ 2>&1 | FileCheck %s
# CHECK: capture-safe: 2 captured piece(s) read only stable memory (2 eager op(s))
# RUN: %piecewise --schema-file %data/custom_schemas/vllm.txt check-capture %s --splitting-ops=_C::fused_add_rms_norm,aten::add_ --json | FileCheck %s --check-prefix=JSON
# JSON:      "name": "fused_add_rms_norm",
# JSON:      "contract": "in-place",
# JSON-NEXT: "stable": true,
# JSON-NEXT: "buffer": "h"
# JSON:      "name": "add_",
# JSON:      "contract": "in-place",
# JSON-NEXT: "stable": true,
# JSON-NEXT: "buffer": "residual"
# With no static inputs, the buffer written in place is itself unstable: the read of add_
# goes back to the input, and the note says add_ is that input written in place.
# RUN: %not %piecewise --schema-file %data/custom_schemas/vllm.txt check-capture %s --splitting-ops=_C::fused_add_rms_norm,aten::add_ --static-inputs=none 2>&1 | FileCheck %s --check-prefix=NONE
# NONE:     inplace-stable.py:2:23: error: captured piece submod_0 reads 'x' at an address replay does not keep: the graph input 'x' is not static
# NONE:     inplace-stable.py:2:23: note: fix: copy the input into a static buffer before each replay, or declare it static (--static-inputs=all) if the runtime keeps it in place
# NONE:     inplace-stable.py:2:40: error: captured piece submod_2 reads 'add_' at an address replay does not keep: the graph input 'residual' is not static
# NONE:     inplace-stable.py:5:9: note: 'add_' is 'residual' itself, written in place by aten::add_.Tensor
# NONE:     not capture-safe: 4 unstable read(s) in 2 of 2 captured piece(s)
# `params` keeps only parameters (Dynamo's names): none here, the same four reads.
# RUN: %not %piecewise --schema-file %data/custom_schemas/vllm.txt check-capture %s --splitting-ops=_C::fused_add_rms_norm,aten::add_ --static-inputs=params 2>&1 | FileCheck %s --check-prefix=PARAMS
# PARAMS: not capture-safe: 4 unstable read(s) in 2 of 2 captured piece(s)
