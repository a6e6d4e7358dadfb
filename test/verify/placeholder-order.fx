# Placeholders come first (only the graph form can put one later).
# RUN: %not %piecewise lint %s 2>&1 | FileCheck %s
graph():
    %x : [num_users=1] = placeholder[target=x]
    %relu : [num_users=1] = call_function[target=torch.ops.aten.relu.default](args = (%x,), kwargs = {})
    # CHECK: placeholder-order.fx:[[#@LINE+1]]:5: error: placeholder 'y' comes after non-placeholder node 'relu'; placeholders must come first
    %y : [num_users=1] = placeholder[target=y]
    return (relu, y)
