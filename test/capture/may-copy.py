class M(torch.nn.Module):
    def forward(self, x: "f32[4, 64]", w: "f32[64, 64]"):
        h: "f32[4, 64]" = torch.ops.aten.mm.default(x, w)
        t: "f32[64, 4]" = torch.ops.aten.t.default(h)
        r: "f32[4, 64]" = torch.ops.aten.reshape.default(t, [4, 64])
        o: "f32[4, 64]" = torch.ops.aten.mm.default(r, w)
        return (o,)
# An eager op that is a view by schema but copies when the strides do not allow a view
# (reshape of a transpose: here it copies): its address may change, so the read is reported,
# as not certain (may-copy).
# RUN: %not %piecewise check-capture %s --splitting-ops=aten::reshape 2>&1 | FileCheck %s
# CHECK:      may-copy.py:5:9: error: captured piece submod_2 reads 'r' at an address replay does not keep: the eager op 'aten::reshape.default' may copy (a view only when the strides allow it)
# CHECK:      may-copy.py:6:9: note: submod_2 is captured and reads 'r' here ('o')
# CHECK:      not capture-safe: 1 unstable read(s) in 1 of 2 captured piece(s)
# RUN: %not %piecewise check-capture %s --splitting-ops=aten::reshape --json 2>/dev/null | FileCheck %s --check-prefix=JSON
# JSON:      "contract": "fresh",
# JSON:      "cause": "may-copy",
# JSON-NEXT: "certain": false,
