"""The model of nested-regions.py: two nested compile regions, one (`block`) holding the
splitting op torch.relu and calling the other (`mlp`), which holds none and is also called
at the top level.

    python3 nested_regions.py --dump        # prints the Dynamo graph (the test's body)
    python3 nested_regions.py SPLIT.py      # runs a `piecewise split -o` (or `opt`) module

The second form execs the module, calls `GraphModule()(x, w)` on random inputs and
compares the outputs with the model run eagerly by torch; prints `ok`."""
import os
import sys

import torch


@torch.compiler.nested_compile_region
def mlp(x, w):
    return torch.sigmoid(x @ w)


@torch.compiler.nested_compile_region
def block(x, w):
    h = mlp(x, w)
    return torch.relu(h) + x, h.sum()


def model(x, w):
    a, s = block(x, w)
    b, t = block(a, w)
    return mlp(b, w) * s, t


def dump() -> str:
    seen = []

    def backend(gm, example_inputs):
        seen.append(gm)
        return gm.forward

    torch.compile(model, backend=backend, fullgraph=True)(torch.randn(4, 8), torch.randn(8, 8))
    text = seen[0].print_readable(print_output=False, include_stride=True, include_device=True)
    return text.replace(os.path.abspath(__file__), "nested_regions.py")


def main() -> int:
    if sys.argv[1:] == ["--dump"]:
        print(dump(), end="")
        return 0
    ns = {"torch": torch}  # `piecewise opt` prints no imports; a split module has its own
    exec(open(sys.argv[1]).read(), ns)
    split = ns["GraphModule"]()
    torch.manual_seed(0)
    x, w = torch.randn(4, 8), torch.randn(8, 8)
    got = split(x, w)
    want = model(x, w)
    assert len(got) == len(want)
    for g, e in zip(got, want):
        torch.testing.assert_close(g, e, rtol=0, atol=0)
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
