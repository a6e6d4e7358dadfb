# torch.cond's branches are get_attr submodules (`cond_true_0 = self.cond_true_0`): the
# stitching module of `split -o` gets their classes, reads them and passes them to the
# piece that calls cond, so the written module runs (issue 24: it linted clean and failed
# with `no attribute 'cond_true_0'`). The dump is print_readable() of torch.compile's
# graph for the model in Inputs/run_cond_split.py, which runs the split module on both
# branches and compares it with the model run eagerly.
# RUN: %piecewise split %s --splitting-ops=torch.relu -o %t.py
# RUN: %piecewise lint %t.py
# RUN: FileCheck %s < %t.py
# CHECK:      class GraphModule(torch.nn.Module):
# CHECK:          cond_true_0 = self.cond_true_0
# CHECK-NEXT:     cond_false_0 = self.cond_false_0
# CHECK-NEXT:     submod_0 = self.submod_0(l_x_, cond_true_0, cond_false_0, l_y_)
# CHECK:      {{^    }}class cond_true_0(torch.nn.Module):
# CHECK:      {{^    }}class cond_false_0(torch.nn.Module):
# CHECK:      {{^    }}class submod_0(torch.nn.Module):
# CHECK-NEXT:     def forward(self, l_x_: "f32[4, 8]", cond_true_0, cond_false_0, l_y_: "f32[4, 8]"):
# CHECK:              cond = torch.ops.higher_order.cond(gt, cond_true_0, cond_false_0, (a, l_y_))
# RUN: %python %S/Inputs/run_cond_split.py %t.py | FileCheck %s --check-prefix=RAN
# RAN-COUNT-2: ok
# REQUIRES: torch
#
# The verifier checks a get_attr that a higher-order op takes against the nested classes,
# as it checks call_module targets: a dump cut between the two branch classes is an error.
# RUN: sed '/^    class cond_false_0/,$d' %s > %t.cut.py
# RUN: %not %piecewise lint %t.cut.py 2>&1 | FileCheck %s --check-prefix=CUT
# CUT: cut.py:[[#]]:9: error: node 'cond_false_0' reads module 'cond_false_0', which is not a child module
# CUT-NEXT: cond_false_0 = self.cond_false_0
# CUT-NOT: error
class GraphModule(torch.nn.Module):
    def forward(self, L_x_: "f32[4, 8]", L_y_: "f32[4, 8]"):
        l_x_ = L_x_
        l_y_ = L_y_

        # File: cond.py:8 in forward, code: a = torch.sin(x)
        a: "f32[4, 8]" = torch.sin(l_x_);  l_x_ = None

        # File: cond.py:11 in forward, code: b = torch.cond(a.sum() > 0, t, f, (a, y))
        sum_1: "f32[]" = a.sum()
        gt: "b8[]" = sum_1 > 0;  sum_1 = None
        cond_true_0 = self.cond_true_0
        cond_false_0 = self.cond_false_0
        cond = torch.ops.higher_order.cond(gt, cond_true_0, cond_false_0, (a, l_y_));  gt = cond_true_0 = cond_false_0 = a = l_y_ = None
        b: "f32[4, 8]" = cond[0];  cond = None

        # File: cond.py:12 in forward, code: c = torch.relu(b)
        c: "f32[4, 8]" = torch.relu(b);  b = None

        # File: cond.py:13 in forward, code: return c * 2
        mul: "f32[4, 8]" = c * 2;  c = None
        return (mul,)

    class cond_true_0(torch.nn.Module):
        def forward(self, a: "f32[4, 8]", l_y_: "f32[4, 8]"):
            a_1 = a
            l_y__1 = l_y_

            # File: cond.py:9 in t, code: def t(a, y): return a.cos() + y
            cos: "f32[4, 8]" = a_1.cos();  a_1 = None
            add: "f32[4, 8]" = cos + l_y__1;  cos = l_y__1 = None
            return (add,)

    class cond_false_0(torch.nn.Module):
        def forward(self, a: "f32[4, 8]", l_y_: "f32[4, 8]"):
            a_1 = a
            l_y__1 = l_y_

            # File: cond.py:10 in f, code: def f(a, y): return a.sin() * y
            sin: "f32[4, 8]" = a_1.sin();  a_1 = None
            mul: "f32[4, 8]" = sin * l_y__1;  sin = l_y__1 = None
            return (mul,)

