# decompose-size: x.size() and aten.sym_size become one aten.sym_size.int per
# symbolic dim and literals for static dims; afterwards no node produces or
# consumes a torch.Size. Each part (split-file) is one graph with a comment
# saying what it shows; its checks are the whole printed result.
# RUN: rm -rf %t && split-file %s %t
# RUN: %piecewise opt %t/getitems.py --passes=decompose-size --check-no-change | FileCheck %s --check-prefix=GETITEMS
# RUN: %piecewise opt %t/getitems.py --passes=decompose-size --stats -o %t/getitems.py.out 2>&1 | FileCheck %s --check-prefix=GETITEMS-STATS
# RUN: %piecewise opt %t/whole-size-uses.py --passes=decompose-size --check-no-change | FileCheck %s --check-prefix=WHOLE-SIZE-USES
# RUN: %piecewise opt %t/sym-size-and-single-dims.py --passes=decompose-size --check-no-change | FileCheck %s --check-prefix=SYM-SIZE-AND-SINGLE-DIMS
# RUN: %piecewise opt %t/slices-of-size.py --passes=decompose-size --check-no-change | FileCheck %s --check-prefix=SLICES-OF-SIZE
# RUN: %piecewise opt %t/static-shape.py --passes=decompose-size --check-no-change | FileCheck %s --check-prefix=STATIC-SHAPE
# RUN: %piecewise opt %t/unknown-meta.py --passes=decompose-size --check-no-change | FileCheck %s --check-prefix=UNKNOWN-META
# RUN: %piecewise opt %t/nodes-after-the-producer.py --passes=decompose-size --check-no-change | FileCheck %s --check-prefix=NODES-AFTER-THE-PRODUCER

#--- getitems.py
# size[0] (symbolic, also read as size[-2]) becomes one sym_size.int node with
# Sym(s0) meta, placed right after x's producer (x is a placeholder: after the
# last placeholder); size[1] (static) becomes the literal 64 in its users.
# GETITEMS-LABEL: def forward(self, x: "f32[s0, 64][64, 1]cpu", s0: "Sym(s0)"):
# GETITEMS-NEXT:  sym_size_int: "Sym(s0)" = torch.ops.aten.sym_size.int(x, 0)
# GETITEMS-NEXT:  mul = sym_size_int * 64
# GETITEMS-NEXT:  view: "f32[s0, 64][64, 1]cpu" = torch.ops.aten.view.default(x, [sym_size_int, 64]);  x = sym_size_int = None
# GETITEMS-NEXT:  return (mul, view)
# GETITEMS-STATS: decompose-size: 1 size queries decomposed, 1 sym_size.int nodes created, 1 static dims folded
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[s0, 64][64, 1]cpu", s0: "Sym(s0)"):
        size = x.size()
        getitem = size[0]
        getitem_1 = size[1]
        getitem_2 = size[-2];  size = None
        mul = getitem * getitem_1;  getitem = None
        view: "f32[s0, 64][64, 1]cpu" = torch.ops.aten.view.default(x, [getitem_2, getitem_1]);  x = getitem_2 = getitem_1 = None
        return (mul, view)
#--- whole-size-uses.py
# Uses of the whole size get its dims spliced in: separate arguments of a
# Tensor method (as vLLM does), a list for an aten op, a tuple in the output;
# size[1:] is a size of its own and becomes the tuple (64,).
# WHOLE-SIZE-USES-LABEL: def forward(self, x: "f32[s0, 64][64, 1]cpu", y: "f32[s0, 64][64, 1]cpu", s0: "Sym(s0)"):
# WHOLE-SIZE-USES-NEXT:  sym_size_int: "Sym(s0)" = torch.ops.aten.sym_size.int(x, 0);  x = None
# WHOLE-SIZE-USES-NEXT:  view = y.view(sym_size_int, 64)
# WHOLE-SIZE-USES-NEXT:  reshape = torch.ops.aten.reshape.default(y, [sym_size_int, 64]);  y = None
# WHOLE-SIZE-USES-NEXT:  return (view, reshape, (64,), (sym_size_int, 64))
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[s0, 64][64, 1]cpu", y: "f32[s0, 64][64, 1]cpu", s0: "Sym(s0)"):
        size = x.size();  x = None
        view = y.view(size)
        reshape = torch.ops.aten.reshape.default(y, size);  y = None
        getitem = size[slice(1, None, None)]
        return (view, reshape, getitem, size)
#--- sym-size-and-single-dims.py
# aten.sym_size.default, x.size(k), x.size(dim = k) and aten.sym_size.int on a
# static dim: static dims fold to 8; the symbolic x.size(0) becomes
# sym_size.int; the existing sym_size.int on a symbolic dim stays. The whole
# query gets a node for every symbolic dim up front, as vLLM's does, even the
# unused dim 0 here (dce removes it).
# SYM-SIZE-AND-SINGLE-DIMS-LABEL: def forward(self, x: "f32[s0, 8][8, 1]cpu", s0: "Sym(s0)"):
# SYM-SIZE-AND-SINGLE-DIMS-NEXT:  sym_size_int_3: "Sym(s0)" = torch.ops.aten.sym_size.int(x, 0)
# SYM-SIZE-AND-SINGLE-DIMS-NEXT:  sym_size_int_2: "Sym(s0)" = torch.ops.aten.sym_size.int(x, 0);  sym_size_int_2 = None
# SYM-SIZE-AND-SINGLE-DIMS-NEXT:  sym_size_int_1 = torch.ops.aten.sym_size.int(x, 0);  x = None
# SYM-SIZE-AND-SINGLE-DIMS-NEXT:  return (8, sym_size_int_3, 8, 8, sym_size_int_1)
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[s0, 8][8, 1]cpu", s0: "Sym(s0)"):
        sym_size = torch.ops.aten.sym_size.default(x)
        getitem = sym_size[1];  sym_size = None
        size = x.size(0)
        size_1 = x.size(dim = 1)
        sym_size_int = torch.ops.aten.sym_size.int(x, 1)
        sym_size_int_1 = torch.ops.aten.sym_size.int(x, 0);  x = None
        return (getitem, size, size_1, sym_size_int, sym_size_int_1)
#--- slices-of-size.py
# Slices of a size are sizes: size[::-1][0] is the static last dim, size[-2:]
# is (s1, 8) and its first element the symbolic dim 1. Both symbolic dims get
# a node up front, each right after x, so they read in reverse order.
# SLICES-OF-SIZE-LABEL: def forward(self, x: "f32[s0, s1, 8][8*s1, 8, 1]cpu", s0: "Sym(s0)", s1: "Sym(s1)"):
# SLICES-OF-SIZE-NEXT:  sym_size_int_1: "Sym(s1)" = torch.ops.aten.sym_size.int(x, 1)
# SLICES-OF-SIZE-NEXT:  sym_size_int: "Sym(s0)" = torch.ops.aten.sym_size.int(x, 0);  sym_size_int = None
# SLICES-OF-SIZE-NEXT:  new_zeros = x.new_zeros(sym_size_int_1, 8);  x = None
# SLICES-OF-SIZE-NEXT:  return (8, sym_size_int_1, new_zeros)
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[s0, s1, 8][8*s1, 8, 1]cpu", s0: "Sym(s0)", s1: "Sym(s1)"):
        size = x.size()
        getitem = size[slice(None, None, -1)]
        getitem_1 = getitem[0];  getitem = None
        getitem_2 = size[slice(-2, None, None)];  size = None
        getitem_3 = getitem_2[0]
        new_zeros = x.new_zeros(getitem_2);  x = getitem_2 = None
        return (getitem_1, getitem_3, new_zeros)
#--- static-shape.py
# All dims static: every use becomes a literal and the size node goes.
# STATIC-SHAPE-LABEL: def forward(self, x: "f32[2, 3][3, 1]cpu"):
# STATIC-SHAPE-NEXT:  mul = 2 * 3
# STATIC-SHAPE-NEXT:  return (mul,)
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[2, 3][3, 1]cpu"):
        size = x.size();  x = None
        getitem = size[0]
        getitem_1 = size[1];  size = None
        mul = getitem * getitem_1;  getitem = getitem_1 = None
        return (mul,)
#--- unknown-meta.py
# Without meta on x its rank is unknown: the size query stays as it is.
# UNKNOWN-META-LABEL: def forward(self, x):
# UNKNOWN-META-NEXT:  size = x.size();  x = None
# UNKNOWN-META-NEXT:  getitem = size[0];  size = None
# UNKNOWN-META-NEXT:  return (getitem,)
class GraphModule(torch.nn.Module):
    def forward(self, x):
        size = x.size();  x = None
        getitem = size[0];  size = None
        return (getitem,)
#--- nodes-after-the-producer.py
# The sym_size.int for r.size()[0] goes right after r's producer (relu), before
# sin: a later use needs the SymInt, not r.
# NODES-AFTER-THE-PRODUCER-LABEL: def forward(self, x: "f32[s0, 8][8, 1]cpu", s0: "Sym(s0)"):
# NODES-AFTER-THE-PRODUCER-NEXT:  r: "f32[s0, 8][8, 1]cpu" = torch.ops.aten.relu.default(x);  x = None
# NODES-AFTER-THE-PRODUCER-NEXT:  sym_size_int: "Sym(s0)" = torch.ops.aten.sym_size.int(r, 0)
# NODES-AFTER-THE-PRODUCER-NEXT:  t: "f32[s0, 8][8, 1]cpu" = torch.ops.aten.sin.default(r);  r = None
# NODES-AFTER-THE-PRODUCER-NEXT:  v: "f32[s0, 8][8, 1]cpu" = torch.ops.aten.view.default(t, [sym_size_int, 8]);  t = sym_size_int = None
# NODES-AFTER-THE-PRODUCER-NEXT:  return (v,)
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[s0, 8][8, 1]cpu", s0: "Sym(s0)"):
        r: "f32[s0, 8][8, 1]cpu" = torch.ops.aten.relu.default(x);  x = None
        t: "f32[s0, 8][8, 1]cpu" = torch.ops.aten.sin.default(r)
        size = r.size();  r = None
        a = size[0];  size = None
        v: "f32[s0, 8][8, 1]cpu" = torch.ops.aten.view.default(t, [a, 8]);  t = a = None
        return (v,)
