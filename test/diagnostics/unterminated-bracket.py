# An opening bracket without its closing one is reported at the bracket.
# RUN: %not %piecewise lint %s 2>&1 | FileCheck --strict-whitespace %s
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4][1]cpu"):
        # CHECK: unterminated-bracket.py:[[#@LINE+3]]:43: error: unterminated '('
        # CHECK-NEXT: {{^}}        relu = torch.ops.aten.relu.default(x{{$}}
        # CHECK-NEXT: {{^}}                                          ^
        relu = torch.ops.aten.relu.default(x
        return (relu,)
