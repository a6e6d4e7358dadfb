# cse: merges a pure node into an identical earlier one (same target, same args
# and kwargs), never across an in-place write to what it reads. Each part
# (split-file) is one graph with a comment saying what it shows; its checks are
# the whole printed result.
# RUN: rm -rf %t && split-file %s %t
# RUN: %piecewise opt %t/identical-pure-nodes.py --passes=cse --check-no-change | FileCheck %s --check-prefix=IDENTICAL-PURE-NODES
# RUN: %piecewise opt %t/identical-pure-nodes.py --passes=cse --stats -o %t/identical-pure-nodes.py.out 2>&1 | FileCheck %s --check-prefix=IDENTICAL-PURE-NODES-STATS
# RUN: %piecewise opt %t/different-arguments.py --passes=cse --check-no-change | FileCheck %s --check-prefix=DIFFERENT-ARGUMENTS
# RUN: %piecewise opt %t/impure-never-merged.py --passes=cse --check-no-change | FileCheck %s --check-prefix=IMPURE-NEVER-MERGED
# RUN: %piecewise opt %t/write-in-between.py --passes=cse --check-no-change | FileCheck %s --check-prefix=WRITE-IN-BETWEEN
# RUN: %piecewise opt %t/write-through-view.py --passes=cse --check-no-change | FileCheck %s --check-prefix=WRITE-THROUGH-VIEW
# RUN: %piecewise opt %t/fresh-result-written.py --passes=cse --check-no-change | FileCheck %s --check-prefix=FRESH-RESULT-WRITTEN
# RUN: %piecewise opt %t/unrelated-write.py --passes=cse --check-no-change | FileCheck %s --check-prefix=UNRELATED-WRITE
# RUN: %piecewise opt %t/getitems-and-symints.py --passes=cse --check-no-change | FileCheck %s --check-prefix=GETITEMS-AND-SYMINTS
# RUN: %piecewise opt %t/opaque-op-writes-its-inputs.py --passes=cse --check-no-change | FileCheck %s --check-prefix=OPAQUE-OP-WRITES-ITS-INPUTS
# RUN: %piecewise opt %t/chains-through-single-use-values.py --passes=cse --check-no-change | FileCheck %s --check-prefix=CHAINS-THROUGH-SINGLE-USE-VALUES
# RUN: %piecewise opt %t/chains-through-single-use-values.py --passes=cse --stats -o %t/chains-through-single-use-values.py.out 2>&1 | FileCheck %s --check-prefix=CHAINS-THROUGH-SINGLE-USE-VALUES-STATS

#--- identical-pure-nodes.py
# mul(x, 2) twice, then relu of each: both pairs merge (the second through the
# first merge), and add reads the first relu twice.
# IDENTICAL-PURE-NODES-LABEL: def forward(self, x: "f32[4][1]cpu"):
# IDENTICAL-PURE-NODES-NEXT:  mul: "f32[4][1]cpu" = torch.ops.aten.mul.Tensor(x, 2);  x = None
# IDENTICAL-PURE-NODES-NEXT:  relu: "f32[4][1]cpu" = torch.ops.aten.relu.default(mul);  mul = None
# IDENTICAL-PURE-NODES-NEXT:  add: "f32[4][1]cpu" = torch.ops.aten.add.Tensor(relu, relu);  relu = None
# IDENTICAL-PURE-NODES-NEXT:  return (add,)
# IDENTICAL-PURE-NODES-STATS: cse: 2 duplicate nodes merged
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4][1]cpu"):
        mul: "f32[4][1]cpu" = torch.ops.aten.mul.Tensor(x, 2)
        mul_1: "f32[4][1]cpu" = torch.ops.aten.mul.Tensor(x, 2);  x = None
        relu: "f32[4][1]cpu" = torch.ops.aten.relu.default(mul);  mul = None
        relu_1: "f32[4][1]cpu" = torch.ops.aten.relu.default(mul_1);  mul_1 = None
        add: "f32[4][1]cpu" = torch.ops.aten.add.Tensor(relu, relu_1);  relu = relu_1 = None
        return (add,)
#--- different-arguments.py
# Different constants, an extra argument, 1.0 vs 1: all different, nothing merges.
# DIFFERENT-ARGUMENTS-LABEL: def forward(self, x: "f32[4][1]cpu"):
# DIFFERENT-ARGUMENTS-NEXT:  mul: "f32[4][1]cpu" = torch.ops.aten.mul.Tensor(x, 2)
# DIFFERENT-ARGUMENTS-NEXT:  mul_1: "f32[4][1]cpu" = torch.ops.aten.mul.Tensor(x, 3)
# DIFFERENT-ARGUMENTS-NEXT:  sum_1: "f32[][]cpu" = torch.ops.aten.sum.dim_IntList(x, [0])
# DIFFERENT-ARGUMENTS-NEXT:  sum_2: "f32[1][1]cpu" = torch.ops.aten.sum.dim_IntList(x, [0], True)
# DIFFERENT-ARGUMENTS-NEXT:  add: "f32[4][1]cpu" = torch.ops.aten.add.Tensor(x, 1.0)
# DIFFERENT-ARGUMENTS-NEXT:  add_1: "f32[4][1]cpu" = torch.ops.aten.add.Tensor(x, 1);  x = None
# DIFFERENT-ARGUMENTS-NEXT:  return (mul, mul_1, sum_1, sum_2, add, add_1)
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4][1]cpu"):
        mul: "f32[4][1]cpu" = torch.ops.aten.mul.Tensor(x, 2)
        mul_1: "f32[4][1]cpu" = torch.ops.aten.mul.Tensor(x, 3)
        sum_1: "f32[][]cpu" = torch.ops.aten.sum.dim_IntList(x, [0])
        sum_2: "f32[1][1]cpu" = torch.ops.aten.sum.dim_IntList(x, [0], True)
        add: "f32[4][1]cpu" = torch.ops.aten.add.Tensor(x, 1.0)
        add_1: "f32[4][1]cpu" = torch.ops.aten.add.Tensor(x, 1);  x = None
        return (mul, mul_1, sum_1, sum_2, add, add_1)
#--- impure-never-merged.py
# Random ops, uninitialized allocations, in-place ops and ops without a schema
# are never merged.
# IMPURE-NEVER-MERGED-LABEL: def forward(self, x: "f32[4][1]cpu"):
# IMPURE-NEVER-MERGED-NEXT:  rand: "f32[4][1]cpu" = torch.ops.aten.rand.default([4], device = device(type='cpu'), pin_memory = False)
# IMPURE-NEVER-MERGED-NEXT:  rand_1: "f32[4][1]cpu" = torch.ops.aten.rand.default([4], device = device(type='cpu'), pin_memory = False)
# IMPURE-NEVER-MERGED-NEXT:  empty: "f32[4][1]cpu" = torch.ops.aten.empty.memory_format([4], device = device(type='cpu'), pin_memory = False)
# IMPURE-NEVER-MERGED-NEXT:  empty_1: "f32[4][1]cpu" = torch.ops.aten.empty.memory_format([4], device = device(type='cpu'), pin_memory = False)
# IMPURE-NEVER-MERGED-NEXT:  add_: "f32[4][1]cpu" = torch.ops.aten.add_.Tensor(x, 1)
# IMPURE-NEVER-MERGED-NEXT:  add__1: "f32[4][1]cpu" = torch.ops.aten.add_.Tensor(x, 1)
# IMPURE-NEVER-MERGED-NEXT:  thing = torch.ops.mylib.thing.default(x)
# IMPURE-NEVER-MERGED-NEXT:  thing_1 = torch.ops.mylib.thing.default(x);  x = None
# IMPURE-NEVER-MERGED-NEXT:  return (rand, rand_1, empty, empty_1, add_, add__1, thing, thing_1)
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4][1]cpu"):
        rand: "f32[4][1]cpu" = torch.ops.aten.rand.default([4], device = device(type='cpu'), pin_memory = False)
        rand_1: "f32[4][1]cpu" = torch.ops.aten.rand.default([4], device = device(type='cpu'), pin_memory = False)
        empty: "f32[4][1]cpu" = torch.ops.aten.empty.memory_format([4], device = device(type='cpu'), pin_memory = False)
        empty_1: "f32[4][1]cpu" = torch.ops.aten.empty.memory_format([4], device = device(type='cpu'), pin_memory = False)
        add_: "f32[4][1]cpu" = torch.ops.aten.add_.Tensor(x, 1)
        add__1: "f32[4][1]cpu" = torch.ops.aten.add_.Tensor(x, 1)
        thing = torch.ops.mylib.thing.default(x)
        thing_1 = torch.ops.mylib.thing.default(x);  x = None
        return (rand, rand_1, empty, empty_1, add_, add__1, thing, thing_1)
#--- write-in-between.py
# mul(x, 2) before and after x.add_(1) differ; the two after it are the same.
# WRITE-IN-BETWEEN-LABEL: def forward(self, x: "f32[4][1]cpu"):
# WRITE-IN-BETWEEN-NEXT:  mul: "f32[4][1]cpu" = torch.ops.aten.mul.Tensor(x, 2)
# WRITE-IN-BETWEEN-NEXT:  add_: "f32[4][1]cpu" = torch.ops.aten.add_.Tensor(x, 1);  add_ = None
# WRITE-IN-BETWEEN-NEXT:  mul_1: "f32[4][1]cpu" = torch.ops.aten.mul.Tensor(x, 2);  x = None
# WRITE-IN-BETWEEN-NEXT:  return (mul, mul_1, mul_1)
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4][1]cpu"):
        mul: "f32[4][1]cpu" = torch.ops.aten.mul.Tensor(x, 2)
        add_: "f32[4][1]cpu" = torch.ops.aten.add_.Tensor(x, 1);  add_ = None
        mul_1: "f32[4][1]cpu" = torch.ops.aten.mul.Tensor(x, 2)
        mul_2: "f32[4][1]cpu" = torch.ops.aten.mul.Tensor(x, 2);  x = None
        return (mul, mul_1, mul_2)
#--- write-through-view.py
# A write through a view of x also separates two reads of x.
# WRITE-THROUGH-VIEW-LABEL: def forward(self, x: "f32[4][1]cpu"):
# WRITE-THROUGH-VIEW-NEXT:  mul: "f32[4][1]cpu" = torch.ops.aten.mul.Tensor(x, 2)
# WRITE-THROUGH-VIEW-NEXT:  view: "f32[2, 2][2, 1]cpu" = torch.ops.aten.view.default(x, [2, 2])
# WRITE-THROUGH-VIEW-NEXT:  add_: "f32[2, 2][2, 1]cpu" = torch.ops.aten.add_.Tensor(view, 1);  view = add_ = None
# WRITE-THROUGH-VIEW-NEXT:  mul_1: "f32[4][1]cpu" = torch.ops.aten.mul.Tensor(x, 2);  x = None
# WRITE-THROUGH-VIEW-NEXT:  return (mul, mul_1)
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4][1]cpu"):
        mul: "f32[4][1]cpu" = torch.ops.aten.mul.Tensor(x, 2)
        view: "f32[2, 2][2, 1]cpu" = torch.ops.aten.view.default(x, [2, 2])
        add_: "f32[2, 2][2, 1]cpu" = torch.ops.aten.add_.Tensor(view, 1);  view = add_ = None
        mul_1: "f32[4][1]cpu" = torch.ops.aten.mul.Tensor(x, 2);  x = None
        return (mul, mul_1)
#--- fresh-result-written.py
# Two clones of x are equal, but the first is written afterwards: merging them
# would make the second see the write. Nothing merges.
# FRESH-RESULT-WRITTEN-LABEL: def forward(self, x: "f32[4][1]cpu"):
# FRESH-RESULT-WRITTEN-NEXT:  clone: "f32[4][1]cpu" = torch.ops.aten.clone.default(x)
# FRESH-RESULT-WRITTEN-NEXT:  clone_1: "f32[4][1]cpu" = torch.ops.aten.clone.default(x);  x = None
# FRESH-RESULT-WRITTEN-NEXT:  add_: "f32[4][1]cpu" = torch.ops.aten.add_.Tensor(clone, 1);  add_ = None
# FRESH-RESULT-WRITTEN-NEXT:  return (clone, clone_1)
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4][1]cpu"):
        clone: "f32[4][1]cpu" = torch.ops.aten.clone.default(x)
        clone_1: "f32[4][1]cpu" = torch.ops.aten.clone.default(x);  x = None
        add_: "f32[4][1]cpu" = torch.ops.aten.add_.Tensor(clone, 1);  add_ = None
        return (clone, clone_1)
#--- unrelated-write.py
# A write to another tensor (y) does not stop two reads of x from merging.
# UNRELATED-WRITE-LABEL: def forward(self, x: "f32[4][1]cpu", y: "f32[4][1]cpu"):
# UNRELATED-WRITE-NEXT:  mul: "f32[4][1]cpu" = torch.ops.aten.mul.Tensor(x, 2);  x = None
# UNRELATED-WRITE-NEXT:  add_: "f32[4][1]cpu" = torch.ops.aten.add_.Tensor(y, 1);  y = add_ = None
# UNRELATED-WRITE-NEXT:  return (mul, mul)
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4][1]cpu", y: "f32[4][1]cpu"):
        mul: "f32[4][1]cpu" = torch.ops.aten.mul.Tensor(x, 2)
        add_: "f32[4][1]cpu" = torch.ops.aten.add_.Tensor(y, 1);  y = add_ = None
        mul_1: "f32[4][1]cpu" = torch.ops.aten.mul.Tensor(x, 2);  x = None
        return (mul, mul_1)
#--- getitems-and-symints.py
# Duplicate getitems of one split and duplicate SymInt arithmetic merge.
# GETITEMS-AND-SYMINTS-LABEL: def forward(self, x: "f32[s0, 4][4, 1]cpu", s0: "Sym(s0)"):
# GETITEMS-AND-SYMINTS-NEXT:  split_with_sizes = torch.ops.aten.split_with_sizes.default(x, [2, 2], 1);  x = None
# GETITEMS-AND-SYMINTS-NEXT:  getitem: "f32[s0, 2][4, 1]cpu" = split_with_sizes[0];  split_with_sizes = None
# GETITEMS-AND-SYMINTS-NEXT:  mul: "Sym(4*s0)" = s0 * 4;  s0 = None
# GETITEMS-AND-SYMINTS-NEXT:  add: "f32[s0, 2][2, 1]cpu" = torch.ops.aten.add.Tensor(getitem, getitem);  getitem = None
# GETITEMS-AND-SYMINTS-NEXT:  return (add, mul, mul)
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[s0, 4][4, 1]cpu", s0: "Sym(s0)"):
        split_with_sizes = torch.ops.aten.split_with_sizes.default(x, [2, 2], 1);  x = None
        getitem: "f32[s0, 2][4, 1]cpu" = split_with_sizes[0]
        getitem_1: "f32[s0, 2][4, 1]cpu" = split_with_sizes[0];  split_with_sizes = None
        mul: "Sym(4*s0)" = s0 * 4
        mul_1: "Sym(4*s0)" = s0 * 4;  s0 = None
        add: "f32[s0, 2][2, 1]cpu" = torch.ops.aten.add.Tensor(getitem, getitem_1);  getitem = getitem_1 = None
        return (add, mul, mul_1)
#--- opaque-op-writes-its-inputs.py
# An op without a schema may write its inputs: the two muls of x on either
# side of it stay apart.
# OPAQUE-OP-WRITES-ITS-INPUTS-LABEL: def forward(self, x: "f32[4][1]cpu"):
# OPAQUE-OP-WRITES-ITS-INPUTS-NEXT:  a: "f32[4][1]cpu" = torch.ops.aten.mul.Tensor(x, 2)
# OPAQUE-OP-WRITES-ITS-INPUTS-NEXT:  w = torch.ops.mylib.mutate.default(x);  w = None
# OPAQUE-OP-WRITES-ITS-INPUTS-NEXT:  b: "f32[4][1]cpu" = torch.ops.aten.mul.Tensor(x, 2);  x = None
# OPAQUE-OP-WRITES-ITS-INPUTS-NEXT:  return (a, b)
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4][1]cpu"):
        a: "f32[4][1]cpu" = torch.ops.aten.mul.Tensor(x, 2)
        w = torch.ops.mylib.mutate.default(x);  w = None
        b: "f32[4][1]cpu" = torch.ops.aten.mul.Tensor(x, 2);  x = None
        return (a, b)
#--- chains-through-single-use-values.py
# relu(a) is not looked up while `a` has one user; merging b into a gives it a
# twin, which is still found: the whole chain merges in one run (3 merges).
# CHAINS-THROUGH-SINGLE-USE-VALUES-LABEL: def forward(self, x: "f32[4][1]cpu"):
# CHAINS-THROUGH-SINGLE-USE-VALUES-NEXT:  a: "f32[4][1]cpu" = torch.ops.aten.mul.Tensor(x, 2);  x = None
# CHAINS-THROUGH-SINGLE-USE-VALUES-NEXT:  n: "f32[4][1]cpu" = torch.ops.aten.relu.default(a);  a = None
# CHAINS-THROUGH-SINGLE-USE-VALUES-NEXT:  o: "f32[4][1]cpu" = torch.ops.aten.neg.default(n);  n = None
# CHAINS-THROUGH-SINGLE-USE-VALUES-NEXT:  return (o, o)
# CHAINS-THROUGH-SINGLE-USE-VALUES-STATS: cse: 3 duplicate nodes merged
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4][1]cpu"):
        a: "f32[4][1]cpu" = torch.ops.aten.mul.Tensor(x, 2)
        n: "f32[4][1]cpu" = torch.ops.aten.relu.default(a);  a = None
        b: "f32[4][1]cpu" = torch.ops.aten.mul.Tensor(x, 2);  x = None
        m: "f32[4][1]cpu" = torch.ops.aten.relu.default(b);  b = None
        o: "f32[4][1]cpu" = torch.ops.aten.neg.default(n);  n = None
        p: "f32[4][1]cpu" = torch.ops.aten.neg.default(m);  m = None
        return (o, p)
