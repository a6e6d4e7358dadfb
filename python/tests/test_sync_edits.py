"""What fx.sync hands back to a live graph after a pass edits it: node references inside
dict arguments are uses, a namedtuple argument keeps its type, a Node subclass's own
setters run. torch running the graph before and after is the oracle."""

import collections

import pytest
import torch
import torch.fx as tfx

piecewise = pytest.importorskip("piecewise")
import piecewise.passes  # noqa: E402

from torch._dynamo.source import ConstantSource  # noqa: E402
from torch._subclasses.fake_tensor import FakeTensorMode  # noqa: E402
from torch.fx.experimental.symbolic_shapes import ShapeEnv  # noqa: E402

aten = torch.ops.aten
Pair = collections.namedtuple("Pair", ["left", "right"])


def scale_from(d):
    return d["x"] * 2


def pair_product(p):
    return p.left * p.right


torch.fx.wrap("scale_from")
torch.fx.wrap("pair_product")


def dict_arg_graph():
    g = tfx.Graph()
    x = g.placeholder("x")
    s = g.call_function(aten.sin.default, (x,))
    r = g.call_function(aten.relu.default, (x,))
    d = g.call_function(scale_from, ({"x": s},))  # s is used only inside the dict
    g.output((d, r))
    return tfx.GraphModule(torch.nn.Module(), g)


@pytest.mark.parametrize("pipeline", ["dce", "cse"])
def test_node_inside_a_dict_argument_is_a_use_for_passes(pipeline):
    x = torch.randn(3)
    gm = dict_arg_graph()
    want = gm(x)
    piecewise.passes.run(gm, pipeline)
    gm.graph.lint()
    assert any(n.target is aten.sin.default for n in gm.graph.nodes)
    got = gm(x)
    assert all(torch.equal(a, b) for a, b in zip(want, got))


def test_node_inside_a_dict_argument_crosses_a_split_boundary():
    x = torch.randn(3)
    gm = dict_arg_graph()
    want = gm(x)
    split_gm, items = piecewise.split_graph(gm, ["aten::relu"])
    assert len(items) >= 2
    got = split_gm(x)
    assert all(torch.equal(a, b) for a, b in zip(want, got))


def namedtuple_graph():
    """A Dynamo-shaped graph: `pair_product(Pair(relu(x), x.size(0)))`, which decompose-size
    rewrites (the size becomes aten.sym_size.int inside the namedtuple)."""
    env = ShapeEnv()
    mode = FakeTensorMode(shape_env=env)
    s0 = env.create_symintnode(env.create_symbol(5, ConstantSource("s0")), hint=5)
    with mode:
        fake = torch.empty(s0, 6)
    g = tfx.Graph()
    x = g.placeholder("x")
    x.meta["example_value"] = fake
    size = g.call_method("size", (x, 0))
    size.meta["example_value"] = s0
    r = g.call_function(torch.relu, (x,))
    r.meta["example_value"] = fake
    out = g.call_function(pair_product, (Pair(r, size),))
    out.meta["example_value"] = fake
    g.output((out,))
    return tfx.GraphModule(torch.nn.Module(), g), out


def test_an_edited_namedtuple_argument_keeps_its_type():
    gm, user = namedtuple_graph()
    x = torch.randn(5, 6)
    want = gm(x)
    assert piecewise.passes.run(gm, "decompose-size")
    assert type(user.args[0]) is Pair
    assert user.args[0].right.target is aten.sym_size.int  # the edit happened
    gm.recompile()
    assert torch.equal(gm(x)[0], want[0])


def test_split_graph_keeps_a_namedtuple_argument_it_edits():
    gm, user = namedtuple_graph()
    x = torch.randn(5, 6)
    want = gm(x)
    split_gm, _ = piecewise.split_graph(gm, [torch.relu])
    assert type(user.args[0]) is Pair  # the caller's graph, edited in place
    assert torch.equal(split_gm(x)[0], want[0])


def test_a_node_subclass_setters_run_when_a_pass_edits_it():
    seen = []

    class Tracked(tfx.Node):
        @property
        def args(self):
            return self._args

        @args.setter
        def args(self, a):
            seen.append("args")
            tfx.Node.args.fset(self, a)

        @property
        def kwargs(self):
            return self._kwargs

        @kwargs.setter
        def kwargs(self, k):
            seen.append("kwargs")
            tfx.Node.kwargs.fset(self, k)

    g = tfx.Graph()
    x = g.placeholder("x")
    buf = g.placeholder("buf")
    a = g.call_function(aten.relu.default, (x,))
    b = g.call_function(aten.relu.default, (x,))  # cse folds it into a
    t = g.call_function(aten.add_.Tensor, (buf, b))
    t.__class__ = Tracked
    g.output((a,))
    gm = tfx.GraphModule(torch.nn.Module(), g)
    assert piecewise.passes.run(gm, "cse")
    assert t.args == (buf, a)
    assert seen == ["args", "kwargs"]
