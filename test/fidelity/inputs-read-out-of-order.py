# The parser tries "the graph input after the last one read" before its name table when
# a name misses its recent cache (Dynamo lifts inputs in the order the model reads them).
# That guess is only a shortcut: inputs read out of order, twice or never, a submodule
# whose inputs have the root's names (read right after the root's last input), and an
# input renamed by `l_x_ = L_x_` (its old name is gone) all bind exactly the node Python
# would. The `= None` frees and num_users count each graph's own users, so a reference
# bound to the other graph's same-named input shows up here.
# RUN: rm -rf %t && split-file %s %t
# RUN: %piecewise print %t/order.py | FileCheck %s --check-prefix=PRINT --match-full-lines
# RUN: %piecewise print --graph-form %t/order.py | FileCheck %s --check-prefix=GRAPH
# RUN: %piecewise lint %t/order.py
# RUN: %not %piecewise lint %t/renamed.py 2>&1 | FileCheck %s --check-prefix=RENAMED
# RUN: %piecewise print %t/renamed-ok.py | FileCheck %s --check-prefix=RENAMED-OK --match-full-lines

#--- order.py
class GraphModule(torch.nn.Module):
    def forward(self, p0: "f32[4]", p1: "f32[4]", p2: "f32[4]", p3: "f32[4]", p4: "f32[4]"):
        a: "f32[4]" = torch.ops.aten.add.Tensor(p2, p0)
        b: "f32[4]" = torch.ops.aten.sub.Tensor(p1, p3)
        c: "f32[4]" = torch.ops.aten.sub.Tensor(p3, p1)
        submod_0 = self.submod_0(a, b, c, p2)
        getitem: "f32[4]" = submod_0[0];  submod_0 = None
        return (getitem,)

    class submod_0(torch.nn.Module):
        def forward(self, p4: "f32[4]", p3: "f32[4]", p2: "f32[4]", p0: "f32[4]"):
            d: "f32[4]" = torch.ops.aten.mul.Tensor(p4, p0)
            e: "f32[4]" = torch.ops.aten.div.Tensor(p2, p3)
            return (d, e)

# PRINT:class GraphModule(torch.nn.Module):
# PRINT-NEXT:    def forward(self, p0: "f32[4]", p1: "f32[4]", p2: "f32[4]", p3: "f32[4]", p4: "f32[4]"):
# PRINT-NEXT:        a: "f32[4]" = torch.ops.aten.add.Tensor(p2, p0);  p0 = None
# PRINT-NEXT:        b: "f32[4]" = torch.ops.aten.sub.Tensor(p1, p3)
# PRINT-NEXT:        c: "f32[4]" = torch.ops.aten.sub.Tensor(p3, p1);  p3 = p1 = None
# PRINT-NEXT:        submod_0 = self.submod_0(a, b, c, p2);  a = b = c = p2 = None
# PRINT-NEXT:        getitem: "f32[4]" = submod_0[0];  submod_0 = None
# PRINT-NEXT:        return (getitem,)
# PRINT-EMPTY:
# PRINT-NEXT:    class submod_0(torch.nn.Module):
# PRINT-NEXT:        def forward(self, p4: "f32[4]", p3: "f32[4]", p2: "f32[4]", p0: "f32[4]"):
# PRINT-NEXT:            d: "f32[4]" = torch.ops.aten.mul.Tensor(p4, p0);  p4 = p0 = None
# PRINT-NEXT:            e: "f32[4]" = torch.ops.aten.div.Tensor(p2, p3);  p2 = p3 = None
# PRINT-NEXT:            return (d, e)

# GRAPH: %p0 : [num_users=1] = placeholder[target=p0]
# GRAPH-NEXT: %p1 : [num_users=2] = placeholder[target=p1]
# GRAPH-NEXT: %p2 : [num_users=2] = placeholder[target=p2]
# GRAPH-NEXT: %p3 : [num_users=2] = placeholder[target=p3]
# GRAPH-NEXT: %p4 : [num_users=0] = placeholder[target=p4]

#--- renamed.py
class GraphModule(torch.nn.Module):
    def forward(self, L_a_: "f32[4]", L_b_: "f32[4]", L_c_: "f32[4]"):
        l_b_ = L_b_
        x: "f32[4]" = torch.ops.aten.neg.default(L_a_)
        y: "f32[4]" = torch.ops.aten.neg.default(L_b_)
        return (x, y)

# RENAMED: renamed.py:5:50: error: name 'L_b_' is used before it is defined

#--- renamed-ok.py
class GraphModule(torch.nn.Module):
    def forward(self, L_a_: "f32[4]", L_b_: "f32[4]", L_c_: "f32[4]"):
        l_c_ = L_c_
        l_a_ = L_a_
        x: "f32[4]" = torch.ops.aten.neg.default(L_b_)
        y: "f32[4]" = torch.ops.aten.sub.Tensor(l_c_, l_a_)
        z: "f32[4]" = torch.ops.aten.sub.Tensor(y, x)
        return (z,)

# RENAMED-OK:    def forward(self, L_a_: "f32[4]", L_b_: "f32[4]", L_c_: "f32[4]"):
# RENAMED-OK-NEXT:        l_a_ = L_a_
# RENAMED-OK-NEXT:        l_c_ = L_c_
# RENAMED-OK-NEXT:        x: "f32[4]" = torch.ops.aten.neg.default(L_b_);  L_b_ = None
# RENAMED-OK-NEXT:        y: "f32[4]" = torch.ops.aten.sub.Tensor(l_c_, l_a_);  l_c_ = l_a_ = None
# RENAMED-OK-NEXT:        z: "f32[4]" = torch.ops.aten.sub.Tensor(y, x);  y = x = None
