# `piecewise opt`: the pass manager from the command line. The file itself is
# the input graph: a q/k/v slice partition of a no-op view, a dead node, a
# duplicate and a size query, so every pass of the full pipeline has something
# to do (the unused size[1] is dead by the time decompose-size runs).
#
# The full pipeline, result on stdout:
# RUN: %piecewise opt %s --passes=split-coalescing,noop-elimination,dce,cse,decompose-size --check-no-change | FileCheck %s --check-prefix=PIPE
# PIPE-LABEL: def forward(self, x: "f32[s0, 96][96, 1]cpu", s0: "Sym(s0)"):
# PIPE-NEXT:  sym_size_int: "Sym(s0)" = torch.ops.aten.sym_size.int(x, 0)
# PIPE-NEXT:  split_with_sizes = torch.ops.aten.split_with_sizes.default(x, [32, 32, 32], -1);  x = None
# PIPE-NEXT:  getitem_2: "f32[s0, 32][96, 1]cpu" = split_with_sizes[0]
# PIPE-NEXT:  getitem_3: "f32[s0, 32][96, 1]cpu" = split_with_sizes[1]
# PIPE-NEXT:  getitem_4: "f32[s0, 32][96, 1]cpu" = split_with_sizes[2];  split_with_sizes = None
# PIPE-NEXT:  mul: "f32[s0, 32][32, 1]cpu" = torch.ops.aten.mul.Tensor(getitem_2, getitem_3);  getitem_2 = getitem_3 = None
# PIPE-NEXT:  add: "f32[s0, 32][32, 1]cpu" = torch.ops.aten.add.Tensor(mul, mul);  mul = None
# PIPE-NEXT:  sub: "f32[s0, 32][32, 1]cpu" = torch.ops.aten.sub.Tensor(add, getitem_4);  add = getitem_4 = None
# PIPE-NEXT:  view_1: "f32[s0, 2, 16][32, 16, 1]cpu" = torch.ops.aten.view.default(sub, [sym_size_int, 2, 16]);  sub = sym_size_int = None
# PIPE-NEXT:  return (view_1,)
#
# --stats: one line per pass, what it changed.
# RUN: %piecewise opt %s --passes=split-coalescing,noop-elimination,dce,cse,decompose-size --stats -o %t.out 2>&1 | FileCheck %s --check-prefix=STATS
# STATS:      split-coalescing: 1 slice partitions canonicalized
# STATS-NEXT: noop-elimination: 1 no-op views/reshapes removed
# STATS-NEXT: dce: 2 dead nodes erased
# STATS-NEXT: cse: 1 duplicate nodes merged
# STATS-NEXT: decompose-size: 1 size queries decomposed, 1 sym_size.int nodes created
#
# --timing: a table with a row per pass, verification time, and a total.
# RUN: %piecewise opt %s --passes=dce,cse --timing -o %t.out 2>&1 | FileCheck %s --check-prefix=TIMING
# TIMING:      pass timing (wall clock):
# TIMING-NEXT:   pass (ms)   verify (ms)  pass
# TIMING-NEXT:  {{[0-9]+\.[0-9]+}} {{[0-9]+\.[0-9]+}} dce
# TIMING-NEXT:  {{[0-9]+\.[0-9]+}} {{[0-9]+\.[0-9]+}} cse
# TIMING-NEXT:  {{[0-9]+\.[0-9]+}} {{[0-9]+\.[0-9]+}} total
#
# --print-ir-after=NAME prints the module after that pass on stderr; stdout
# keeps only the result.
# RUN: %piecewise opt %s --passes=noop-elimination,dce --print-ir-after=noop-elimination 2>&1 >/dev/null | FileCheck %s --check-prefix=AFTER
# AFTER:     # ===== IR after noop-elimination =====
# AFTER-NEXT: class GraphModule(torch.nn.Module):
# AFTER:      dead: "f32[s0, 96][96, 1]cpu" = torch.ops.aten.neg.default(x)
# AFTER-NOT: IR after dce
#
# --print-ir-after-all prints after every pass.
# RUN: %piecewise opt %s --passes=noop-elimination,dce --print-ir-after-all 2>&1 >/dev/null | FileCheck %s --check-prefix=ALL
# ALL: # ===== IR after noop-elimination =====
# ALL: # ===== IR after dce =====
#
# --no-verify-each is accepted and gives the same result.
# RUN: %piecewise opt %s --passes=split-coalescing,noop-elimination,dce,cse,decompose-size --no-verify-each | FileCheck %s --check-prefix=PIPE
#
# --list-passes names every pass.
# RUN: %piecewise opt --list-passes | FileCheck %s --check-prefix=LIST
# LIST:      cse
# LIST-NEXT: dce
# LIST-NEXT: decompose-size
# LIST-NEXT: inline-nested-regions
# LIST-NEXT: noop-elimination
# LIST-NEXT: split-coalescing
#
# Usage errors (exit 2): an unknown pass, an empty name, no --passes, an
# unknown --print-ir-after name.
# RUN: %expect-exit 2 %piecewise opt %s --passes=dce,frobnicate 2>&1 | FileCheck %s --check-prefix=UNKNOWN
# UNKNOWN: piecewise: error: unknown pass 'frobnicate' (known passes: cse, dce, decompose-size, inline-nested-regions, noop-elimination, split-coalescing)
# RUN: %expect-exit 2 %piecewise opt %s --passes=dce,,cse 2>&1 | FileCheck %s --check-prefix=EMPTY
# EMPTY: piecewise: error: empty pass name in pipeline 'dce,,cse'
# RUN: %expect-exit 2 %piecewise opt %s 2>&1 | FileCheck %s --check-prefix=NOPASSES
# NOPASSES: piecewise: error: opt needs --passes=NAME[,NAME...]
# RUN: %expect-exit 2 %piecewise opt %s --passes=dce --print-ir-after=nope 2>&1 | FileCheck %s --check-prefix=BADAFTER
# BADAFTER: piecewise: error: --print-ir-after: unknown pass 'nope'
#
# An input error (exit 1) is reported before any pass runs.
# RUN: %expect-exit 1 %piecewise opt %t.missing.py --passes=dce 2>&1 | FileCheck %s --check-prefix=MISSING
# MISSING: piecewise: error: cannot open
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[s0, 96][96, 1]cpu", s0: "Sym(s0)"):
        view: "f32[s0, 96][96, 1]cpu" = torch.ops.aten.view.default(x, [s0, 96])
        q: "f32[s0, 32][96, 1]cpu" = torch.ops.aten.slice.Tensor(view, -1, 0, 32)
        k: "f32[s0, 32][96, 1]cpu" = torch.ops.aten.slice.Tensor(view, -1, 32, 64)
        v: "f32[s0, 32][96, 1]cpu" = torch.ops.aten.slice.Tensor(view, -1, 64, 96);  view = None
        dead: "f32[s0, 96][96, 1]cpu" = torch.ops.aten.neg.default(x);  dead = None
        mul: "f32[s0, 32][32, 1]cpu" = torch.ops.aten.mul.Tensor(q, k)
        mul_1: "f32[s0, 32][32, 1]cpu" = torch.ops.aten.mul.Tensor(q, k);  q = k = None
        add: "f32[s0, 32][32, 1]cpu" = torch.ops.aten.add.Tensor(mul, mul_1);  mul = mul_1 = None
        size = x.size();  x = None
        getitem = size[0]
        getitem_1 = size[1];  size = getitem_1 = None
        sub: "f32[s0, 32][32, 1]cpu" = torch.ops.aten.sub.Tensor(add, v);  add = v = None
        view_1: "f32[s0, 2, 16][32, 16, 1]cpu" = torch.ops.aten.view.default(sub, [getitem, 2, 16]);  sub = getitem = None
        return (view_1,)
