# analyze --print=liveness|peak: a base lives until the last use of any of its
# views; a storage counts once (at its largest name) in the peak, and the
# estimate is the one `stats --peak-memory` prints.
# RUN: %piecewise analyze %s --print=liveness | FileCheck %s --check-prefix=LIVENESS
# RUN: %piecewise analyze %s --print=peak | FileCheck %s --check-prefix=PEAK
# RUN: %piecewise stats %s --peak-memory | FileCheck %s --check-prefix=STATS
# LIVENESS:      %x: position 0, dies 3
# LIVENESS-NEXT: %a: position 1, dies 4
# LIVENESS-NEXT: %v: position 2, dies 4
# LIVENESS-NEXT: %b: position 3, dies 5, frees(x)
# LIVENESS-NEXT: %s: position 4, dies never, frees(a, v)
# LIVENESS-NEXT: %c: position 5, dies never, frees(b)
# PEAK:      %x: position 0, live 1024, allocated 1024
# PEAK-NEXT: %a: position 1, live 2048, allocated 2048
# PEAK-NEXT: %v: position 2, live 2048, allocated 2048
# PEAK-NEXT: %b: position 3, live 3072, allocated 3072
# PEAK-NEXT: %s: position 4, live 2112, allocated 3136
# PEAK-NEXT: %c: position 5, live 2112, allocated 4160
# PEAK-NEXT: peak: 3072 bytes with frees at %b (position 3), 4160 without; 0 values of unknown size
# STATS: peak memory:  3072 bytes with frees, 4160 without (0 values of unknown size)
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[256][1]cpu"):
        a: "f32[256][1]cpu" = torch.ops.aten.relu.default(x)
        v: "f32[16, 16][16, 1]cpu" = torch.ops.aten.view.default(a, [16, 16])
        b: "f32[256][1]cpu" = torch.ops.aten.sigmoid.default(x)
        s: "f32[16][1]cpu" = torch.ops.aten.sum.dim_IntList(v, [0])
        c: "f32[256][1]cpu" = torch.ops.aten.mul.Tensor(b, 2)
        return (s, c)
