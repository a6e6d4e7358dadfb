# Subscript assignment in Dynamo graphs (Qwen3-MoE's `inv_perm[perm] = arange_1`,
# eagle heads' `clone[(Ellipsis, slice(1, 33, 3))] = getitem_9`): an
# operator.setitem node that writes its first argument, printed back as the
# statement with torch 2.13's binding of the node (`;  setitem = x`); an older
# dump's bare statement reads too. dce keeps it (a write), and so the value it writes.
# RUN: %piecewise print %s | FileCheck %s
# RUN: %piecewise opt --passes=dce,cse %s | FileCheck %s
# RUN: %piecewise print --graph-form %s | FileCheck %s --check-prefix=GRAPH
# RUN: %piecewise print --graph-form %s | %piecewise print - | FileCheck %s
# CHECK: inv_perm[perm] = arange_1;  setitem = inv_perm;  perm = arange_1 = setitem = None
# CHECK: clone[(Ellipsis, slice(1, 33, 3))] = getitem_9;  setitem_1 = clone;  getitem_9 = setitem_1 = None
# CHECK: return (inv_perm, clone)
# GRAPH: %setitem : [num_users=0] = call_function[target=operator.setitem](args = (%inv_perm, %perm, %arange_1), kwargs = {})
# GRAPH: %setitem_1 : [num_users=0] = call_function[target=operator.setitem](args = (%clone, (Ellipsis, slice(1, 33, 3)), %getitem_9), kwargs = {})
class GraphModule(torch.nn.Module):
    def forward(self, L_perm_: "i64[8][1]cpu", L_x_: "f32[8, 40][40, 1]cpu"):
        l_perm_ = L_perm_
        l_x_ = L_x_
        perm = l_perm_ + 0
        inv_perm = torch.empty_like(perm)
        arange_1 = torch.arange(8)
        inv_perm[perm] = arange_1;  setitem = inv_perm;  arange_1 = setitem = None
        clone = l_x_.clone()
        getitem_9 = l_x_[(Ellipsis, slice(0, 11, None))]
        clone[(Ellipsis, slice(1, 33, 3))] = getitem_9;  getitem_9 = None
        return (inv_perm, clone)
