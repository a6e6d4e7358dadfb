class M(torch.nn.Module):
    def forward(self, x: "f32[s0, 64]", s0: "Sym(s0)", w: "f32[64, 64]"):
        h: "f32[s0, 64]" = torch.ops.aten.mm.default(x, w)
        s: "f32[]" = torch.ops.aten.sum.default(h)
        item: "Sym(zuf0)" = torch.ops.aten._local_scalar_dense.default(s)
        scale: "Sym(2*zuf0)" = 2.0 * item
        m: "f32[s0, 64]" = torch.ops.aten.mul.Tensor(h, scale)
        n: "Sym(s0)" = torch.ops.aten.sym_size.int(x, 0)
        k: "f32[s0, 64]" = torch.ops.aten.mul.Tensor(m, n)
        pos: "b8[s0, 64]" = torch.ops.aten.gt.Scalar(k, 0)
        cnt: "i64[]" = torch.ops.aten.sum.default(pos)
        count: "Sym(u0)" = torch.ops.aten._local_scalar_dense.default(cnt)
        z: "f32[u0]" = torch.ops.aten.new_zeros.default(k, [count])
        o: "f32[s0, 64]" = torch.ops.aten.mm.default(k, w)
        return (o, z)
# `.item()` made eager (a splitting op), as the fix for a host sync says: the capture is
# possible, but the pieces after it take the values it computes from tensor data, which the
# capture freezes. One error per captured piece that takes one, with how it is computed. The
# size `n` (a function of the input's size s0) is fine: the runtime captures per size.
# RUN: %not %piecewise check-capture %s --splitting-ops=aten::_local_scalar_dense 2>&1 | FileCheck %s
# CHECK:      baked-scalar.py:5:9: error: captured piece submod_2 takes the scalar 'item', computed from tensor data at run time by the eager op 'aten::_local_scalar_dense.default' ('item'): the capture freezes its value, and replay keeps the value of the capture
# CHECK:      baked-scalar.py:6:9: note: submod_2 is captured and reads 'item' here ('scale')
# CHECK:      baked-scalar.py:5:9: note: fix: pass it to the captured piece as a 0-d tensor on the device (its kernels then read the value of each step), or make the consumer part of the eager region
# CHECK:      baked-scalar.py:12:9: error: captured piece submod_4 takes the scalar 'count', computed from tensor data at run time by the eager op 'aten::_local_scalar_dense.default' ('count')
# CHECK:      baked-scalar.py:13:9: note: submod_4 is captured and reads 'count' here ('z')
# CHECK-NOT:  'n'
# CHECK:      not capture-safe: 0 unstable read(s), 2 baked scalar(s) in 2 of 3 captured piece(s)
# RUN: %not %piecewise check-capture %s --splitting-ops=aten::_local_scalar_dense --json 2>/dev/null | FileCheck %s --check-prefix=JSON
# JSON:      "baked_scalars": [
# JSON-NEXT:   {
# JSON-NEXT:     "segment": "submod_2",
# JSON-NEXT:     "value": "item",
# JSON-NEXT:     "cause": "baked-scalar",
# JSON-NEXT:     "certain": true,
