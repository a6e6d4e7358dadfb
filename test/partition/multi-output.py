# A multi-output op (var_mean): one output (var) dies in the first partition, the other
# (mean) lives on into the last one.
# RUN: %piecewise partition %s | FileCheck %s
# RUN: %piecewise verify-plan %s | FileCheck --check-prefix=OK %s
# CHECK:   partition_0  cudagraph  4 nodes
# CHECK-NEXT:       inputs:  x
# CHECK-NEXT:       outputs: mean, v2
# CHECK-NEXT:   partition_1  eager  1 nodes
# CHECK-NEXT:       reason:  device copy: aten::_to_copy.default from cuda:0 to cpu
# CHECK-NEXT:       inputs:  v2*
# CHECK-NEXT:       outputs: c
# CHECK-NEXT:   partition_2  cudagraph  3 nodes
# CHECK-NEXT:       inputs:  c*, x*, mean*
# CHECK-NEXT:       outputs: s
# CHECK-NEXT: (* = freed in the partition)
# OK: plan ok:
class M(torch.nn.Module):
    def forward(self, x: "f32[4, 8][8, 1]cuda:0"):
        var_mean = torch.ops.aten.var_mean.correction(x, [1], correction = 0, keepdim = True)
        var: "f32[4, 1][1, 1]cuda:0" = var_mean[0]
        mean: "f32[4, 1][1, 1]cuda:0" = var_mean[1];  var_mean = None
        v2: "f32[4, 1][1, 1]cuda:0" = torch.ops.aten.mul.Tensor(var, 2)
        c: "f32[4, 1][1, 1]cpu" = torch.ops.aten._to_copy.default(v2, device = device(type='cpu'))
        u: "f32[4, 1][1, 1]cuda:0" = torch.ops.aten._to_copy.default(c, device = device(type='cuda', index=0))
        r: "f32[4, 8][8, 1]cuda:0" = torch.ops.aten.sub.Tensor(x, mean)
        s: "f32[4, 8][8, 1]cuda:0" = torch.ops.aten.mul.Tensor(r, u)
        return (s,)
