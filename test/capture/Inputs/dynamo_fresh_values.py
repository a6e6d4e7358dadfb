"""The model of dynamo-fresh-values.py: an attention block whose fresh attention output `o`
is used, in the captured piece after it, to compute values that are new tensors (a clone,
an activation, an arithmetic, a zeros_like filled by copy_) and values that may be `o`
itself or a view of it (a transpose, a cast to o's own dtype), all read by the captured
piece after the next attention.

    python3 dynamo_fresh_values.py --dump     # prints the Dynamo graph (the test's body)

The graph is what torch.compile hands a backend (print_readable with strides and devices,
as TORCH_LOGS=graph_code prints it), captured on CPU with random inputs."""
import os
import sys

import torch
import torch.nn.functional as F


def model(x, w):
    q = x @ w
    o = F.scaled_dot_product_attention(q, q, q)
    # New storage: none of these is o or a view of it.
    h = o.clone()
    r = torch.relu(o)
    p = o + 1
    z = torch.zeros_like(o).copy_(o)
    # May be o itself or a view of it.
    t = o.transpose(1, 2)
    f = o.float()
    o2 = F.scaled_dot_product_attention(q, q, h * r)
    return (o2 + p + z + h + r) * 2, t.sum(1) + f.sum(2)


def dump() -> str:
    seen = []

    def backend(gm, example_inputs):
        seen.append(gm)
        return gm.forward

    g = torch.Generator().manual_seed(0)
    x, w = torch.randn(1, 2, 4, 8, generator=g), torch.randn(8, 8, generator=g)
    torch.compile(model, backend=backend, fullgraph=True)(x, w)
    text = seen[0].print_readable(print_output=False, include_stride=True, include_device=True)
    return text.replace(os.path.abspath(__file__), "dynamo_fresh_values.py")


if __name__ == "__main__":
    if sys.argv[1:] != ["--dump"]:
        sys.exit(__doc__)
    print(dump(), end="")
