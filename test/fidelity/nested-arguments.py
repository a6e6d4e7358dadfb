# Call arguments and list/tuple items are read onto one stack shared by every nesting
# level; each reader takes its own items from where it started. A parenthesized value
# `(x)` stays the value (also as a later argument, with outer arguments below it on the
# stack), `(x,)` is a 1-tuple, `()`/`[]` are empty, and nested lists, tuples, calls
# (slice, torch.complex), keyword arguments and complex literals keep their items.
# (python/tests/test_ast_oracle.py also reads this file and what piecewise prints.)
# RUN: %piecewise print %s | FileCheck %s --match-full-lines
# RUN: %piecewise print %s | %piecewise print - | FileCheck %s --match-full-lines
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4]", y: "f32[4]"):
        a = torch.ops.pw_test.lit.default((x), (x,), (), [], [x], [[x, (y,)], (), [[], [y, [x, ((y))]]]], (y))
        b = torch.ops.pw_test.lit.default(x, [(1, (2, (3, ()))), [4.5, -6, None, True, 'z']], k = [(x,), [y, (x, y)]], j = ((y)))
        c = torch.ops.pw_test.lit.default(slice(None, None, None), slice(1, [x, y], (2,)), torch.complex(1.0, -2.0), [slice(x, y, None)], (1+2j))
        d = torch.ops.pw_test.lit.default(torch.ops.pw_test.lit.default, x, dim = [[[[[[[[[[[[[[[[[[[[[x]]]]]]]]]]]]]]]]]]]]])
        e = torch.ops.pw_test.lit.default([a, (b, [c, (d,)])], ([], ()), [(), []], ((),), [[]])
        return (e, [a, (b,)], ((c)), ())

# CHECK:class GraphModule(torch.nn.Module):
# CHECK-NEXT:    def forward(self, x: "f32[4]", y: "f32[4]"):
# CHECK-NEXT:        a = torch.ops.pw_test.lit.default(x, (x,), (), [], [x], {{\[\[}}x, (y,)], (), {{\[\[}}], [y, [x, y]]]], y)
# CHECK-NEXT:        b = torch.ops.pw_test.lit.default(x, [(1, (2, (3, ()))), [4.5, -6, None, True, 'z']], k = [(x,), [y, (x, y)]], j = y)
# CHECK-NEXT:        c = torch.ops.pw_test.lit.default(slice(None, None, None), slice(1, [x, y], (2,)), torch.complex(1.0, -2.0), [slice(x, y, None)], (1+2j));  y = None
# CHECK-NEXT:        d = torch.ops.pw_test.lit.default(torch.ops.pw_test.lit.default, x, dim = {{\[\[}}{{\[\[}}{{\[\[}}{{\[\[}}{{\[\[}}{{\[\[}}{{\[\[}}{{\[\[}}{{\[\[}}{{\[\[}}[x]]]]]]]]]]]]]]]]]]]]]);  x = None
# CHECK-NEXT:        e = torch.ops.pw_test.lit.default([a, (b, [c, (d,)])], ([], ()), [(), []], ((),), {{\[\[}}]]);  d = None
# CHECK-NEXT:        return (e, [a, (b,)], c, ())
