"""piecewise.split_graph on live torch.fx graphs (make_fx, symbolic_trace, Dynamo), the fx
round trip, passes on live graphs and the torch.compile backend. Needs the extension
(piecewise._core): skipped when it is not built."""

import operator

import pytest
import torch
import torch.fx as tfx

piecewise = pytest.importorskip("piecewise")

import make_examples as mx  # noqa: E402  (examples/, on sys.path via conftest)
from fxload import assert_same  # noqa: E402
from torch.fx.experimental.proxy_tensor import make_fx  # noqa: E402

ATTN = "vllm::unified_attention_with_output"


def llama(layers):
    return mx.build_llama(layers, seed=0)


def makefx_llama(layers, mode="fake", tokens=8):
    model = llama(layers)
    ids = mx.llama_example_input(tokens)
    args = mx.flat_inputs(model, ids)
    gm = mx.capture_make_fx(mx.flat_fn(model), args, mode)
    return gm, args


def dynamo_graph(model, args, dynamic=False, mark=None):
    torch._dynamo.reset()
    rec = mx.Recorder()
    compiled = torch.compile(model, backend=rec, dynamic=dynamic, fullgraph=True)
    if mark is not None:
        mark(*args)
    with torch.no_grad():
        compiled(*args)
    assert len(rec.graphs) == 1
    return rec.graphs[0]


def placeholder_values(gm):
    return [n.meta.get("val", n.meta.get("example_value"))
            for n in gm.graph.nodes if n.op == "placeholder"]


def check_contract(split_gm, items, n_pieces=None, n_splitting=None):
    ids = [it.graph_id for it in items]
    assert ids == sorted(ids) and len(set(ids)) == len(ids)
    assert [it.submod_name for it in items] == [f"submod_{i}" for i in ids]
    if n_pieces is not None:
        assert len(items) == n_pieces
    if n_splitting is not None:
        assert sum(it.is_splitting_graph for it in items) == n_splitting
    called = [n.target for n in split_gm.graph.nodes if n.op == "call_module"]
    assert called == [it.submod_name for it in items]
    for it in items:
        assert getattr(split_gm, it.submod_name) is it.graph
        g = it.graph.graph
        out = [n for n in g.nodes if n.op == "output"]
        assert len(out) == 1 and isinstance(out[0].args[0], tuple), it.submod_name
        for n in g.nodes:
            if n.op == "placeholder":
                v = n.meta.get("val")
                if v is not None:
                    assert n.meta["example_value"] is v
                    assert not isinstance(v, (tuple, list, torch.Size)), (it.submod_name, n)
            if n.op == "call_function" and n.target is operator.getitem:
                assert n.args[0].op != "placeholder", (it.submod_name, n)
    for n in split_gm.graph.nodes:
        if n.op == "call_function" and n.target is operator.getitem:
            assert n.args[0].op == "call_module"


def run_same(a, b, args):
    with torch.no_grad():
        assert_same(a(*args), b(*args), 1e-5, 1e-6, "split vs original")


# --- make_fx ----------------------------------------------------------------------------------

@pytest.mark.parametrize("mode", ["fake", "symbolic"])
def test_makefx_llama(mode):
    gm, args = makefx_llama(2, mode)
    expected = gm(*args)
    split_gm, items = piecewise.split_graph(gm, [ATTN])
    check_contract(split_gm, items, n_pieces=5, n_splitting=2)
    assert [it.is_splitting_graph for it in items] == [False, True, False, True, False]
    for it in items:
        assert all(n.meta.get("val") is not None for n in it.graph.graph.nodes
                   if n.op == "placeholder")
    with torch.no_grad():
        assert_same(split_gm(*args), expected, 1e-5, 1e-6, "split")
    if mode == "symbolic":  # another token count through the same split module
        model = llama(2)
        args5 = mx.flat_inputs(model, mx.llama_example_input(5))
        run_same(split_gm, gm, args5)


def test_same_pieces_as_python_reference():
    gm, args = makefx_llama(3)
    _, ids = piecewise.split.reference_split(gm, [ATTN])
    split_gm, items = piecewise.split_graph(gm, [ATTN])
    ours = [[n.name for n in it.graph.graph.nodes if n.op not in ("placeholder", "output")]
            for it in items]
    groups = {}
    for n, i in ids.items():
        groups.setdefault(i, []).append(n.name)
    assert ours == [groups[k] for k in sorted(groups)]
    # Equal compiled pieces share a hash: the middle layers are the same program.
    hashes = [it.hash for it in items if not it.is_splitting_graph]
    assert len(hashes) == 4 and hashes[1] == hashes[2] and hashes[0] != hashes[1]


def test_op_objects_and_overload_strings():
    gm, args = makefx_llama(2)
    for ops in ([torch.ops.vllm.unified_attention_with_output.default],
                [torch.ops.vllm.unified_attention_with_output],
                ["vllm::unified_attention_with_output.default"]):
        split_gm, items = piecewise.split_graph(gm, ops)
        check_contract(split_gm, items, n_pieces=5, n_splitting=2)
    _, items = piecewise.split_graph(gm, ["vllm::unified_attention_with_output.other"])
    assert len(items) == 1


def test_consecutive_ops_and_chunks():
    def f(x):
        a, b = x.relu().chunk(2)
        s = a.sin()
        c = s.cos()
        t = torch.tanh(c)
        return (t + b,)

    x = torch.randn(4, 3)
    gm = make_fx(f)(x)
    expected = gm(x)
    split_gm, items = piecewise.split_graph(gm, ["aten::sin", "aten::cos"])
    # relu+chunk | sin,cos (consecutive: one splitting piece) | tanh, add
    check_contract(split_gm, items, n_pieces=3, n_splitting=1)
    assert_same(split_gm(x), expected, 1e-6, 1e-6, "split")


def test_empty_allocation_between_splitting_ops():
    def f(x):
        a, b = x.relu().chunk(2)
        s = a.sin()
        buf = torch.empty_like(a)
        c = s.cos()
        return (torch.tanh(c) + b + buf.zero_(),)

    x = torch.randn(4, 3)
    gm = make_fx(f)(x)
    expected = gm(x)
    split_gm, items = piecewise.split_graph(gm, ["aten::sin", "aten::cos"])
    # the empty_like-only piece between sin and cos merges into the first piece
    check_contract(split_gm, items, n_pieces=4, n_splitting=2)
    first = [n.target for n in items[0].graph.graph.nodes if n.op == "call_function"]
    assert torch.ops.aten.empty_like.default in first
    assert_same(split_gm(x), expected, 1e-6, 1e-6, "split")


def test_multi_output_custom_op():
    lib = torch.library.Library("pwtest", "FRAGMENT")
    lib.define("two(Tensor x) -> (Tensor, Tensor)")
    lib.impl("two", lambda x: (x + 1, x * 2), "CPU")
    torch.library.register_fake("pwtest::two", lambda x: (torch.empty_like(x), torch.empty_like(x)),
                                lib=lib)

    def f(x):
        a, b = torch.ops.pwtest.two(x.relu())
        return (a.sin() + b,)

    x = torch.randn(5)
    gm = make_fx(f)(x)
    split_gm, items = piecewise.split_graph(gm, ["pwtest::two"])
    check_contract(split_gm, items, n_pieces=3, n_splitting=1)
    # the getitems went with the op: the splitting piece returns both values
    assert len(list(items[1].graph.graph.nodes)) >= 4
    assert_same(split_gm(x), gm(x), 1e-6, 1e-6, "split")


# --- symbolic_trace and Dynamo --------------------------------------------------------------------

def test_symbolic_trace_llama():
    model = llama(2)
    gm = tfx.symbolic_trace(model)
    ids = mx.llama_example_input()
    split_gm, items = piecewise.split_graph(gm, [ATTN])
    check_contract(split_gm, items, n_pieces=5, n_splitting=2)
    run_same(split_gm, model, (ids,))


@pytest.mark.parametrize("dynamic", [False, True])
def test_dynamo_llama(dynamic):
    model = llama(2)
    ids = mx.llama_example_input()
    gm = dynamo_graph(model, (ids,), dynamic=dynamic)
    inputs = mx.dynamo_inputs(model, [n.target for n in gm.graph.nodes if n.op == "placeholder"], ids)
    expected = gm(*inputs)
    split_gm, items = piecewise.split_graph(gm, [ATTN])
    check_contract(split_gm, items, n_pieces=5, n_splitting=2)
    with torch.no_grad():
        assert_same(split_gm(*inputs), expected, 1e-5, 1e-6, "split")


@torch.library.custom_op("pwtest::mysin", mutates_args=())
def _mysin(x: torch.Tensor) -> torch.Tensor:
    return torch.sin(x)


@_mysin.register_fake
def _(x):
    return torch.empty_like(x)


def test_dynamo_size_reused_across_pieces():
    class M(torch.nn.Module):
        def forward(self, x):
            n = x.size()
            y = torch.ops.pwtest.mysin(x)
            z = torch.cos(y)
            return z.reshape(n) + y.new_zeros(n), n[0] * 2

    m = M()
    x = torch.randn(6, 4)
    torch._dynamo.reset()
    rec = mx.Recorder()
    compiled = torch.compile(m, backend=rec, fullgraph=True)
    torch._dynamo.mark_dynamic(x, 0)
    compiled(x)
    gm = rec.graphs[0]
    inputs = [x.shape[0] if isinstance(v, torch.SymInt) else x for v in placeholder_values(gm)]
    expected = gm(*inputs)
    split_gm, items = piecewise.split_graph(gm, ["pwtest::mysin"])
    # x.size() became sym_size.int right after x (vLLM's placement): the first piece reads
    # the SymInt and only it crosses; x itself does not go to the piece after the op.
    check_contract(split_gm, items, n_pieces=3, n_splitting=1)
    assert [it.graph_id for it in items] == [0, 1, 2]
    first = [n.target for n in items[0].graph.graph.nodes if n.op == "call_function"]
    assert first == [torch.ops.aten.sym_size.int]
    for it in items:
        for n in it.graph.graph.nodes:
            if n.op == "placeholder":
                assert isinstance(n.meta["val"], (torch.Tensor, torch.SymInt)), n
    assert_same(split_gm(*inputs), expected, 1e-6, 1e-6, "split")
    x2 = torch.randn(3, 4)
    inputs2 = [3 if isinstance(v, torch.SymInt) else x2 for v in placeholder_values(gm)]
    assert_same(split_gm(*inputs2), m(x2), 1e-6, 1e-6, "split, other size")


def _concrete(v):
    if isinstance(v, torch.Tensor):
        shape = [int(s) for s in v.shape]
        if v.dtype.is_floating_point:
            return torch.randn(shape, dtype=v.dtype) / 8
        return torch.randint(0, 8, shape, dtype=v.dtype)
    return int(v)


def test_pieces_go_through_standalone_compile():
    """Each compiled piece is a valid compile unit: inductor's standalone_compile takes it
    with the fake values of its placeholders, and the result runs like the piece."""
    gm, args = makefx_llama(2)
    split_gm, items = piecewise.split_graph(gm, [ATTN])
    compiled = [it for it in items if not it.is_splitting_graph]
    assert len(compiled) == 3
    for it in compiled:
        vals = [n.meta["val"] for n in it.graph.graph.nodes if n.op == "placeholder"]
        inputs = [_concrete(v) for v in vals]
        art = torch._inductor.standalone_compile(it.graph, vals, dynamic_shapes="from_graph")
        out, ref = art(*inputs), it.graph(*inputs)
        # outputs that are fresh empty_like buffers hold garbage on both sides
        outs = list(it.graph.graph.nodes)[-1].args[0]
        keep = [i for i, o in enumerate(outs) if "empty" not in str(o.target)]
        assert_same([out[i] for i in keep], [ref[i] for i in keep], 1e-4, 1e-5, it.submod_name)


def test_aot_functionalized_graph():
    """An AOT (functionalized) graph: the attention op sits inside auto_functionalized_v2,
    whose first argument is the op; the HOP node is the splitting op, its getitems join it."""
    model = mx.build_llama()
    gm = mx.capture_aot(model, mx.llama_example_input())
    back = piecewise.fx.to_graph_module(piecewise.fx.to_ir(gm))
    hop = [n for n in back.graph.nodes if "auto_functionalized" in str(n.target)]
    assert len(hop) == 2 and hop[0].args[0] is torch.ops.vllm.unified_attention_with_output.default
    inputs = [_concrete(v) for v in placeholder_values(gm)]
    expected = gm(*inputs)
    assert_same(back(*inputs), expected, 1e-5, 1e-6, "round trip")
    split_gm, items = piecewise.split_graph(gm, [ATTN])
    check_contract(split_gm, items, n_pieces=5, n_splitting=2)
    for it in items:
        if it.is_splitting_graph:
            assert any("auto_functionalized" in str(n.target) for n in it.graph.graph.nodes)
    assert_same(split_gm(*inputs), expected, 1e-5, 1e-6, "split")


def test_a_constant_returned_directly_stays_in_the_stitching_module():
    """The output reads a get_attr constant that no piece reads: the stitching module
    reads it itself (split_module's rule for constants), instead of failing."""
    import torch.fx as fx

    root = torch.nn.Module()
    root.register_buffer("c", torch.arange(3.0))
    g = fx.Graph()
    x = g.placeholder("x")
    c = g.get_attr("c")
    s = g.call_function(torch.sin, (x,))
    g.output((s, c))
    gm = fx.GraphModule(root, g)
    x0 = torch.randn(3)
    expected = gm(x0)
    split_gm, items = piecewise.split_graph(gm, ["torch.sin"])
    split_gm.graph.lint()
    got = split_gm(x0)
    torch.testing.assert_close(got[0], expected[0])
    torch.testing.assert_close(got[1], expected[1])
    assert [i.is_splitting_graph for i in items] == [True]


# --- the pieces' lazy GraphModules --------------------------------------------------------------

def _module_makers():
    """The C++ maker split_graph uses (the lazy_module fast path) and the public one it
    falls back to (torch's _make_graph_module)."""
    from piecewise import split as S
    from piecewise import fx as F

    return {"native": F._core.make_lazy_module, "public": lambda g, mods: S._new_gm(mods or {}, g,
                                                                                 "GraphModule")}


@pytest.mark.fast_paths
@pytest.mark.parametrize("which", ["native", "public"])
def test_lazy_module_makers_give_what_torch_gives(which):
    from torch.fx._lazy_graph_module import _make_graph_module, _use_lazy_graph_module

    make = _module_makers()[which]
    if which == "native":
        assert piecewise._fast_paths.ON["lazy_module"], "the lazy_module fast path is off"

    def graph():
        g = tfx.Graph()
        x = g.placeholder("x")
        g.output((g.call_function(torch.relu, (x,)),))
        return g

    with _use_lazy_graph_module(True):
        ref = _make_graph_module(torch.nn.Module(), graph(), "GraphModule")
    child = _make_graph_module(torch.nn.Module(), graph(), "GraphModule")
    a, b = make(graph(), {"submod_0": child}), make(graph(), None)
    for m in (a, b):
        assert list(m.__dict__) == list(ref.__dict__)
        assert type(m).__mro__[1:] == type(ref).__mro__[1:]
        assert (type(m).__name__, type(m).__module__) == (type(ref).__name__,
                                                           type(ref).__module__)
        assert m.graph.owning_module is m
    # one class and fresh containers per module: recompiling or hooking one leaves the other
    assert type(a) is not type(b)
    for k, v in a.__dict__.items():
        if isinstance(v, (dict, set, list)) and k != "_graph":
            assert v is not b.__dict__[k], k
    if which == "native":  # torch's constructor attaches only the children the graph calls
        assert dict(a.named_children()) == {"submod_0": child}
    assert not dict(b.named_children())
    x = torch.tensor([-1.0, 2.0])
    a(x), b(x)  # the first call compiles (and runs a lazy module's hooks twice, as torch's)
    a.register_forward_hook(lambda mod, args, out: (out[0] + 1,))
    assert torch.equal(a(x)[0], torch.tensor([1.0, 3.0]))
    assert torch.equal(b(x)[0], torch.tensor([0.0, 2.0]))
    a.graph.call_function(torch.neg, (next(iter(a.graph.nodes)),))  # an unused node
    a.graph.eliminate_dead_code()
    a.recompile()
    assert "relu" in a.code and "relu" in b.code
