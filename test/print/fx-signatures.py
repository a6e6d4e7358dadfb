# print writes the signature the way FX does. A placeholder whose name differs
# from its target (Dynamo's input `L_x_` bound to the value `l_x_`) is a
# parameter named by the target plus `l_x_ = L_x_`; pytree-flattened inputs are
# the pytree parameters, the placeholders' annotations on one line, and the
# `fx_pytree.tree_flatten_spec` unpacking. Both read back to the same text.
# RUN: split-file %s %t
# RUN: %piecewise print %t/dynamo.py | FileCheck %s --check-prefix=DYNAMO --match-full-lines --strict-whitespace
# RUN: %piecewise print %t/dynamo.py > %t/dynamo.1.py
# RUN: %piecewise print %t/dynamo.1.py | diff %t/dynamo.1.py -
# RUN: %piecewise print %t/pytree.py | FileCheck %s --check-prefix=PYTREE --match-full-lines --strict-whitespace
# RUN: %piecewise print %t/pytree.py > %t/pytree.1.py
# RUN: %piecewise print %t/pytree.1.py | diff %t/pytree.1.py -
# RUN: %piecewise print --graph-form %t/graph.fx | FileCheck %s --check-prefix=GRAPH
# RUN: %piecewise print %t/graph.fx | FileCheck %s --check-prefix=FROM-GRAPH --match-full-lines --strict-whitespace

#--- dynamo.py
class GraphModule(torch.nn.Module):
    def forward(self, L_x_: "f32[4][1]cpu", L_y_: "f32[4][1]cpu"):
        l_x_ = L_x_
        l_y_ = L_y_
        add: "f32[4][1]cpu" = l_x_ + l_y_;  l_x_ = l_y_ = None
        return (add,)

# DYNAMO:class GraphModule(torch.nn.Module):
# DYNAMO-NEXT:    def forward(self, L_x_: "f32[4][1]cpu", L_y_: "f32[4][1]cpu"):
# DYNAMO-NEXT:        l_x_ = L_x_
# DYNAMO-NEXT:        l_y_ = L_y_
# DYNAMO-NEXT:        add: "f32[4][1]cpu" = l_x_ + l_y_;  l_x_ = l_y_ = None
# DYNAMO-NEXT:        return (add,)

#--- pytree.py
class joint_helper(torch.nn.Module):
    def forward(self, primals, tangents):
        primals_1: "f32[4]"; primals_2: "f32[4]"; tangents_1: "f32[4]"; 
    
        primals_1, primals_2, tangents_1, = fx_pytree.tree_flatten_spec([primals, tangents], self._in_spec)
        mul: "f32[4]" = torch.ops.aten.mul.Tensor(primals_1, primals_2)
        mul_1: "f32[4]" = torch.ops.aten.mul.Tensor(tangents_1, primals_2)
        return pytree.tree_unflatten([mul, mul_1], self._out_spec)

# PYTREE:class joint_helper(torch.nn.Module):
# PYTREE-NEXT:    def forward(self, primals, tangents):
# PYTREE-NEXT:        primals_1: "f32[4]"; primals_2: "f32[4]"; tangents_1: "f32[4]"; 
# PYTREE-NEXT:    
# PYTREE-NEXT:        primals_1, primals_2, tangents_1, = fx_pytree.tree_flatten_spec([primals, tangents], self._in_spec)
# PYTREE-NEXT:        mul: "f32[4]" = torch.ops.aten.mul.Tensor(primals_1, primals_2);  primals_1 = None
# PYTREE-NEXT:        mul_1: "f32[4]" = torch.ops.aten.mul.Tensor(tangents_1, primals_2);  tangents_1 = primals_2 = None
# PYTREE-NEXT:        return pytree.tree_unflatten([mul, mul_1], self._out_spec)

#--- graph.fx
graph():
    %l_x_ : [num_users=1] = placeholder[target=L_x_]
    %neg : [num_users=1] = call_function[target=torch.ops.aten.neg.default](args = (%l_x_,), kwargs = {})
    return (neg,)

# GRAPH: %l_x_ : [num_users=1] = placeholder[target=L_x_]

# FROM-GRAPH:    def forward(self, L_x_):
# FROM-GRAPH-NEXT:        l_x_ = L_x_
# FROM-GRAPH-NEXT:        neg = torch.ops.aten.neg.default(l_x_);  l_x_ = None
