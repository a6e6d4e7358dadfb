"""piecewise.backend on the model families users bring beyond decoder-only LLMs (hf_families.py:
T5, BART, Whisper, CLIP, ViT-MAE, BERT, RoBERTa, built from their config classes), split at
stock SDPA, ``dynamic=True``.

Their configs carry dropout rates of 0.0, which Dynamo lifts as float inputs: the backend must
compile these graphs (not leave them eager because a float is zero) and stay exact for -0.0
and for a rate changed between calls. The number of attention calls is counted in eager mode
(hf_families.sdpa_calls), independently of the backend.
"""

import math
import os

os.environ.setdefault("HF_HUB_OFFLINE", "1")  # before transformers is imported: no downloads

import pytest
import torch
import torch.nn.functional as F

piecewise = pytest.importorskip("piecewise")
pytest.importorskip("transformers")

import hf_families as H  # noqa: E402
from fxload import assert_same  # noqa: E402

from piecewise.backend import _Shared  # noqa: E402


# Layers per stack under Inductor (2 cores: each distinct piece is a compile): one for the
# encoder-decoder and two-tower models, three for BERT (its middle layer's pieces are shared).
LAYERS = {"bert": 3}


def _compile(family, compile_with, dropout=0.0, layers=1):
    model = H.build(family, layers, dropout)
    be = piecewise.backend(splitting_ops=[F.scaled_dot_product_attention],
                           compile_with=compile_with, progress=None)
    torch._dynamo.reset()
    compiled = torch.compile(lambda kw: H.run(model, family, kw), backend=be, dynamic=True)
    return model, be, compiled


def _check_split(be, attention_calls, compile_with="inductor"):
    """Every graph compiled and split at every attention; one compilation per distinct
    piece."""
    st = be.stats
    assert st["graphs"] >= 1, st
    assert st["splitting_pieces"] == attention_calls, st
    compiled_pieces = [m for sm in be.split_modules for m in sm.children()
                       if isinstance(m, _Shared)]
    if compile_with == "inductor":  # each compiled piece calls a shared artifact
        assert len(compiled_pieces) == st["pieces"] - st["splitting_pieces"], st
        assert len({id(m.fn) for m in compiled_pieces}) == st["compilations"], st
    assert st["compilations"] == st["unique_pieces"], st
    assert st["float_check_fallbacks"] == 0, st


@pytest.mark.parametrize("family", H.FAMILIES)
def test_inductor_compiles_every_family(family):
    model, be, compiled = _compile(family, "inductor", layers=LAYERS.get(family, 1))
    kw = H.inputs(family)
    calls = H.sdpa_calls(lambda: H.run(model, family, kw))
    with torch.no_grad():
        expected = H.run(model, family, kw)
        got = compiled(kw)
        # Another input of other sizes (dynamic=True: no recompile expected, still exact).
        kw2 = H.inputs(family, seed=2)
        assert_same(compiled(kw2), H.run(model, family, kw2), 1e-4, 1e-5, f"{family} #2")
    assert_same(got, expected, 1e-4, 1e-5, family)
    _check_split(be, calls)
    assert be.stats["compilations"] >= 1, be.stats
    if family == "bert":  # 4 compiled pieces (before, between x2, after), 3 distinct
        assert be.stats["compilations"] < be.stats["pieces"] - be.stats["splitting_pieces"]


@pytest.mark.parametrize("family", H.FAMILIES)
@pytest.mark.parametrize("dropout", [0.0, -0.0], ids=["zero", "negative-zero"])
def test_eager_compile_path_every_family(family, dropout):
    model, be, compiled = _compile(family, "eager", dropout)
    kw = H.inputs(family)
    calls = H.sdpa_calls(lambda: H.run(model, family, kw))
    with torch.no_grad():
        assert_same(compiled(kw), H.run(model, family, kw), 1e-5, 1e-6, family)
    _check_split(be, calls, "eager")


@pytest.mark.parametrize("dropout", [0.0, -0.0, 0.1], ids=["zero", "negative-zero", "0.1"])
def test_inductor_dropout_rates_in_eval_mode(dropout):
    model, be, compiled = _compile("t5", "inductor", dropout)
    kw = H.inputs("t5")
    with torch.no_grad():
        assert_same(compiled(kw), H.run(model, "t5", kw), 1e-4, 1e-5, f"t5 p={dropout}")
    _check_split(be, H.sdpa_calls(lambda: H.run(model, "t5", kw)))


def test_inductor_dropout_rate_changed_between_calls():
    model, be, compiled = _compile("t5", "inductor", 0.0)
    kw = H.inputs("t5")
    with torch.no_grad():
        for rate in (0.0, -0.0, 0.1, 0.0, -0.0):
            H.set_dropout(model, rate)
            assert_same(compiled(kw), H.run(model, "t5", kw), 1e-4, 1e-5, f"p={rate}")
    calls = H.sdpa_calls(lambda: H.run(model, "t5", kw))
    assert be.stats["graphs"] >= 1, be.stats
    assert be.stats["splitting_pieces"] == calls * be.stats["graphs"], be.stats


class _SignedRate(torch.nn.Module):
    """A rate the output depends on through its sign (``1 / (x * rate)``), beside an attention
    ``scale`` Inductor cannot keep symbolic (so the backend writes the floats into the graph)."""

    def __init__(self, rate):
        super().__init__()
        torch.manual_seed(0)
        self.lin = torch.nn.Linear(16, 16)
        self.rate = rate
        self.scale = 0.25  # an attribute: Dynamo lifts it, as it lifts the rate

    def forward(self, x):
        b, t, _ = x.shape
        q = self.lin(x).view(b, t, 2, 8).transpose(1, 2)
        a = F.scaled_dot_product_attention(q, q, q, scale=self.scale)
        return 1.0 / (a.transpose(1, 2).reshape(b, t, 16).abs() + 1.0) / self.rate


@pytest.mark.parametrize("compile_with", ["eager", "inductor"])
def test_signed_zero_rate_changed_between_calls(compile_with, caplog):
    model = _SignedRate(0.0)
    be = piecewise.backend(splitting_ops=[F.scaled_dot_product_attention],
                           compile_with=compile_with, progress=None)
    torch._dynamo.reset()
    compiled = torch.compile(model, backend=be, dynamic=True)
    x = torch.randn(2, 6, 16, generator=torch.Generator().manual_seed(1))
    with torch.no_grad():
        for rate in (0.0, -0.0, 0.0, 0.5, -0.0):
            model.rate = rate
            got, expected = compiled(x), model(x)
            if rate == 0.0:
                assert torch.equal(got, expected), (rate, got.flatten()[:2])
                assert math.copysign(1.0, got.flatten()[0].item()) == math.copysign(1.0, rate)
            else:
                torch.testing.assert_close(got, expected, rtol=1e-4, atol=1e-5)
    st = be.stats
    assert st["graphs"] >= 1 and st["splitting_pieces"] >= 1, st
    if compile_with == "inductor":
        # The zero was written into the graph with a check; the other sign ran the pieces
        # eagerly (said in the log), and was right.
        assert st["floats_checked"] >= 1 and st["float_check_fallbacks"] >= 1, st
        assert any("float input" in r.getMessage() and r.levelname == "WARNING"
                   for r in caplog.records), caplog.records
    torch._dynamo.reset()


def test_split_graph_alone_reads_zero_floats_at_run_time():
    """split_graph has no fallback to leave a graph unsplit: the lifted float stays an input
    of the pieces, and any value of it, -0.0 included, is read at run time."""
    graphs, inputs = [], []

    def capture(gm, example_inputs):
        graphs.append(gm)
        inputs.extend(example_inputs)
        return gm.forward

    model = _SignedRate(0.0)
    x = torch.randn(2, 6, 16, generator=torch.Generator().manual_seed(1))
    torch._dynamo.reset()
    with torch.no_grad():
        torch.compile(model, backend=capture, dynamic=True, fullgraph=True)(x)
    gm = graphs[0]
    rates = [i for i, v in enumerate(inputs) if isinstance(v, torch.Tensor) and v.dim() == 0
             and v.is_floating_point()]
    assert rates, [type(v) for v in inputs]  # the rate was lifted as a 0-d float input
    args = [v.node.hint if isinstance(v, torch.SymInt) else v for v in inputs]
    rates_tried = (0.0, -0.0, 0.5)  # (a list: 0.0 and -0.0 are one dict key)
    with torch.no_grad():
        expected = []
        for rate in rates_tried:
            for i in rates:
                args[i] = torch.tensor(rate, dtype=inputs[i].dtype)
            expected.append(gm(*args))
        split_gm, items = piecewise.split_graph(gm, [F.scaled_dot_product_attention])
        assert sum(1 for it in items if it.is_splitting_graph) == 1
        for rate, want in zip(rates_tried, expected):
            for i in rates:
                args[i] = torch.tensor(rate, dtype=inputs[i].dtype)
            got = split_gm(*args)
            for g, e in zip(got, want):
                assert torch.equal(g, e), rate
    torch._dynamo.reset()
