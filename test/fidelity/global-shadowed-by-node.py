# A dotted callable or global whose first name is a node defined later
# (`u = d.cuda()` before `d = ...`, `foo.bar(x)` in an argument before
# `foo = ...`) reads that node in Python: a located use-before-definition, never
# a global call that the printed program turns into a read of the node (found by
# the mutation stress run). Calling through a node's attribute is not FX either.
# RUN: rm -rf %t && split-file %s %t
# RUN: %expect-exit 1 %piecewise print %t/method.py 2>&1 | FileCheck %s --check-prefix=METHOD
# RUN: %expect-exit 1 %piecewise lint %t/arg.py 2>&1 | FileCheck %s --check-prefix=ARG
# RUN: %expect-exit 1 %piecewise lint %t/attr.py 2>&1 | FileCheck %s --check-prefix=ATTR
# RUN: %piecewise print %t/ok.py | FileCheck %s --check-prefix=OK
#--- method.py
# METHOD: method.py:5:13: error: name 'd' is used before it is defined
# METHOD: method.py:6:9: note: 'd' is defined here
class GraphModule(torch.nn.Module):
    def forward(self, x):
        u = d.cuda()
        d = torch.ops.aten.relu.default(x)
        return (u, d)
#--- arg.py
# ARG: arg.py:5:42: error: name 'foo' is used before it is defined
# ARG: arg.py:6:9: note: 'foo' is defined here
class GraphModule(torch.nn.Module):
    def forward(self, x):
        y = torch.ops.aten.add.Tensor(x, foo.bar(x))
        foo = torch.ops.aten.relu.default(y)
        return (foo,)
#--- attr.py
# ATTR: attr.py:5:13: error: 'y.a.b' calls through the value of node 'y', which is not an FX call
class GraphModule(torch.nn.Module):
    def forward(self, x):
        y = torch.ops.aten.relu.default(x)
        z = y.a.b(x)
        return (z,)
#--- ok.py
# OK: y = torch.ops.aten.add.Tensor(x, foo.bar(x))
class GraphModule(torch.nn.Module):
    def forward(self, x):
        y = torch.ops.aten.add.Tensor(x, foo.bar(x))
        z = torch.ops.aten.relu.default(y)
        return (z,)
