"""split_graph defers every node's meta but what decompose-size reads, partitions, loads the
meta of the values that cross a boundary, and either keeps the first assignment (the loaded
meta changes no kind it read) or partitions again (it does: a getitem's producer turns out
to be a tuple). Both branches against torch running the original graph."""

import operator

import pytest
import torch
import torch.fx as tfx

piecewise = pytest.importorskip("piecewise")

from torch._subclasses.fake_tensor import FakeTensorMode  # noqa: E402


def pair_of(x):
    return x + 1, x * 2


def touch(x):
    """An opaque splitting op (no schema): it may write anything its input may alias."""
    return x.sum()


torch.fx.wrap("pair_of")
torch.fx.wrap("touch")


def tuple_across_a_split():
    """x -> t = pair_of(x) -> s = touch(x) [splitting] -> t[0] + s: without t's meta the
    getitem stays after the splitting op (t is opaque: touch may write it); with it, t is a
    tuple and the getitem goes with its producer, so no tuple crosses."""
    with FakeTensorMode() as mode:
        fx_ = torch.empty(4, 3)
        pair = (fx_ + 1, fx_ * 2)
        total = pair[0].sum()
    del mode
    g = tfx.Graph()
    x = g.placeholder("x")
    x.meta["example_value"] = fx_
    t = g.call_function(pair_of, (x,))
    t.meta["example_value"] = pair
    s = g.call_function(touch, (x,))
    s.meta["example_value"] = total
    first = g.call_function(operator.getitem, (t, 0))
    first.meta["example_value"] = pair[0]
    out = g.call_function(operator.add, (first, s))
    out.meta["example_value"] = pair[0]
    g.output((out,))
    return tfx.GraphModule(torch.nn.Module(), g)


def test_loaded_meta_that_changes_a_producer_kind_repartitions():
    gm = tuple_across_a_split()
    x = torch.randn(4, 3)
    want = gm(x)
    split_gm, items = piecewise.split_graph(gm, [touch])
    assert [it.is_splitting_graph for it in items] == [False, True, False]
    first_piece = [n.target for n in items[0].graph.graph.nodes if n.op == "call_function"]
    assert operator.getitem in first_piece  # moved to its producer
    torch.testing.assert_close(split_gm(x)[0], want[0])


def test_loaded_meta_that_changes_no_kind_keeps_the_first_assignment():
    """A Dynamo capture with symbolic sizes: the first plan stands, and the pieces still get
    the SymInt inputs their tensors' shapes need (read from the loaded meta)."""
    def f(x, w):
        h = torch.relu(x @ w)
        return torch.sigmoid(h) * x.shape[0]

    captured = []

    def backend(gm, inputs):
        captured.append((gm, list(inputs)))
        return gm.forward

    x, w = torch.randn(6, 4), torch.randn(4, 4)
    torch._dynamo.reset()
    torch.compile(f, backend=backend, dynamic=True)(x, w)
    gm, args = captured[0]
    want = gm(*args)
    split_gm, items = piecewise.split_graph(gm, [torch.sigmoid])
    assert len(items) == 3
    for it in items:
        ph = [n for n in it.graph.graph.nodes if n.op == "placeholder"]
        symbolic = any(isinstance(d, torch.SymInt)
                       for n in ph for d in getattr(n.meta.get("example_value"), "shape", ()))
        if symbolic:  # a piece whose tensors have a symbolic dim takes that SymInt too
            assert any(isinstance(n.meta.get("example_value"), torch.SymInt) for n in ph)
    torch.testing.assert_close(split_gm(*args)[0], want[0])
