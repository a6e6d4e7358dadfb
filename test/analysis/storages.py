# analyze --print=storages: the tensor-like values of each storage, and whether
# anything writes it. Each part (split-file) is one graph.
# RUN: rm -rf %t && split-file %s %t
# RUN: %piecewise analyze %t/views.py --print=storages | FileCheck %s --check-prefix=VIEWS
# RUN: %piecewise analyze %t/writes.py --print=storages | FileCheck %s --check-prefix=WRITES
# RUN: %piecewise analyze %t/auto-functionalized.py --print=storages | FileCheck %s --check-prefix=AUTO-FUNCTIONALIZED
# RUN: %piecewise analyze %t/opaque.py --print=storages | FileCheck %s --check-prefix=OPAQUE

#--- views.py
# Views of views share one storage; split/unbind getitems share their source's
# (`Tensor(a -> *)`, `Tensor(a)[]`); var_mean's elements are fresh (no alias
# annotation); a SymInt holds no tensor memory and is left out.
# VIEWS:      storage 0: x, split, g0, g1
# VIEWS-NEXT: storage 1: a, v, v2, t, unbind, u0
# VIEWS-NEXT: storage 2: var_mean
# VIEWS-NEXT: storage 3: var
# VIEWS-NEXT: storage 4: mean
# VIEWS-NOT:  sz
# VIEWS-NOT:  written
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4, 8][8, 1]cpu"):
        a: "f32[4, 8][8, 1]cpu" = torch.ops.aten.add.Tensor(x, 1)
        v: "f32[32][1]cpu" = torch.ops.aten.view.default(a, [32])
        v2: "f32[2, 16][16, 1]cpu" = torch.ops.aten.view.default(v, [2, 16])
        t: "f32[16, 2][1, 16]cpu" = torch.ops.aten.t.default(v2)
        split = torch.ops.aten.split.Tensor(x, 2)
        g0: "f32[2, 8][8, 1]cpu" = split[0]
        g1: "f32[2, 8][8, 1]cpu" = split[1]
        unbind = torch.ops.aten.unbind.int(a)
        u0: "f32[8][1]cpu" = unbind[0]
        var_mean = torch.ops.aten.var_mean.correction(x, [1], correction = 0)
        var: "f32[4][1]cpu" = var_mean[0]
        mean: "f32[4][1]cpu" = var_mean[1]
        sz = torch.ops.aten.sym_size.int(x, 0)
        return (t, g0, g1, u0, var, mean, sz)
#--- writes.py
# A write through a view marks the whole storage written: an in-place aten op
# `(a!)`, an in-place Tensor method `x.add_()` and a subscript assignment
# (which writes x, not the value v assigned; the node's value is x: `setitem = x`).
# WRITES:      storage 0: x, vx, mul_ [written]
# WRITES-NEXT: storage 1: y, add_ [written]
# WRITES-NEXT: storage 2: z, setitem [written]
# WRITES-NEXT: storage 3: v
# WRITES-NEXT: storage 4: w
# WRITES-NOT:  written
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4][1]cpu", y: "f32[4][1]cpu", z: "f32[4][1]cpu", v: "f32[2][1]cpu", w: "f32[4][1]cpu"):
        vx: "f32[2, 2][2, 1]cpu" = torch.ops.aten.view.default(x, [2, 2])
        mul_: "f32[2, 2][2, 1]cpu" = torch.ops.aten.mul_.Tensor(vx, 2)
        add_ = y.add_(1)
        z[slice(0, 2, None)] = v;  setitem = z
        return (w,)
#--- auto-functionalized.py
# auto_functionalized writes nothing and each getitem of it is a fresh storage.
# AUTO-FUNCTIONALIZED:      storage 0: x
# AUTO-FUNCTIONALIZED-NEXT: storage 1: w
# AUTO-FUNCTIONALIZED-NEXT: storage 2: e
# AUTO-FUNCTIONALIZED-NEXT: storage 3: af
# AUTO-FUNCTIONALIZED-NEXT: storage 4: r
# AUTO-FUNCTIONALIZED-NEXT: storage 5: out
# AUTO-FUNCTIONALIZED-NOT:  written
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4][1]cpu", w: "f32[4][1]cpu"):
        e: "f32[4][1]cpu" = torch.ops.aten.empty_like.default(x)
        af = torch.ops.higher_order.auto_functionalized(torch.ops._C.rms_norm.default, result = e, input = x, weight = w, epsilon = 1e-05)
        r: "f32[4][1]cpu" = af[1]
        out: "f32[4][1]cpu" = af[0]
        return (r, out)
#--- opaque.py
# An op without a schema and a call_module may alias and write every tensor input.
# OPAQUE:      storage 0: x, o, m [written]
# OPAQUE-NEXT: storage 1: y
# OPAQUE-NOT:  storage
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4][1]cpu", y: "f32[4][1]cpu"):
        o: "f32[4][1]cpu" = torch.ops.mylib.opaque.default(x)
        m = self.sub(o)
        return (m, y)
