# Graph-form targets that code form cannot name are rejected where they stand, instead of
# being printed as code that does not parse: a Python function's repr, a method name that
# is not an identifier, a function name without its module.
# RUN: split-file %s %t
# RUN: %not %piecewise lint %t/function-repr.fx 2>&1 | FileCheck %s --check-prefix=REPR
# RUN: %not %piecewise lint %t/method.fx 2>&1 | FileCheck %s --check-prefix=METHOD
# RUN: %not %piecewise lint %t/bare-name.fx 2>&1 | FileCheck %s --check-prefix=BARE
# RUN: %piecewise print %t/ok.fx | FileCheck %s --check-prefix=OK

#--- function-repr.fx
graph():
    %x : [num_users=1] = placeholder[target=x]
    %f : [num_users=1] = call_function[target=<function helper at 0x7f3a2c1d9e40>](args = (%x,), kwargs = {})
    return (f,)
# REPR: function-repr.fx:3:47: error: unsupported target '<function helper at 0x7f3a2c1d9e40>' for call_function

#--- method.fx
graph():
    %x : [num_users=1] = placeholder[target=x]
    %m : [num_users=1] = call_method[target=view(2)](args = (%x,), kwargs = {})
    return (m,)
# METHOD: method.fx:3:45: error: unsupported target 'view(2)' for call_method

#--- bare-name.fx
graph():
    %x : [num_users=1] = placeholder[target=x]
    %f : [num_users=1] = call_function[target=helper](args = (%x,), kwargs = {})
    return (f,)
# BARE: bare-name.fx:3:47: error: unsupported target 'helper' for call_function

#--- ok.fx
graph():
    %x : [num_users=1] = placeholder[target=x]
    %g : [num_users=1] = call_function[target=<built-in function getitem>](args = (%x, 0), kwargs = {})
    %s : [num_users=1] = call_module[target=layers.0.mlp](args = (%g,), kwargs = {})
    %w : [num_users=1] = get_attr[target=layers.0.weight]
    %a : [num_users=1] = call_function[target=torch.ops.aten.add.Tensor](args = (%s, %w), kwargs = {})
    return (a,)
# OK: g = x[0]
# OK: s = getattr(self.layers, "0").mlp(g)
# OK: w = getattr(self.layers, "0").weight
