# dce keeps a torch.nn.functional call whose inplace or out parameter is given
# by position, as Dynamo records `F.relu(x, 1)`: any value there but False or
# None makes it write its argument (Effects.h rule 8's guard). Unused, such a
# call is still a write. The out-of-place forms (`F.relu(x)`, `F.relu(x, False)`,
# `normalize(..., None)`) go.
# RUN: %piecewise opt %s --passes=dce | FileCheck %s
# CHECK-LABEL: def forward(self, L_x_: "f32[4, 8]", G_buf_: "f32[4, 8]"):
# CHECK-NEXT:    l_x_ = L_x_
# CHECK-NEXT:    g_buf_ = G_buf_
# CHECK-NEXT:    relu = torch.nn.functional.relu(l_x_, 1);  relu = None
# CHECK-NEXT:    silu = torch.nn.functional.silu(l_x_, 1);  silu = None
# CHECK-NEXT:    normalize = torch.nn.functional.normalize(l_x_, 2.0, 1, 1e-12, g_buf_);  normalize = None
# CHECK-NEXT:    add: "f32[4, 8]" = l_x_ + g_buf_;  l_x_ = g_buf_ = None
# CHECK-NEXT:    return (add,)
class GraphModule(torch.nn.Module):
    def forward(self, L_x_: "f32[4, 8]", G_buf_: "f32[4, 8]"):
        l_x_ = L_x_
        g_buf_ = G_buf_
        relu = torch.nn.functional.relu(l_x_, 1);  relu = None
        relu_1 = torch.nn.functional.relu(l_x_, False);  relu_1 = None
        silu = torch.nn.functional.silu(l_x_, 1);  silu = None
        normalize = torch.nn.functional.normalize(l_x_, 2.0, 1, 1e-12, g_buf_);  normalize = None
        normalize_1 = torch.nn.functional.normalize(l_x_, 2.0, 1, 1e-12, None);  normalize_1 = None
        add: "f32[4, 8]" = l_x_ + g_buf_;  l_x_ = g_buf_ = None
        return (add,)
