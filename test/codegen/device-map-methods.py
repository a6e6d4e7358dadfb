# Device copies written as methods: .cpu() leaves the captured region; the uploads .cuda() and
# .to('cuda:0') are captured. --device-map rewrites `.cuda()` to `.to(torch.device('cpu'))` and
# the device string or index of `.to(...)` (`.to(0)` is cuda:0), so the wrapper runs on a CPU-only machine (the pytest oracle
# runs it: the original cannot run on CPU-only torch, so it is compared with eager torch there).
# ORACLE: skip
# RUN: %piecewise codegen %s --cudagraph --device-map cuda=cpu | FileCheck %s
# RUN: %piecewise codegen %s --cudagraph | FileCheck --check-prefix=NOMAP %s
# CHECK: def partition_0(args):
# CHECK: def partition_2(args):
# CHECK: u = d.to(torch.device('cpu'))
# CHECK: v = d.to('cpu')
# CHECK: t = d.to('cpu')
# CHECK: def call(args):
# CHECK: c = a.cpu()
# NOMAP: u = d.cuda()
# NOMAP: v = d.to('cuda:0')
# NOMAP: t = d.to(0)
class M(torch.nn.Module):
    def forward(self, x: "f32[4, 8][8, 1]cuda:0"):
        a: "f32[4, 8][8, 1]cuda:0" = torch.ops.aten.relu.default(x)
        c: "f32[4, 8][8, 1]cpu" = a.cpu()
        d: "f32[4, 8][8, 1]cpu" = torch.ops.aten.add.Tensor(c, 1)
        u: "f32[4, 8][8, 1]cuda:0" = d.cuda()
        v: "f32[4, 8][8, 1]cuda:0" = d.to('cuda:0')
        t: "f32[4, 8][8, 1]cuda:0" = d.to(0)
        w: "f32[4, 8][8, 1]cuda:0" = torch.ops.aten.add.Tensor(u, v)
        z: "f32[4, 8][8, 1]cuda:0" = torch.ops.aten.add.Tensor(w, t)
        return (z, a)
