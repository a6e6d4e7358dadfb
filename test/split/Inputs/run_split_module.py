"""Runs a `piecewise split -o` module the documented way (exec, then
`GraphModule()(*inputs)`) on x = arange(4) and checks the result of
relu(2 * x) + 1. Prints `ok`."""
import sys

import torch

ns = {}
exec(open(sys.argv[1]).read(), ns)
x = torch.arange(4, dtype=torch.float32) - 2
out = ns["GraphModule"]()(x)
out = out[0] if isinstance(out, (tuple, list)) else out
assert torch.equal(out, torch.relu(2 * x) + 1), out
print("ok")
