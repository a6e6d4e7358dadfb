"""piecewise.backend under torch.compile: the tiny decoder split at the attention op, each
unique piece compiled once. Needs the extension (piecewise._core)."""

import pytest
import torch

piecewise = pytest.importorskip("piecewise")

import make_examples as mx  # noqa: E402
from fxload import assert_same  # noqa: E402

ATTN = "vllm::unified_attention_with_output"


def llama(layers):
    return mx.build_llama(layers, seed=0)


@pytest.mark.parametrize("dynamic", [False, True])
def test_backend_eager_8_layers(dynamic):
    model = llama(8)
    ids = mx.llama_example_input(8)
    be = piecewise.backend(splitting_ops=[ATTN], compile_with="eager")
    torch._dynamo.reset()
    compiled = torch.compile(model, backend=be, fullgraph=True)
    if dynamic:
        torch._dynamo.mark_dynamic(ids, 0)
    with torch.no_grad():
        out = compiled(ids)
        assert_same(out, model(ids), 1e-5, 1e-6, "backend vs eager")
    st = be.stats
    assert st["graphs"] == 1
    assert st["pieces"] == 17 and st["splitting_pieces"] == 8
    # first piece, the 7 identical middle pieces, the last piece
    assert st["compilations"] == st["unique_pieces"] == 3
    if dynamic:
        ids5 = mx.llama_example_input(5)
        with torch.no_grad():
            assert_same(compiled(ids5), model(ids5), 1e-5, 1e-6, "backend, other size")
        assert be.stats["graphs"] == 1  # no recompilation


def test_backend_with_passes():
    model = llama(2)
    ids = mx.llama_example_input(6)
    be = piecewise.backend(splitting_ops=[ATTN], passes=["noop-elimination", "dce"])
    torch._dynamo.reset()
    compiled = torch.compile(model, backend=be, fullgraph=True)
    with torch.no_grad():
        assert_same(compiled(ids), model(ids), 1e-5, 1e-6, "backend vs eager")
    assert be.stats["pieces"] == 5


@pytest.mark.parametrize("dynamic", [False, True])
def test_backend_inductor(dynamic):
    # dynamic=True lifts each RMSNorm eps into a 0-d tensor read with .item() (a SymFloat of
    # its own): the pieces must still compile (no DataDependentOutputException) and dedup.
    model = llama(3 if dynamic else 2)
    ids = mx.llama_example_input(6)
    be = piecewise.backend(splitting_ops=[ATTN], compile_with="inductor")
    torch._dynamo.reset()
    compiled = torch.compile(model, backend=be, fullgraph=True, dynamic=dynamic)
    with torch.no_grad():
        assert_same(compiled(ids), model(ids), 1e-4, 1e-5, "inductor pieces vs eager")
        if dynamic:
            ids5 = mx.llama_example_input(5)
            assert_same(compiled(ids5), model(ids5), 1e-4, 1e-5, "inductor, other size")
    assert be.stats["graphs"] == 1
    assert be.stats["splitting_pieces"] == (3 if dynamic else 2)
    assert be.stats["compilations"] == be.stats["unique_pieces"] == 3
