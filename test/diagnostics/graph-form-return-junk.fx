# A graph-form return value that is neither a node nor Python tokens is an error where it
# stands (found by the parser fuzzer: it used to be kept verbatim and printed as code that
# does not parse).
# RUN: %not %piecewise lint %s 2>&1 | FileCheck %s
graph():
    %x : [num_users=1] = placeholder[target=x]
    %y : [num_users=1] = call_function[target=torch.ops.aten.relu.default](args = (%x,), kwargs = {})
    # CHECK: graph-form-return-junk.fx:[[#@LINE+1]]:17: error: unexpected character
    return (y, a`b)
