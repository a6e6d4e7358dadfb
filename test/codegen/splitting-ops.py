# The splitting-op plan goes through the same signatures, codegen and verifier: the
# compiled pieces become partition functions, the splitting op (mm) runs inline in call.
# RUN: %piecewise codegen %s --splitting-ops=aten::mm | FileCheck %s
# RUN: %piecewise partition %s --splitting-ops=aten::mm --json | FileCheck --check-prefix=JSON %s
# CHECK: def partition_0(args):
# CHECK-NEXT:     # submod_0 (1 nodes)
# CHECK-NEXT:     x, = args
# CHECK-NEXT:     args.clear()
# CHECK-NEXT:     a = torch.ops.aten.relu.default(x)
# CHECK-NEXT:     del x
# CHECK-NEXT:     return (a,)
# CHECK-EMPTY:
# CHECK-EMPTY:
# CHECK-NEXT: def partition_2(args):
# CHECK-NEXT:     # submod_2 (2 nodes)
# CHECK-NEXT:     b, a = args
# CHECK-NEXT:     args.clear()
# CHECK-NEXT:     c = torch.ops.aten.sigmoid.default(b)
# CHECK-NEXT:     del b
# CHECK-NEXT:     d = torch.ops.aten.add.Tensor(c, a)
# CHECK-NEXT:     del a, c
# CHECK-NEXT:     return (d,)
# CHECK-EMPTY:
# CHECK-EMPTY:
# CHECK-NEXT: def call(args):
# CHECK-NEXT:     x, w = args
# CHECK-NEXT:     args.clear()
# CHECK-NEXT:     partition0_args = [x]
# CHECK-NEXT:     del x
# CHECK-NEXT:     a, = partition_0(partition0_args)
# CHECK-NEXT:     del partition0_args
# CHECK-NEXT:     b = torch.ops.aten.mm.default(a, w)
# CHECK-NEXT:     del w
# CHECK-NEXT:     partition2_args = [b, a]
# CHECK-NEXT:     del b, a
# CHECK-NEXT:     d, = partition_2(partition2_args)
# CHECK-NEXT:     del partition2_args
# CHECK-NEXT:     return (d,)
# JSON: {"plan": "splitting-ops", "partitions": [
# JSON-NEXT:   {"name": "partition_0", "id": 0, "cudagraphable": true, "reason": "", "num_nodes": 1, "inputs": [{"name": "x", "kind": "tensor", "deallocate": true, "read": true}], "outputs": ["a"], "symbol_inputs": [], "piece_kind": "compiled"},
# JSON-NEXT:   {"name": "partition_1", "id": 1, "cudagraphable": false, "reason": "splitting op aten::mm.default (matches 'aten::mm')", "num_nodes": 1, "inputs": [{"name": "a", "kind": "tensor", "deallocate": false, "read": true}, {"name": "w", "kind": "tensor", "deallocate": true, "read": true}], "outputs": ["b"], "symbol_inputs": [], "piece_kind": "splitting"},
# JSON-NEXT:   {"name": "partition_2", "id": 2, "cudagraphable": true, "reason": "", "num_nodes": 2, "inputs": [{"name": "b", "kind": "tensor", "deallocate": true, "read": true}, {"name": "a", "kind": "tensor", "deallocate": true, "read": true}], "outputs": ["d"], "symbol_inputs": [], "piece_kind": "compiled"}
# JSON-NEXT: ], "num_partitions": 3, "num_cudagraphable": 2}
# ORACLE-SPLITTING-OPS=aten::mm
class M(torch.nn.Module):
    def forward(self, x: "f32[4, 8]", w: "f32[8, 8]"):
        a: "f32[4, 8]" = torch.ops.aten.relu.default(x)
        b: "f32[4, 8]" = torch.ops.aten.mm.default(a, w)
        c: "f32[4, 8]" = torch.ops.aten.sigmoid.default(b)
        d: "f32[4, 8]" = torch.ops.aten.add.Tensor(c, a)
        return (d,)
