# getitem ranges in the graph form: a fixed `(Tensor, Tensor)` return is
# checked; a `Tensor[]` return without list meta is not.
# RUN: %not %piecewise lint %s 2>&1 | FileCheck %s
graph():
    %x : [num_users=2] = placeholder[target=x]
    %split : [num_users=1] = call_function[target=torch.ops.aten.split.Tensor](args = (%x, 2), kwargs = {})
    %getitem : [num_users=1] = call_function[target=operator.getitem](args = (%split, 5), kwargs = {})
    %var_mean : [num_users=1] = call_function[target=torch.ops.aten.var_mean.correction](args = (%x,), kwargs = {})
    # CHECK-NOT: 'getitem' reads
    # CHECK: getitem-graph-form.fx:[[#@LINE+1]]:5: error: node 'getitem_1' reads index -3 of 'var_mean', which has 2 values
    %getitem_1 : [num_users=1] = call_function[target=operator.getitem](args = (%var_mean, -3), kwargs = {})
    return (getitem, getitem_1)
