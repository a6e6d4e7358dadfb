# `x += 1;  iadd = x` (operator.iadd, as Dynamo records `x += 1`) writes x: cse does not
# merge the sin of x before it with the one after (found by python/tests/test_differential.py).
# RUN: %piecewise opt %s --passes=cse,dce | FileCheck %s
# CHECK: a: "f32[4, 8]" = torch.sin(x)
# CHECK-NEXT: x += 1;  iadd: "f32[4, 8]" = x
# CHECK-NEXT: b: "f32[4, 8]" = torch.sin(x)
# CHECK-NEXT: return (a, b)
#
# Repro (test_differential.py, test_hostile[fx-iadd-*]): piecewise rejects the statement FX
# prints for an operator.iadd node. Dynamo records `x += 1` on a tensor as
# `call_function[target=operator.iadd]`, and print_readable() prints it as below.
#
#   $ piecewise print iadd-augmented-assignment.py
#   iadd-augmented-assignment.py:13:11: error: expected '=', found '+'
#
# Expected: an operator.iadd node that writes x (like operator.setitem), so that `b` is not
# merged with `a` by cse and the write is never dropped by dce.
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4, 8]"):
        a: "f32[4, 8]" = torch.sin(x)
        x += 1;  iadd: "f32[4, 8]" = x;  iadd = None
        b: "f32[4, 8]" = torch.sin(x);  x = None
        return (a, b)
