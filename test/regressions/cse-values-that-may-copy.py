# cse merges two equal results only when they are the same memory (plain views) or
# neither is written: reshape of a transposed tensor copies, `x[idx]` gathers, and
# set_ makes x share y's storage (found by a hostile review; each case ran wrong in
# torch before the fix).
# RUN: rm -rf %t && split-file %s %t
# RUN: %piecewise opt --passes=cse %t/reshape.py | FileCheck %s --check-prefix=RESHAPE
# RUN: %piecewise opt --passes=cse %t/index.py | FileCheck %s --check-prefix=INDEX
# RUN: %piecewise opt --passes=cse %t/set.py | FileCheck %s --check-prefix=SET
# RUN: %piecewise opt --passes=cse %t/views.py | FileCheck %s --check-prefix=VIEWS
# RUN: %piecewise opt --passes=cse %t/dropout.py | FileCheck %s --check-prefix=DROPOUT
#--- reshape.py
# RESHAPE: r2: "f32[6][1]cpu" = torch.ops.aten.reshape.default(t, [6])
# RESHAPE: return (r1, r2)
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[2, 3][3, 1]cpu"):
        t: "f32[3, 2][1, 3]cpu" = torch.ops.aten.t.default(x)
        r1: "f32[6][1]cpu" = torch.ops.aten.reshape.default(t, [6])
        r2: "f32[6][1]cpu" = torch.ops.aten.reshape.default(t, [6])
        add_: "f32[6][1]cpu" = torch.ops.aten.add_.Tensor(r1, 1)
        return (r1, r2)
#--- index.py
# INDEX: b: "f32[2][1]cpu" = l_x_[l_i_]
# INDEX: return (a_1, b)
class GraphModule(torch.nn.Module):
    def forward(self, L_x_: "f32[4][1]cpu", L_i_: "i64[2][1]cpu"):
        l_x_ = L_x_
        l_i_ = L_i_
        a: "f32[2][1]cpu" = l_x_[l_i_]
        b: "f32[2][1]cpu" = l_x_[l_i_]
        a += 1;  a_1: "f32[2][1]cpu" = a;  a = None
        return (a_1, b)
#--- set.py
# SET: s2: "f32[][]cpu" = torch.ops.aten.sum.default(y)
# SET: return (s1, s2)
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4][1]cpu", y: "f32[4][1]cpu"):
        s1: "f32[][]cpu" = torch.ops.aten.sum.default(y)
        set_: "f32[4][1]cpu" = torch.ops.aten.set_.source_Tensor(x, y)
        add_: "f32[4][1]cpu" = torch.ops.aten.add_.Tensor(x, 1)
        s2: "f32[][]cpu" = torch.ops.aten.sum.default(y)
        return (s1, s2)
#--- views.py
# Plain views of one input are one memory: merged even though it is written.
# VIEWS-NOT: v2 =
# VIEWS: return (v1, v1)
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[2, 3][3, 1]cpu"):
        v1: "f32[3, 2][1, 3]cpu" = torch.ops.aten.t.default(x)
        v2: "f32[3, 2][1, 3]cpu" = torch.ops.aten.t.default(x)
        add_: "f32[3, 2][1, 3]cpu" = torch.ops.aten.add_.Tensor(v1, 1)
        return (v1, v2)
#--- dropout.py
# Attention with dropout draws random numbers: never merged.
# DROPOUT: b: "f32[1, 1, 8, 4][32, 32, 4, 1]cpu" = torch.ops.aten.scaled_dot_product_attention.default(q, q, q, None, 0.5)
# DROPOUT: return (a, b)
class GraphModule(torch.nn.Module):
    def forward(self, q: "f32[1, 1, 8, 4][32, 32, 4, 1]cpu"):
        a: "f32[1, 1, 8, 4][32, 32, 4, 1]cpu" = torch.ops.aten.scaled_dot_product_attention.default(q, q, q, None, 0.5)
        b: "f32[1, 1, 8, 4][32, 32, 4, 1]cpu" = torch.ops.aten.scaled_dot_product_attention.default(q, q, q, None, 0.5)
        return (a, b)
