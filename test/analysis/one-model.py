# The old effect models disagreed (issue #13): an in-place Tensor method
# `x.add_()` was a write for dce/cse but not for the storage analysis, and
# `partition --reorder` printed one peak estimate (ignoring aliasing) next to
# another. Now one model answers for every consumer.
# RUN: rm -rf %t && split-file %s %t
# RUN: %piecewise opt %t/add-method.py --passes=dce,cse | FileCheck %s --check-prefix=OPT
# RUN: %piecewise analyze %t/add-method.py --print=storages | FileCheck %s --check-prefix=STORAGES
# RUN: %piecewise partition --cudagraph-unsafe-ops=aten::relu --reorder %t/add-method.py | FileCheck %s --check-prefix=REORDER
# RUN: %piecewise partition --reorder %t/alias-peak.py | FileCheck %s --check-prefix=PEAK
# RUN: %piecewise analyze %t/alias-peak.py --print=peak | FileCheck %s --check-prefix=ANALYZE-PEAK

#--- add-method.py
# dce keeps the unused `x.add_(1)`; cse does not merge mul(x, 2) across it;
# the storage of x is written; the reorder keeps relu(x) (r1) before the write.
# OPT:      m1: "f32[4][1]cpu" = torch.ops.aten.mul.Tensor(x, 2)
# OPT-NEXT: add_ = x.add_(1);  add_ = None
# OPT-NEXT: m2: "f32[4][1]cpu" = torch.ops.aten.mul.Tensor(x, 2);  x = None
# OPT-NEXT: r2: "f32[4][1]cpu" = torch.ops.aten.relu.default(m2);  m2 = None
# OPT-NEXT: c: "f32[4][1]cpu" = torch.ops.aten.mul.Tensor(r1, 2);  r1 = None
# OPT-NEXT: return (r2, c, m1)
# STORAGES: storage 1: x, add_ [written]
# REORDER: reorder:         applied (5 -> 4 partitions; peak 64 -> 64 bytes)
# REORDER-NEXT: peak memory:     64 bytes with frees
# REORDER: partition_0  cudagraph  2 nodes
# REORDER-NEXT: inputs:  x_in*
# REORDER-NEXT: outputs: x, m1
# REORDER-NEXT: partition_1  eager  1 nodes
# REORDER: outputs: r1
# REORDER-NEXT: partition_2  cudagraph  3 nodes
# REORDER-NEXT: inputs:  x*, r1*
# REORDER-NEXT: outputs: m2, c
class GraphModule(torch.nn.Module):
    def forward(self, x_in: "f32[4][1]cpu"):
        x: "f32[4][1]cpu" = torch.ops.aten.clone.default(x_in)
        r1: "f32[4][1]cpu" = torch.ops.aten.relu.default(x)
        m1: "f32[4][1]cpu" = torch.ops.aten.mul.Tensor(x, 2)
        add_ = x.add_(1)
        m2: "f32[4][1]cpu" = torch.ops.aten.mul.Tensor(x, 2)
        r2: "f32[4][1]cpu" = torch.ops.aten.relu.default(m2)
        c: "f32[4][1]cpu" = torch.ops.aten.mul.Tensor(r1, 2)
        return (r2, c, m1)
#--- alias-peak.py
# a, v and w are one 16 KiB storage: the reorder's estimate and the plan's
# estimate are the same number (the old reorder check counted each view).
# PEAK: reorder:         applied (5 -> 2 partitions; peak 49152 -> [[PEAK:49152]] bytes)
# PEAK-NEXT: peak memory:     [[PEAK]] bytes with frees, 81920 without
# ANALYZE-PEAK: peak: 49152 bytes with frees at %c1 (position 3), 81920 without
class M(torch.nn.Module):
    def forward(self, x: "f32[64, 64][64, 1]cuda:0"):
        a: "f32[64, 64][64, 1]cuda:0" = torch.ops.aten.relu.default(x)
        v: "f32[4096][1]cuda:0" = torch.ops.aten.view.default(a, [4096])
        c1: "f32[64, 64][64, 1]cpu" = torch.ops.aten._to_copy.default(x, device = device(type='cpu'))
        w: "f32[64, 64][64, 1]cuda:0" = torch.ops.aten.view.default(v, [64, 64])
        c2: "f32[64, 64][64, 1]cpu" = torch.ops.aten.add.Tensor(c1, 1)
        d: "f32[64, 64][64, 1]cuda:0" = torch.ops.aten.mm.default(w, w)
        return (d, c2)
