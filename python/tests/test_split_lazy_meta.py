"""split_graph defers every node's meta but the placeholders' and what decompose-size reads,
partitions, loads the meta of the values that cross a boundary and partitions again: the
loaded meta may change where a getitem goes. The pieces must be those an import with every
meta loaded gives, and torch must compute the same."""

import copy

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


def pieces(gm, ops, lazy):
    ir = piecewise.fx.import_graph(gm.graph, gm, lazy_meta=lazy)
    res = ir.core.split([piecewise.split._pattern(o) for o in ops], decompose_size=True,
                        merge_empty=True, check_flat=True,
                        fetch_meta=ir.meta_source if lazy else None)
    return [(p.id, p.kind_name, p.nodes, p.inputs, p.outputs) for p in res.pieces]


def item_through_a_split():
    """n = a.sum().item() crosses into the piece after torch.relu; torch.full((2,), n) after
    it. Without n's meta, n may alias a (an opaque value), so torch.full "writes a" and a[0]
    stays after the splitting op; n's meta says it is a SymFloat: a[0] goes with a."""
    import torch._dynamo.config as dynamo_config

    aten = torch.ops.aten

    def f(x, y):
        a = aten.add.Tensor(x, 1)
        n = a.sum().item()
        s = torch.relu(y)
        t = torch.full((2,), n)
        # aten ops after (fresh results): nothing else makes a's storage y's
        return aten.add.Tensor(aten.add.Tensor(a[0], aten.sum.default(s)), aten.sum.default(t))

    captured = []

    def backend(gm, inputs):
        captured.append(gm)
        return gm.forward

    torch._dynamo.reset()
    x, y = torch.randn(4, 3), torch.randn(4, 3)
    with dynamo_config.patch(capture_scalar_outputs=True):
        torch.compile(f, backend=backend, fullgraph=True)(x, y)
    return captured[0], (x, y)


def test_lazy_meta_gives_the_pieces_every_meta_gives():
    gm, args = item_through_a_split()
    eager = pieces(tfx.GraphModule(gm, copy.deepcopy(gm.graph)), [torch.relu], lazy=False)
    lazy = pieces(tfx.GraphModule(gm, copy.deepcopy(gm.graph)), [torch.relu], lazy=True)
    assert lazy == eager
    want = gm(*args)
    split_gm, items = piecewise.split_graph(gm, [torch.relu])
    first = [n.target for n in items[0].graph.graph.nodes if n.op == "call_function"]
    assert operator.getitem in first  # a[0] went with a
    torch.testing.assert_close(split_gm(*args)[0], want[0])


def test_pieces_take_the_symint_inputs_the_loaded_meta_names():
    """A Dynamo capture with symbolic sizes: the pieces get the SymInt inputs their
    tensors' shapes need, read from the meta loaded after the first partition."""
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
