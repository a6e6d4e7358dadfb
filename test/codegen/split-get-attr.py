# A splitting-op plan leaves a get_attr constant to the stitching module and the
# pieces take it as a boundary input (as split_module does). The wrapper computes
# it in call() before the first partition; a dump carries no attribute values, so
# codegen rejects it at the get_attr, not with a name out of scope in partition_0.
# RUN: not %piecewise codegen %s --splitting-ops=aten::sigmoid 2>&1 | FileCheck %s
# RUN: %piecewise partition %s --splitting-ops=aten::sigmoid --json | FileCheck --check-prefix=JSON %s
# CHECK: split-get-attr.py:[[#@LINE+7]]:9: error: codegen: cannot emit get_attr node '_tensor_constant0'
# CHECK-NOT: not defined here
# JSON: {"name": "partition_0", "id": 0, "cudagraphable": true, "reason": "", "num_nodes": 1, "inputs": [{"name": "x", "kind": "tensor", "deallocate": true, "read": true}, {"name": "_tensor_constant0", "kind": "opaque", "deallocate": false, "read": true}], "outputs": ["add"], "symbol_inputs": [], "piece_kind": "compiled"},
# JSON: {"name": "partition_2", "id": 2, "cudagraphable": true, "reason": "", "num_nodes": 1, "inputs": [{"name": "attn", "kind": "tensor", "deallocate": true, "read": true}, {"name": "_tensor_constant0", "kind": "opaque", "deallocate": true, "read": true}], "outputs": ["mul"], "symbol_inputs": [], "piece_kind": "compiled"}
# ORACLE: skip (get_attr values are not in the dump)
class M(torch.nn.Module):
    def forward(self, x: "f32[4][1]cpu"):
        _tensor_constant0 = self._tensor_constant0
        add: "f32[4][1]cpu" = torch.ops.aten.add.Tensor(x, _tensor_constant0)
        attn: "f32[4][1]cpu" = torch.ops.aten.sigmoid.default(add)
        mul: "f32[4][1]cpu" = torch.ops.aten.mul.Tensor(attn, _tensor_constant0)
        return (mul,)
