# A SymInt the first layer computes (`mul = 2 * s0`, as Dynamo records
# Mixtral's top-k token count) and every later layer takes as an input: with
# --rematerialize-symints each later layer computes it itself, right before
# its first use, so every layer's piece is the same program (3 unique pieces,
# not 4), and the first layer no longer returns it.
# RUN: %piecewise split %s --splitting-ops=aten::sin | FileCheck %s --check-prefix=PLAIN
# PLAIN:      unique pieces:   4 of the 5 compiled pieces are distinct
# PLAIN:      submod_2  compiled      3 nodes    2 in    2 out  [[MID1:[0-9a-f]+]]
# PLAIN:      submod_4  compiled      2 nodes    3 in    1 out  [[MID2:[0-9a-f]+]]
# PLAIN:      submod_6  compiled      2 nodes    3 in    1 out  [[MID2]]
# RUN: %piecewise split %s --splitting-ops=aten::sin --rematerialize-symints | FileCheck %s --check-prefix=REMAT
# REMAT:      unique pieces:   3 of the 5 compiled pieces are distinct
# REMAT:      submod_2  compiled      3 nodes    2 in    1 out  [[MID:[0-9a-f]+]]
# REMAT:      submod_4  compiled      3 nodes    2 in    1 out  [[MID]]
# REMAT:      submod_6  compiled      3 nodes    2 in    1 out  [[MID]]
# REMAT:      rematerialized:  2 SymInt inputs recomputed inside pieces (2 nodes copied, 0 erased)
# RUN: %piecewise split %s --splitting-ops=aten::sin --rematerialize-symints -o - | FileCheck %s --check-prefix=CODE
# CODE:       class submod_4(torch.nn.Module):
# CODE-NEXT:      def forward(self, s0: "Sym(s0)", e: "f32[s0, 8]"):
# CODE-NEXT:          mul_1: "Sym(2*s0)" = 2 * s0
# CODE-NEXT:          f: "f32[2*s0, 4]" = torch.ops.aten.view.default(e, [mul_1, 4]);  e = mul_1 = None
# CODE-NEXT:          g: "f32[s0, 8]" = torch.ops.aten.view.default(f, [s0, 8]);  f = s0 = None
# CODE-NEXT:          return (g,)
# RUN: %piecewise report %s --splitting-ops=aten::sin --rematerialize-symints -o - | FileCheck %s --check-prefix=REPORT
# REPORT: "explain": []
# Without the flag the report explains the difference.
# RUN: %piecewise report %s --splitting-ops=aten::sin -o - | FileCheck %s --check-prefix=REPORT-PLAIN
# REPORT-PLAIN: "explain": [{"place":"compiled piece between splitting op aten::sin.default and splitting op aten::sin.default","category":"input","reference":4,"other":2,"referenceSharing":2,"otherSharing":1,
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
