"""piecewise.split_graph as a drop-in for vLLM's split_graph: the behaviours vLLM's own tests
check (tests/compile/test_graph_partition.py, its split-module tests and
tests/compile/passes/test_split_coalescing.py), written anew, on CPU, with ops of vLLM's
schemas (bench/capture_llama.py: ``unified_attention_with_output(q, k, v, out, layer_name)``
with an opaque ``LayerName``, ``unified_kv_cache_update(k, v, layer_name)``).

Every test runs piecewise and ``piecewise.vllm_reference`` (vLLM's algorithm re-implemented,
with torch's split_module) on two captures of the same program and asks for the same items
(ids, kinds, the ops in each piece) and the same edits of the caller's graph; the oracle for
numerics is torch running the original and the split module on the same inputs."""

import operator
import sys
from pathlib import Path

import pytest
import torch
import torch.fx as fx
from torch.fx.experimental.proxy_tensor import make_fx

piecewise = pytest.importorskip("piecewise")

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import capture_llama as cl  # noqa: E402

from piecewise import vllm_reference as ref  # noqa: E402


def dynamo_capture(fn, *args, dynamic_dims=((0, 0),)):
    """The Dynamo graph of fn(*args) (a capturing backend), args[i] dim d marked dynamic,
    and the example inputs it was called with (SymInts as the real sizes)."""
    graphs, inputs = [], []

    def backend(gm, example_inputs):
        graphs.append(gm)
        inputs.extend(example_inputs)
        return gm.forward

    torch._dynamo.reset()
    for i, d in dynamic_dims:
        torch._dynamo.mark_dynamic(args[i], d)
    torch.compile(fn, backend=backend, fullgraph=True)(*args)
    assert len(graphs) == 1
    concrete = [args[0].shape[0] if isinstance(v, torch.SymInt) else v for v in inputs]
    return graphs[0], concrete


def ops_of(gm):
    return [str(n.target) for n in gm.graph.nodes if n.op not in ("placeholder", "output")]


def summary(items):
    return [(it.submod_name, it.graph_id, it.is_splitting_graph, ops_of(it.graph)) for it in items]


def body(gm):
    return [(n.name, n.op, str(n.target), str(n.args), str(n.kwargs), dict.get(n.meta, "example_value") is None)
            for n in gm.graph.nodes if n.op != "placeholder"]


def both(capture, splitting_ops, same_edits=True):
    """(piecewise result, reference result, the two captured graphs after splitting).
    ``same_edits=False``: where piecewise's size decomposition writes a size argument of a
    torch function as one tuple (docs/passes.md) and vLLM splices the dims in."""
    g1, inputs = capture()
    g2, _ = capture()
    ours = piecewise.split_graph(g1, splitting_ops)
    theirs = ref.split_graph(g2, splitting_ops)
    assert summary(ours[1]) == summary(theirs[1])
    if not same_edits:
        return ours, theirs, (g1, g2), inputs
    # The caller's graph is edited the same way: the same nodes in the same order, apart
    # from the placeholders (vLLM may put a sym_size.int between two placeholders where
    # piecewise puts it after the last one: the same program).
    assert body(g1) == body(g2)
    assert [n.name for n in g1.graph.find_nodes(op="placeholder")] == \
        [n.name for n in g2.graph.find_nodes(op="placeholder")]
    return ours, theirs, (g1, g2), inputs


def run_same(split_gm, gm, inputs, tol=1e-5):
    with torch.no_grad():
        a, b = split_gm(*inputs), gm(*inputs)
    a = a if isinstance(a, (tuple, list)) else (a,)
    b = b if isinstance(b, (tuple, list)) else (b,)
    for x, y in zip(a, b):
        if isinstance(x, torch.Tensor):
            torch.testing.assert_close(x, y, atol=tol, rtol=tol)


def getitems_on_placeholders(items):
    return [n for it in items for n in it.graph.graph.nodes
            if n.op == "call_function" and n.target is operator.getitem
            and n.args[0].op == "placeholder"]


# --- test_graph_partition.py behaviours --------------------------------------------------------

def test_getitem_goes_with_its_producer():
    def f(x):
        a, b = torch.split(x, x.shape[0] // 2, dim=0)
        return torch.cat([a.relu(), b.relu()])

    x = torch.randn(4, 3)
    (sgm, items), _, (gm, _), _ = both(lambda: (make_fx(f)(x), None), ["aten::split.Tensor"])
    assert len(items) == 2
    assert not getitems_on_placeholders(items)
    run_same(sgm, gm, (torch.randn(4, 3),))


def test_no_tuple_input_with_several_consumers():
    def f(x):
        a, b = torch.split(x, x.shape[0] // 2, dim=0)
        r1, r2 = a.relu(), b.relu()
        r1 = torch.sigmoid(r1)
        return torch.cat([a, b, r1, r2])

    x = torch.randn(4, 3)
    (sgm, items), _, (gm, _), _ = both(lambda: (make_fx(f)(x), None),
                                       ["aten::split.Tensor", "aten::sigmoid"])
    assert len(items) == 4
    assert not getitems_on_placeholders(items)
    run_same(sgm, gm, (torch.randn(4, 3),))


def test_consecutive_splitting_ops_share_a_piece():
    name = cl.LayerName("l0")

    def f(x):
        h = x.relu()
        out = torch.sqrt(h)
        torch.ops.vllm_like.unified_attention_with_output(h, h, out, out, name)
        return out.sigmoid()

    x = torch.rand(8, cl.HIDDEN)
    ops = [cl.ATTN, "aten::sqrt"]
    (sgm, items), _, (gm, _), _ = both(lambda: (make_fx(f)(x), None), ops)
    assert len(items) == 3
    split = [it for it in items if it.is_splitting_graph]
    assert len(split) == 1
    assert [n.op for n in split[0].graph.graph.nodes] == \
        ["placeholder", "call_function", "call_function", "output"]
    run_same(sgm, gm, (x,))


def _empties(item):
    return [n for n in item.graph.graph.nodes if ref.is_empty_allocation(n)]


def test_empty_only_piece_after_a_splitting_piece_stays():
    def f(x):
        y = torch.sin(x)
        out = torch.empty_like(y)
        torch.ops.aten.cos.out(y, out=out)
        return out

    x = torch.randn(4, 3)
    (sgm, items), _, (gm, _), _ = both(lambda: (make_fx(f)(x), None),
                                       ["aten::sin", "aten::cos.out"])
    assert len(items) == 3
    assert not any(_empties(it) for it in items if it.is_splitting_graph)
    run_same(sgm, gm, (x,))


def test_empty_only_piece_merges_into_the_previous_compiled_piece():
    def f(x):
        base = x + 1
        y = torch.sin(base)
        out = torch.empty_like(base)
        torch.ops.aten.cos.out(base, out=out)
        return out + y

    x = torch.randn(4, 3)
    (sgm, items), _, (gm, _), _ = both(lambda: (make_fx(f)(x), None),
                                       ["aten::sin", "aten::cos.out"])
    assert len(items) == 4
    holders = [it for it in items if _empties(it)]
    assert len(holders) == 1 and not holders[0].is_splitting_graph
    run_same(sgm, gm, (x,))


def test_builtin_empty_like_merges_too():
    name = cl.LayerName("l0")

    class M(torch.nn.Module):
        def forward(self, x):
            h = x + 1
            o1 = torch.empty_like(h)
            torch.ops.vllm_like.unified_attention_with_output(h, h, h, o1, name)
            o2 = torch.empty_like(h)
            torch.ops.vllm_like.unified_attention_with_output(o1, o1, h, o2, name)
            return o2 + h

    (sgm, items), _, (gm, _), _ = both(lambda: (fx.symbolic_trace(M()), None), [cl.ATTN])
    assert len(items) == 4
    holders = [it for it in items if _empties(it)]
    assert len(holders) == 1 and len(_empties(holders[0])) == 2
    run_same(sgm, gm, (torch.rand(3, cl.HIDDEN),))


def _shape_model(x):
    shape = x.size()
    x = torch.ops.aten.sigmoid.default(x)
    return x.clone().view(shape)


def test_sym_size_whole_shape_boundary():
    """x.size() before the splitting op, used after it: three items; the first reads the
    SymInt right after x and only the SymInt (not x) crosses into the last."""
    x = torch.randn(4, 8)
    (sgm, items), _, (gm, _), inputs = both(lambda: dynamo_capture(_shape_model, x.clone()),
                                            ["aten::sigmoid"])
    assert len(items) == 3
    first = [n.target for n in items[0].graph.graph.nodes if n.op == "call_function"]
    assert first == [torch.ops.aten.sym_size.int]
    last = items[-1].graph.graph
    tensors_in = [n for n in last.nodes if n.op == "placeholder"
                  and isinstance(n.meta.get("example_value"), torch.Tensor)]
    assert len(tensors_in) == 1  # the sigmoid's result, not x
    run_same(sgm, gm, inputs)
    for n in (6, 3):  # the same split module at other sizes
        x2 = torch.randn(n, 8)
        run_same(sgm, gm, [n if isinstance(v, int) else x2 for v in inputs])


def test_shape_boundary_consumer_takes_symints_not_static_ints():
    x = torch.randn(4, 8)
    (sgm, items), _, _, _ = both(lambda: dynamo_capture(_shape_model, x.clone()),
                                 ["aten::sigmoid"])
    consumer = items[-1].graph.graph
    vals = [n.meta.get("example_value") for n in consumer.nodes if n.op == "placeholder"]
    assert any(isinstance(v, torch.SymInt) for v in vals)
    assert not any(type(v) is int for v in vals)


def test_shape_boundary_piece_goes_through_standalone_compile():
    from torch._inductor import standalone_compile

    x = torch.randn(4, 8)
    (sgm, items), _, _, _ = both(lambda: dynamo_capture(_shape_model, x.clone()),
                                 ["aten::sigmoid"])
    sub = items[0].graph
    example = [torch.randn(4, 8) if isinstance(n.meta["example_value"], torch.Tensor) else 4
               for n in sub.graph.nodes if n.op == "placeholder"]
    assert standalone_compile(sub, example, dynamic_shapes="from_example_inputs") is not None


def _symint_model(x):
    b, h = x.shape[0], x.shape[1]
    for _ in range(3):
        x = torch.ops.aten.sigmoid.default(x)
        x = x.clone().view(b, h)
    return x


def test_symint_crosses_several_boundaries():
    x = torch.randn(4, 8)
    (sgm, items), _, (gm, _), inputs = both(lambda: dynamo_capture(_symint_model, x.clone()),
                                            ["aten::sigmoid"])
    assert sum(it.is_splitting_graph for it in items) == 3
    assert len(items) >= 6
    run_same(sgm, gm, inputs)


def _several_uses_model(x, y):
    shape = x.size()
    z1 = torch.ops.aten.sigmoid.default(x)
    y1 = y.view(shape)
    z2 = torch.ops.aten.sigmoid.default(z1)
    y2 = y.view(shape)
    return z2 + y1 + y2


def test_size_used_in_several_later_pieces():
    x, y = torch.randn(4, 8), torch.randn(4, 8)
    (sgm, items), _, (gm, _), inputs = both(
        lambda: dynamo_capture(_several_uses_model, x.clone(), y.clone(),
                               dynamic_dims=((0, 0), (1, 0))),
        ["aten::sigmoid"])
    assert sum(it.is_splitting_graph for it in items) == 2
    for it in items:
        for n in it.graph.graph.nodes:
            if n.op == "placeholder":
                assert not isinstance(n.meta.get("example_value"), torch.Size)
    run_same(sgm, gm, inputs)


def test_sym_size_metadata_on_every_placeholder():
    x = torch.randn(4, 8)
    (sgm, items), _, _, _ = both(lambda: dynamo_capture(_shape_model, x.clone()),
                                 ["aten::sigmoid"])
    for it in items:
        for n in it.graph.graph.nodes:
            if n.op == "placeholder":
                assert n.meta.get("example_value") is not None, (it.submod_name, n.name)


def test_get_attr_constants_stay_in_the_stitching_module():
    """A make_fx constant right before a splitting op: split_module keeps the get_attr in
    the stitching module and passes it in, so no piece of its own appears."""
    c = torch.randn(4, 3)

    def f(x):
        y = x.relu() + c  # make_fx lifts c as a get_attr constant
        return torch.sigmoid(y) * c

    x = torch.randn(4, 3)
    (sgm, items), _, (gm, _), _ = both(lambda: (make_fx(f)(x), None), ["aten::sigmoid"])
    assert any(n.op == "get_attr" for n in gm.graph.nodes)
    assert not any(n.op == "get_attr" for it in items for n in it.graph.graph.nodes)
    assert any(n.op == "get_attr" for n in sgm.graph.nodes)
    run_same(sgm, gm, (x,))


def test_graph_keyword_and_split_module_contract():
    x = torch.randn(4, 8)
    gm, inputs = dynamo_capture(_shape_model, x.clone())
    sgm, items = piecewise.split_graph(graph=gm, splitting_ops=["aten::sigmoid"])
    assert sgm.meta["partition_names"] == {it.submod_name for it in items}
    assert "submod_1" in sgm.print_readable(print_output=False)
    for it in items:  # every piece returns a tuple (split_module's tuple_return)
        out = list(it.graph.graph.nodes)[-1]
        assert isinstance(out.args[0], tuple)
        assert "def forward" in it.graph.code


# --- a vLLM-shaped decoder (LayerName, KV-cache update, attention) -------------------------------

@pytest.mark.parametrize("how", ["dynamo", "makefx"])
def test_llama_like_decoder(how):
    model = cl.build(2)
    capture = (lambda: cl.dynamo(2, model=model)) if how == "dynamo" else \
        (lambda: cl.makefx(2, model=model))
    # make_fx targets are OpOverloads: vLLM's should_split needs the overload name there.
    ops = cl.SPLITTING_OPS if how == "dynamo" else [o + ".default" for o in cl.SPLITTING_OPS]
    (sgm, items), _, (gm, _), inputs = both(capture, ops)
    assert sum(it.is_splitting_graph for it in items) == 4  # kv update + attention, 2 layers
    run_same(sgm, gm, inputs)
    # another token count through the same split module (Dynamo: dynamic)
    if how == "dynamo":
        ids, pos = cl.example(5)
        other = [5 if isinstance(v, int) else ids if v is inputs[2] else pos
                 if v is inputs[4] else v for v in inputs]
        run_same(sgm, gm, other)


# --- test_split_coalescing.py --------------------------------------------------------------------

def test_split_coalescing_merges_three_splits():
    q, kv = 32, 8

    def f(qkv):
        a, _, _ = qkv.split([q, kv, kv], dim=-1)
        _, b, _ = qkv.split([q, kv, kv], dim=-1)
        _, _, c = qkv.split([q, kv, kv], dim=-1)
        return a + 1, b + 2, c + 3

    qkv = torch.randn(5, q + 2 * kv)
    to_aot = make_fx(lambda t: f(t), tracing_mode="symbolic")(qkv)
    expected = to_aot(qkv)
    assert piecewise.passes.split_coalescing(to_aot.graph)
    to_aot.recompile()
    splits = [n for n in to_aot.graph.nodes
              if n.target in (torch.ops.aten.split_with_sizes.default, torch.ops.aten.split.Tensor)]
    assert len(splits) == 1
    for a, b in zip(to_aot(qkv), expected):
        torch.testing.assert_close(a, b)
    for a, b in zip(to_aot(torch.randn(3, q + 2 * kv)), f(torch.randn(3, q + 2 * kv))):
        assert a.shape == b.shape


# --- the benchmark's third reference: torch's split_module_simple ------------------------------

@pytest.mark.skipif(ref.split_module_simple is None, reason="torch without split_module_simple")
def test_split_module_simple_reference_gives_the_same_pieces():
    """bench/split_graph_vs_python.py also times the id walk with torch's split_module_simple:
    it must split into the pieces vLLM's algorithm gives, and run the same."""
    (sgm, items), (rgm, ritems), (gm, _), inputs = both(lambda: cl.dynamo(2), cl.SPLITTING_OPS)
    g3, _ = cl.dynamo(2)
    sgm3, items3 = ref.split_graph(g3, cl.SPLITTING_OPS, simple=True)
    assert summary(items3) == summary(ritems) == summary(items)
    run_same(sgm3, gm, inputs)


# --- vLLM main (055e47c2): what its compile interpreter reads, and the empty-only merge --------
#
# vLLM's PiecewiseCompileInterpreter no longer runs each piece on fake inputs: it reads the
# outputs of every piece (splitting ones too) from the piece's output nodes,
# ``fx.map_arg(piece.graph.output_node().args[0], lambda n: n.meta["example_value"])``, and
# hands those to the next pieces (a compiled piece's SymInt arguments become its
# ``sym_shape_indices``). So every output node of every piece must carry
# ``meta["example_value"]``, and it must be what running the piece gives. The oracle here is
# the interpreter vLLM had before: run each piece under the graph's fake mode.

def _fake_mode_of(gm):
    from torch._guards import detect_fake_mode

    vals = [n.meta.get("example_value") for n in gm.graph.find_nodes(op="placeholder")]
    return detect_fake_mode([v for v in vals if isinstance(v, torch.Tensor)])


def _describe(v):
    """What a value is, for comparing a meta value with a computed one (symbolic sizes
    compared as expressions)."""
    if isinstance(v, torch.Tensor):
        return ("tensor", v.dtype, str(v.device), [str(d) for d in v.shape],
                [str(s) for s in v.stride()])
    if isinstance(v, torch.SymInt):
        return ("symint", str(v))
    return (type(v).__name__, v)


class _Reads(fx.Interpreter):
    """vLLM main's interpreter: each piece's outputs from its output nodes' meta."""

    def __init__(self, module):
        super().__init__(module)
        self.args = {}

    def call_module(self, target, args, kwargs):
        self.args[target] = args
        piece = getattr(self.module, target)
        return fx.map_arg(piece.graph.output_node().args[0], lambda n: n.meta["example_value"])


class _Runs(fx.Interpreter):
    """The interpreter vLLM had before: each piece run on fake inputs."""

    def __init__(self, module):
        super().__init__(module)
        self.args, self.outputs = {}, {}

    def call_module(self, target, args, kwargs):
        self.args[target] = args
        out = super().call_module(target, args, kwargs)
        self.outputs[target] = out
        return out


def _interpreter_agrees(split_gm, graph):
    from torch._dispatch.python import enable_python_dispatcher

    # VllmBackend's fake_args: the placeholders' example values (tensors and SymInts)
    fake_args = [n.meta["example_value"] for n in graph.graph.find_nodes(op="placeholder")]
    reads = _Reads(split_gm)
    reads.run(*fake_args)
    runs = _Runs(split_gm)
    with _fake_mode_of(graph), enable_python_dispatcher():
        runs.run(*fake_args)
    assert set(reads.args) == set(runs.args) == set(split_gm.meta["partition_names"])
    checked = 0
    for name, computed in runs.outputs.items():
        outs = getattr(split_gm, name).graph.output_node().args[0]
        assert isinstance(outs, tuple) and len(outs) == len(computed), name
        for node, value in zip(outs, computed):
            assert isinstance(node, fx.Node), (name, node)
            assert "example_value" in node.meta, (name, node.name)
            assert _describe(node.meta["example_value"]) == _describe(value), (name, node.name)
            checked += 1
        # what each piece is given is the same both ways: the same sym_shape_indices
        assert [_describe(a) for a in reads.args[name]] == \
            [_describe(a) for a in runs.args[name]], name
    return checked


@pytest.mark.parametrize("case", ["shape", "symints", "several-uses", "static", "llama"])
def test_every_piece_output_carries_the_example_value_vllm_reads(case):
    x, y = torch.randn(4, 8), torch.randn(4, 8)
    if case == "shape":
        capture, ops = (lambda: dynamo_capture(_shape_model, x.clone())), ["aten::sigmoid"]
    elif case == "symints":
        capture, ops = (lambda: dynamo_capture(_symint_model, x.clone())), ["aten::sigmoid"]
    elif case == "several-uses":
        capture = lambda: dynamo_capture(_several_uses_model, x.clone(), y.clone(),  # noqa: E731
                                         dynamic_dims=((0, 0), (1, 0)))
        ops = ["aten::sigmoid"]
    elif case == "static":
        capture, ops = (lambda: dynamo_capture(_shape_model, x.clone(), dynamic_dims=())), \
            ["aten::sigmoid"]
    else:
        model = cl.build(2)
        capture, ops = (lambda: cl.dynamo(2, model=model)), cl.SPLITTING_OPS
    (sgm, items), _, (gm, _), inputs = both(capture, ops)
    assert _interpreter_agrees(sgm, gm) > 0
    symint_outputs = [n for it in items for n in it.graph.graph.output_node().args[0]
                      if isinstance(n.meta["example_value"], torch.SymInt)]
    if case in ("shape", "several-uses"):  # a sym_size (decompose-size) crosses a boundary
        assert symint_outputs
    if case == "static":
        assert not symint_outputs
    run_same(sgm, gm, inputs)


# ``_merge_empty_only_subgraphs`` (vLLM main): a piece holding only an empty allocation moves
# into the previous compiled piece only when every input of the allocation is a placeholder
# or is made in that piece or before it. Here the allocation's input is made by a splitting
# piece between the two: moving it would use the value before it exists.

def _alloc_after_splitting(x):
    a = x + 1
    b = torch.ops.aten.sigmoid.default(a)
    out = torch.empty_like(b)  # its input comes from the splitting piece before
    torch.ops.vllm_like.unified_attention_with_output(b, b, b, out, _NAME)
    return out * 2


def _sized_alloc_after_splitting(x):
    a = x + 1
    b = torch.ops.aten.sigmoid.default(a)
    out = torch.empty(b.size())  # its only input: the SymInt size read from b, right after b
    torch.ops.vllm_like.unified_attention_with_output(b, b, b, out, _NAME)
    return out * 2


_NAME = cl.LayerName("model.layers.0.self_attn.attn")


def _piece_of(items, pred):
    return [it.graph_id for it in items for n in it.graph.graph.nodes
            if n.op != "placeholder" and pred(n)]


@pytest.mark.parametrize("model,extra_ops", [
    (_alloc_after_splitting, []),
    # the size read (sym_size.int, put right after b by the size decomposition) is a
    # splitting op too: it joins the sigmoid's piece, and the allocation's SymInt size comes
    # from there (b.shape[0] would not do: Dynamo knows it is the input's symbol)
    (_sized_alloc_after_splitting, ["aten::sym_size.int"]),
], ids=["tensor-input", "symint-input"])
def test_empty_allocation_is_not_moved_before_its_inputs_producer(model, extra_ops):
    x = torch.rand(8, cl.HIDDEN)
    ops = ["aten::sigmoid", cl.ATTN] + extra_ops
    capture = lambda: dynamo_capture(model, x.clone())  # noqa: E731
    (sgm, items), _, (gm, _), inputs = both(capture, ops, same_edits=not extra_ops)
    empty = _piece_of(items, ref.is_empty_allocation)
    sigmoid = _piece_of(items, lambda n: "sigmoid" in str(n.target))
    assert len(empty) == 1 and len(sigmoid) == 1
    assert empty[0] > sigmoid[0]  # after its input's producer ...
    holder = next(it for it in items if it.graph_id == empty[0])
    assert not holder.is_splitting_graph
    alloc = next(n for n in holder.graph.graph.nodes if ref.is_empty_allocation(n))
    assert alloc.all_input_nodes and all(a.op == "placeholder" for a in alloc.all_input_nodes)
    kinds = {type(a.meta["example_value"]).__name__ for a in alloc.all_input_nodes}
    assert kinds == ({"SymInt"} if extra_ops else {"FakeTensor"})
    run_same(sgm, gm, inputs)
    # ... where the merge without that check would have put it: into piece 0, before the
    # sigmoid that makes its input (so the check is what this test sees)
    g3, _ = capture()
    ref.decompose_size_nodes(g3)
    ids, splitting = ref.assign_ids(g3, ops, check_inputs=False)
    moved = [i for n, i in ids.items() if ref.is_empty_allocation(n)]
    made = [i for n, i in ids.items() if "sigmoid" in str(n.target)]
    assert moved[0] < made[0]
