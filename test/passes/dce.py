# dce: erases nodes whose value nothing uses and that have no effect beyond it;
# side effects come from schemas. Each part (split-file) is one graph with a
# comment saying what it shows; its checks are the whole printed result.
# RUN: rm -rf %t && split-file %s %t
# RUN: %piecewise opt %t/dead-chain.py --passes=dce --check-no-change | FileCheck %s --check-prefix=DEAD-CHAIN
# RUN: %piecewise opt %t/dead-chain.py --passes=dce --stats -o %t/dead-chain.py.out 2>&1 | FileCheck %s --check-prefix=DEAD-CHAIN-STATS
# RUN: %piecewise opt %t/side-effects-kept.py --passes=dce --check-no-change | FileCheck %s --check-prefix=SIDE-EFFECTS-KEPT
# RUN: %piecewise opt %t/side-effects-kept.py --passes=dce --stats -o %t/side-effects-kept.py.out 2>&1 | FileCheck %s --check-prefix=SIDE-EFFECTS-KEPT-STATS
# RUN: %piecewise opt %t/view-feeding-a-write.py --passes=dce --check-no-change | FileCheck %s --check-prefix=VIEW-FEEDING-A-WRITE
# RUN: %piecewise opt %t/getitems-of-hop.py --passes=dce --check-no-change | FileCheck %s --check-prefix=GETITEMS-OF-HOP
# RUN: %piecewise opt %t/submodules.py --passes=dce --check-no-change | FileCheck %s --check-prefix=SUBMODULES
# RUN: %piecewise opt %t/nothing-dead.py --passes=dce --check-no-change | FileCheck %s --check-prefix=NOTHING-DEAD

#--- dead-chain.py
# A chain of unused pure ops goes in one run; the unused placeholder stays.
# DEAD-CHAIN-LABEL: def forward(self, x: "f32[4][1]cpu", unused: "f32[4][1]cpu"):
# DEAD-CHAIN-NEXT:  relu: "f32[4][1]cpu" = torch.ops.aten.relu.default(x);  x = None
# DEAD-CHAIN-NEXT:  return (relu,)
# DEAD-CHAIN-STATS: dce: 3 dead nodes erased
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4][1]cpu", unused: "f32[4][1]cpu"):
        mul: "f32[4][1]cpu" = torch.ops.aten.mul.Tensor(x, 2)
        add: "f32[4][1]cpu" = torch.ops.aten.add.Tensor(mul, 1);  mul = None
        view: "f32[2, 2][2, 1]cpu" = torch.ops.aten.view.default(add, [2, 2]);  add = view = None
        relu: "f32[4][1]cpu" = torch.ops.aten.relu.default(x);  x = None
        return (relu,)
#--- side-effects-kept.py
# Kept although unused: in-place writes ((a!) in the schema), an op with no
# outputs, a random op, an op without a schema, an in-place Tensor method, a
# Python callable piecewise does not know (`pad`: it may return its input), a
# known pure one called in place (`relu(x, inplace = True)`: Effects.h rule 8).
# Only the unused empty() and the out-of-place relu go.
# SIDE-EFFECTS-KEPT-LABEL: def forward(self, x: "f32[4][1]cpu", y: "f32[4][1]cpu"):
# SIDE-EFFECTS-KEPT-NEXT:  add_: "f32[4][1]cpu" = torch.ops.aten.add_.Tensor(x, 1);  add_ = None
# SIDE-EFFECTS-KEPT-NEXT:  copy_: "f32[4][1]cpu" = torch.ops.aten.copy_.default(y, x);  copy_ = None
# SIDE-EFFECTS-KEPT-NEXT:  _assert_async = torch.ops.aten._assert_async.msg(x, 'never fires');  _assert_async = None
# SIDE-EFFECTS-KEPT-NEXT:  rand: "f32[4][1]cpu" = torch.ops.aten.rand.default([4], device = device(type='cpu'), pin_memory = False);  rand = None
# SIDE-EFFECTS-KEPT-NEXT:  mystery = torch.ops.mylib.mystery.default(x);  mystery = None
# SIDE-EFFECTS-KEPT-NEXT:  mul_: "f32[4][1]cpu" = y.mul_(2);  mul_ = None
# SIDE-EFFECTS-KEPT-NEXT:  pad = torch._C._nn.pad(x, (1, 1), 'constant', None);  pad = None
# SIDE-EFFECTS-KEPT-NEXT:  relu_1 = torch.nn.functional.relu(x, inplace = True);  relu_1 = None
# SIDE-EFFECTS-KEPT-NEXT:  return (x, y)
# SIDE-EFFECTS-KEPT-STATS: dce: 2 dead nodes erased
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4][1]cpu", y: "f32[4][1]cpu"):
        add_: "f32[4][1]cpu" = torch.ops.aten.add_.Tensor(x, 1)
        copy_: "f32[4][1]cpu" = torch.ops.aten.copy_.default(y, x)
        _assert_async = torch.ops.aten._assert_async.msg(x, 'never fires')
        rand: "f32[4][1]cpu" = torch.ops.aten.rand.default([4], device = device(type='cpu'), pin_memory = False)
        mystery = torch.ops.mylib.mystery.default(x)
        mul_: "f32[4][1]cpu" = y.mul_(2)
        pad = torch._C._nn.pad(x, (1, 1), 'constant', None)
        relu = torch.nn.functional.relu(x)
        relu_1 = torch.nn.functional.relu(x, inplace = True)
        empty: "f32[4][1]cpu" = torch.ops.aten.empty.memory_format([4], device = device(type='cpu'), pin_memory = False)
        return (x, y)
#--- view-feeding-a-write.py
# A view whose only user writes through it is live.
# VIEW-FEEDING-A-WRITE-LABEL: def forward(self, x: "f32[4][1]cpu"):
# VIEW-FEEDING-A-WRITE-NEXT:  view: "f32[2, 2][2, 1]cpu" = torch.ops.aten.view.default(x, [2, 2])
# VIEW-FEEDING-A-WRITE-NEXT:  add_: "f32[2, 2][2, 1]cpu" = torch.ops.aten.add_.Tensor(view, 1);  view = add_ = None
# VIEW-FEEDING-A-WRITE-NEXT:  return (x,)
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4][1]cpu"):
        view: "f32[2, 2][2, 1]cpu" = torch.ops.aten.view.default(x, [2, 2])
        add_: "f32[2, 2][2, 1]cpu" = torch.ops.aten.add_.Tensor(view, 1);  view = None
        return (x,)
#--- getitems-of-hop.py
# Unused getitems of a functional higher-order op go; the op stays while one
# of its outputs is used.
# GETITEMS-OF-HOP-LABEL: def forward(self, x: "f32[4][1]cpu", w: "f32[4][1]cpu"):
# GETITEMS-OF-HOP-NEXT:  empty: "f32[4][1]cpu" = torch.ops.aten.empty.memory_format([4], device = device(type='cpu'), pin_memory = False)
# GETITEMS-OF-HOP-NEXT:  auto_functionalized = torch.ops.higher_order.auto_functionalized(torch.ops.mylib.norm.default, result = empty, input = x, weight = w);  empty = x = w = None
# GETITEMS-OF-HOP-NEXT:  getitem_1: "f32[4][1]cpu" = auto_functionalized[1];  auto_functionalized = None
# GETITEMS-OF-HOP-NEXT:  return (getitem_1,)
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4][1]cpu", w: "f32[4][1]cpu"):
        empty: "f32[4][1]cpu" = torch.ops.aten.empty.memory_format([4], device = device(type='cpu'), pin_memory = False)
        auto_functionalized = torch.ops.higher_order.auto_functionalized(torch.ops.mylib.norm.default, result = empty, input = x, weight = w);  empty = x = w = None
        getitem: "f32[4][1]cpu" = auto_functionalized[0]
        getitem_1: "f32[4][1]cpu" = auto_functionalized[1];  auto_functionalized = None
        return (getitem_1,)
#--- submodules.py
# dce runs on every graph of the module: the dead neg in the submodule goes,
# the call_module (opaque) stays.
# SUBMODULES-LABEL: def forward(self, x: "f32[4][1]cpu"):
# SUBMODULES-NEXT:  submod_0 = self.submod_0(x);  x = None
# SUBMODULES-NEXT:  getitem: "f32[4][1]cpu" = submod_0[0];  submod_0 = None
# SUBMODULES-NEXT:  return (getitem,)
# SUBMODULES-EMPTY:
# SUBMODULES-NEXT:  class submod_0(torch.nn.Module):
# SUBMODULES-NEXT:  def forward(self, x: "f32[4][1]cpu"):
# SUBMODULES-NEXT:  relu: "f32[4][1]cpu" = torch.ops.aten.relu.default(x);  x = None
# SUBMODULES-NEXT:  return (relu,)
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4][1]cpu"):
        submod_0 = self.submod_0(x);  x = None
        getitem: "f32[4][1]cpu" = submod_0[0];  submod_0 = None
        return (getitem,)

    class submod_0(torch.nn.Module):
        def forward(self, x: "f32[4][1]cpu"):
            neg: "f32[4][1]cpu" = torch.ops.aten.neg.default(x);  neg = None
            relu: "f32[4][1]cpu" = torch.ops.aten.relu.default(x);  x = None
            return (relu,)
#--- nothing-dead.py
# Nothing to remove: the graph prints as it was read.
# NOTHING-DEAD-LABEL: def forward(self, x: "f32[4][1]cpu"):
# NOTHING-DEAD-NEXT:  relu: "f32[4][1]cpu" = torch.ops.aten.relu.default(x);  x = None
# NOTHING-DEAD-NEXT:  return (relu,)
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4][1]cpu"):
        relu: "f32[4][1]cpu" = torch.ops.aten.relu.default(x);  x = None
        return (relu,)
