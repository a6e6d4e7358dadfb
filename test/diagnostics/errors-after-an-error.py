# After a first error the parser reads on and reports the errors of later statements
# (up to 20). A statement whose arguments hold a parenthesized value or tuple used to
# be dropped without a word once any earlier statement had failed (its errors were never
# reported, and its name then silenced every statement that read it).
# RUN: %not %piecewise lint %s 2>&1 | FileCheck %s --implicit-check-not=error:
# CHECK: errors-after-an-error.py:13:45: error: expected ',' or ']', found '2'
# CHECK: errors-after-an-error.py:15:69: error: positional argument after keyword arguments
# CHECK: errors-after-an-error.py:16:58: error: expected ',' or ')', found '['
# CHECK: errors-after-an-error.py:18:43: error: name 'zz' is used before it is defined
# CHECK: errors-after-an-error.py:19:26: error: expected ',' or ')', found '3'
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4]", y: "f32[4]"):
        a = torch.ops.aten.add.Tensor(x, [1 2])
        b = torch.ops.pw_test.lit.default(x, (1, 2))
        c = torch.ops.pw_test.lit.default(b, (x, [y, 1]), k = (1,), y)
        d = torch.ops.aten.add.Tensor(x, [x, (y, [1, 2])][0])
        e = torch.ops.aten.neg.default(b)
        f = torch.ops.pw_test.lit.default(zz, (e,))
        return (e, (1, 2 3))
