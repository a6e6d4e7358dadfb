# `*args` and `**kwargs` parameters stay variadic: FX's placeholders with the
# targets `*args` and `**kwargs`.
# RUN: rm -rf %t && split-file %s %t
# RUN: %piecewise print %t/variadic.py | FileCheck %s
# RUN: %piecewise print --graph-form %t/variadic.py | FileCheck %s --check-prefix=GRAPH
# RUN: %piecewise print --graph-form %t/variadic.py | %piecewise print - | FileCheck %s
# RUN: %not %piecewise lint %t/default.py 2>&1 | FileCheck %s --check-prefix=DEFAULT
# RUN: %not %piecewise lint %t/after.py 2>&1 | FileCheck %s --check-prefix=AFTER
# CHECK: def forward(self, x, *args, **kwargs):
# GRAPH: %args : [num_users=1] = placeholder[target=*args]
# GRAPH: %kwargs : [num_users=0] = placeholder[target=**kwargs]
#--- variadic.py
class GraphModule(torch.nn.Module):
    def forward(self, x, *args, **kwargs):
        a = foo.f(x, args)
        return (a,)
#--- default.py
# DEFAULT: default.py:3:27: error: a '*' parameter takes no default value
class GraphModule(torch.nn.Module):
    def forward(self, x, *args = 1):
        return (x,)
#--- after.py
# AFTER: after.py:3:36: error: no parameter may follow a '**' parameter
class GraphModule(torch.nn.Module):
    def forward(self, x, **kwargs, y):
        return (x,)
