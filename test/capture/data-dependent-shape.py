class M(torch.nn.Module):
    def forward(self, x: "f32[8, 64]", w: "f32[64, 64]"):
        h: "f32[8, 64]" = torch.ops.aten.mm.default(x, w)
        mask: "b8[8, 64]" = torch.ops.aten.gt.Scalar(h, 0)
        nz: "i64[u0, 2]" = torch.ops.aten.nonzero.default(mask)
        a: "f32[8, 64]" = torch.ops.aten.sigmoid.default(x)
        ms: "f32[u1]" = torch.ops.aten.masked_select.default(h, mask)
        b: "f32[8, 64]" = torch.ops.aten.sigmoid.default(x)
        bi: "f32[u2]" = torch.ops.aten.index.Tensor(h, [mask])
        c: "f32[8, 64]" = torch.ops.aten.sigmoid.default(x)
        counts: "i64[8]" = torch.ops.aten.argmax.default(h, 1)
        ri: "i64[u3]" = torch.ops.aten.repeat_interleave.Tensor(counts)
        d: "f32[8, 64]" = torch.ops.aten.sigmoid.default(x)
        rows: "i64[8]" = torch.ops.aten.full.default([8], 2, dtype = torch.int64, device = device(type='cpu'), pin_memory = False)
        ro: "i64[16]" = torch.ops.aten.repeat_interleave.Tensor(rows, output_size = 16)
        ri2: "f32[16, 64]" = torch.ops.aten.repeat_interleave.self_int(h, 2, 0)
        e: "f32[8, 64]" = torch.ops.aten.sigmoid.default(x)
        pos: "f32[u4]" = torch.ops.mylib.select_positive.default(h)
        f: "f32[8, 64]" = torch.ops.aten.sigmoid.default(x)
        u = torch.ops.aten._unique2.default(h)
        g: "f32[u5]" = u[0]
        return (nz, ms, bi, ri, ro, ri2, pos, g, a, b, c, d, e, f)
# Outputs whose sizes depend on the data, each in a captured piece of its own (sigmoid is the
# splitting op; its outputs are only returned, so that the pieces read nothing unstable): nonzero, masked_select, indexing with a boolean mask, repeat_interleave
# without output_size, an op without a schema whose meta introduces an unbacked symbol, and
# unique. repeat_interleave with output_size (or int repeats) has a static size.
# RUN: %not %piecewise check-capture %s --splitting-ops=aten::sigmoid 2>&1 | FileCheck %s
# CHECK: data-dependent-shape.py:5:9: error: captured piece submod_0 cannot capture 'nz' (aten::nonzero.default): its output size depends on the data (the host waits for the device to learn it), which a CUDA graph capture does not allow (data-dependent output: aten::nonzero.default)
# CHECK: data-dependent-shape.py:5:9: note: fix: make 'aten::nonzero.default' a splitting op (or a break op) so that it runs eagerly between captures, or give its output a static size (nonzero_static, repeat_interleave(..., output_size=N), a mask multiplied in instead of indexing)
# CHECK: data-dependent-shape.py:7:9: error: captured piece submod_2 cannot capture 'ms' (aten::masked_select.default)
# CHECK: data-dependent-shape.py:9:9: error: captured piece submod_4 cannot capture 'bi' (aten::index.Tensor): {{.*}}(data-dependent output: aten::index.Tensor with a boolean mask)
# CHECK: data-dependent-shape.py:12:9: error: captured piece submod_6 cannot capture 'ri' (aten::repeat_interleave.Tensor): {{.*}}(data-dependent output: aten::repeat_interleave.Tensor without output_size)
# CHECK-NOT: 'ro'
# CHECK-NOT: 'ri2'
# CHECK: data-dependent-shape.py:18:9: error: captured piece submod_10 cannot capture 'pos' (mylib::select_positive.default): {{.*}}(data-dependent output: meta mentions an unbacked symbol)
# CHECK: data-dependent-shape.py:20:9: error: captured piece submod_12 cannot capture 'u' (aten::_unique2.default)
# CHECK-NOT: error
# CHECK: not capture-safe: 0 unstable read(s), 6 uncapturable op(s) in 6 of 7 captured piece(s)
# RUN: %not %piecewise check-capture %s --splitting-ops=aten::sigmoid --json 2>/dev/null | FileCheck %s --check-prefix=JSON
# JSON: "cause": "data-dependent-shape",
# JSON-NEXT: "certain": true,
# JSON-NEXT: "node": {
# JSON-NEXT: "name": "nz",
# The cudagraph partitioner takes the same rule: each of these leaves the captured region.
# RUN: %piecewise partition %s | FileCheck %s --check-prefix=PART
# PART: reason:  data-dependent output: aten::nonzero.default
# PART: reason:  data-dependent output: aten::masked_select.default
# PART: reason:  data-dependent output: aten::index.Tensor with a boolean mask
# PART: reason:  data-dependent output: aten::repeat_interleave.Tensor without output_size
# PART: reason:  data-dependent output: meta mentions an unbacked symbol
# PART: reason:  data-dependent output: aten::_unique2.default
