# A graph without an output node (the error points at the last node).
# RUN: %not %piecewise lint %s 2>&1 | FileCheck %s
graph():
    %x : [num_users=1] = placeholder[target=x]
    # CHECK: missing-output.fx:[[#@LINE+1]]:5: error: graph has no output node
    %relu : [num_users=0] = call_function[target=torch.ops.aten.relu.default](args = (%x,), kwargs = {})
