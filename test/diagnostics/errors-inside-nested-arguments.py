# An error in the middle of nested lists and calls drops what the statement had read so
# far (arguments and items wait on one stack shared by every nesting level) and the next
# statements are read from a clean stack: each error below is reported once, where it
# is, and nothing else is (statements that read a failed one's name stay quiet).
# RUN: %not %piecewise lint %s 2>&1 | FileCheck %s --implicit-check-not=error:
# CHECK: errors-inside-nested-arguments.py:13:61: error: expected ',' or ']', found '4'
# CHECK: errors-inside-nested-arguments.py:15:63: error: positional argument after keyword arguments
# CHECK: errors-inside-nested-arguments.py:17:59: error: positional argument after keyword arguments
# CHECK: errors-inside-nested-arguments.py:19:55: error: unterminated string literal
# CHECK: errors-inside-nested-arguments.py:21:73: error: keyword argument 'k' given twice
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4]", y: "f32[4]"):
        a = torch.ops.pw_test.lit.default([x, [y, [1, [2, 3 4]]], 5], k = [x])
        b = torch.ops.pw_test.lit.default([x, [y]], k = [x, [y, [1]]])
        c = torch.ops.pw_test.lit.default(x, k = [x, [y, 1]], y)
        d = torch.ops.pw_test.lit.default([x, [b]], [[], [y, [1, 2]]])
        e = torch.ops.pw_test.lit.default([x, f(y, k = 1, 2)], [x])
        f2 = torch.ops.pw_test.lit.default(b, y, k = [d, [b]])
        g = torch.ops.pw_test.lit.default([x, [y, [1, 'abc]), 2])
        h = torch.ops.pw_test.lit.default([f2, [d, [b, [x, y]]]], k = [y, x], j = [])
        i = torch.ops.pw_test.lit.default([x, [y, [1, 2]]], k = [1, 2], k = [3])
        j = torch.ops.pw_test.lit.default([x, [y, [1, 2]], h, i], [c, e, g])
        return [h, j]
