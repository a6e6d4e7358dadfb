"""What fx.sync hands back to a live graph after a pass edits it: node references inside
dict arguments are uses, a namedtuple argument keeps its type, a Node subclass's own
setters run. torch running the graph before and after is the oracle."""

import collections
import copy
import sys
from pathlib import Path

import pytest
import torch
import torch.fx as tfx

piecewise = pytest.importorskip("piecewise")
import piecewise.passes  # noqa: E402

from torch._dynamo.source import ConstantSource  # noqa: E402
from torch._subclasses.fake_tensor import FakeTensorMode  # noqa: E402
from torch.fx.experimental.symbolic_shapes import ShapeEnv  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
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


def symbolic_input():
    """(graph, x, s0, fake): a graph whose placeholder x is a Dynamo-style (s0, 6) tensor."""
    env = ShapeEnv()
    mode = FakeTensorMode(shape_env=env)
    s0 = env.create_symintnode(env.create_symbol(5, ConstantSource("s0")), hint=5)
    with mode:
        fake = torch.empty(s0, 6)
    g = tfx.Graph()
    x = g.placeholder("x")
    x.meta["example_value"] = fake
    return g, x, s0, fake


def namedtuple_graph():
    """A Dynamo-shaped graph: `pair_product(Pair(relu(x), x.size(0)))`, which decompose-size
    rewrites (the size becomes aten.sym_size.int inside the namedtuple)."""
    g, x, s0, fake = symbolic_input()
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


def tracked_node_class(seen):
    """A Node subclass whose args and kwargs setters record their calls in `seen`."""

    def recorded(field):
        base = getattr(tfx.Node, field)

        def setter(self, value):
            seen.append(field)
            base.fset(self, value)

        return property(base.fget, setter)

    return type("Tracked", (tfx.Node,), {"args": recorded("args"), "kwargs": recorded("kwargs")})


def test_a_node_subclass_setters_run_when_a_pass_edits_it():
    seen = []
    Tracked = tracked_node_class(seen)

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


# --- the edits applied in C++ (_core.apply_sync_edits) and in Python give the same graph -------

@pytest.fixture
def spy(monkeypatch):
    """Records what each _core.apply_sync_edits call returned (None: it declined)."""
    from piecewise import fx as F

    calls = []
    real = F._core.apply_sync_edits

    def wrapper(*args, **kwargs):
        out = real(*args, **kwargs)
        calls.append(out)
        return out

    monkeypatch.setattr(F._core, "apply_sync_edits", wrapper)
    return calls


def _sync(gm, ops, native):
    from piecewise import fx as F
    from piecewise import split as S

    ir = F.import_graph(gm.graph, gm, lazy_meta=True)
    r = ir.core.split([S._pattern(o) for o in ops], decompose_size=True, merge_empty=True,
                      check_flat=True, fetch_meta=ir.meta_source)
    return F.sync(gm.graph, ir, r.sync, native=native)


def _state(graph):
    """Everything a synced graph is: per node its fields, users, inputs and meta; the
    lookup table; the namespace; the length."""
    name = lambda a: tfx.node.map_arg(a, lambda n: ("node", n.name))  # noqa: E731
    nodes = []
    for n in graph.nodes:
        meta = {k: str(v) for k, v in n.meta.items() if k in ("example_value", "val")}
        nodes.append((n.name, n.op, str(n.target), name(n.args), name(n.kwargs),
                      type(n.args), type(n.kwargs), [u.name for u in n.users],
                      [i.name for i in n.all_input_nodes], sorted(n.meta), meta, n.type))
    # A bucket's order is not kept by torch (a node whose attribute is set moves to its
    # bucket's end): each bucket in graph order.
    order = {n: i for i, n in enumerate(graph.nodes)}
    table = {k: [n.name for n in sorted(v, key=order.__getitem__)]
             for k, v in graph._find_nodes_lookup_table.table.items() if v}
    return nodes, table, len(graph.nodes), sorted(graph._graph_namespace._used_names)


@pytest.mark.fast_paths
def test_native_sync_gives_the_graph_the_python_sync_gives(spy):
    import capture_llama as cl

    gm, inputs = cl.dynamo(2)
    copies = [tfx.GraphModule(gm, copy.deepcopy(gm.graph)) for _ in range(2)]
    before = [list(c.graph.nodes) for c in copies]
    want = gm(*inputs)
    python_nodes = _sync(copies[0], cl.SPLITTING_OPS, native=False)
    native_nodes = _sync(copies[1], cl.SPLITTING_OPS, native=True)
    for old, new in zip(before, (python_nodes, native_nodes)):  # the erased nodes
        gone = [n for n in old if n not in set(new)]
        assert gone and all(n._erased and not n.all_input_nodes and not n.users for n in gone)
    assert [n.name for n in before[0] if n._erased] == [n.name for n in before[1] if n._erased]
    assert len(spy) == 1 and isinstance(spy[0], list)  # C++ applied the edits
    created = [n for n in native_nodes if n.target is aten.sym_size.int]
    assert created and all("example_value" in n.meta for n in created)
    assert _state(copies[1].graph) == _state(copies[0].graph)
    assert [n.name for n in native_nodes] == [n.name for n in python_nodes]
    assert list(copies[1].graph.nodes) == native_nodes
    for c in copies:
        c.graph.lint()
        c.recompile()
        got = c(*inputs)
        assert all(torch.equal(a, b) for a, b in zip(want, got))


@pytest.mark.fast_paths
def test_native_sync_declines_what_needs_python(spy):
    """An edited node of a Node subclass: its own setters must run, so C++ leaves every edit
    to Python (and changes nothing itself)."""
    seen = []
    Tracked = tracked_node_class(seen)
    g, x, _, fake = symbolic_input()
    size = g.call_method("size", (x,))
    size.meta["example_value"] = fake.shape
    r = g.call_function(torch.relu, (x,))
    r.meta["example_value"] = fake
    v = g.call_method("view", (r, size))
    v.meta["example_value"] = fake
    v.__class__ = Tracked
    g.output((v,))
    gm = tfx.GraphModule(torch.nn.Module(), g)
    xs = torch.randn(5, 6)
    want = gm(xs)
    split_gm, _ = piecewise.split_graph(gm, [torch.relu])
    assert spy == [None]
    assert seen == ["args", "kwargs"] and v.args[1].target is aten.sym_size.int
    assert torch.equal(split_gm(xs)[0], want[0])


@pytest.mark.fast_paths
def test_native_erase_leaves_nodes_to_erase_hooks(spy):
    """With erase hooks on the owning module, Graph.erase_node (which calls them) erases."""
    import capture_llama as cl

    gm, inputs = cl.dynamo(1)
    seen = []
    gm._erase_node_hooks.append(lambda n: seen.append(n.name))
    want = gm(*inputs)
    split_gm, _ = piecewise.split_graph(gm, cl.SPLITTING_OPS)
    assert isinstance(spy[0], list)  # the edits were native; the erasures were not
    assert seen and all(n not in {m.name for m in gm.graph.nodes} for n in seen)
    got = split_gm(*inputs)
    assert all(torch.equal(a, b) for a, b in zip(want, got))


def size_view_graph():
    """relu(x).view(relu(x).size()) + y.view(...), fake-propagated with dynamic dims: the
    size becomes two aten.sym_size.int nodes."""
    from torch.fx.experimental.symbolic_shapes import DimDynamic, StatelessSymbolicContext
    from torch.fx.passes.fake_tensor_prop import FakeTensorProp

    def f(x, y):
        r = torch.relu(x)
        s = r.size()
        return r.view(s) + y.view(s)

    gm = tfx.symbolic_trace(f)
    mode = FakeTensorMode(shape_env=ShapeEnv())
    ctx = StatelessSymbolicContext(dynamic_sizes=[DimDynamic.DYNAMIC] * 2)
    FakeTensorProp(gm, mode).propagate(
        *[mode.from_tensor(torch.randn(5, 6), symbolic_context=ctx) for _ in range(2)])
    return gm


@pytest.mark.parametrize("native", [True, False])
def test_a_failing_fake_value_leaves_the_graph_whole(native):
    """A stale 1-d example_value next to a 2-d val: the created sym_size.int(relu, 1) cannot
    read its value and raises, after every edit, erasure and move (the graph stays whole:
    the same nodes and order either way, its length right)."""
    gm = size_view_graph()
    relu = next(n for n in gm.graph.nodes if n.name == "relu")
    relu.meta["example_value"] = relu.meta["val"].sum(0)
    with pytest.raises(IndexError):
        _sync(gm, [torch.relu], native=native)
    names = [n.name for n in gm.graph.nodes]
    assert gm.graph._len == len(names)
    assert names == ["x", "y", "relu", "sym_size_int_1", "sym_size_int", "view", "view_1",
                     "add", "output"]
    gm.graph.lint()


def test_a_target_that_cannot_be_resolved_changes_nothing(monkeypatch):
    """The created nodes' targets are resolved before C++ changes anything."""
    from piecewise import fx as F

    gm = size_view_graph()
    before = _state(gm.graph)

    def unresolvable(s):
        raise ImportError(f"no {s}")

    monkeypatch.setattr(F, "resolve_target", unresolvable)
    with pytest.raises(ImportError):
        _sync(gm, [torch.relu], native=True)
    assert _state(gm.graph) == before
    gm.graph.lint()


@pytest.mark.fast_paths
def test_create_hooks_keep_node_creation_in_python(spy):
    """Graph.create_node calls the owning module's create hooks: with hooks, C++ declines and
    every created node goes through them."""
    gm = size_view_graph()
    seen = []
    gm._create_node_hooks.append(lambda n: seen.append(n.name))
    x, y = torch.randn(5, 6), torch.randn(5, 6)
    want = gm(x, y)
    split_gm, _ = piecewise.split_graph(gm, [torch.relu])
    assert spy == [None]
    assert sorted(seen) == ["sym_size_int", "sym_size_int_1"]
    assert torch.equal(split_gm(x, y), want)
