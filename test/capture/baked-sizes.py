class M(torch.nn.Module):
    def forward(self, x: "f32[16, 64]", w: "f32[64, 64]"):
        h: "f32[16, 64]" = torch.ops.aten.mm.default(x, w)
        mask: "b8[16, 64]" = torch.ops.aten.gt.Scalar(h, 0)
        nz: "i64[u0, 2]" = torch.ops.aten.nonzero.default(mask)
        f: "f32[u0, 2]" = torch.ops.aten._to_copy.default(nz, dtype = torch.float32)
        o: "f32[u0, 2]" = torch.ops.aten.mul.Tensor(f, 2.0)
        return (o,)
# nonzero made eager (a splitting op): the piece after it reads a fresh tensor whose sizes
# are data-dependent. Two findings: the address (fresh-return; no out buffer can be allocated
# before the op, so the fix is to make the consumer eager) and the sizes the capture freezes.
# RUN: %not %piecewise check-capture %s --splitting-ops=aten::nonzero 2>&1 | FileCheck %s
# CHECK: baked-sizes.py:5:9: error: captured piece submod_2 reads 'nz' at an address replay does not keep: the eager op 'aten::nonzero.default' returns a fresh tensor (its sizes [u0, 2] depend on the data)
# CHECK: baked-sizes.py:5:9: note: fix: make the consumer part of the eager region: its sizes are only known after the eager op ran, so no buffer can be allocated for it before
# CHECK: baked-sizes.py:5:9: error: captured piece submod_2 reads 'nz', whose sizes [u0, 2] come from tensor data: the eager op 'aten::nonzero.default' ('nz') computes them at run time; the capture freezes them, and replay keeps the sizes of the capture
# CHECK: not capture-safe: 1 unstable read(s), 1 baked scalar(s) in 1 of 2 captured piece(s)
# RUN: %not %piecewise check-capture %s --splitting-ops=aten::nonzero --json 2>/dev/null | FileCheck %s --check-prefix=JSON
# JSON: "cause": "fresh-return",
# JSON-NEXT: "certain": true,
# JSON-NEXT: "sizes_data_dependent": true,
