class M(torch.nn.Module):
    def forward(self, x: "f32[4, 64]", w: "f32[64, 64]"):
        buf: "f32[4, 64]" = torch.ops.aten.empty.memory_format([4, 64], dtype = torch.float32, device = device(type='cpu'), pin_memory = False)
        h: "f32[4, 64]" = torch.ops.aten.relu.default(x)
        mm: "f32[4, 64]" = torch.ops.aten.mm.out(h, w, out = buf)
        s: "f32[4, 64]" = torch.ops.aten.sin.default(mm)
        c: "f32[4, 64]" = torch.ops.aten.cos.default(buf)
        fresh: "f32[4, 64]" = torch.ops.aten.clone.default(s)
        mm_1: "f32[4, 64]" = torch.ops.aten.mm.out(c, w, out = fresh)
        t: "f32[4, 64]" = torch.ops.aten.tanh.default(mm_1)
        return (t,)
# A stock op's out= variant (`mm.out(..., Tensor(a!) out) -> Tensor(a!)`) returns the buffer
# it writes. Into a buffer a captured piece allocated (buf): stable. Into one an eager op
# allocated (the eager clone `fresh`): the read of its result goes back to the clone.
# RUN: %not %piecewise check-capture %s --splitting-ops=aten::mm.out,aten::clone 2>&1 | FileCheck %s
# CHECK-NOT: reads 'mm'
# CHECK:     out-variant.py:8:9: error: captured piece submod_4 reads 'mm_1' at an address replay does not keep: the eager op 'aten::clone.default' returns a fresh tensor
# CHECK:     out-variant.py:9:9: note: 'mm_1' is 'fresh' itself, written in place by aten::mm.out
# CHECK:     out-variant.py:10:9: note: submod_4 is captured and reads 'mm_1' here ('t')
# CHECK:     not capture-safe: 1 unstable read(s) in 1 of 3 captured piece(s)
# RUN: %not %piecewise check-capture %s --splitting-ops=aten::mm.out,aten::clone --json 2>/dev/null | FileCheck %s --check-prefix=JSON
# JSON:      "name": "mm",
# JSON:      "contract": "out-buffer",
# JSON-NEXT: "stable": true,
# JSON-NEXT: "buffer": "buf"
# JSON:      "name": "fresh",
# JSON:      "contract": "fresh",
# JSON:      "name": "mm_1",
# JSON:      "contract": "out-buffer",
# JSON-NEXT: "stable": false,
# JSON-NEXT: "buffer": "fresh"
