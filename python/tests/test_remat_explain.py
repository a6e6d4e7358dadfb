"""SymInt rematerialization and "why pieces differ" (docs/split.md), on models built from
``transformers`` config classes (random init, nothing downloaded; hf_models.py) and on a
vLLM-style model whose KV-cache update op takes each layer's name.

Mixtral and Qwen2-MoE compute ``2 * s27`` (top-k times the token count) once, in the first
layer, and Dynamo hands it to every later layer (GPT-2 likewise the SymFloat
``sqrt(2 / pi)`` of its GELU): without rematerialization the first layer's piece differs from
the others and the backend compiles 4 unique pieces, not 3. The backend
rematerializes, so every architecture here compiles 3 per Dynamo graph at any depth, static
and dynamic, with outputs equal to eager. Counting uses ``compile_with="eager"`` (the count
does not depend on the compiler); Inductor checks exactness at two depths.
"""

import os

os.environ.setdefault("HF_HUB_OFFLINE", "1")  # before transformers is imported: no downloads

import pytest
import torch
import torch.fx as tfx

piecewise = pytest.importorskip("piecewise")
pytest.importorskip("transformers")

import hf_models as H  # noqa: E402
from fxload import assert_same  # noqa: E402


def _compile(arch, layers, dynamic, compile_with="eager", seqs=(6, 9)):
    model = H.build(arch, layers, "sdpa")
    be = piecewise.backend(splitting_ops=[H.SDPA], compile_with=compile_with)
    torch._dynamo.reset()
    compiled = torch.compile(lambda x: H.run(model, arch, x), backend=be, dynamic=dynamic)
    tol = (1e-4, 1e-5) if compile_with == "inductor" else (0.0, 0.0)
    with torch.no_grad():
        for seq in seqs:
            x = H.example_input(arch, seq)
            assert_same(compiled(x), H.run(model, arch, x), *tol, f"{arch} seq={seq}")
    return be


def _assert_three_per_graph(be, layers):
    st = be.stats
    assert st["splitting_pieces"] == st["graphs"] * layers, st
    # first, middle (shared by every layer), last
    assert st["compilations"] == st["unique_pieces"] == 3 * st["graphs"], st
    for e in st["explain"]:
        assert e["differences"] == [], e["text"]


@pytest.mark.parametrize("arch", H.MOE_ARCHS)
@pytest.mark.parametrize("layers", [4, 8])
def test_moe_dynamic_compiles_three_pieces(arch, layers):
    be = _compile(arch, layers, dynamic=True)
    assert be.stats["graphs"] == 1
    _assert_three_per_graph(be, layers)


@pytest.mark.parametrize("arch", H.MOE_ARCHS)
def test_moe_static_compiles_three_pieces(arch):
    be = _compile(arch, 4, dynamic=False, seqs=(6,))
    _assert_three_per_graph(be, 4)


def test_depth_32():
    be = _compile("mixtral", 32, dynamic=True, seqs=(7,))
    _assert_three_per_graph(be, 32)


def test_uniform_decoder_dynamic_8():
    be = _compile("llama", 8, dynamic=True)
    _assert_three_per_graph(be, 8)


@pytest.mark.parametrize("layers", [4, 8])
def test_gpt2_lifted_float_is_recomputed(layers):
    # GPT-2's GELU computes sqrt(2 / pi) from the lifted float math.pi once, in the first
    # layer; each later layer reads pi's input and computes it itself.
    be = _compile("gpt2", layers, dynamic=True)
    _assert_three_per_graph(be, layers)


def test_gpt2_inductor_exact():
    be = _compile("gpt2", 4, dynamic=True, compile_with="inductor")
    _assert_three_per_graph(be, 4)


@pytest.mark.parametrize("layers", [3, 4])
def test_mixtral_inductor_exact(layers):
    be = _compile("mixtral", layers, dynamic=True, compile_with="inductor")
    _assert_three_per_graph(be, layers)


# -- split_graph's option, on the graph Dynamo gives ------------------------------------------

def _capture(arch, layers):
    """The Dynamo graph of ``arch`` (dynamic shapes) with the inputs it was called with."""
    model = H.build(arch, layers, "sdpa")
    captured = []

    def backend(gm, example_inputs):
        captured.append((gm, list(example_inputs)))
        return gm

    torch._dynamo.reset()
    fn = torch.compile(lambda x: H.run(model, arch, x), backend=backend, dynamic=True)
    with torch.no_grad():
        fn(H.example_input(arch, 6))
    return captured[0]


def _inputs(gm, example_inputs, arch, seq):
    """``example_inputs`` for another sequence length: the token ids and their symbol."""
    out = []
    for n, v in zip(gm.graph.find_nodes(op="placeholder"), example_inputs):
        if n.name.lower() == "l_x_":
            v = H.example_input(arch, seq)
        elif isinstance(v, (int, torch.SymInt)):
            v = seq
        out.append(v)
    return out


def _symint_inputs(item):
    """The piece's SymInt inputs that an earlier piece computes (not graph inputs)."""
    out = []
    for n in item.graph.graph.nodes:
        if n.op == "placeholder":
            v = n.meta.get("example_value", n.meta.get("val"))
            if isinstance(v, torch.SymInt) and not str(v.node.expr).isidentifier():
                out.append(n.name)
    return out


@pytest.mark.parametrize("remat", [False, True])
def test_split_graph_option(remat):
    arch, layers = "mixtral", 4
    gm, example_inputs = _capture(arch, layers)
    with torch.no_grad():
        want = [gm(*_inputs(gm, example_inputs, arch, seq)) for seq in (6, 11)]
    split_gm, items, unique = piecewise.split.split_graph_ex(
        gm, [H.SDPA], rematerialize_symints=remat)
    crossing = [(i.submod_name, _symint_inputs(i)) for i in items if _symint_inputs(i)]
    if remat:
        assert crossing == [] and unique == 3, (crossing, unique)
        assert not piecewise.explain(split_gm)
    else:
        # vLLM's contract: the SymInt crosses into every later layer (default off).
        assert len(crossing) == layers - 1 and unique == 4, (crossing, unique)
        why = piecewise.explain(split_gm)
        assert [d["category"] for d in why.differences] == ["input"], why.text
        d = why.differences[0]
        assert d["reference_pieces"] == ["submod_4", "submod_6"], d
        assert d["other_pieces"] == ["submod_2"], d
        assert "computed in submod_2" in d["message"], d
        assert "computes the value itself" in d["message"], d
    # The split module computes what the original does, at the traced length and another.
    with torch.no_grad():
        for seq, w in zip((6, 11), want):
            assert_same(split_gm(*_inputs(gm, example_inputs, arch, seq)), w, 0.0, 0.0)


def test_explain_records_are_the_clis(piecewise_bin, tmp_path):
    """One writer for the differences: ``piecewise.explain()`` on the graph the split holds
    and ``piecewise split --json --explain`` on the same graph's dump give the same records
    (partition/PieceExplain.h's renderExplanationJson) but for the dump's source locations, and both
    find the SymInt that crosses."""
    import json
    import re
    import subprocess

    gm, _ = _capture("mixtral", 4)
    dump = tmp_path / "mixtral.py"
    dump.write_text(piecewise.fx.to_ir(gm).print())
    split_gm, _, unique = piecewise.split.split_graph_ex(gm, [H.SDPA])
    assert unique == 4
    why = piecewise.explain(split_gm)
    r = subprocess.run([str(piecewise_bin), "split", str(dump),
                        "--splitting-ops=" + piecewise.fx.op_pattern(H.SDPA), "--json",
                        "--explain"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    cli = json.loads(r.stdout)["explain"]
    assert [d["category"] for d in cli] == ["input"], cli
    # The dump's nodes carry file:line:col, which the message names; the live graph's do not.
    for d in cli:
        d["message"] = re.sub(r" at [^ ;)]+:\d+:\d+", "", d["message"])
    assert why.differences == cli


# -- a vLLM-style graph: the KV-cache update takes each layer's name ---------------------------

@torch.library.custom_op("piecewise_explain::kv_update", mutates_args=("cache",))
def _kv_update(k: torch.Tensor, cache: torch.Tensor, layer_name: str) -> None:
    cache.copy_(k)


@_kv_update.register_fake
def _(k, cache, layer_name):
    return None


@torch.library.custom_op("piecewise_explain::attention", mutates_args=())
def _attention(q: torch.Tensor, cache: torch.Tensor) -> torch.Tensor:
    return torch.softmax(q @ cache.t(), dim=-1) @ cache


@_attention.register_fake
def _(q, cache):
    return torch.empty_like(q)


class _Layer(torch.nn.Module):
    def __init__(self, i):
        super().__init__()
        self.name = f"model.layers.{i}.self_attn.attn"
        self.k = torch.nn.Linear(16, 16)
        self.o = torch.nn.Linear(16, 16)
        self.register_buffer("cache", torch.zeros(8, 16))

    def forward(self, x):
        torch.ops.piecewise_explain.kv_update(self.k(x), self.cache, self.name)
        return x + self.o(torch.ops.piecewise_explain.attention(x, self.cache))


def test_layer_name_constant_is_explained():
    torch.manual_seed(0)
    layers = torch.nn.Sequential(*[_Layer(i) for i in range(4)])
    ref = torch.nn.Sequential(*[_Layer(i) for i in range(4)])
    ref.load_state_dict(layers.state_dict())
    be = piecewise.backend(splitting_ops=["piecewise_explain::attention"])
    torch._dynamo.reset()
    compiled = torch.compile(layers, backend=be)
    x = torch.randn(8, 16)
    with torch.no_grad():
        assert_same(compiled(x), ref(x), 0.0, 0.0)
    (e,) = be.stats["explain"]
    diffs = e["differences"]
    assert diffs and {d["category"] for d in diffs} == {"constant"}, e["text"]
    names = {d["reference_value"] for d in diffs} | {d["other_value"] for d in diffs}
    assert names <= {f"'model.layers.{i}.self_attn.attn'" for i in range(4)}, names
    assert all("kv_update" in d["where"] and "string constant" in d["message"] for d in diffs)
