# Graph form: FX's [num_users=N] is checked against the references read. A dict
# key FX printed unquoted with a ':' in it (`{a:b: %buf}` for the key 'a:b')
# would otherwise swallow `%buf` into a string and lose the use (found by a
# hostile review: dce then deleted buf).
# RUN: %not %piecewise opt --passes=dce %s 2>&1 | FileCheck %s
# CHECK: graph-form-num-users.fx:[[#@LINE+3]]:5: error: 'buf' is declared with [num_users=1] but 0 nodes read it: a reference in the text was not read as one
graph():
    %x : [num_users=2] = placeholder[target=x]
    %buf : [num_users=1] = call_function[target=torch.ops.aten.empty_like.default](args = (%x,), kwargs = {})
    %t : [num_users=0] = call_function[target=torch.ops.higher_order.triton_kernel_wrapper_mutation](args = (), kwargs = {kernel_idx: 0, kwargs: {a:b: %buf}})
    %y : [num_users=1] = call_function[target=torch.ops.aten.relu.default](args = (%x,), kwargs = {})
    return (y,)
