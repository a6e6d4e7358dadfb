# A graph without an output node: in graph form, a parse error at the end of the input
# (FX always prints a `return` line).
# RUN: %not %piecewise lint %s 2>&1 | FileCheck %s
# RUN: %not %piecewise --no-verify lint %s 2>&1 | FileCheck %s
graph():
    %x : [num_users=1] = placeholder[target=x]
    # CHECK: missing-output.fx:[[#@LINE+1]]:105: error: the graph ends without a 'return' line
    %relu : [num_users=0] = call_function[target=torch.ops.aten.relu.default](args = (%x,), kwargs = {})
