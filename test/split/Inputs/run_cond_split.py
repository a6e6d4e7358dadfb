"""Runs a `piecewise split -o` module of higher-order-branches.py (exec, then
`GraphModule()(x, y)`) on inputs that take each branch of the cond, and compares it with
the model run eagerly by torch. Prints `ok` per branch."""
import sys

import torch

ns = {}
exec(open(sys.argv[1]).read(), ns)
split = ns["GraphModule"]()


def model(x, y):
    a = torch.sin(x)
    b = torch.cond(a.sum() > 0, lambda a, y: a.cos() + y, lambda a, y: a.sin() * y, (a, y))
    return torch.relu(b) * 2


torch.manual_seed(0)
y = torch.randn(4, 8)
for x in (torch.full((4, 8), 1.0), torch.full((4, 8), -1.0)):  # sin(x) sums > 0, then < 0
    out = split(x, y)
    out = out[0] if isinstance(out, (tuple, list)) else out
    torch.testing.assert_close(out, model(x, y), rtol=0, atol=0)
    print("ok")
