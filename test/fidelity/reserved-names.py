# A node may not be named after a Python keyword, builtin or a name FX's code
# relies on: FX never does, and the printed program would mean something else
# (a use of a node named None would read as the constant).
# RUN: rm -rf %t && split-file %s %t
# RUN: %not %piecewise lint %t/none.py 2>&1 | FileCheck %s --check-prefix=NONE
# RUN: %not %piecewise print %t/none.py --no-verify 2>&1 | FileCheck %s --check-prefix=NONE
# RUN: %not %piecewise lint %t/inf.py 2>&1 | FileCheck %s --check-prefix=INF
# RUN: %not %piecewise lint %t/self-param.py 2>&1 | FileCheck %s --check-prefix=SELF
# RUN: %not %piecewise lint %t/class.fx 2>&1 | FileCheck %s --check-prefix=CLASS
# RUN: %not %piecewise lint %t/builtin.py 2>&1 | FileCheck %s --check-prefix=BUILTIN
#--- none.py
# NONE: none.py:4:9: error: 'None' cannot name a node: it is a Python keyword, a builtin, or a name FX's generated code reserves
class GraphModule(torch.nn.Module):
    def forward(self, x):
        None = torch.ops.aten.relu.default(x)
        y = torch.ops.aten.add.Tensor(None, 1)
        return (y,)
#--- inf.py
# INF: inf.py:4:9: error: 'inf' cannot name a node
class GraphModule(torch.nn.Module):
    def forward(self, x):
        inf = torch.ops.aten.relu.default(x)
        return (inf,)
#--- self-param.py
# SELF: self-param.py:3:26: error: 'self' cannot name a node
class GraphModule(torch.nn.Module):
    def forward(self, x, self):
        return (x,)
#--- class.fx
# CLASS: class.fx:3:5: error: 'class' cannot name a node
graph():
    %class : [num_users=1] = placeholder[target=x]
    return (class,)
#--- builtin.py
# BUILTIN: builtin.py:4:9: error: 'getattr' cannot name a node
class GraphModule(torch.nn.Module):
    def forward(self, x):
        getattr = torch.ops.aten.relu.default(x)
        return (getattr,)
