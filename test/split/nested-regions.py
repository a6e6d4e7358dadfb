# Nested compile regions (torch.compiler.nested_compile_region): Dynamo calls each region
# with torch.ops.higher_order.invoke_subgraph and prints its graph as a nested class. The
# split sees the splitting ops inside: `block` (class subgraph_1) holds torch.relu and is
# inlined at both its calls; `mlp` (subgraph_0) holds none and stays a call, from inside
# the inlined blocks by its dotted path (`self.subgraph_1.subgraph_0`) and at the top level
# (`self.subgraph_0`). The dump is print_readable() of torch.compile's graph for the model
# in Inputs/nested_regions.py (`--dump` prints it), which also runs a module written here
# and compares it with the model run eagerly.
# RUN: %piecewise split %s --splitting-ops=torch.relu -o %t.py 2>/dev/null | FileCheck %s
# CHECK:      pieces:          5 (2 splitting, 3 compiled)
# CHECK:      submod_1  splitting {{.*}} splitting op torch.relu
# CHECK:      submod_3  splitting {{.*}} splitting op torch.relu
# RUN: %piecewise lint %t.py
# RUN: FileCheck %s --check-prefix=MOD < %t.py
# MOD:      class GraphModule(torch.nn.Module):
# MOD:          subgraph_3 = self.subgraph_1.subgraph_0
# MOD:          subgraph_4 = self.subgraph_1.subgraph_0
# MOD:          subgraph_0 = self.subgraph_0
# MOD:      {{^    }}class subgraph_1(torch.nn.Module):
# MOD:      {{^        }}class subgraph_0(torch.nn.Module):
# MOD:      {{^    }}class subgraph_0(torch.nn.Module):
# MOD:      {{^    }}class submod_0(torch.nn.Module):
# MOD:          invoke_subgraph_3 = torch.ops.higher_order.invoke_subgraph(subgraph_3, 'subgraph_0', l_x_, l_w_)
# MOD:      {{^    }}class submod_1(torch.nn.Module):
# MOD-NEXT:     def forward(self, h: "f32[4, 8][8, 1]cpu"):
# MOD:              relu: "f32[4, 8][8, 1]cpu" = torch.relu(h)
# RUN: %python %S/Inputs/nested_regions.py %t.py | FileCheck %s --check-prefix=RAN
# RAN: ok
# REQUIRES: torch
#
# A split at an op that no region holds leaves every call as it is: the three calls land
# in the first piece, which the classes of both regions come with.
# RUN: %piecewise split %s --splitting-ops=operator.mul -o - 2>/dev/null | FileCheck %s --check-prefix=KEEP
# KEEP:          submod_0 = self.submod_0(subgraph_1, l_x_, l_w_, subgraph_2, subgraph_0)
# KEEP:         {{^    }}class subgraph_1(torch.nn.Module):
# KEEP:         {{^    }}class submod_0(torch.nn.Module):
# KEEP-COUNT-3: = torch.ops.higher_order.invoke_subgraph(
# KEEP-NOT:     = torch.ops.higher_order.invoke_subgraph(
#
# The pass on its own (`opt`) inlines every call, in every graph of the module; the
# classes stay, unused. The result runs as the model does.
# RUN: %piecewise opt %s --passes=inline-nested-regions --stats -o %t.inlined.py 2>&1 | FileCheck %s --check-prefix=STATS
# STATS: inline-nested-regions: 6 regions inlined
# RUN: %piecewise lint %t.inlined.py
# RUN: FileCheck %s --check-prefix=INLINED < %t.inlined.py
# INLINED-NOT: invoke_subgraph
# RUN: %python %S/Inputs/nested_regions.py %t.inlined.py | FileCheck %s --check-prefix=RAN
#
# A call that holds a splitting op but cannot be inlined exactly is a located error: an
# operand missing, or a result used other than by a getitem at a constant index.
# RUN: sed "s/invoke_subgraph(subgraph_1, 'subgraph_1', l_x_, l_w_)/invoke_subgraph(subgraph_1, 'subgraph_1', l_x_)/" %s > %t.operands.py
# RUN: %not %piecewise split %t.operands.py --splitting-ops=torch.relu 2>&1 | FileCheck %s --check-prefix=OPERANDS
# OPERANDS: operands.py:[[#]]:9: error: cannot inline the nested compile region that 'invoke_subgraph' calls: it passes 1 operand to a region with 2 inputs
# OPERANDS-NEXT: invoke_subgraph = torch.ops.higher_order.invoke_subgraph(subgraph_1, 'subgraph_1', l_x_);
# RUN: sed 's/b: "f32\[4, 8\]\[8, 1\]cpu" = invoke_subgraph_1\[0\]/b: "f32[4, 8][8, 1]cpu" = torch.sigmoid(invoke_subgraph_1)/' %s > %t.use.py
# RUN: %not %piecewise split %t.use.py --splitting-ops=torch.relu 2>&1 | FileCheck %s --check-prefix=USE
# USE: use.py:[[#]]:9: error: cannot inline the nested compile region that 'invoke_subgraph_1' calls: its result is used by 'b', not only read by a getitem at a constant index
# The same graph split at an op no region holds is fine (the call stays).
# RUN: %piecewise split %t.use.py --splitting-ops=operator.mul | FileCheck %s --check-prefix=FINE
# FINE: pieces:          2 (1 splitting, 1 compiled)
class GraphModule(torch.nn.Module):
    def forward(self, L_x_: "f32[4, 8][8, 1]cpu", L_w_: "f32[8, 8][8, 1]cpu"):
        l_x_ = L_x_
        l_w_ = L_w_

        # File: nested_regions.py:28 in model, code: a, s = block(x, w)
        subgraph_1 = self.subgraph_1
        invoke_subgraph = torch.ops.higher_order.invoke_subgraph(subgraph_1, 'subgraph_1', l_x_, l_w_);  subgraph_1 = l_x_ = None
        a: "f32[4, 8][8, 1]cpu" = invoke_subgraph[0]
        s: "f32[][]cpu" = invoke_subgraph[1];  invoke_subgraph = None

        # File: nested_regions.py:29 in model, code: b, t = block(a, w)
        subgraph_2 = self.subgraph_1
        invoke_subgraph_1 = torch.ops.higher_order.invoke_subgraph(subgraph_2, 'subgraph_1', a, l_w_);  subgraph_2 = a = None
        b: "f32[4, 8][8, 1]cpu" = invoke_subgraph_1[0]
        t: "f32[][]cpu" = invoke_subgraph_1[1];  invoke_subgraph_1 = None

        # File: nested_regions.py:30 in model, code: return mlp(b, w) * s, t
        subgraph_0 = self.subgraph_0
        invoke_subgraph_2 = torch.ops.higher_order.invoke_subgraph(subgraph_0, 'subgraph_0', b, l_w_);  subgraph_0 = b = l_w_ = None
        getitem_4: "f32[4, 8][8, 1]cpu" = invoke_subgraph_2[0];  invoke_subgraph_2 = None
        mul: "f32[4, 8][8, 1]cpu" = getitem_4 * s;  getitem_4 = s = None
        return (mul, t)

    class subgraph_1(torch.nn.Module):
        def forward(self, l_x_: "f32[4, 8][8, 1]cpu", l_w_: "f32[8, 8][8, 1]cpu"):
            # File: nested_regions.py:23 in block, code: h = mlp(x, w)
            subgraph_0 = self.subgraph_0
            invoke_subgraph = torch.ops.higher_order.invoke_subgraph(subgraph_0, 'subgraph_0', l_x_, l_w_);  subgraph_0 = l_w_ = None
            h: "f32[4, 8][8, 1]cpu" = invoke_subgraph[0];  invoke_subgraph = None

            # File: nested_regions.py:24 in block, code: return torch.relu(h) + x, h.sum()
            relu: "f32[4, 8][8, 1]cpu" = torch.relu(h)
            add: "f32[4, 8][8, 1]cpu" = relu + l_x_;  relu = l_x_ = None
            sum_1: "f32[][]cpu" = h.sum();  h = None
            return (add, sum_1)

        class subgraph_0(torch.nn.Module):
            def forward(self, l_x_: "f32[4, 8][8, 1]cpu", l_w_: "f32[8, 8][8, 1]cpu"):
                # File: nested_regions.py:18 in mlp, code: return torch.sigmoid(x @ w)
                matmul: "f32[4, 8][8, 1]cpu" = l_x_ @ l_w_;  l_x_ = l_w_ = None
                sigmoid: "f32[4, 8][8, 1]cpu" = torch.sigmoid(matmul);  matmul = None
                return (sigmoid,)

    class subgraph_0(torch.nn.Module):
        def forward(self, l_x_: "f32[4, 8][8, 1]cpu", l_w_: "f32[8, 8][8, 1]cpu"):
            # File: nested_regions.py:18 in mlp, code: return torch.sigmoid(x @ w)
            matmul: "f32[4, 8][8, 1]cpu" = l_x_ @ l_w_;  l_x_ = l_w_ = None
            sigmoid: "f32[4, 8][8, 1]cpu" = torch.sigmoid(matmul);  matmul = None
            return (sigmoid,)
