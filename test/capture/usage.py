class M(torch.nn.Module):
    def forward(self, x: "f32[4, 64]"):
        a: "f32[4, 64]" = torch.ops.aten.relu.default(x)
        b: "f32[4, 64]" = torch.ops.aten.sin.default(a)
        return (b,)
# Exactly one of --splitting-ops and --break-ops (exit 2); a bad --static-inputs (exit 2); a
# pattern that matches nothing gets the note `split` gives, naming it a break op here.
# RUN: %not %piecewise check-capture %s 2>&1 | FileCheck %s --check-prefix=NEITHER
# NEITHER: piecewise: error: check-capture needs exactly one of --splitting-ops=... and --break-ops=...
# RUN: %python %S/../Inputs/expect_exit.py 2 %piecewise check-capture %s --splitting-ops=aten::sin --break-ops=aten::sin
# RUN: %python %S/../Inputs/expect_exit.py 2 %piecewise check-capture %s --splitting-ops=aten::sin --static-inputs=some
# RUN: %piecewise check-capture %s --break-ops=aten::sinn 2>&1 | FileCheck %s --check-prefix=TYPO
# TYPO: note: break op 'aten::sinn' matches no node of the graph
# TYPO: capture-safe: 1 captured piece(s) read only stable memory (0 eager op(s))
