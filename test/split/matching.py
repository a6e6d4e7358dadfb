# Matching: a packet (aten::add) matches every overload, an overload
# (aten::add.Scalar) only itself; dotted spellings (aten.add.Scalar,
# torch.ops.aten.add.Scalar) are synonyms; call_method nodes (`d.relu()`) never
# match; a Python callable matches its qualified name as written (`torch.relu`).
# RUN: %piecewise split %s --splitting-ops=aten::add --json | FileCheck %s --check-prefix=PACKET
# PACKET:      {"submod_name": "submod_1", "graph_id": 1, "is_splitting_graph": true, {{.*}}"targets": ["aten::add.Tensor"]
# PACKET-NEXT: {"submod_name": "submod_2", "graph_id": 2, "is_splitting_graph": false, {{.*}}"targets": ["aten::relu.default"]
# PACKET-NEXT: {"submod_name": "submod_3", "graph_id": 3, "is_splitting_graph": true, {{.*}}"targets": ["aten::add.Scalar"]
# PACKET-NEXT: {"submod_name": "submod_4", "graph_id": 4, "is_splitting_graph": false, {{.*}}"targets": ["aten::relu.default", "relu", "torch.relu"]
# PACKET-NEXT: ], "num_items": 4, "num_splitting": 2, "num_unique": 2}
# RUN: %piecewise split %s --splitting-ops=aten::add.Scalar --json | FileCheck %s --check-prefix=OVERLOAD
# RUN: %piecewise split %s --splitting-ops=aten.add.Scalar --json | FileCheck %s --check-prefix=OVERLOAD
# RUN: %piecewise split %s --splitting-ops=torch.ops.aten.add.Scalar --json | FileCheck %s --check-prefix=OVERLOAD
# OVERLOAD:      {"submod_name": "submod_0", "graph_id": 0, "is_splitting_graph": false, {{.*}}"targets": ["aten::add.Tensor", "aten::relu.default"]
# OVERLOAD-NEXT: {"submod_name": "submod_1", "graph_id": 1, "is_splitting_graph": true, {{.*}}"targets": ["aten::add.Scalar"]
# OVERLOAD-NEXT: {"submod_name": "submod_2", "graph_id": 2, "is_splitting_graph": false, {{.*}}"targets": ["aten::relu.default", "relu", "torch.relu"]
# OVERLOAD-NEXT: ], "num_items": 3, "num_splitting": 1, "num_unique": 2}
# RUN: %piecewise split %s --splitting-ops=relu,aten::add.out,aten::relu.out --json | FileCheck %s --check-prefix=NONE
# NONE: ], "num_items": 1, "num_splitting": 0, "num_unique": 1}
# A pattern that matches nothing gets a note on stderr naming the similar ops
# (exit 0).
# RUN: %piecewise split %s --splitting-ops=relu,aten::add.out,aten::relu.out 2>&1 >/dev/null | FileCheck %s --check-prefix=NOTE
# NOTE:      matching.py: note: splitting op 'relu' matches no node of the graph; similar ops it has: aten::relu.default, torch.relu
# NOTE-NEXT: matching.py: note: splitting op 'aten::add.out' matches no node of the graph; similar ops it has: aten::add.Tensor, aten::add.Scalar
# NOTE-NEXT: matching.py: note: splitting op 'aten::relu.out' matches no node of the graph; similar ops it has: aten::relu.default, torch.relu
# RUN: %piecewise split %s --splitting-ops=torch.relu --json | FileCheck %s --check-prefix=CALLABLE
# CALLABLE:      {"submod_name": "submod_0", "graph_id": 0, "is_splitting_graph": false, {{.*}}"targets": ["aten::add.Tensor", "aten::relu.default", "aten::add.Scalar", "aten::relu.default", "relu"]
# CALLABLE-NEXT: {"submod_name": "submod_1", "graph_id": 1, "is_splitting_graph": true, {{.*}}"targets": ["torch.relu"]
# CALLABLE-NEXT: ], "num_items": 2, "num_splitting": 1, "num_unique": 1}
# The packet aten::relu matches only the two torch op calls; they are not
# consecutive, so each gets its own piece.
# RUN: %piecewise split %s --splitting-ops=aten.relu --json | FileCheck %s --check-prefix=RELU
# RELU:      {"submod_name": "submod_0", {{.*}}"targets": ["aten::add.Tensor"]
# RELU-NEXT: {"submod_name": "submod_1", {{.*}} "is_splitting_graph": true, {{.*}}"targets": ["aten::relu.default"]
# RELU-NEXT: {"submod_name": "submod_2", {{.*}}"targets": ["aten::add.Scalar"]
# RELU-NEXT: {"submod_name": "submod_3", {{.*}} "is_splitting_graph": true, {{.*}}"targets": ["aten::relu.default"]
# RELU-NEXT: {"submod_name": "submod_4", {{.*}}"targets": ["relu", "torch.relu"]
class M(torch.nn.Module):
    def forward(self, x: "f32[4]", y: "f32[4]"):
        a: "f32[4]" = torch.ops.aten.add.Tensor(x, y)
        b: "f32[4]" = torch.ops.aten.relu.default(a)
        c: "f32[4]" = torch.ops.aten.add.Scalar(b, 1)
        d: "f32[4]" = torch.ops.aten.relu.default(c)
        e = d.relu()
        f = torch.relu(e)
        return (f,)
