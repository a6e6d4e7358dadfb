# aten::native_batch_norm with training=True updates running_mean and running_var in
# place, but its schema says `Tensor?` without `(a!)` (so do batch_norm,
# _batch_norm_impl_index, cudnn/miopen_batch_norm, instance_norm and the SyncBN stats
# ops). The effect model marks them written: --reorder keeps the clone of the old mean
# before the batch norm, dce keeps a training batch norm whose outputs are unused.
# Found by a hostile tester: before, `analyze` said `removable cse fresh-elements` and
# --reorder moved `old_mean` after the update (a silent wrong output).
# RUN: %piecewise analyze %s --print=effects | FileCheck --check-prefix=EFFECTS %s
# RUN: %piecewise partition %s --cudagraph-unsafe-ops=aten::clone --reorder | FileCheck --check-prefix=REORDER %s
# RUN: %piecewise opt %s --passes=dce,cse | FileCheck --check-prefix=DCE %s
# EFFECTS: %bn = call_function aten::native_batch_norm.default : writes(rm, rv) keeps-order fresh-elements
# EFFECTS: %unused = call_function aten::native_batch_norm.default : writes(rm, rv) keeps-order fresh-elements
# REORDER:      partition_1  eager  1 nodes
# REORDER-NEXT: reason:  unsafe op aten::clone.default (matches 'aten::clone')
# REORDER-NEXT: inputs:  rm
# REORDER-NEXT: outputs: old_mean
# REORDER-NEXT: partition_2  cudagraph  3 nodes
# DCE: old_mean: "f32[8][1]cpu" = torch.ops.aten.clone.default(rm)
# DCE-NEXT: bn = torch.ops.aten.native_batch_norm.default(relu, w, b, rm, rv, True, 0.1, 1e-05)
# DCE: unused = torch.ops.aten.native_batch_norm.default(x, w, b, rm, rv, True, 0.1, 1e-05)
# ORACLE-UNSAFE-OPS=aten::clone
class M(torch.nn.Module):
    def forward(self, x: "f32[4, 8][8, 1]cpu", w: "f32[8][1]cpu", b: "f32[8][1]cpu", rm: "f32[8][1]cpu", rv: "f32[8][1]cpu"):
        relu: "f32[4, 8][8, 1]cpu" = torch.ops.aten.relu.default(x)
        old_mean: "f32[8][1]cpu" = torch.ops.aten.clone.default(rm)
        bn = torch.ops.aten.native_batch_norm.default(relu, w, b, rm, rv, True, 0.1, 1e-05)
        unused = torch.ops.aten.native_batch_norm.default(x, w, b, rm, rv, True, 0.1, 1e-05)
        y: "f32[4, 8][8, 1]cpu" = bn[0]
        z: "f32[4, 8][8, 1]cpu" = torch.ops.aten.clone.default(y)
        return (z, old_mean)
