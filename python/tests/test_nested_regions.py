"""Nested compile regions (``torch.compiler.nested_compile_region``): a splitting op inside an
``invoke_subgraph`` region is split out as if the region were inline.

The models are transformers' own Llama (``hf_models.py``: built from its config class, random
weights), 4 layers, whose decoder layers (or MLPs, or both) are marked as regions the way
torchtitan marks its blocks. Dynamo then traces one layer and calls it 4 times with
``torch.ops.higher_order.invoke_subgraph``. The oracles are torch's: the model run eagerly
(for the backend), the Dynamo graph itself run on its own inputs (for ``split_graph``), and
the same model without regions (what the backend's statistics must equal).
"""

import operator
import os
import subprocess
import sys

os.environ.setdefault("HF_HUB_OFFLINE", "1")

import pytest
import torch
import torch.fx as tfx
import torch.nn.functional as F

piecewise = pytest.importorskip("piecewise")
pytest.importorskip("transformers")

import hf_models as H  # noqa: E402
from conftest import REPO_ROOT  # noqa: E402
from fxload import assert_same  # noqa: E402

sys.path.insert(0, str(REPO_ROOT / "test" / "split" / "Inputs"))
import nested_regions  # noqa: E402  (the lit test's model: regions in regions)

LAYERS = 4
SEQS = (6, 9)
COUNTS = ("graphs", "pieces", "splitting_pieces", "compilations", "unique_pieces")


def _invokes(gm: tfx.GraphModule) -> int:
    return sum(1 for n in gm.graph.nodes
               if n.op == "call_function" and "invoke_subgraph" in str(n.target))


def _model(part=None):
    model = H.build("llama", LAYERS, "sdpa")
    return H.mark_nested_regions(model, part) if part else model


def _compile(model, be):
    """torch.compile(dynamic=True) through ``be``; returns the compiled function and the
    number of invoke_subgraph calls in each Dynamo graph ``be`` was given."""
    regions = []

    def recording(gm, example_inputs):
        regions.append(_invokes(gm))
        return be(gm, example_inputs)

    torch._dynamo.reset()
    return torch.compile(lambda x: H.run(model, "llama", x), backend=recording,
                         dynamic=True), regions


def _run_backend(model, compile_with, tol, **kw):
    be = piecewise.backend(splitting_ops=[F.scaled_dot_product_attention],
                           compile_with=compile_with, **kw)
    compiled, regions = _compile(model, be)
    with torch.no_grad():
        for seq in SEQS:
            x = H.example_input("llama", seq)
            assert_same(compiled(x), H.run(model, "llama", x), *tol, f"seq={seq}")
    return be, regions


def _capture(model, seq=7):
    """The Dynamo graph (dynamic=True) and the inputs Dynamo called it with."""
    seen = []

    def backend(gm, example_inputs):
        def run(*inputs):  # the inputs of the call (example_inputs may hold SymInts)
            seen.append((gm, list(inputs)))
            return gm.forward(*inputs)

        return run

    torch._dynamo.reset()
    with torch.no_grad():
        torch.compile(lambda x: H.run(model, "llama", x), backend=backend, dynamic=True)(
            H.example_input("llama", seq))
    assert len(seen) == 1
    return seen[0]


@pytest.fixture(scope="module")
def flat_stats():
    """The backend's counts for the same Llama without regions (eager pieces)."""
    be, regions = _run_backend(_model(), "eager", (1e-5, 1e-6))
    assert regions == [0]
    return be.stats


@pytest.mark.parametrize("compile_with", ["eager", "inductor"])
def test_backend_splits_attention_inside_layer_regions(compile_with, flat_stats):
    tol = (1e-4, 1e-5) if compile_with == "inductor" else (1e-5, 1e-6)
    be, regions = _run_backend(_model("layer"), compile_with, tol)
    assert regions == [LAYERS]  # Dynamo kept each layer a region call
    st = be.stats
    # One splitting piece per layer's SDPA, and the distinct pieces (first, middle, last)
    # compiled once: the inlined layers' pieces hash alike.
    assert st["splitting_pieces"] == LAYERS and st["pieces"] == 2 * LAYERS + 1, st
    assert st["compilations"] == st["unique_pieces"] == 3, st
    assert {k: st[k] for k in COUNTS} == {k: flat_stats[k] for k in COUNTS}
    for sm in be.split_modules:
        for child in sm.children():
            assert _invokes(getattr(child, "source", child)) == 0


def test_split_graph_on_the_dynamo_graph():
    gm, inputs = _capture(_model("layer"))
    assert _invokes(gm) == LAYERS
    with torch.no_grad():
        expected = gm(*inputs)
    flat_gm, _ = _capture(_model())
    _, _, flat_unique = piecewise.split.split_graph_ex(
        flat_gm, [H.SDPA], rematerialize_symints=True)
    split_gm, items, unique = piecewise.split.split_graph_ex(
        gm, [H.SDPA], rematerialize_symints=True)
    splitting = [i for i in items if i.is_splitting_graph]
    assert len(splitting) == LAYERS and len(items) == 2 * LAYERS + 1
    for item in splitting:
        targets = [n.target for n in item.graph.graph.nodes if n.op == "call_function"]
        assert torch._C._nn.scaled_dot_product_attention in targets
    assert unique == flat_unique == 3
    # Every layer's pieces hash alike: the middle compiled pieces are one program.
    middle = [i.hash for i in items if not i.is_splitting_graph][1:-1]
    assert len(middle) == LAYERS - 1 and len(set(middle)) == 1
    assert len({i.hash for i in splitting}) == 1
    assert _invokes(gm) == 0  # inlined in place, as documented
    with torch.no_grad():
        assert_same(split_gm(*inputs), expected, 0, 0, "split module")


def test_split_graph_default_matches_vllm_shape():
    """Without rematerialization (vLLM's default) too: 4 splitting items, exact output."""
    gm, inputs = _capture(_model("layer"), seq=5)
    with torch.no_grad():
        expected = gm(*inputs)
    split_gm, items = piecewise.split_graph(gm, [F.scaled_dot_product_attention])
    assert sum(i.is_splitting_graph for i in items) == LAYERS
    with torch.no_grad():
        assert_same(split_gm(*inputs), expected, 0, 0, "split module")


def test_region_without_splitting_op_stays_a_call(flat_stats):
    """MLP regions hold no SDPA: they stay invoke_subgraph calls inside the compiled
    pieces."""
    be, regions = _run_backend(_model("mlp"), "eager", (1e-5, 1e-6))
    assert regions == [LAYERS]
    st = be.stats
    assert st["splitting_pieces"] == LAYERS and st["pieces"] == 2 * LAYERS + 1, st
    assert st["compilations"] == st["unique_pieces"] == flat_stats["unique_pieces"], st
    calls = 0
    for sm in be.split_modules:
        for child in sm.children():
            piece = getattr(child, "source", child)
            calls += _invokes(piece)
    # Each compiled piece after a layer's SDPA holds that layer's MLP call.
    assert calls == LAYERS


def test_inlined_layers_read_their_own_lifted_floats():
    """Dynamo traces the layer region once, with layer 0's operands: the region's `.item()`
    of the RMSNorm eps is layer 0's SymFloat. Each inlined copy must read its own layer's
    (the operand's `.item()` memo): the backend's float specialization (with Inductor)
    writes `float()` of that value into the graph, so layer 0's eps would go into every
    layer. With a different eps per layer, each read's value is its layer's eps."""
    model = _model("layer")
    eps = {}
    for i, layer in enumerate(model.model.layers):
        for j, norm in enumerate((layer.input_layernorm, layer.post_attention_layernorm)):
            norm.variance_epsilon = 0.01 * (2 * i + j + 1)
            eps[norm.variance_epsilon] = (i, j)
    gm, inputs = _capture(model)
    with torch.no_grad():
        expected = gm(*inputs)
    split_gm, _ = piecewise.split_graph(gm, [H.SDPA])
    reads = [n for n in gm.graph.nodes if n.op == "call_method" and n.target == "item"
             and "layernorm_variance_epsilon" in n.args[0].name]
    assert len(reads) == 2 * LAYERS
    values = sorted(float(n.meta["example_value"]) for n in reads)
    assert values == pytest.approx(sorted(eps)), values
    with torch.no_grad():
        assert_same(split_gm(*inputs), expected, 0, 0, "split module")


def test_region_in_an_inlined_region_stays_a_call():
    """Regions in a region (test/split/nested-regions.py's model): `block` holds the
    splitting op relu and calls `mlp`, which holds none and is called at the top level too."""
    model = nested_regions.model
    x, w = torch.randn(4, 8), torch.randn(8, 8)
    seen = []
    torch._dynamo.reset()
    torch.compile(model, backend=lambda gm, ex: seen.append(gm) or gm.forward,
                  fullgraph=True)(x, w)
    gm = seen[0]
    assert _invokes(gm) == 3 and _invokes(gm.subgraph_1) == 1  # Dynamo kept the nesting
    expected = model(x, w)
    split_gm, items = piecewise.split_graph(gm, [torch.relu])
    assert sum(i.is_splitting_graph for i in items) == 2
    # The pieces read the inner region from its place in the outer one
    # (`subgraph_1.subgraph_0`) for the two inlined blocks, and from the top level for the
    # last call (split_module's rule: a piece reads the submodules it uses).
    refs = sorted(n.target for i in items for n in i.graph.graph.nodes if n.op == "get_attr")
    assert refs == ["subgraph_0", "subgraph_1.subgraph_0", "subgraph_1.subgraph_0"], refs
    assert sum(_invokes(i.graph) for i in items) == 3
    assert_same(split_gm(x, w), expected, 0, 0, "split module")
    # The backend, with Inductor compiling pieces that call a region.
    be = piecewise.backend(splitting_ops=[torch.relu], compile_with="inductor")
    torch._dynamo.reset()
    compiled = torch.compile(model, backend=be, fullgraph=True)
    assert_same(compiled(x, w), expected, 1e-5, 1e-6, "backend")
    assert be.stats["splitting_pieces"] == 2 and be.stats["pieces"] == 5, be.stats


def _region_graph(use_directly: bool):
    """A hand-made graph calling a region that holds relu; its result read by getitem, or
    (use_directly) returned as it is."""
    sub = tfx.Graph()
    x = sub.placeholder("x")
    r = sub.call_function(torch.relu, (x,))
    sub.output((r,))
    g = tfx.Graph()
    a = g.placeholder("a")
    ref = g.get_attr("subgraph_0")
    call = g.call_function(torch.ops.higher_order.invoke_subgraph, (ref, "subgraph_0", a))
    out = call if use_directly else g.call_function(operator.getitem, (call, 0))
    g.output((out,))
    root = torch.nn.Module()
    root.subgraph_0 = tfx.GraphModule(torch.nn.Module(), sub)
    return tfx.GraphModule(root, g)


def test_a_call_that_cannot_be_inlined_is_an_error():
    gm = _region_graph(use_directly=True)
    with pytest.raises(RuntimeError, match=r"cannot inline the nested compile region that "
                       r"'invoke_subgraph' calls: its result is used by 'output'"):
        piecewise.split_graph(gm, [torch.relu])
    # Without a splitting op inside, a call is left alone.
    gm = _region_graph(use_directly=False)
    split_gm, items = piecewise.split_graph(gm, [torch.sigmoid])
    assert len(items) == 1 and _invokes(items[0].graph) == 1


def test_inline_pass_and_check_capture():
    gm = _region_graph(use_directly=False)
    x = torch.randn(5) - 0.5
    expected = gm(x)
    report = piecewise.check_capture(gm, splitting_ops=[torch.relu])
    assert _invokes(gm) == 1  # check_capture does not change gm
    assert [s.kind for s in report.segments].count("eager") == 1, report.segments
    assert piecewise.passes.run(gm, "inline-nested-regions,dce")
    assert _invokes(gm) == 0
    assert not any(n.op == "get_attr" for n in gm.graph.nodes)
    assert_same(gm(x), expected, 0, 0)


def test_dump_dir_input_reads_back(tmp_path, piecewise_bin):
    """The backend's input.py of a graph with regions nests their classes (as
    print_readable does), so the CLI splits it as the backend did."""
    be, _ = _run_backend(_model("layer"), "eager", (1e-5, 1e-6), dump_dir=tmp_path)
    path = tmp_path / "graph_0" / "input.py"
    text = path.read_text()
    assert "invoke_subgraph(" in text and "    class subgraph_0(torch.nn.Module):" in text
    out = subprocess.run([piecewise_bin, "split", str(path),
                          "--splitting-ops=torch._C._nn.scaled_dot_product_attention"],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert f"({LAYERS} splitting, {LAYERS + 1} compiled)" in out.stdout, out.stdout



def test_report_page_of_regions_kept_as_calls_is_the_clis(piecewise_bin, tmp_path):
    """The backend's report page of a graph whose MLP regions stay invoke_subgraph calls is
    the page ``piecewise report`` writes for the backend's own dump of that graph (its
    regions' bodies as nested classes): one driver behind both, and the dump keeps every
    value's kind (a specialized float, ``Sym(0.250000000000000)``, reads back as a
    SymFloat, as the backend knows it)."""
    import json
    import re

    _run_backend(_model("mlp"), "eager", (1e-5, 1e-6), dump_dir=tmp_path / "d",
                 report_dir=tmp_path / "r")
    dump = (tmp_path / "d" / "graph_0" / "input.py").read_text()
    assert "    class subgraph_0(torch.nn.Module):" in dump
    (tmp_path / "graph_0.py").write_text(dump)  # the page's title is the file's name
    subprocess.run([str(piecewise_bin), "report", "graph_0.py",
                    "--splitting-ops=torch._C._nn.scaled_dot_product_attention",
                    "--rematerialize-symints", "-o", "page.html"],
                   cwd=tmp_path, check=True)

    def data(path):
        page = path.read_text()
        m = re.search(r'<script id="report-data" type="application/json">(.*?)</script>', page,
                      re.S)
        return json.loads(m.group(1))

    cli_data, be_data = data(tmp_path / "page.html"), data(tmp_path / "r" / "graph_0.html")
    # As in test_backend_report.py: a tuple-valued node is only "opaque" to the text's reader.
    names = cli_data["valueKinds"]
    cli_kinds, be_kinds = cli_data["values"].pop("kind"), be_data["values"].pop("kind")
    assert len(cli_kinds) == len(be_kinds)
    assert {(names[c], names[b]) for c, b in zip(cli_kinds, be_kinds) if c != b} <= {
        ("opaque", "tuple")}
    assert "symfloat" in {names[b] for b in be_kinds}
    assert cli_data == be_data
