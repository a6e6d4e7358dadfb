# `split --json` and `partition --json` come from one writer (codegen/PlanJson.h): the same
# layout (one piece per line, Python's separators, the counts last) and, for the same plan,
# the same piece fields: piece_kind, num_nodes, reason; inputs with name and kind.
# RUN: %piecewise split %s --splitting-ops=aten::mm --json > %t.split
# RUN: %piecewise partition %s --splitting-ops=aten::mm --json > %t.partition
# RUN: FileCheck %s --check-prefix=SPLIT < %t.split
# RUN: FileCheck %s --check-prefix=PARTITION < %t.partition
# RUN: %python %S/Inputs/same_pieces.py %t.split %t.partition | FileCheck %s --check-prefix=SAME
# SPLIT: {"items": [
# SPLIT-NEXT: {"submod_name": "submod_0", "graph_id": 0, "is_splitting_graph": false, {{.*}}, "piece_kind": "compiled", "num_nodes": 1, "reason": ""},
# SPLIT-NEXT: {"submod_name": "submod_1", "graph_id": 1, "is_splitting_graph": true, {{.*}}, "piece_kind": "splitting", "num_nodes": 1, "reason": "splitting op aten::mm.default (matches 'aten::mm')"},
# SPLIT-NEXT: {"submod_name": "submod_2", "graph_id": 2, "is_splitting_graph": false, {{.*}}, "piece_kind": "compiled", "num_nodes": 2, "reason": ""}
# SPLIT-NEXT: ], "num_items": 3, "num_splitting": 1, "num_unique": 2}
# PARTITION: {"plan": "splitting-ops", "partitions": [
# PARTITION-NEXT: {"name": "partition_0", "id": 0, "cudagraphable": true, "reason": "", "num_nodes": 1, {{.*}}, "piece_kind": "compiled"},
# PARTITION-NEXT: {"name": "partition_1", "id": 1, "cudagraphable": false, "reason": "splitting op aten::mm.default (matches 'aten::mm')", "num_nodes": 1, {{.*}}, "piece_kind": "splitting"},
# PARTITION-NEXT: {"name": "partition_2", "id": 2, "cudagraphable": true, "reason": "", "num_nodes": 2, {{.*}}, "piece_kind": "compiled"}
# PARTITION-NEXT: ], "num_partitions": 3, "num_cudagraphable": 2}
# SAME: same pieces: 3
class M(torch.nn.Module):
    def forward(self, x: "f32[4, 8]", w: "f32[8, 8]"):
        a: "f32[4, 8]" = torch.ops.aten.relu.default(x)
        b: "f32[4, 8]" = torch.ops.aten.mm.default(a, w)
        c: "f32[4, 8]" = torch.ops.aten.sigmoid.default(b)
        d: "f32[4, 8]" = torch.ops.aten.add.Tensor(c, a)
        return (d,)
