# Augmented assignment in Dynamo graphs (`h += x`, `cache[:, :4] += h[:, :4]`): FX
# prints a call of an in-place Python operator (operator.iadd, ...) as the statement
# `a += b` and binds the node to the operand it updated (`;  iadd = a`). Each of the
# thirteen operators reads into its operator.i* node and prints back the same way,
# annotation included; dce and cse keep every one (they write their first operand).
# RUN: %piecewise print %s | FileCheck %s
# RUN: %piecewise print %s | FileCheck %s --check-prefix=ANN
# RUN: %piecewise opt --passes=dce,cse %s | FileCheck %s
# RUN: %piecewise print --graph-form %s | FileCheck %s --check-prefix=GRAPH
# RUN: %piecewise print --graph-form %s | %piecewise print - | FileCheck %s
# CHECK: h += l_x_;  h_1{{(: "f32\[4, 8\]\[8, 1\]cpu")?}} = h;  h = None
# ANN: h_1: "f32[4, 8][8, 1]cpu" = h
# CHECK: h_1 -= 1;  isub = h_1
# CHECK: isub *= 2.0;  imul = isub
# CHECK: imul /= 3.0;  itruediv = imul
# CHECK: n //= 2;  ifloordiv = n
# CHECK: ifloordiv %= 5;  imod = ifloordiv
# CHECK: imod **= 2;  ipow = imod
# CHECK: m @= l_w_;  imatmul = m
# CHECK: b &= c;  iand = b
# CHECK: iand |= c;  ior = iand
# CHECK: ior ^= c;  ixor = ior
# CHECK: ixor <<= 1;  ilshift = ixor
# CHECK: ilshift >>= 1;  irshift = ilshift
# CHECK: return (itruediv, ipow, imatmul, irshift)
# GRAPH: %h_1 : [num_users=1] = call_function[target=operator.iadd](args = (%h, %l_x_), kwargs = {})
# GRAPH: %isub : [num_users=1] = call_function[target=operator.isub](args = (%h_1, 1), kwargs = {})
# GRAPH: %imatmul : [num_users=1] = call_function[target=operator.imatmul](args = (%m, %l_w_), kwargs = {})
# GRAPH: %irshift : [num_users=1] = call_function[target=operator.irshift](args = (%ilshift, 1), kwargs = {})
class GraphModule(torch.nn.Module):
    def forward(self, L_x_: "f32[4, 8][8, 1]cpu", L_w_: "f32[8, 8][8, 1]cpu", L_n_: "i64[4][1]cpu", L_b_: "i64[4][1]cpu"):
        l_x_ = L_x_
        l_w_ = L_w_
        l_n_ = L_n_
        l_b_ = L_b_
        h = l_x_ * 2
        h += l_x_;  h_1: "f32[4, 8][8, 1]cpu" = h;  h = None
        h_1 -= 1;  isub = h_1
        isub *= 2.0;  imul = isub
        imul /= 3.0;  itruediv = imul
        n = l_n_ + 7
        n //= 2;  ifloordiv = n
        ifloordiv %= 5;  imod = ifloordiv
        imod **= 2;  ipow = imod
        m = l_x_ @ l_w_
        m @= l_w_;  imatmul = m
        b = l_b_ + 0
        c = l_b_ * 3
        b &= c;  iand = b
        iand |= c;  ior = iand
        ior ^= c;  ixor = ior
        ixor <<= 1;  ilshift = ixor
        ilshift >>= 1;  irshift = ilshift
        return (itruediv, ipow, imatmul, irshift)

