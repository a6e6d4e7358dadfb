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


def _closure(k):
    def scale(x):
        return x * k
    torch.compiler.allow_in_graph(scale)
    return scale


def test_backend_does_not_share_pieces_calling_different_closures():
    """Two closures of one factory print alike (same qualified name), so the pieces that
    call them hash alike; they are still different programs and get their own artifact."""
    s2, s3 = _closure(2.0), _closure(3.0)

    def f(x):
        return torch.sin(s3(torch.sin(s2(x))))

    x = torch.randn(4)
    be = piecewise.backend(splitting_ops=["torch.sin"], compile_with="eager")
    torch._dynamo.reset()
    out = torch.compile(f, backend=be, fullgraph=True)(x)
    torch.testing.assert_close(out, f(x))
    assert be.stats["compilations"] == 2


def test_backend_does_not_share_pieces_whose_inputs_differ_in_requires_grad():
    """A piece whose input requires grad is compiled for autograd; a structurally equal
    piece on a plain tensor is not the same artifact."""
    w = torch.randn(4, requires_grad=True)

    def f(x):
        a = torch.sin(x * 2)          # x does not require grad
        b = torch.sin(w * 2)          # w does
        return a + b

    x = torch.randn(4)
    be = piecewise.backend(splitting_ops=["torch.sin"], compile_with="eager")
    torch._dynamo.reset()
    out = torch.compile(f, backend=be, fullgraph=True)(x)
    assert out.requires_grad
    out.sum().backward()
    torch.testing.assert_close(w.grad, 2 * torch.cos(w.detach() * 2))
    # x * 2 and w * 2 hash alike but are compiled apart; a + b is the third.
    assert be.stats["compilations"] == 3


class _Floats(torch.nn.Module):
    """An RMSNorm eps and an attention scale, Python floats Dynamo lifts to SymFloats with
    ``dynamic=True``. ``scale`` reaches SDPA's ``scale=``, which Inductor cannot keep symbolic
    (torch's argument parser specializes it): without the backend's own specialization Dynamo
    restarts and traces the whole frame again."""

    def __init__(self):
        super().__init__()
        torch.manual_seed(0)
        self.lin = torch.nn.Linear(16, 16)
        self.eps = 1e-6
        self.scale = 0.25
        self.gain = 1.5  # tensorifiable: stays symbolic

    def forward(self, x):
        b, t, _ = x.shape
        h = self.lin(x)
        h = h * torch.rsqrt(h.pow(2).mean(-1, keepdim=True) + self.eps)
        q = h.view(b, t, 2, 8).transpose(1, 2)
        a = torch.nn.functional.scaled_dot_product_attention(q, q, q, scale=self.scale)
        return self.lin(a.transpose(1, 2).reshape(b, t, 16)) * self.gain


def test_backend_specializes_lifted_floats_without_a_second_trace():
    # Dynamo's tensorify restart would trace the frame twice (two backend calls); the backend
    # writes the floats into the graph itself, with the guards Dynamo's restart would add.
    model = _Floats()
    be = piecewise.backend(splitting_ops=[torch.nn.functional.scaled_dot_product_attention],
                           compile_with="inductor", progress=None)
    calls = []

    def counting(gm, example_inputs):
        calls.append(len(gm.graph.nodes))
        return be(gm, example_inputs)

    torch._dynamo.reset()
    compiled = torch.compile(model, backend=counting, dynamic=True)
    x, x5 = torch.randn(2, 6, 16), torch.randn(2, 5, 16)
    with torch.no_grad():
        assert_same(compiled(x), model(x), 1e-4, 1e-5, "floats specialized vs eager")
        assert len(calls) == 1, calls  # one trace: no TensorifyScalarRestartAnalysis
        assert be.stats["floats_specialized"] >= 1, be.stats
        assert_same(compiled(x5), model(x5), 1e-4, 1e-5, "other size")
        assert len(calls) == 1, calls  # still dynamic in the sizes
        # The specialized values are guarded: another value compiles again, never reuses them.
        model.scale = 0.5
        assert_same(compiled(x), model(x), 1e-4, 1e-5, "after scale changed")
        assert len(calls) == 2, calls
        model.eps = 0.25
        assert_same(compiled(x), model(x), 1e-4, 1e-5, "after eps changed")
        model.gain = 3.0
        assert_same(compiled(x), model(x), 1e-4, 1e-5, "after gain changed")
