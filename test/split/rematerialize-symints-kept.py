# What --rematerialize-symints leaves crossing, and what it erases.
# RUN: rm -rf %t && split-file %s %t
# RUN: %piecewise split %t/item.py --splitting-ops=aten::sin --rematerialize-symints | FileCheck %s --check-prefix=ITEM
# RUN: %piecewise split %t/scope.py --splitting-ops=aten::sin --rematerialize-symints | FileCheck %s --check-prefix=SCOPE
# RUN: %piecewise split %t/erased.py --splitting-ops=aten::sin --rematerialize-symints -o - | FileCheck %s --check-prefix=ERASED
#--- item.py
# A SymInt read from a tensor's data (unbacked u0) is never recomputed.
# ITEM: submod_2  compiled      1 nodes    2 in    1 out
# ITEM: rematerialized:  0 SymInt inputs recomputed inside pieces (0 nodes copied, 0 erased)
class M(torch.nn.Module):
    def forward(self, x: "f32[8]", t: "i64[]"):
        n: "Sym(u0)" = torch.ops.aten._local_scalar_dense.default(t)
        b: "f32[8]" = torch.ops.aten.sin.default(x)
        c: "f32[u0]" = torch.ops.aten.narrow.default(b, 0, 0, n)
        return (c,)
#--- scope.py
# `s0 * s1` needs s1, which the later piece does not take (its tensor only
# mentions s0): recomputing it would add an input, so it crosses.
# SCOPE: submod_2  compiled      1 nodes    3 in    1 out
# SCOPE: rematerialized:  0 SymInt inputs recomputed inside pieces (0 nodes copied, 0 erased)
class M(torch.nn.Module):
    def forward(self, s0: "Sym(s0)", s1: "Sym(s1)", x: "f32[s0, 4]"):
        m: "Sym(s0*s1)" = s0 * s1
        b: "f32[s0, 4]" = torch.ops.aten.sin.default(x)
        c: "f32[s0*s1]" = torch.ops.aten.new_zeros.default(b, [m])
        return (c,)
#--- erased.py
# A chain (`sym_size` then `2 * ...`) computed before the split only for the
# later piece moves into it whole: the first piece keeps nothing of it.
# ERASED:      class submod_0(torch.nn.Module):
# ERASED-NEXT:     def forward(self, x: "f32[s0, 4]"):
# ERASED-NEXT:         a: "f32[s0, 4]" = torch.ops.aten.relu.default(x);  x = None
# ERASED-NEXT:         return (a,)
# ERASED:      class submod_2(torch.nn.Module):
# ERASED-NEXT:     def forward(self, a: "f32[s0, 4]", b: "f32[s0, 4]"):
# ERASED-NEXT:         k_1: "Sym(s0)" = torch.ops.aten.sym_size.int(a, 0)
# ERASED-NEXT:         m_1: "Sym(2*s0)" = 2 * k_1;  k_1 = None
# ERASED-NEXT:         c: "f32[2*s0]" = torch.ops.aten.new_zeros.default(b, [m_1]);  m_1 = None
class M(torch.nn.Module):
    def forward(self, x: "f32[s0, 4]"):
        a: "f32[s0, 4]" = torch.ops.aten.relu.default(x)
        k: "Sym(s0)" = torch.ops.aten.sym_size.int(a, 0)
        m: "Sym(2*s0)" = 2 * k
        b: "f32[s0, 4]" = torch.ops.aten.sin.default(a)
        c: "f32[2*s0]" = torch.ops.aten.new_zeros.default(b, [m])
        d: "f32[s0, 4]" = torch.ops.aten.add.Tensor(b, a)
        return (c, d)
