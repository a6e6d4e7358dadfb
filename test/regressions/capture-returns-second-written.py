class M(torch.nn.Module):
    def forward(self, x: "f32[4, 64]", w: "f32[64, 64]"):
        h: "f32[4, 64]" = torch.ops.aten.mm.default(x, w)
        f: "f32[4, 64]" = torch.ops.t.fresh.default(h)
        r: "f32[4, 64]" = torch.ops.t.two.default(h, f)
        y: "f32[4, 64]" = torch.ops.aten.sigmoid.default(r)
        return (y,)
# An eager op that writes a stable buffer (h) and a fresh one (f) and returns the second:
# its value is f's memory, not h's (found by hostile testing; was reported capture-safe).
# RUN: echo 't::fresh(Tensor x) -> Tensor' > %t.schema
# RUN: echo 't::two(Tensor(a!) x, Tensor(b!) y) -> Tensor(b!)' >> %t.schema
# RUN: echo 't::twoview(Tensor(a!) x, Tensor(b) y) -> Tensor(b)' >> %t.schema
# RUN: %not %piecewise --schema-file %t.schema check-capture %s --splitting-ops=t::fresh,t::two 2>&1 | FileCheck %s
# CHECK: error: captured piece submod_2 reads 'r' at an address replay does not keep: the eager op 't::fresh.default' returns a fresh tensor
# CHECK: note: 'r' is 'f' itself, written in place by t::two.default
# CHECK: not capture-safe: 1 unstable read(s) in 1 of 2 captured piece(s)
# The same when it writes the first and returns a view of the second.
# RUN: sed 's/t.two.default/t.twoview.default/' %s > %t.py
# RUN: %not %piecewise --schema-file %t.schema check-capture %t.py --splitting-ops=t::fresh,t::twoview 2>&1 | FileCheck %s --check-prefix=VIEW
# VIEW: note: 'r' is a view of 'f' (t::twoview.default)
# VIEW: not capture-safe: 1 unstable read(s) in 1 of 2 captured piece(s)
# A list of out buffers returned whole: r[1] is the fresh f, though the first buffer is h.
# RUN: echo 't::listret(Tensor x, Tensor(a!)[] outs) -> Tensor(a!)[]' >> %t.schema
# RUN: printf 'class M(torch.nn.Module):\n    def forward(self, x: "f32[4, 64]", w: "f32[64, 64]"):\n        h: "f32[4, 64]" = torch.ops.aten.mm.default(x, w)\n        f: "f32[4, 64]" = torch.ops.t.fresh.default(h)\n        r = torch.ops.t.listret.default(x, [h, f])\n        r1: "f32[4, 64]" = r[1]\n        y: "f32[4, 64]" = torch.ops.aten.sigmoid.default(r1)\n        return (y,)\n' > %t.list.py
# RUN: %not %piecewise --schema-file %t.schema check-capture %t.list.py --splitting-ops=t::fresh,t::listret 2>&1 | FileCheck %s --check-prefix=LIST
# LIST: error: captured piece submod_2 reads 'r1' at an address replay does not keep
# LIST: not capture-safe: 1 unstable read(s) in 1 of 2 captured piece(s)
