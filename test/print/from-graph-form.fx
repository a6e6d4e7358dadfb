# A print(gm.graph) dump, read and printed back in both forms.
# RUN: %piecewise print %s | FileCheck %s --match-full-lines
# RUN: %piecewise print --graph-form %s | FileCheck %s --check-prefix=GRAPH --match-full-lines
graph():
    %arg0_1 : [num_users=2] = placeholder[target=arg0_1]
    %arg1_1 : [num_users=1] = placeholder[target=arg1_1]
    %mm : [num_users=1] = call_function[target=torch.ops.aten.mm.default](args = (%arg0_1, %arg1_1), kwargs = {})
    %split_with_sizes : [num_users=2] = call_function[target=torch.ops.aten.split_with_sizes.default](args = (%mm, [2, 2], 1), kwargs = {})
    %getitem : [num_users=1] = call_function[target=operator.getitem](args = (%split_with_sizes, 0), kwargs = {})
    %getitem_1 : [num_users=1] = call_function[target=operator.getitem](args = (%split_with_sizes, 1), kwargs = {})
    %add : [num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%getitem, %arg0_1), kwargs = {alpha: 2})
    return (add, getitem_1)

# CHECK:      class GraphModule(torch.nn.Module):
# CHECK-NEXT:     def forward(self, arg0_1, arg1_1):
# CHECK-NEXT:         mm = torch.ops.aten.mm.default(arg0_1, arg1_1);  arg1_1 = None
# CHECK-NEXT:         split_with_sizes = torch.ops.aten.split_with_sizes.default(mm, [2, 2], 1);  mm = None
# CHECK-NEXT:         getitem = split_with_sizes[0]
# CHECK-NEXT:         getitem_1 = split_with_sizes[1];  split_with_sizes = None
# CHECK-NEXT:         add = torch.ops.aten.add.Tensor(getitem, arg0_1, alpha = 2);  getitem = arg0_1 = None
# CHECK-NEXT:         return (add, getitem_1)
# CHECK-EMPTY:

# The graph form prints back as it was read.
# GRAPH:      graph():
# GRAPH-NEXT:     %arg0_1 : [num_users=2] = placeholder[target=arg0_1]
# GRAPH-NEXT:     %arg1_1 : [num_users=1] = placeholder[target=arg1_1]
# GRAPH-NEXT:     %mm : [num_users=1] = call_function[target=torch.ops.aten.mm.default](args = (%arg0_1, %arg1_1), kwargs = {})
# GRAPH-NEXT:     %split_with_sizes : [num_users=2] = call_function[target=torch.ops.aten.split_with_sizes.default](args = (%mm, [2, 2], 1), kwargs = {})
# GRAPH-NEXT:     %getitem : [num_users=1] = call_function[target=operator.getitem](args = (%split_with_sizes, 0), kwargs = {})
# GRAPH-NEXT:     %getitem_1 : [num_users=1] = call_function[target=operator.getitem](args = (%split_with_sizes, 1), kwargs = {})
# GRAPH-NEXT:     %add : [num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%getitem, %arg0_1), kwargs = {alpha: 2})
# GRAPH-NEXT:     return (add, getitem_1)
