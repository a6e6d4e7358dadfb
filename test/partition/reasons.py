# Reasons a node leaves the captured region: data-dependent output (nonzero, unbacked u0
# in meta), --cudagraph-unsafe-ops (matched like splitting ops), --skip-dynamic-shapes.
# RUN: %piecewise partition %s | FileCheck %s
# RUN: %piecewise partition %s --cudagraph-unsafe-ops=aten::sin | FileCheck --check-prefix=UNSAFE %s
# RUN: %piecewise partition %s --cudagraph-unsafe-ops=torch.ops.aten.mm.default | FileCheck --check-prefix=OVERLOAD %s
# RUN: %piecewise partition %s --skip-dynamic-shapes | FileCheck --check-prefix=DYN %s
# RUN: %piecewise partition %s --json | FileCheck --check-prefix=JSON %s
# CHECK: partitions:      3 (2 cudagraphable, 1 not)
# CHECK: partition_1  eager  1 nodes
# CHECK-NEXT: reason:  data-dependent output: aten::nonzero.default
# CHECK-NEXT: inputs:  a, s0
# CHECK-NEXT: outputs: nz
# CHECK-NEXT: symbols: s0
# UNSAFE: partitions:      4 (2 cudagraphable, 2 not)
# UNSAFE: partition_3  eager  1 nodes
# UNSAFE-NEXT: reason:  unsafe op aten::sin.default (matches 'aten::sin')
# OVERLOAD: partitions:      5 (3 cudagraphable, 2 not)
# OVERLOAD: reason:  unsafe op aten::mm.default (matches 'torch.ops.aten.mm.default')
# DYN: partitions:      1 (0 cudagraphable, 1 not)
# DYN: reason:  dynamic shape
# JSON: {"plan": "cudagraph", "main_device": "cuda:0", "reordered": false, "partitions": [
# JSON-NEXT: {"name": "partition_0", "id": 0, "cudagraphable": true, "reason": "", "num_nodes": 1, "inputs": [{"name": "x", "kind": "tensor", "deallocate": true, "read": true}, {"name": "s0", "kind": "symint", "deallocate": false, "read": true}], "outputs": ["a"], "symbol_inputs": ["s0"], "piece_kind": "compiled"},
# JSON-NEXT: {"name": "partition_1", "id": 1, "cudagraphable": false, "reason": "data-dependent output: aten::nonzero.default", "num_nodes": 1, "inputs": [{"name": "a", "kind": "tensor", "deallocate": false, "read": true}, {"name": "s0", "kind": "symint", "deallocate": false, "read": true}], "outputs": ["nz"], "symbol_inputs": ["s0"], "piece_kind": "cudagraph-unsafe"},
# JSON-NEXT: {"name": "partition_2", "id": 2, "cudagraphable": true, "reason": "", "num_nodes": 3, "inputs": [{"name": "a", "kind": "tensor", "deallocate": true, "read": true}, {"name": "s0", "kind": "symint", "deallocate": true, "read": true}], "outputs": ["d"], "symbol_inputs": ["s0"], "piece_kind": "compiled"}
# JSON-NEXT: ], "num_partitions": 3, "num_cudagraphable": 2}
# ORACLE: skip (nonzero's output size is data-dependent; compared in test_partition_codegen.py otherwise)
class M(torch.nn.Module):
    def forward(self, x: "f32[s0, 8][8, 1]cuda:0", s0: "Sym(s0)"):
        a: "f32[s0, 8][8, 1]cuda:0" = torch.ops.aten.relu.default(x)
        nz: "i64[u0, 2][2, 1]cuda:0" = torch.ops.aten.nonzero.default(a)
        b: "f32[s0, 8][8, 1]cuda:0" = torch.ops.aten.sigmoid.default(a)
        c: "f32[s0, 8][8, 1]cuda:0" = torch.ops.aten.mm.default(b, b)
        d: "f32[s0, 8][8, 1]cuda:0" = torch.ops.aten.sin.default(c)
        return (nz, d)
