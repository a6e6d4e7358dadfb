# A getitem stays after a write to its index, and after the index's definition
# (found by a hostile review: `a[i]` moved before `i.add_(1)` read the wrong rows, and
# an index computed after the splitting op made the plan invalid).
# RUN: rm -rf %t && split-file %s %t
# RUN: %piecewise split %t/written.py --splitting-ops=aten::add_ -o %t/w.py
# RUN: FileCheck %s --check-prefix=WRITTEN < %t/w.py
# RUN: %piecewise split %t/later.py --splitting-ops=aten::relu -o %t/l.py
# RUN: FileCheck %s --check-prefix=LATER < %t/l.py
#--- written.py
# WRITTEN: class submod_2(torch.nn.Module):
# WRITTEN: c: "f32[2][1]cpu" = a[l_i_]
class GraphModule(torch.nn.Module):
    def forward(self, L_x_: "f32[4][1]cpu", L_i_: "i64[2][1]cpu"):
        l_x_ = L_x_
        l_i_ = L_i_
        a: "f32[4][1]cpu" = l_x_ + 1;  l_x_ = None
        add__tensor: "i64[2][1]cpu" = torch.ops.aten.add_.Tensor(l_i_, 1);  add__tensor = None
        c: "f32[2][1]cpu" = a[l_i_];  a = l_i_ = None
        mul: "f32[2][1]cpu" = c * 1;  c = None
        return (mul,)
#--- later.py
# LATER: class submod_2(torch.nn.Module):
# LATER: j: "i64[2][1]cpu" = l_i_ + 0
# LATER: c: "f32[2][1]cpu" = a[j]
class GraphModule(torch.nn.Module):
    def forward(self, L_x_: "f32[4][1]cpu", L_i_: "i64[2][1]cpu"):
        l_x_ = L_x_
        l_i_ = L_i_
        a: "f32[4][1]cpu" = l_x_ + 1;  l_x_ = None
        r: "f32[4][1]cpu" = torch.ops.aten.relu.default(a)
        j: "i64[2][1]cpu" = l_i_ + 0
        c: "f32[2][1]cpu" = a[j];  a = j = None
        return (c, r)
