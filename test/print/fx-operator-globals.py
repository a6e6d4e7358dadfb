# FX prints a call of an `operator` function it has no syntax for under the global name of
# its qualified name (`_operator.is_not` -> `_operator_is_not`), as in T5's Dynamo graph
# (`if y is not x` in copy.deepcopy). It reads as operator.is_not and prints back in a
# form that reads again; an `_operator_` name that is no operator function stays an error.
# RUN: %piecewise print %s | FileCheck %s
# RUN: %piecewise print %s | %piecewise print - | FileCheck %s
class GraphModule(torch.nn.Module):
    def forward(self, x: "f64[][]cpu"):
        item = x.item()
        is_not = _operator_is_not(item, item);  is_not = None
        truth = _operator_truth(item)
        return (truth,)

# CHECK: is_not = operator.is_not(item, item)
# CHECK: truth = operator.truth(item)

# RUN: not %piecewise lint %S/Inputs/unknown-operator-global.py 2>&1 | FileCheck %s --check-prefix=ERR
# ERR: unknown-operator-global.py:3:13: error: call of unknown function '_operator_nope'
