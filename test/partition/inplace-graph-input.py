# A custom op writes a graph input in place (`Tensor(a!) output`) inside a captured
# partition: the written input stays an input (read, not freed) and the later copy reads it.
# RUN: %piecewise --schema-file %data/custom_schemas/vllm.txt partition %s | FileCheck %s
# RUN: %piecewise --schema-file %data/custom_schemas/vllm.txt verify-plan %s | FileCheck --check-prefix=OK %s
# CHECK:   partition_0  cudagraph  2 nodes
# CHECK-NEXT:       inputs:  x*, out
# CHECK-NEXT:       outputs: -
# CHECK-NEXT:   partition_1  eager  2 nodes
# CHECK-NEXT:       reason:  device copy: aten::_to_copy.default from cuda:0 to cpu
# CHECK-NEXT:       inputs:  out*
# CHECK-NEXT:       outputs: d
# CHECK-NEXT: (* = freed in the partition)
# OK: plan ok:
class M(torch.nn.Module):
    def forward(self, x: "f32[4, 16][16, 1]cuda:0", out: "f32[4, 16][16, 1]cuda:0"):
        q: "f32[4, 16][16, 1]cuda:0" = torch.ops.aten.relu.default(x)
        unified_attention_with_output = torch.ops.vllm.unified_attention_with_output.default(q, q, q, out, 'layer.0')
        c: "f32[4, 16][16, 1]cpu" = torch.ops.aten._to_copy.default(out, device = device(type='cpu'))
        d: "f32[4, 16][16, 1]cpu" = torch.ops.aten.add.Tensor(c, 1)
        return (d,)
