# decompose-size moves a size query's dims right after the tensor's producer. An in-place
# op that may change the tensor's sizes between the two (`y.t_()`, `unsqueeze_`, `resize_`,
# `set_`, an opaque op) makes that wrong: the tensor's meta no longer describes it at the
# query. Such a query is left alone; a value-only write (`add_`) does not stop it. Found
# by a hostile tester (the moved sym_size.int read s0 where size[0] was 8 after t_).
# RUN: %piecewise opt %s --passes=decompose-size | FileCheck %s
# CHECK:      t_: "f32[8, s0][1, 8]cpu" = y.t_()
# CHECK-NEXT: size = y.size()
# CHECK-NEXT: getitem: "Sym(8)" = size[0]
# CHECK:      r: "f32[8, s0][s0, 1]cpu" = torch.mul(mm, getitem)
# CHECK:      v: "f32[s0, 8][8, 1]cpu" = torch.relu(x)
# CHECK-NEXT: sym_size_int: "Sym(s0)" = torch.ops.aten.sym_size.int(v, 0)
# CHECK-NEXT: add_: "f32[s0, 8][8, 1]cpu" = v.add_(1)
# CHECK-NEXT: q = torch.mul(v, sym_size_int)
# ORACLE-SPLITTING-OPS=torch.mm
class M(torch.nn.Module):
    def forward(self, s0: "Sym(s0)", x: "f32[s0, 8][8, 1]cpu", w: "f32[8, 8][8, 1]cpu"):
        y: "f32[s0, 8][8, 1]cpu" = torch.relu(x)
        t_: "f32[8, s0][1, 8]cpu" = y.t_()
        size = y.size()
        getitem: "Sym(8)" = size[0]
        mm: "f32[8, 8][8, 1]cpu" = torch.mm(w, y)
        r: "f32[8, s0][s0, 1]cpu" = torch.mul(mm, getitem)
        v: "f32[s0, 8][8, 1]cpu" = torch.relu(x)
        add_: "f32[s0, 8][8, 1]cpu" = v.add_(1)
        size_1 = v.size()
        getitem_1 = size_1[0]
        q = torch.mul(v, getitem_1)
        return (r, q)
