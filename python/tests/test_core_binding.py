"""piecewise._core's Python surface: the bound enums, the Piece records split() returns,
keyword-only options, import_fx (fx.Node fields read in C++) against the tuple import, and
the bulk node builders split_graph uses (checked against Graph.create_node)."""

import gc

import pytest
import torch

piecewise = pytest.importorskip("piecewise")

import make_examples as mx  # noqa: E402

_core = piecewise._core
OPS = ["vllm::unified_attention_with_output"]


def llama_gm(layers=2):
    model = mx.build_llama(layers, seed=0)
    args = mx.flat_inputs(model, mx.llama_example_input(8))
    return mx.capture_make_fx(mx.flat_fn(model), args, "fake")


def test_enums_are_bound():
    assert [k.name for k in sorted(_core.OpKind.__members__.values(), key=int)] == [
        "placeholder", "get_attr", "call_function", "call_method", "call_module", "output"]
    assert piecewise.fx.OP_KINDS[int(_core.OpKind.call_function)] == "call_function"
    assert int(_core.PieceKind.compiled) == 0 and int(_core.PieceKind.splitting) == 1
    assert _core.PieceKind.cudagraph_unsafe.name == "cudagraph_unsafe"
    assert piecewise.fx.LEAF_DTYPE == int(_core.LeafKind.dtype)
    assert piecewise.fx.META_TENSOR == int(_core.MetaTag.tensor)
    assert int(_core.SymKind.bool) == 2


def test_import_fx_matches_tuple_import():
    gm = llama_gm()
    ir = piecewise.fx.import_graph(gm.graph, gm)  # import_fx, every meta eager
    fx_text = ir.print()
    f = piecewise.fx
    items = [(n, f._OP_INDEX[n.op], n.name, f.target_string(n.op, n.target), n.args,
              n.kwargs or None, f._node_meta(n)) for n in gm.graph.nodes]
    core = _core.IRGraph()
    core.import_nodes(items)
    assert core.print() == fx_text
    assert core.print(graph_form=True) == ir.print(graph_form=True)
    with pytest.raises(TypeError):
        core.print(True)  # keyword-only


@pytest.mark.fast_paths
def test_node_fields_read_at_their_slots_only_for_exact_nodes():
    """import_fx reads a torch.fx.Node's fields at their C slots; a Node subclass (which
    may shadow a field) is read through getattr, and both give the same IR: references to
    subclass instances in args are uses too (they were opaque values once, so dce could drop
    their producers)."""
    assert _core.node_fields_available(), "torch.fx.Node's fields were not found as slots"
    gm = llama_gm()
    reads = []

    class Spy(torch.fx.Node):
        def __getattribute__(self, name):
            if name in ("_args", "target", "name"):
                reads.append(name)
            return super().__getattribute__(name)

    plain = piecewise.fx.import_graph(gm.graph, gm).print()
    assert reads == []
    for n in gm.graph.nodes:
        n.__class__ = Spy
    spied = piecewise.fx.import_graph(gm.graph, gm).print()
    assert {"_args", "target", "name"} <= set(reads)
    assert spied == plain


def test_split_returns_piece_records():
    gm = llama_gm()
    ir = piecewise.fx.import_graph(gm.graph, gm)
    with pytest.raises(TypeError):
        ir.core.split(OPS, True)  # options are keyword-only
    res = ir.core.split(OPS, decompose_size=True, merge_empty=True)
    sync, pieces, num_unique = res  # unpacks like the old triple
    assert sync is res.sync and num_unique == res.num_unique
    kinds = [p.kind for p in pieces]
    assert _core.PieceKind.splitting in kinds and _core.PieceKind.compiled in kinds
    for p in pieces:
        assert p.is_splitting == (p.kind == _core.PieceKind.splitting)
        assert p.kind_name in ("compiled", "splitting")
        assert isinstance(p.nodes, list) and all(isinstance(i, int) for i in p.nodes)
        assert isinstance(p.hash, str) and len(p.hash) == 16
        assert p.reason == "" or p.is_splitting
        assert "Piece" in repr(p)
    changed, _stats = ir.core.run_passes("dce", verify=False)
    assert changed in (True, False)


def _graph_state(g):
    """Every node's fields (nodes by name), users, meta keys and the graph's length."""
    def name(a):
        return a.name

    def val(v):
        if isinstance(v, torch.Tensor):
            return ("tensor", tuple(v.shape), v.dtype, v.stride())
        return repr(v)

    return [(n.name, n.op, str(n.target), n.type, tuple(n.meta), val(n.meta.get("val")),
             val(n.meta.get("example_value")),
             torch.fx.node.map_arg((n.args, n.kwargs), name), [u.name for u in n.users],
             [a.name for a in n.all_input_nodes])
            for n in g.nodes], g._len


@pytest.mark.fast_paths
def test_cxx_builder_matches_the_node_by_node_builder():
    """The C++ build (every piece's graph, nodes, module; the stitching calls) against the
    Graph.create_node builder on a real capture: the same graphs, code and items."""
    from piecewise import _fast_paths as FP

    assert FP.ON["build_split"], "the C++ builder fell back on this torch"
    fast_gm, fast_items = piecewise.split_graph(llama_gm(3), OPS)
    with FP.configured(build_split=False):
        ref_gm, ref_items = piecewise.split_graph(llama_gm(3), OPS)
    assert _graph_state(fast_gm.graph) == _graph_state(ref_gm.graph)
    assert fast_gm.code == ref_gm.code
    assert len(fast_items) == len(ref_items) > 3
    for a, b in zip(fast_items, ref_items):
        assert (a.submod_name, a.graph_id, a.is_splitting_graph, a.kind, a.reason) == \
            (b.submod_name, b.graph_id, b.is_splitting_graph, b.kind, b.reason)
        assert _graph_state(a.graph.graph) == _graph_state(b.graph.graph)
        assert a.graph.code == b.graph.code
        assert a.hash == b.hash
        assert type(a.graph).__mro__[1:] == type(b.graph).__mro__[1:]


@pytest.mark.fast_paths
def test_bulk_builders_checked_and_lint():
    from piecewise import _fast_paths as FP

    assert FP.ON["build_split"], "the C++ builder fell back on this torch"
    gm = llama_gm(3)
    split_gm, items = piecewise.split_graph(gm, OPS)
    split_gm.graph.lint()
    for it in items:
        it.graph.graph.lint()
        for n in it.graph.graph.nodes:
            assert n.graph is it.graph.graph
            for a in n.all_input_nodes:
                assert n in a.users
        assert len(it.graph.graph.nodes) == it.graph.graph._len


def test_gc_state_restored():
    gm = llama_gm()
    assert gc.isenabled()
    piecewise.split_graph(gm, OPS)
    assert gc.isenabled() and gc.get_freeze_count() == 0
    # A process with frozen objects (vLLM freezes its startup heap) keeps them frozen.
    gm = llama_gm()
    gc.freeze()
    try:
        n = gc.get_freeze_count()
        piecewise.split_graph(gm, OPS)
        # Not unfrozen (0) and nothing of ours frozen on top (> n); frozen objects that
        # the split frees (the erased size nodes) leave the count, so it may drop a little.
        assert 0 < gc.get_freeze_count() <= n
    finally:
        gc.unfreeze()
