# The first layer computes a SymInt every later layer takes as an input: the
# later layers' piece differs from the first layer's by that input. --explain
# names it, where it comes from, and that the first layer computes it itself;
# with --rematerialize-symints nothing differs any more.
# RUN: %piecewise split %s --splitting-ops=aten::sin --explain | FileCheck %s
# CHECK:      explain: 1 group of pieces at the same place hash differently
# CHECK-EMPTY:
# CHECK-NEXT: 3 pieces, 2 hashes: the compiled piece between splitting op aten::sin.default and splitting op aten::sin.default
# CHECK-NEXT:   submod_4 (pieces: submod_4, submod_6) vs submod_2 (pieces: submod_2)
# CHECK-NEXT:     input: submod_4 takes input #2 'mul' (Sym(2*s0)), computed in submod_2 by `mul = 2 * s0` at {{.*}}explain-symint.py:[[#@LINE+8]]:9; submod_2 has no such input (it computes the value itself: node 'mul' at {{.*}}explain-symint.py:[[#@LINE+8]]:9)
# RUN: %piecewise split %s --splitting-ops=aten::sin --explain --rematerialize-symints | FileCheck %s --check-prefix=REMAT
# REMAT: unique pieces:   3 of the 5 compiled pieces are distinct
# REMAT: explain: no pieces at the same place of a repeated structure differ
class M(torch.nn.Module):
    def forward(self, s0: "Sym(s0)", x: "f32[s0, 8]"):
        a: "f32[s0, 8]" = torch.ops.aten.relu.default(x)
        b: "f32[s0, 8]" = torch.ops.aten.sin.default(a)
        mul: "Sym(2*s0)" = 2 * s0
        c: "f32[2*s0, 4]" = torch.ops.aten.view.default(b, [mul, 4])
        d: "f32[s0, 8]" = torch.ops.aten.view.default(c, [s0, 8])
        e: "f32[s0, 8]" = torch.ops.aten.sin.default(d)
        f: "f32[2*s0, 4]" = torch.ops.aten.view.default(e, [mul, 4])
        g: "f32[s0, 8]" = torch.ops.aten.view.default(f, [s0, 8])
        h: "f32[s0, 8]" = torch.ops.aten.sin.default(g)
        i: "f32[2*s0, 4]" = torch.ops.aten.view.default(h, [mul, 4])
        j: "f32[s0, 8]" = torch.ops.aten.view.default(i, [s0, 8])
        k: "f32[s0, 8]" = torch.ops.aten.sin.default(j)
        l: "f32[s0, 8]" = torch.ops.aten.neg.default(k)
        return (l,)
