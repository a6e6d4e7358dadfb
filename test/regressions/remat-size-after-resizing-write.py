# A size read of a tensor that an in-place `t_` transposes is neither copied past the write
# (the crossing SymInt k) nor moved past it inside a piece (found by hostile testing: the
# split module made `d` of 2*4 elements instead of 2*s0). python/tests/test_split_numerics.py
# runs both in torch.
# RUN: split-file %s %t
# RUN: %piecewise split %t/crossing.py --splitting-ops=aten::t_ --rematerialize-symints -o - | FileCheck %s --check-prefix=CROSS
# CROSS:      class submod_0(torch.nn.Module):
# CROSS:        k: "Sym(s0)" = torch.ops.aten.sym_size.int(x, 0)
# CROSS:      class submod_2(torch.nn.Module):
# CROSS-NEXT:   def forward(self, {{.*}}m: "Sym(2*s0)"{{.*}}):
# CROSS-NOT:    sym_size
# CROSS:        return
# RUN: %piecewise split %t/moved.py --splitting-ops=aten::sin --rematerialize-symints -o - | FileCheck %s --check-prefix=MOVED
# MOVED:      class submod_0(torch.nn.Module):
# MOVED:        k: "Sym(s0)" = torch.ops.aten.sym_size.int(x, 0)
# MOVED:        torch.ops.aten.t_.default(x)
#--- crossing.py
class M(torch.nn.Module):
    def forward(self, s0: "Sym(s0)", x: "f32[s0, 4]"):
        k: "Sym(s0)" = torch.ops.aten.sym_size.int(x, 0)
        m: "Sym(2*s0)" = 2 * k
        a: "f32[s0, 4]" = torch.ops.aten.relu.default(x)
        b: "f32[4, s0]" = torch.ops.aten.t_.default(x)
        c: "f32[4, s0]" = torch.ops.aten.mul.Tensor(x, 2.0)
        d: "f32[2*s0]" = torch.ops.aten.new_zeros.default(c, [m])
        return (a, d)
#--- moved.py
class M(torch.nn.Module):
    def forward(self, s0: "Sym(s0)", x: "f32[s0, 4]"):
        k: "Sym(s0)" = torch.ops.aten.sym_size.int(x, 0)
        m: "Sym(2*s0)" = 2 * k
        a: "f32[s0, 4]" = torch.ops.aten.relu.default(x)
        b: "f32[4, s0]" = torch.ops.aten.t_.default(x)
        c: "f32[4, s0]" = torch.ops.aten.mul.Tensor(x, 2.0)
        d: "f32[2*s0]" = torch.ops.aten.new_zeros.default(c, [m])
        e: "f32[s0, 4]" = torch.ops.aten.sin.default(a)
        return (e, d)
