# Augmented assignments that name no node, or bind a reserved or taken name, are
# located errors.
# RUN: rm -rf %t && split-file %s %t
# RUN: %not %piecewise lint %t/undefined.py 2>&1 | FileCheck %s --check-prefix=UNDEF
# RUN: %not %piecewise lint %t/reserved.py 2>&1 | FileCheck %s --check-prefix=RESERVED
# RUN: %not %piecewise lint %t/taken.py 2>&1 | FileCheck %s --check-prefix=TAKEN
#--- undefined.py
# UNDEF: undefined.py:5:9: error: name 'undefined_name' is used before it is defined
class GraphModule(torch.nn.Module):
    def forward(self, x):
        y = x * 2
        undefined_name += y;  iadd = undefined_name
        return (iadd,)
#--- reserved.py
# RESERVED: reserved.py:5:18: error: 'return' cannot name a node
class GraphModule(torch.nn.Module):
    def forward(self, x):
        y = x * 2
        y += x;  return = y
        return (y,)
#--- taken.py
# TAKEN: taken.py:5:18: error: redefinition of 'x'
class GraphModule(torch.nn.Module):
    def forward(self, x):
        y = x * 2
        y += x;  x = y
        return (y,)
