"""piecewise.fx round trip (GraphModule -> IR -> GraphModule) and piecewise.passes on live
torch.fx graphs. Needs the extension (piecewise._core): skipped when it is not built."""

import operator
import re

import pytest
import torch
import torch.fx as tfx

piecewise = pytest.importorskip("piecewise")

import make_examples as mx  # noqa: E402
from fxload import assert_same  # noqa: E402
from torch.fx.experimental.proxy_tensor import make_fx  # noqa: E402


def check_round_trip(gm, inputs):
    ir = piecewise.fx.to_ir(gm)
    assert len(ir) == len(gm.graph.nodes)
    back = piecewise.fx.to_graph_module(ir)
    old = list(gm.graph.nodes)
    new = list(back.graph.nodes)
    assert [(n.op, n.name) for n in new] == [(n.op, n.name) for n in old]
    for a, b in zip(old, new):
        assert a.target == b.target or a.target is b.target
        assert b.meta.keys() == a.meta.keys()
        for k in a.meta:
            assert b.meta[k] is a.meta[k], (a, k)
    with torch.no_grad():
        assert_same(back(*inputs), gm(*inputs), 1e-6, 1e-6, "round trip")
    return ir, back


@pytest.mark.parametrize("mode", ["fake", "symbolic"])
def test_round_trip_makefx(mode):
    model = mx.build_llama()
    args = mx.flat_inputs(model, mx.llama_example_input())
    gm = mx.capture_make_fx(mx.flat_fn(model), args, mode)
    ir, _ = check_round_trip(gm, args)
    text = ir.print()
    assert "torch.ops.vllm.unified_attention_with_output.default(" in text
    if mode == "symbolic":
        assert re.search(r"i64\[s\d+\]", text)


def test_round_trip_dynamo_dynamic():
    model = mx.build_llama()
    ids = mx.llama_example_input()
    gm = mx.capture_dynamo(model, ids, dynamic=True)
    inputs = mx.dynamo_inputs(model, [n.target for n in gm.graph.nodes if n.op == "placeholder"], ids)
    ir, back = check_round_trip(gm, inputs)
    assert any("stack_trace" in n.meta for n in back.graph.nodes)


def test_every_argument_kind_round_trips():
    class Odd:
        """An object the IR cannot represent: carried opaquely, handed back as itself."""

    odd = Odd()

    def fn(x, y, *, cb=None):
        return x

    g = tfx.Graph()
    x = g.placeholder("x")
    a = g.call_function(torch.ops.aten.slice.Tensor, (x, 0, 1, 3))
    b = g.call_function(torch.ops.aten.to.dtype_layout, (a,),
                        {"dtype": torch.float64, "layout": torch.strided,
                         "device": torch.device("cpu"), "memory_format": torch.contiguous_format})
    c = g.call_function(operator.getitem, (b, (slice(None, None, None), Ellipsis, None)))
    d = g.call_function(fn, (c, [1, 2.5, "s", True, None]), {"cb": odd})
    e = g.call_method("add", (d, 1))
    f = g.call_function(torch.ops.higher_order.auto_functionalized,
                        (torch.ops.aten.add_.Tensor,), {"self": e, "other": e})
    g.output((e, f, torch.ops.aten.mm))
    # (a GraphModule could not even generate code for `odd`: work on the Graph)
    back = piecewise.fx.to_graph(piecewise.fx.to_ir(g))
    for a_, b_ in zip(g.nodes, back.nodes):
        assert a_.op == b_.op and a_.name == b_.name and a_.target is b_.target
        assert str(a_.args) == str(b_.args) and str(a_.kwargs) == str(b_.kwargs)
    dn = [n for n in back.nodes if n.name == d.name][0]
    assert dn.kwargs["cb"] is odd and dn.target is fn
    bn = [n for n in back.nodes if n.name == b.name][0]
    assert bn.kwargs["dtype"] is torch.float64 and bn.kwargs["layout"] is torch.strided
    fn_ = [n for n in back.nodes if n.name == f.name][0]
    assert fn_.args[0] is torch.ops.aten.add_.Tensor


# --- passes on live graphs -----------------------------------------------------------------------

def qkv_graph():
    w = torch.randn(16, 48)

    def f(x, w):
        qkv = x @ w
        q = qkv[:, 0:16]
        k = qkv[:, 16:32]
        v = qkv[:, 32:48]
        return (q * 2, k + 1, v - 1)

    x = torch.randn(5, 16)
    return make_fx(f)(x, w), (x, w)


def count(graph, target):
    return sum(1 for n in graph.nodes if n.op == "call_function" and n.target is target)


def test_split_coalescing_live_graph():
    gm, inputs = qkv_graph()
    expected = gm(*inputs)
    assert count(gm.graph, torch.ops.aten.slice.Tensor) == 3
    before = {n.name: n for n in gm.graph.nodes}
    mm = [n for n in gm.graph.nodes if n.target is torch.ops.aten.mm.default][0]
    mm_meta = mm.meta
    assert piecewise.passes.split_coalescing(gm.graph) is True
    gm.recompile()
    assert count(gm.graph, torch.ops.aten.split_with_sizes.default) == 1
    assert count(gm.graph, torch.ops.aten.slice.Tensor) == 0
    gm.graph.lint()
    # untouched nodes keep their identity and meta
    after = {n.name: n for n in gm.graph.nodes}
    assert after[mm.name] is mm and mm.meta is mm_meta
    for name in ("mul", "add", "sub"):
        assert after[name] is before[name]
    split = [n for n in gm.graph.nodes if n.target is torch.ops.aten.split_with_sizes.default][0]
    assert [s.shape for s in split.meta["val"]] == [torch.Size([5, 16])] * 3
    assert_same(gm(*inputs), expected, 1e-6, 1e-6, "split-coalescing")
    # a second run changes nothing
    assert piecewise.passes.split_coalescing(gm) is False


def test_pipeline_on_graph_module():
    gm, inputs = qkv_graph()
    expected = gm(*inputs)
    assert piecewise.passes.run(gm, "split-coalescing,noop-elimination,dce,cse")
    assert_same(gm(*inputs), expected, 1e-6, 1e-6, "pipeline")
    assert "split-coalescing" in piecewise.passes.names()
    with pytest.raises(RuntimeError, match="no-such-pass"):
        piecewise.passes.run(gm, "no-such-pass")
