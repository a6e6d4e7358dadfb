# A string literal that never closes is reported where it starts.
# RUN: %not %piecewise lint %s 2>&1 | FileCheck --strict-whitespace %s
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4][1]cpu"):
        # CHECK: unterminated-string.py:[[#@LINE+3]]:46: error: unterminated string literal
        # CHECK-NEXT: {{^}}        foo = torch.ops.mylib.foo.default(x, "abc)
        # CHECK-NEXT: {{^}}                                             ^
        foo = torch.ops.mylib.foo.default(x, "abc)
        return (foo,)
