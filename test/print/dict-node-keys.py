# A dict whose key is a node, returned or passed to a call, prints to both forms and reads
# back to the same graph (the key stays a use of the node). The graph form writes the key as
# repr() does in a `return` line (`{relu: 1}`) and as `%relu` in call arguments.
# RUN: split-file %s %t
# RUN: %piecewise print --graph-form %t/keys.py > %t/keys.fx
# RUN: FileCheck %s --input-file=%t/keys.fx
# CHECK: %relu : [num_users=2]
# CHECK: %foo : {{.*}}(args = ({%relu: 1, %x: a, k: %relu},), kwargs = {})
# CHECK: return ({relu: 1, 'k': x}, foo, {(relu, 2): None})
# The graph form reads back: the same graph form, the same code form, the same counts.
# RUN: %piecewise lint %t/keys.fx
# RUN: %piecewise print --graph-form %t/keys.fx | diff %t/keys.fx -
# RUN: %piecewise print %t/keys.fx > %t/keys.1.py
# RUN: %piecewise print --graph-form %t/keys.1.py | diff %t/keys.fx -
# RUN: %piecewise print %t/keys.1.py | diff %t/keys.1.py -
# RUN: %piecewise stats --json %t/keys.py > %t/keys.py.json
# RUN: %piecewise stats --json %t/keys.fx | diff %t/keys.py.json -
# RUN: FileCheck %s --check-prefix=CODE --input-file=%t/keys.1.py
# CODE: return ({relu: 1, 'k': x}, foo, {(relu, 2): None})
#
# FX's own print(graph) writes a node key in a call argument bare (str() of the key), which
# reads as the string 'relu': the use it drops is caught, at the node, not read silently.
# RUN: %expect-exit 1 %piecewise lint %t/fx-bare-key.fx 2>&1 | FileCheck %s --check-prefix=BARE
# BARE: fx-bare-key.fx:3:5: error: 'relu' is declared with [num_users=2] but 1 node read it
#
# In a `return` line a bare key that is not a name is refused where it stands.
# RUN: %expect-exit 1 %piecewise lint %t/bad-return-key.fx 2>&1 | FileCheck %s --check-prefix=BAD
# BAD: bad-return-key.fx:4:14: error: unexpected 'relu+1' in the return value

#--- keys.py
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4][1]cpu"):
        relu: "f32[4][1]cpu" = torch.ops.aten.relu.default(x)
        foo = torch.ops.pwtest.foo.default({relu: 1, x: 'a', 'k': relu})
        return ({relu: 1, 'k': x}, foo, {(relu, 2): None})

#--- fx-bare-key.fx
graph():
    %x : [num_users=1] = placeholder[target=x]
    %relu : [num_users=2] = call_function[target=torch.ops.aten.relu.default](args = (%x,), kwargs = {})
    %foo : [num_users=1] = call_function[target=torch.ops.pwtest.foo.default](args = ({relu: 1},), kwargs = {})
    return (foo, relu)

#--- bad-return-key.fx
graph():
    %x : [num_users=1] = placeholder[target=x]
    %relu : [num_users=1] = call_function[target=torch.ops.aten.relu.default](args = (%x,), kwargs = {})
    return ({relu+1: 1},)
