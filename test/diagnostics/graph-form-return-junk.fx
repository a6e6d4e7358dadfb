# A graph-form return value that is neither a node name nor a constant is an error where it
# stands. (Found by the fuzzers: such text used to be kept verbatim, printed as code that
# does not parse, or naming a node without using it: `h%`.)
# RUN: split-file %s %t
# RUN: %not %piecewise lint %t/junk.fx 2>&1 | FileCheck %s --check-prefix=JUNK
# RUN: %not %piecewise lint %t/hidden-use.fx 2>&1 | FileCheck %s --check-prefix=HIDDEN
# RUN: %not %piecewise lint %t/not-a-call.fx 2>&1 | FileCheck %s --check-prefix=NOT-A-CALL

#--- junk.fx
graph():
    %x : [num_users=1] = placeholder[target=x]
    %y : [num_users=1] = call_function[target=torch.ops.aten.relu.default](args = (%x,), kwargs = {})
    return (y, a`b)
# JUNK: junk.fx:4:16: error: unexpected 'a`b' in the return value: expected a node name or a constant

#--- hidden-use.fx
graph():
    %x : [num_users=1] = placeholder[target=x]
    %h : [num_users=1] = call_function[target=operator.getitem](args = (%x, 0), kwargs = {})
    return (x, h%)
# HIDDEN: hidden-use.fx:4:16: error: unexpected 'h%' in the return value

#--- not-a-call.fx
graph():
    %x : [num_users=1] = placeholder[target=x]
    return` (x,)
# NOT-A-CALL: not-a-call.fx:3:11: error: unexpected '`' before '('
