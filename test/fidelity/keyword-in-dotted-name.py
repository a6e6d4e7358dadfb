# A Python keyword is never part of a dotted name (`torch.ops.aten.elif.Tensor` is
# not Python) and a reserved name never names a graph-form placeholder's
# parameter (`placeholder[target=torch]` would print `def forward(self, torch)`
# and shadow torch): both are located errors (found by the mutation stress run).
# RUN: rm -rf %t && split-file %s %t
# RUN: %expect-exit 1 %piecewise print %t/op.py 2>&1 | FileCheck %s --check-prefix=OP
# RUN: %expect-exit 1 %piecewise print %t/arg.py 2>&1 | FileCheck %s --check-prefix=ARG
# RUN: %expect-exit 1 %piecewise print %t/op.fx 2>&1 | FileCheck %s --check-prefix=GRAPHOP
# RUN: %expect-exit 1 %piecewise print %t/placeholder.fx 2>&1 | FileCheck %s --check-prefix=PH
#--- op.py
# OP: op.py:4:28: error: 'elif' is a Python keyword, not a name
class GraphModule(torch.nn.Module):
    def forward(self, x):
        y = torch.ops.aten.elif.Tensor(x, x);  x = None
        return (y,)
#--- arg.py
# ARG: arg.py:4:46: error: 'class' is a Python keyword, not a name
class GraphModule(torch.nn.Module):
    def forward(self, x):
        y = torch.ops.aten.add.Tensor(x, foo.class(x));  x = None
        return (y,)
#--- op.fx
# GRAPHOP: op.fx:4:47: error: unsupported target 'torch.ops.aten.elif.Tensor'
graph():
    %x : [num_users=1] = placeholder[target=x]
    %y : [num_users=1] = call_function[target=torch.ops.aten.elif.Tensor](args = (%x, %x), kwargs = {})
    return (y,)
#--- placeholder.fx
# PH: placeholder.fx:3:50: error: unsupported target 'torch' for placeholder
graph():
    %arg0_1 : [num_users=1] = placeholder[target=torch]
    %y : [num_users=1] = call_function[target=torch.ops.aten.relu.default](args = (%arg0_1,), kwargs = {})
    return (y,)
