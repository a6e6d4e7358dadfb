class M(torch.nn.Module):
    def forward(self, x: "f32[4, 64]", w: "f32[64, 64]"):
        h: "f32[4, 64]" = torch.ops.aten.mm.default(x, w)
        t: "f32[64, 4]" = torch.ops.aten.t.default(h)
        r: "f32[256]" = torch.ops.aten.ravel.default(t)
        y: "f32[256]" = torch.ops.aten.sigmoid.default(r)
        return (y,)
# aten::ravel is annotated `Tensor(a) self -> Tensor(a)` but copies a tensor it cannot
# view (here a transposed one): an eager ravel may be new memory (was view-of-stable).
# RUN: %not %piecewise check-capture %s --splitting-ops=aten::ravel 2>&1 | FileCheck %s
# RUN: sed 's/ravel.default/pin_memory.default/' %s > %t.py
# RUN: %not %piecewise check-capture %t.py --splitting-ops=aten::pin_memory 2>&1 | FileCheck %s
# CHECK: error: captured piece submod_2 reads 'r' at an address replay does not keep: the eager op 'aten::{{ravel|pin_memory}}.default' may copy
# CHECK: not capture-safe: 1 unstable read(s) in 1 of 2 captured piece(s)
