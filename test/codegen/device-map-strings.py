# --device-map also rewrites the string spelling of a device (`device = 'cuda:0'`), not
# only torch.device values; each side of an entry must be a device (type or type:N), and a
# bad entry is a usage error (exit 2) said by piecewise, not by `<unknown>`.
# ORACLE: skip
# RUN: %piecewise codegen %s --cudagraph --device-map cuda=cpu | FileCheck %s
# CHECK: empty = torch.ops.aten.empty.memory_format([4, 8], dtype=torch.float32, device='cpu', pin_memory=False)
# CHECK: full = torch.ops.aten.full.default([4, 8], 1.0, device=torch.device('cpu'))
# RUN: %piecewise codegen %s --cudagraph --device-map cuda:0=cpu | FileCheck %s
# RUN: %piecewise codegen %s --cudagraph --device-map cuda:1=cpu | FileCheck %s --check-prefix=OTHER
# OTHER: device='cuda:0'
# RUN: %expect-exit 2 %piecewise codegen %s --cudagraph --device-map cuda=bar 2>&1 | FileCheck %s --check-prefix=BAR
# BAR: piecewise: error: bad --device-map entry 'cuda=bar': expected FROM=TO, each a device such as cuda, cuda:0 or cpu ('bar' is not a device)
# RUN: %expect-exit 2 %piecewise codegen %s --cudagraph --device-map cuda:0=cpu=x 2>&1 | FileCheck %s --check-prefix=TWO
# TWO: piecewise: error: bad --device-map entry 'cuda:0=cpu=x': {{.*}} ('cpu=x' is not a device)
# RUN: %expect-exit 2 %piecewise codegen %s --cudagraph --device-map cuda:x=cpu 2>&1 | FileCheck %s --check-prefix=INDEX
# INDEX: piecewise: error: bad --device-map entry 'cuda:x=cpu': {{.*}} ('cuda:x' is not a device)
# RUN: %expect-exit 2 %piecewise codegen %s --cudagraph --device-map =cpu 2>&1 | FileCheck %s --check-prefix=EMPTY
# EMPTY: piecewise: error: bad --device-map entry '=cpu'
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4, 8][8, 1]cuda:0"):
        empty: "f32[4, 8][8, 1]cuda:0" = torch.ops.aten.empty.memory_format([4, 8], dtype = torch.float32, device = 'cuda:0', pin_memory = False)
        full: "f32[4, 8][8, 1]cuda:0" = torch.ops.aten.full.default([4, 8], 1.0, device = device(type='cuda', index=0))
        add: "f32[4, 8][8, 1]cuda:0" = torch.ops.aten.add.Tensor(x, empty)
        add_1: "f32[4, 8][8, 1]cuda:0" = torch.ops.aten.add.Tensor(add, full)
        return (add_1,)
