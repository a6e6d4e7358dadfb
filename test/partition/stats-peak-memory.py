# stats --peak-memory: estimated peak live bytes of the graph run in order, each storage freed
# at the last use of any of its aliases (the view keeps a alive) versus never freed.
# a (128 bytes) and its view share one storage; x, b and c are 128 bytes each.
# RUN: %piecewise stats --peak-memory %s | FileCheck %s
# RUN: %piecewise stats --peak-memory --json %s | FileCheck --check-prefix=JSON %s
# CHECK: peak memory:  384 bytes with frees, 512 without (0 values of unknown size)
# JSON: "peak_memory": {
# JSON-NEXT: "with_frees": 384,
# JSON-NEXT: "without_frees": 512,
# JSON-NEXT: "unknown_sizes": 0
class M(torch.nn.Module):
    def forward(self, x: "f32[4, 8][8, 1]cuda:0"):
        a: "f32[4, 8][8, 1]cuda:0" = torch.ops.aten.relu.default(x)
        v: "f32[32][1]cuda:0" = torch.ops.aten.view.default(a, [32])
        b: "f32[4, 8][8, 1]cuda:0" = torch.ops.aten.neg.default(x)
        c: "f32[32][1]cuda:0" = torch.ops.aten.mul.Tensor(v, 2)
        return (b, c)
