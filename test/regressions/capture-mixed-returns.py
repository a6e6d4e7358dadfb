class M(torch.nn.Module):
    def forward(self, x: "f32[4, 64]", w: "f32[64, 64]"):
        h: "f32[4, 64]" = torch.ops.aten.mm.default(x, w)
        b: "f32[4, 64]" = torch.ops.aten.empty.memory_format([4, 64], dtype = torch.float32, device = device(type='cpu'), pin_memory = False)
        m = torch.ops.t.mixed.default(h, b)
        m0: "f32[4, 64]" = m[0]
        m1: "f32[4, 64]" = m[1]
        y: "f32[4, 64]" = torch.ops.aten.add.Tensor(m0, m1)
        return (y,)
# An eager multi-output op whose first return is the buffer it writes and whose second is
# new memory: only m0 is stable (found by hostile testing; was reported capture-safe).
# RUN: echo 't::mixed(Tensor x, Tensor(a!) buf) -> (Tensor(a!), Tensor)' > %t.schema
# RUN: %not %piecewise --schema-file %t.schema check-capture %s --splitting-ops=t::mixed 2>&1 | FileCheck %s
# RUN: %not %piecewise --schema-file %t.schema check-capture %s --break-ops=t::mixed 2>&1 | FileCheck %s
# CHECK:     capture-mixed-returns.py:5:9: error: captured piece submod_2 reads 'm1' at an address replay does not keep
# CHECK-NOT: reads 'm0'
# CHECK:     not capture-safe: 1 unstable read(s) in 1 of 2 captured piece(s)
