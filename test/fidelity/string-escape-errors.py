# Escapes a str literal cannot hold here are located errors, never kept as text.
# RUN: rm -rf %t && split-file %s %t
# RUN: %not %piecewise lint %t/named.py 2>&1 | FileCheck %s --check-prefix=NAMED
# RUN: %not %piecewise lint %t/surrogate.py 2>&1 | FileCheck %s --check-prefix=SURROGATE
# RUN: %not %piecewise lint %t/short-hex.py 2>&1 | FileCheck %s --check-prefix=HEX
#--- named.py
# NAMED: named.py:4:28: error: named Unicode escapes (\N{...}) are not supported
class GraphModule(torch.nn.Module):
    def forward(self, x):
        a = foo.f(x, 'dash \N{EM DASH}')
        return (a,)
#--- surrogate.py
# SURROGATE: surrogate.py:4:23: error: a lone surrogate escape cannot be represented
class GraphModule(torch.nn.Module):
    def forward(self, x):
        a = foo.f(x, '\ud800')
        return (a,)
#--- short-hex.py
# HEX: short-hex.py:4:23: error: truncated \xXX escape in string
class GraphModule(torch.nn.Module):
    def forward(self, x):
        a = foo.f(x, '\x4')
        return (a,)
