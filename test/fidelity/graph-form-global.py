# A global name used as a value (`math.pi`, `torch.sin`, `self.foo`) has no graph-form
# spelling: print(graph) writes strings bare, so `math.pi` would read back as the str
# 'math.pi' and the round trip would change the value with exit 0 (found by a hostile
# test). `print --graph-form` refuses it, located; big ints and calls still round-trip.
# RUN: rm -rf %t && split-file %s %t
# RUN: %expect-exit 1 %piecewise print --graph-form %t/bad.py 2>&1 | FileCheck %s
# CHECK: bad.py:4:9: error: the graph form has no spelling for the global 'math.pi' in 'b'
# CHECK: bad.py:5:9: error: the graph form has no spelling for the global 'torch.sin' in 'c'
# RUN: %piecewise print --graph-form %t/ok.py > %t/ok.fx
# RUN: %piecewise print %t/ok.fx | FileCheck %s --check-prefix=OK
# OK: b = torch.ops.t.s.default(a, builtins.slice(1, 2), 123456789012345678901234567890)
#--- bad.py
class M(torch.nn.Module):
    def forward(self, x: "f32[4, 64]"):
        a = torch.ops.aten.add.Tensor(x, 1)
        b = torch.ops.t.s.default(a, math.pi)
        c = torch.ops.t.s.default(b, key = [torch.sin])
        return (c,)
#--- ok.py
class M(torch.nn.Module):
    def forward(self, x: "f32[4, 64]"):
        a = torch.ops.aten.add.Tensor(x, 1)
        b = torch.ops.t.s.default(a, builtins.slice(1, 2), 123456789012345678901234567890)
        return (b,)
