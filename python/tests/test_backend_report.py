"""piecewise.backend shows its work: ``report_dir`` (one ``piecewise report`` page per Dynamo
graph plus an index), progress lines per unique piece, compile seconds in ``be.stats``.

Eager compilation (fast); the pages are made by the extension (``_core.render_report``), and
the CLI (PIECEWISE_BIN, default build/piecewise) is the oracle it is held to: the same page
for the same graph. Rendering the page in Chromium is test_report.py's business; here the
page's embedded data is read back."""

import importlib
import json
import re
import time
import warnings

import pytest
import torch

piecewise = pytest.importorskip("piecewise")
B = importlib.import_module("piecewise.backend")  # the module (piecewise.backend is the function)

import make_examples as mx  # noqa: E402
from fxload import assert_same  # noqa: E402

ATTN = "vllm::unified_attention_with_output"


@pytest.fixture
def cli(piecewise_bin, monkeypatch):
    """The backend finds the CLI through PIECEWISE_BIN (the lookup is cached: reset it)."""
    monkeypatch.setenv("PIECEWISE_BIN", str(piecewise_bin))
    monkeypatch.setattr(B, "_cli_cache", [])
    return piecewise_bin


def embedded_data(page):
    text = page.read_text()
    m = re.search(r'<script id="report-data" type="application/json">(.*?)</script>', text, re.S)
    assert m, "no embedded data"
    return json.loads(m.group(1))


def compile_llama(be, layers=8, dynamic=False, fullgraph=True, fn=None):
    model = mx.build_llama(layers, seed=0)
    ids = mx.llama_example_input(8)
    torch._dynamo.reset()
    compiled = torch.compile(fn(model) if fn else model, backend=be, fullgraph=fullgraph)
    if dynamic:
        torch._dynamo.mark_dynamic(ids, 0)
    with torch.no_grad():
        out = compiled(ids)
        ref = fn(model)(ids) if fn else model(ids)
    assert_same(out, ref, 1e-5, 1e-6, "backend vs eager")
    return out


@pytest.mark.parametrize("dynamic", [False, True])
def test_report_dir_writes_one_page_per_graph(cli, tmp_path, dynamic):
    be = piecewise.backend(splitting_ops=[ATTN], report_dir=tmp_path / "r")
    compile_llama(be, dynamic=dynamic)
    page = tmp_path / "r" / "graph_0.html"
    assert be.reports == [str(page)]
    text = page.read_text()
    assert text.startswith("<!DOCTYPE html>") and text.rstrip().endswith("</html>")
    s = embedded_data(page)["summary"]
    # The same split as the backend's: 17 pieces, 8 at the attention op, 3 unique compiled.
    assert s["pieces"] == be.stats["pieces"] == 17
    assert s["splitting"] == be.stats["splitting_pieces"] == 8
    assert s["compiledGroups"] == be.stats["unique_pieces"] == 3
    assert "<title>" in text and "graph_0.py" in text  # titled by the graph, not a temp path
    index = (tmp_path / "r" / "index.html").read_text()
    assert index.count('<a href="graph_0.html">') == 1
    row = re.search(r"<tr><td><a href=\"graph_0.html\">graph 0</a></td>(.*?)</tr>", index).group(1)
    cells = re.findall(r"<td>(.*?)</td>", row)
    assert cells[1:4] == ["17", "8", "3"] and cells[-1] == "compiled", cells
    float(cells[4])  # compile seconds


def test_report_gets_the_custom_op_schema(tmp_path, monkeypatch):
    # The built-in table has only aten's schemas: the backend's graph reaches the renderer as
    # the IR piecewise.fx imported (nothing printed and parsed again), whose import told the
    # extension's registry the attention op's schema (its `output` is written in place).
    seen = []
    real = B._fx._core.render_report

    def spy(ir, **kw):
        seen.append((ir.print(), kw))
        return real(ir, **kw)

    monkeypatch.setattr(B._fx._core, "render_report", spy)
    be = piecewise.backend(splitting_ops=[torch.ops.vllm.unified_attention_with_output],
                           report_dir=tmp_path / "r")
    compile_llama(be, layers=2)
    (text, kw), = seen
    assert kw["title"] == "graph_0.py" and kw["splitting_ops"] == [ATTN]
    assert kw["rematerialize_symints"] is True  # the backend's own split does
    schema = str(torch.ops.vllm.unified_attention_with_output.default._schema)
    assert schema.startswith("vllm::unified_attention_with_output(") and "(a!)" in schema
    assert B._fx._core.has_schema(ATTN)
    assert text.startswith("class ") and "unified_attention_with_output" in text
    assert be.reports == [str(tmp_path / "r" / "graph_0.html")]


def test_report_page_is_the_clis_page(cli, tmp_path, monkeypatch):
    """The oracle: `piecewise report` on the same graph (its code form) with the op's schema
    writes the same page: one driver (codegen/PlanReport.h) behind both."""
    import subprocess

    seen = []
    real = B._fx._core.render_report

    def spy(ir, **kw):
        seen.append((ir.print(), kw))  # before the plan edits the graph
        return real(ir, **kw)

    monkeypatch.setattr(B._fx._core, "render_report", spy)
    be = piecewise.backend(splitting_ops=[ATTN], report_dir=tmp_path / "r")
    compile_llama(be, layers=2)
    (text, kw), = seen
    work = tmp_path / "cli"
    work.mkdir()
    (work / "graph_0.py").write_text(text)
    schema = str(torch.ops.vllm.unified_attention_with_output.default._schema)
    (work / "schemas.txt").write_text(schema + "\n")
    subprocess.run([str(cli), "--schema-file", "schemas.txt", "report", "graph_0.py",
                    f"--splitting-ops={ATTN}", "--rematerialize-symints", "-o", "page.html"],
                   cwd=work, check=True)
    cli_page = (work / "page.html").read_text()
    be_page = (tmp_path / "r" / "graph_0.html").read_text()
    script = re.compile(r'(<script id="report-data" type="application/json">).*?(</script>)', re.S)
    assert script.sub(r"\1\2", cli_page) == script.sub(r"\1\2", be_page)  # markup, style, script
    cli_data, be_data = embedded_data(work / "page.html"), embedded_data(tmp_path / "r" / "graph_0.html")
    # One difference is allowed, and it is the printed text's: a tuple-valued node (a
    # torch.split, the attention op's empty result) has a tuple in FX's meta, which the code
    # form does not spell, so the CLI reading the text knows it only as opaque. Everything
    # else (pieces, hashes, lifetimes, capture badges, code) is the same.
    names = cli_data["valueKinds"]
    cli_kinds, be_kinds = cli_data["values"].pop("kind"), be_data["values"].pop("kind")
    differ = [i for i, (c, b) in enumerate(zip(cli_kinds, be_kinds)) if c != b]
    assert len(cli_kinds) == len(be_kinds)
    assert {(names[cli_kinds[i]], names[be_kinds[i]]) for i in differ} <= {("opaque", "tuple")}
    assert cli_data == be_data


def test_report_dir_after_a_graph_break(cli, tmp_path):
    def two_graphs(model):
        def f(ids):
            h = model(ids)
            torch._dynamo.graph_break()
            return h + model(ids)
        return f

    be = piecewise.backend(splitting_ops=[ATTN], report_dir=tmp_path)
    compile_llama(be, layers=2, fullgraph=False, fn=two_graphs)
    assert be.stats["graphs"] >= 2
    pages = sorted(tmp_path.glob("graph_*.html"))
    assert [str(p) for p in pages] == sorted(be.reports)
    assert len(pages) == be.stats["graphs"]
    index = (tmp_path / "index.html").read_text()
    for p in pages:
        assert f'<a href="{p.name}">' in index
        assert embedded_data(p)["summary"]["pieces"] >= 1
    assert index.count("<td>compiled</td>") == len(pages)


def test_report_dir_needs_no_cli(tmp_path, monkeypatch):
    """The pages come from the extension: no CLI anywhere, and every graph still gets one."""
    monkeypatch.setattr(B, "find_cli", lambda: None)
    monkeypatch.setenv("PIECEWISE_BIN", str(tmp_path / "missing"))
    monkeypatch.setattr(B, "_cli_cache", [])

    def two_graphs(model):
        def f(ids):
            h = model(ids)
            torch._dynamo.graph_break()
            return h + model(ids)
        return f

    be = piecewise.backend(splitting_ops=[ATTN], report_dir=tmp_path / "r")
    compile_llama(be, layers=2, fullgraph=False, fn=two_graphs)
    assert be.stats["graphs"] >= 2 and len(be.reports) == be.stats["graphs"]
    assert all(embedded_data(__import__("pathlib").Path(p))["summary"]["pieces"] >= 1
               for p in be.reports)


def test_report_that_cannot_be_made_warns_and_compiles(tmp_path, monkeypatch):
    def broken(ir, **kw):
        raise RuntimeError("piecewise: the graph does not parse:\ngraph_0.py:1:1: error: broken")

    monkeypatch.setattr(B._fx._core, "render_report", broken)
    be = piecewise.backend(splitting_ops=[ATTN], report_dir=tmp_path / "r")
    with pytest.warns(UserWarning, match=r"no report for graph 0: RuntimeError: .*does not parse"):
        compile_llama(be, layers=2)
    assert be.stats["graphs"] == 1 and be.reports == []


def test_progress_lines_and_compile_seconds(capsys):
    be = piecewise.backend(splitting_ops=[ATTN], progress=0)
    compile_llama(be)
    err = capsys.readouterr().err
    starts = re.findall(r"^piecewise: graph 0: compiling piece (\d)/3 \(hash ([0-9a-f]{8})\u2026, "
                        r"used by (\d+) pieces?\)$", err, re.M)
    assert [(k, n) for k, _, n in starts] == [("1", "1"), ("2", "7"), ("3", "1")], err
    done = re.findall(r"^piecewise: graph 0: compiled piece (\d)/3 \(hash ([0-9a-f]{8})\u2026, "
                      r"used by \d+ pieces?\) in \d+\.\d\d s$", err, re.M)
    assert [d[0] for d in done] == ["1", "2", "3"]
    seconds = be.stats["compile_seconds"]
    assert len(seconds) == be.stats["unique_pieces"] == 3
    assert all(isinstance(t, float) and t >= 0 for t in seconds.values())
    assert sorted(h[:8] for h in seconds) == sorted(h for _, h, _ in starts)


def test_progress_only_when_compiling_takes_long(capsys, monkeypatch):
    # Default threshold (1 s): eager compiles instantly, nothing is printed.
    be = piecewise.backend(splitting_ops=[ATTN])
    compile_llama(be, layers=2)
    assert "compiling piece" not in capsys.readouterr().err
    # A slow compile: the first piece prints only its "compiled ... in" line once it took
    # longer than the threshold; from then on each piece is announced before it compiles.
    be = piecewise.backend(splitting_ops=[ATTN], progress=0.05)
    real = be._compile

    def slow(piece):
        time.sleep(0.06)
        return real(piece)

    monkeypatch.setattr(be, "_compile", slow)
    compile_llama(be, layers=2)
    lines = [line for line in capsys.readouterr().err.splitlines() if line.startswith("piecewise:")]
    assert [re.sub(r" \(hash.*", "", line) for line in lines] == [
        "piecewise: graph 0: compiled piece 1/3",
        "piecewise: graph 0: compiling piece 2/3",
        "piecewise: graph 0: compiled piece 2/3",
        "piecewise: graph 0: compiling piece 3/3",
        "piecewise: graph 0: compiled piece 3/3",
    ], lines
    assert all(t >= 0.05 for t in be.stats["compile_seconds"].values())
    # None (or False) prints nothing.
    be = piecewise.backend(splitting_ops=[ATTN], progress=None)
    monkeypatch.setattr(be, "_compile", slow)
    compile_llama(be, layers=2)
    assert "piece" not in capsys.readouterr().err


def test_progress_rejects_negative_seconds():
    with pytest.raises(ValueError, match="progress"):
        piecewise.backend(progress=-1)


def test_report_dir_with_a_callable_splitting_op(cli, tmp_path):
    # A Python callable as splitting op: the CLI is given the name FX records
    # (torch._C._nn.scaled_dot_product_attention) and cuts where the backend cut.
    F = torch.nn.functional

    class Two(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.a = torch.nn.Linear(16, 48)
            self.b = torch.nn.Linear(16, 48)

        def forward(self, x):
            for lin in (self.a, self.b):
                q, k, v = lin(x).view(2, 4, 3, 16).unbind(2)
                x = x + F.scaled_dot_product_attention(q, k, v)
            return x

    model = Two()
    x = torch.randn(2, 4, 16)
    be = piecewise.backend(splitting_ops=[F.scaled_dot_product_attention], report_dir=tmp_path)
    torch._dynamo.reset()
    with torch.no_grad():
        assert_same(torch.compile(model, backend=be, fullgraph=True)(x), model(x), 1e-5, 1e-6,
                    "backend vs eager")
    s = embedded_data(tmp_path / "graph_0.html")["summary"]
    assert s["pieces"] == be.stats["pieces"] == 5
    assert s["splitting"] == be.stats["splitting_pieces"] == 2


def test_report_dir_not_writable_warns_and_compiles(cli, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    be = piecewise.backend(splitting_ops=[ATTN], report_dir=blocker / "r")
    with pytest.warns(UserWarning, match=r"no report for graph 0: (FileExistsError|NotADirectory)"):
        compile_llama(be, layers=2)
    assert be.stats["graphs"] == 1 and be.reports == []


def test_index_marks_a_graph_whose_compilation_failed(cli, tmp_path, monkeypatch):
    be = piecewise.backend(splitting_ops=[ATTN], report_dir=tmp_path)

    def broken(piece):
        raise RuntimeError("no compiler today")

    monkeypatch.setattr(be, "_compile", broken)
    with pytest.raises(Exception, match="no compiler today"):
        compile_llama(be, layers=2)
    assert (tmp_path / "graph_0.html").is_file()  # written before the pieces compile
    assert "<td>compilation failed (RuntimeError)</td>" in (tmp_path / "index.html").read_text()
    assert be.stats["graphs"] == 0
