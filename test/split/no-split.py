# Without splitting ops the whole graph is one piece; its inputs are the used
# placeholders in first-use order, its outputs what the graph returns.
# RUN: %piecewise split %s --json | FileCheck %s --check-prefix=JSON
# JSON:      {"items": [
# JSON-NEXT:   {"submod_name": "submod_0", "graph_id": 0, "is_splitting_graph": false, "inputs": [{"name": "w", "kind": "tensor"}, {"name": "x", "kind": "tensor"}], "outputs": [{"name": "a", "kind": "tensor"}, {"name": "b", "kind": "tensor"}], "targets": ["aten::relu.default", "aten::mm.default"], "hash": "{{[0-9a-f]+}}", "piece_kind": "compiled", "num_nodes": 2, "reason": ""}
# JSON-NEXT: ], "num_items": 1, "num_splitting": 0, "num_unique": 1}
# RUN: %piecewise split %s --splitting-ops= | FileCheck %s --check-prefix=TEXT
# TEXT:      pieces:          1 (0 splitting, 1 compiled)
# TEXT-NEXT: unique pieces:   1 of the 1 compiled pieces are distinct
# TEXT-NEXT: largest piece:   submod_0 (2 nodes)
# TEXT-NEXT: piece inputs:    2 (2 tensor)
# TEXT-EMPTY:
# TEXT-NEXT:   submod_0  compiled      2 nodes    2 in    2 out  {{[0-9a-f]+}}
# TEXT-NOT: submod
# RUN: %piecewise split %s -o - | FileCheck %s --check-prefix=MOD
# MOD:      class GraphModule(torch.nn.Module):
# MOD-NEXT:     def forward(self, x: "f32[4, 8]", w: "f32[8, 8]", unused: "f32[2]"):
# MOD-NEXT:         submod_0 = self.submod_0(w, x);  w = x = None
# MOD-NEXT:         a: "f32[8, 8]" = submod_0[0]
# MOD-NEXT:         b: "f32[4, 8]" = submod_0[1];  submod_0 = None
# MOD-NEXT:         return (a, b)
# MOD-EMPTY:
# MOD-NEXT:     class submod_0(torch.nn.Module):
# MOD-NEXT:         def forward(self, w: "f32[8, 8]", x: "f32[4, 8]"):
# MOD-NEXT:             a: "f32[8, 8]" = torch.ops.aten.relu.default(w);  w = None
# MOD-NEXT:             b: "f32[4, 8]" = torch.ops.aten.mm.default(x, a);  x = None
# MOD-NEXT:             return (a, b)
class M(torch.nn.Module):
    def forward(self, x: "f32[4, 8]", w: "f32[8, 8]", unused: "f32[2]"):
        a: "f32[8, 8]" = torch.ops.aten.relu.default(w)
        b: "f32[4, 8]" = torch.ops.aten.mm.default(x, a)
        return (a, b)
