class M(torch.nn.Module):
    def forward(self, x: "f32[4, 64][64, 1]cuda:0", w: "f32[64, 64][64, 1]cuda:0", ids: "i64[4][1]cpu"):
        h: "f32[4, 64][64, 1]cuda:0" = torch.ops.aten.mm.default(x, w)
        c: "f32[4, 64][64, 1]cpu" = torch.ops.aten._to_copy.default(h, device = device(type='cpu'))
        a: "f32[4, 64][64, 1]cuda:0" = torch.ops.aten.sigmoid.default(x)
        up: "i64[4][1]cuda:0" = torch.ops.aten._to_copy.default(ids, device = device(type='cuda', index=0))
        g: "f32[4, 64][64, 1]cuda:0" = torch.ops.aten.index_select.default(h, 0, up)
        o: "f32[4, 64][64, 1]cuda:0" = torch.ops.aten.mm.default(g, w)
        return (c, o, a)
# A copy from the device to the host inside a captured piece (`_to_copy` of a cuda:0 tensor to
# the CPU): the host waits for the copy, which a capture does not allow. The upload of a CPU
# tensor onto the device (`ids`) is not reported.
# RUN: %not %piecewise check-capture %s --splitting-ops=aten::sigmoid 2>&1 | FileCheck %s
# CHECK:     device-to-host.py:4:9: error: captured piece submod_0 cannot capture 'c' (aten::_to_copy.default): it copies from the device to the host (a synchronization), which a CUDA graph capture does not allow (device copy: aten::_to_copy.default from cuda:0 to cpu)
# CHECK:     device-to-host.py:4:9: note: fix: make 'aten::_to_copy.default' a splitting op (or a break op) so that it runs eagerly between captures, or move the copy out of the captured region (after the graph)
# CHECK-NOT: 'up'
# CHECK:     not capture-safe: 0 unstable read(s), 1 uncapturable op(s) in 1 of 2 captured piece(s)
# RUN: %not %piecewise check-capture %s --splitting-ops=aten::sigmoid --json 2>/dev/null | FileCheck %s --check-prefix=JSON
# JSON: "cause": "device-to-host",
# JSON-NEXT: "certain": true,
