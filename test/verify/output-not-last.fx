# The output node is the last node.
# RUN: %not %piecewise lint %s 2>&1 | FileCheck %s
graph():
    %x : [num_users=2] = placeholder[target=x]
    # CHECK: output-not-last.fx:[[#@LINE+1]]:5: error: output node 'output' must be the last node, but 'relu' follows it
    return (x,)
    %relu : [num_users=0] = call_function[target=torch.ops.aten.relu.default](args = (%x,), kwargs = {})
