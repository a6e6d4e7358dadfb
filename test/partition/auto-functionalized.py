# auto_functionalized outputs (fresh tensors) crossing a partition boundary.
# RUN: %piecewise --schema-file %data/custom_schemas/vllm.txt partition %s | FileCheck %s
# RUN: %piecewise --schema-file %data/custom_schemas/vllm.txt verify-plan %s | FileCheck --check-prefix=OK %s
# CHECK:   partition_0  cudagraph  4 nodes
# CHECK-NEXT:       inputs:  x
# CHECK-NEXT:       outputs: o
# CHECK-NEXT:   partition_1  eager  1 nodes
# CHECK-NEXT:       reason:  device copy: aten::_to_copy.default from cuda:0 to cpu
# CHECK-NEXT:       inputs:  x*
# CHECK-NEXT:       outputs: c
# CHECK-NEXT:   partition_2  cudagraph  2 nodes
# CHECK-NEXT:       inputs:  c*, o*
# CHECK-NEXT:       outputs: r
# CHECK-NEXT: (* = freed in the partition)
# OK: plan ok:
class M(torch.nn.Module):
    def forward(self, x: "f32[4, 16][16, 1]cuda:0"):
        q: "f32[4, 16][16, 1]cuda:0" = torch.ops.aten.relu.default(x)
        empty: "f32[4, 16][16, 1]cuda:0" = torch.ops.aten.empty.memory_format([4, 16], dtype = torch.float32, device = device(type='cuda', index=0))
        auto_functionalized = torch.ops.higher_order.auto_functionalized(torch.ops.vllm.unified_attention_with_output.default, q = q, k = q, v = q, output = empty, layer_name = 'layer.0', output_scale = None, output_block_scale = None);  q = empty = None
        o: "f32[4, 16][16, 1]cuda:0" = auto_functionalized[1];  auto_functionalized = None
        c: "f32[4, 16][16, 1]cpu" = torch.ops.aten._to_copy.default(x, device = device(type='cpu'))
        d: "f32[4, 16][16, 1]cuda:0" = torch.ops.aten._to_copy.default(c, device = device(type='cuda', index=0))
        r: "f32[4, 16][16, 1]cuda:0" = torch.ops.aten.add.Tensor(o, d)
        return (r,)
