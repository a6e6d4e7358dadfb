class M(torch.nn.Module):
    def forward(self, x: "f32[4, 64]", residual: "f32[4, 64]", weight: "f32[64]", w: "f32[64, 64]"):
        h: "f32[4, 64]" = torch.ops.aten.mm.default(x, w)
        fused_add_rms_norm = torch.ops._C.fused_add_rms_norm.default(h, residual, weight, 1e-06)
        add_: "f32[4, 64]" = torch.ops.aten.add_.Tensor(residual, 1.0)
        o: "f32[4, 64]" = torch.ops.aten.mm.default(h, w)
        p: "f32[4, 64]" = torch.ops.aten.add.Tensor(o, add_)
        return (p, residual)
# Graph inputs the runtime does not keep in place (--static-inputs=none): each one a captured
# piece reads is copied, at the start, into a buffer a captured piece of its own allocates;
# `residual`, which the eager ops write in place, is copied back before the output, so the
# caller sees it written as before (and the output still returns `residual` itself).
# RUN: %piecewise --schema-file %data/custom_schemas/vllm.txt check-capture %s --splitting-ops=_C::fused_add_rms_norm,aten::add_ --static-inputs=none --fix -o %t.py | FileCheck %s --check-prefix=SUMMARY
# SUMMARY:      copied 'x' into 'x_static' (1024 bytes per step)
# SUMMARY-NEXT: copied 'residual' into 'residual_static' (2048 bytes per step; copied back at the end)
# SUMMARY-NEXT: copied 'w' into 'w_static' (16384 bytes per step)
# SUMMARY-NEXT: capture-safe after 3 copies (19456 bytes per step)
# RUN: FileCheck %s < %t.py
# CHECK:      x_static: "f32[4, 64][64, 1]" = torch.ops.aten.empty.memory_format([4, 64], dtype = torch.float32)
# CHECK-NEXT: residual_static: "f32[4, 64][64, 1]" = torch.ops.aten.empty.memory_format([4, 64], dtype = torch.float32)
# CHECK-NEXT: w_static: "f32[64, 64][64, 1]" = torch.ops.aten.empty.memory_format([64, 64], dtype = torch.float32)
# CHECK-NEXT: capture_copy = torch.ops.piecewise.capture_copy.default(x, x_static)
# CHECK-NEXT: capture_copy_1 = torch.ops.piecewise.capture_copy.default(residual, residual_static)
# CHECK-NEXT: capture_copy_2 = torch.ops.piecewise.capture_copy.default(w, w_static)
# CHECK-NEXT: h: "f32[4, 64]" = torch.ops.aten.mm.default(x_static, w_static)
# CHECK-NEXT: fused_add_rms_norm = torch.ops._C.fused_add_rms_norm.default(h, residual_static, weight, 1e-06)
# CHECK-NEXT: add_: "f32[4, 64]" = torch.ops.aten.add_.Tensor(residual_static, 1.0)
# CHECK:      capture_copy_back = torch.ops.piecewise.capture_copy.default(residual_static, residual)
# CHECK-NEXT: return (p, residual)
# RUN: %piecewise --schema-file %data/custom_schemas/vllm.txt check-capture %t.py --splitting-ops=_C::fused_add_rms_norm,aten::add_ --static-inputs=none
# The copies run eagerly: the input copies in an eager piece after the allocations' piece,
# the copy back in one at the end.
# RUN: %piecewise --schema-file %data/custom_schemas/vllm.txt split %t.py --splitting-ops=_C::fused_add_rms_norm,aten::add_ | FileCheck %s --check-prefix=SPLIT
# SPLIT:      submod_0  compiled      3 nodes
# SPLIT-NEXT: submod_1  splitting     3 nodes {{.*}} capture copy (piecewise::capture_copy, check-capture --fix)
# SPLIT-NEXT: submod_2  compiled      1 nodes
# SPLIT-NEXT: submod_3  splitting     2 nodes {{.*}} splitting op _C::fused_add_rms_norm.default
# SPLIT-NEXT: submod_4  compiled      2 nodes
# SPLIT-NEXT: submod_5  splitting     1 nodes {{.*}} capture copy
