# In a functionalized (AOT) graph the attention op is wrapped in
# auto_functionalized: the HOP matches when the op it wraps does, and its
# getitems join it in the splitting piece.
# RUN: %piecewise split %s --splitting-ops=vllm.unified_attention_with_output --json | FileCheck %s
# CHECK:      {"submod_name": "submod_0", "graph_id": 0, "is_splitting_graph": false, {{.*}}"targets": ["aten::relu.default", "aten::empty_like.default"],
# CHECK-NEXT: {"submod_name": "submod_1", "graph_id": 1, "is_splitting_graph": true, "inputs": [{"name": "a", "kind": "tensor"}, {"name": "e", "kind": "tensor"}], "outputs": [{"name": "o", "kind": "tensor"}], "targets": ["higher_order::auto_functionalized", "operator.getitem"],
# CHECK-NEXT: {"submod_name": "submod_2", "graph_id": 2, "is_splitting_graph": false, "inputs": [{"name": "o", "kind": "tensor"}], {{.*}}"targets": ["aten::relu.default"],
# CHECK-NEXT: ], "num_items": 3, "num_splitting": 1, "num_unique": 2}
# RUN: %piecewise split %s --splitting-ops=vllm.unified_attention_with_output -o - | FileCheck %s --check-prefix=MOD
# MOD:      class submod_1(torch.nn.Module):
# MOD-NEXT:     def forward(self, a: "f32[4, 16]", e: "f32[4, 16]"):
# MOD-NEXT:         auto_functionalized = torch.ops.higher_order.auto_functionalized(torch.ops.vllm.unified_attention_with_output.default, q = a, k = a, v = a, output = e, layer_name = 'layers.0');  a = e = None
# MOD-NEXT:         o: "f32[4, 16]" = auto_functionalized[1];  auto_functionalized = None
# MOD-NEXT:         return (o,)
class M(torch.nn.Module):
    def forward(self, x: "f32[4, 16]"):
        a: "f32[4, 16]" = torch.ops.aten.relu.default(x)
        e: "f32[4, 16]" = torch.ops.aten.empty_like.default(a)
        auto_functionalized = torch.ops.higher_order.auto_functionalized(torch.ops.vllm.unified_attention_with_output.default, q = a, k = a, v = a, output = e, layer_name = 'layers.0')
        o: "f32[4, 16]" = auto_functionalized[1]
        b: "f32[4, 16]" = torch.ops.aten.relu.default(o)
        return (b,)
