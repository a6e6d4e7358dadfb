"""check_capture / `piecewise check-capture` against a simulated capture/replay runtime.

The oracle (capture_sim.py) captures a split module once on CPU, replays it with new values
in the same static inputs, and reports every (captured piece, input) whose data_ptr moved:
what a CUDA graph would read stale. On every graph here the static check must report each
such read (nothing missed), and every read it reports as certain (a fresh return, a fresh
element of a multi-output op, a non-static input) must move in the simulation; the reads it
reports as uncertain (an op that may copy, an op without a schema) may or may not move.
Graphs: vLLM-shaped cases built from live custom ops, a few hundred random graphs
(diffgen.py: views, in-place writes, multi-output ops and getitems) with random splitting
ops, and, in a process of their own (capture_files.py), the bundled examples, the lit
inputs of test/capture/ and the corpus graphs torch can run here.
"""

from __future__ import annotations

import copy
import json
import operator
import random
import re
import subprocess
import sys
import warnings
from pathlib import Path

import pytest
import torch
import torch.nn.functional as F
from torch.fx.experimental.proxy_tensor import make_fx

import capture_sim
import diffgen
import piecewise
from conftest import REPO_ROOT, example_paths, shared_dir_path

# --------------------------------------------------------------------------------------
# Live custom ops with vLLM's shapes of contract (a private namespace: the real vLLM names
# are exercised by the file cases, in their own process).

_LIB = torch.library.Library("capturetest", "DEF")
_LIB.define("attn_out(Tensor q, Tensor k, Tensor v, Tensor(a!) output, str layer_name) -> ()")
_LIB.define("attn(Tensor q, Tensor k, Tensor v, str layer_name) -> Tensor")
_LIB.define("all_reduce(Tensor tensor, str group_name) -> Tensor")
_LIB.define("all_reduce_out(Tensor inp, Tensor(a!) out) -> ()")
_LIB.define("moe(Tensor hidden_states, Tensor router_logits, str layer_name) -> Tensor")
_LIB.define("moe_shared(Tensor hidden_states, Tensor router_logits, str layer_name) -> (Tensor, Tensor)")


def _returns_none(fn):
    def call(*args):
        fn(*args)

    return call


_LIB.impl("attn_out", _returns_none(lambda q, k, v, output, name: output.copy_(q + k * v)), "CPU")
_LIB.impl("attn", lambda q, k, v, name: q + k * v, "CPU")
_LIB.impl("all_reduce", lambda t, g: t.clone(), "CPU")
_LIB.impl("all_reduce_out", _returns_none(lambda inp, out: out.copy_(inp)), "CPU")
_LIB.impl("moe", lambda h, r, name: h * 2, "CPU")
_LIB.impl("moe_shared", lambda h, r, name: (h * 2, h * 3), "CPU")
for _name, _fake in {
        "attn_out": lambda q, k, v, output, name: None,
        "attn": lambda q, k, v, name: torch.empty_like(q),
        "all_reduce": lambda t, g: torch.empty_like(t),
        "all_reduce_out": lambda inp, out: None,
        "moe": lambda h, r, name: torch.empty_like(h),
        "moe_shared": lambda h, r, name: (torch.empty_like(h), torch.empty_like(h))}.items():
    torch.library.register_fake("capturetest::" + _name, _fake, lib=_LIB)
ops = torch.ops.capturetest


def _trace(fn, *inputs, pre_dispatch=False):
    return make_fx(fn, tracing_mode="real", pre_dispatch=pre_dispatch)(*[t.clone() for t in inputs])


def _static_verdict(gm, ops_, static="all", breakable=False):
    kw = {"break_ops": ops_} if breakable else {"splitting_ops": ops_}
    report = piecewise.check_capture(gm, static_inputs=static, **kw)
    return report, {(r.piece, r.value) for r in report.unstable_reads}


def _simulated_verdict(gm, ops_, inputs, static="all", breakable=False, seed=0, run=None):
    """capture_sim.simulate (or `run`: capture_sim.replay) of gm's split: the pieces a
    runtime captures (every non-splitting one), the inputs it keeps in place."""
    gm = copy.deepcopy(gm)
    split_gm, items = piecewise.split_graph(gm, ops_, merge_empty=not breakable)
    captured = [i.submod_name for i in items if not i.is_splitting_graph]
    names = [n.name for n in gm.graph.nodes if n.op == "placeholder"]
    keep = [static == "all" or (static == "params" and ("parameters_" in n or "buffers_" in n))
            for n in names]
    return (run or capture_sim.simulate)(split_gm, captured, inputs, keep, seed=seed)


def _agree(gm, ops_, inputs, static="all", breakable=False, seed=0):
    """Asserts the oracle relation; returns the static report."""
    report, found = _static_verdict(gm, ops_, static, breakable)
    moved = _simulated_verdict(gm, ops_, inputs, static, breakable, seed)
    missed = moved - found
    assert not missed, f"unstable reads the check missed: {sorted(missed)}\n{gm.code}"
    certain = {(r.piece, r.value) for r in report.unstable_reads if r.certain}
    wrong = certain - moved
    assert not wrong, f"reads reported as certain that did not move: {sorted(wrong)}\n{gm.code}"
    return report, moved


def _x():
    g = torch.Generator().manual_seed(0)
    return (torch.randn(4, 16, generator=g), torch.randn(16, 48, generator=g),
            torch.randn(16, 16, generator=g))


def _qkv(x, w):
    qkv = x @ w
    return qkv[:, :16], qkv[:, 16:32], qkv[:, 32:]


# --------------------------------------------------------------------------------------
# The vLLM cases


def test_attention_with_output_buffer_is_stable():
    def f(x, w, wo):
        q, k, v = _qkv(x, w)
        out = torch.empty_like(q)
        ops.attn_out(q, k, v, out, "layers.0.attn")
        return (out @ wo).relu()

    gm = _trace(f, *_x())
    report, moved = _agree(gm, ["capturetest::attn_out"], _x())
    assert report.clean and not moved
    (op,) = report.eager_ops
    assert (op.contract, op.stable, op.buffer) == ("out-buffer", True, "empty_like")


def test_returning_attention_is_unstable():
    def f(x, w, wo):
        q, k, v = _qkv(x, w)
        return (ops.attn(q, k, v, "layers.0.attn") @ wo).relu()

    gm = _trace(f, *_x())
    report, moved = _agree(gm, ["capturetest::attn"], _x())
    (r,) = report.unstable_reads
    assert (r.cause, r.certain, r.origin_target) == ("fresh-return", True, "capturetest::attn.default")
    assert moved == {(r.piece, r.value)}
    assert r.node is not None and r.node.target is ops.attn.default
    assert "out buffer" in r.fix and report.eager_ops[0].contract == "fresh"


def test_all_reduce_out_of_place_vs_in_place():
    def out_of_place(x, w, wo):
        return ops.all_reduce(x @ w, "tp:0")[:, :16] @ wo

    def in_place(x, w, wo):
        h = x @ w
        buf = torch.empty_like(h)
        ops.all_reduce_out(h, buf)
        return buf[:, :16] @ wo

    report, moved = _agree(_trace(out_of_place, *_x()), ["capturetest::all_reduce"], _x())
    assert [r.cause for r in report.unstable_reads] == ["fresh-return"] and moved
    report, moved = _agree(_trace(in_place, *_x()), ["capturetest::all_reduce_out"], _x())
    assert report.clean and not moved
    assert report.eager_ops[0].contract == "out-buffer"


def test_moe_returning_output_and_multi_output():
    def single(x, w, wo):
        return ops.moe(x, x @ w, "layers.0.mlp") @ wo

    def shared(x, w, wo):
        a, b = ops.moe_shared(x, x @ w, "layers.0.mlp")
        return (a + b) @ wo

    report, moved = _agree(_trace(single, *_x()), ["capturetest::moe"], _x())
    assert [r.cause for r in report.unstable_reads] == ["fresh-return"]
    report, moved = _agree(_trace(shared, *_x()), ["capturetest::moe_shared"], _x())
    assert sorted(r.cause for r in report.unstable_reads) == ["fresh-element", "fresh-element"]
    assert all(r.chain[0] == r.origin and r.origin_target.startswith("capturetest::moe_shared")
               for r in report.unstable_reads)
    assert len(moved) == 2


def test_sdpa_as_splitting_op_is_fresh():
    def f(x, w, wo):
        q, k, v = _qkv(x, w)
        o = F.scaled_dot_product_attention(q[None], k[None], v[None])[0]
        return o @ wo

    # pre_dispatch keeps the op whole (aten.scaled_dot_product_attention); without it, make_fx
    # on CPU records the math decomposition.
    gm = _trace(f, *_x(), pre_dispatch=True)
    sdpa = sorted({piecewise.fx.op_name(n.target) for n in gm.graph.nodes
                   if n.op == "call_function" and "scaled_dot_product" in str(n.target)})
    assert sdpa, gm.code
    report, moved = _agree(gm, sdpa, _x())
    assert report.unstable_reads and moved
    assert all(r.cause in ("fresh-return", "fresh-element") and r.certain
               for r in report.unstable_reads)
    assert {o.contract for o in report.eager_ops} == {"fresh"}


def test_sdpa_in_a_dynamo_graph_is_fresh():
    got = {}

    def backend(gm, example_inputs):
        got["gm"] = gm
        return gm.forward

    def f(x, w, wo):
        q, k, v = _qkv(x, w)
        return F.scaled_dot_product_attention(q[None], k[None], v[None])[0] @ wo

    torch._dynamo.reset()
    torch.compile(f, backend=backend, fullgraph=True)(*_x())
    gm = got["gm"]
    # Dynamo records the Python binding (torch._C._nn.scaled_dot_product_attention), which has
    # no schema of its own; what it dispatches to (aten::scaled_dot_product_attention) decides.
    report, moved = _agree(gm, [F.scaled_dot_product_attention], _x())
    assert [(r.cause, r.certain) for r in report.unstable_reads] == [("fresh-return", True)]
    assert "returns a fresh tensor" in report.unstable_reads[0].message
    assert [o.contract for o in report.eager_ops] == ["fresh"] and moved


def test_static_inputs_none_and_breakable():
    def f(x, w, wo):
        h = (x @ w)[:, :16]
        h.add_(1.0)
        return (h @ wo).relu()

    gm = _trace(f, *_x())
    report, moved = _agree(gm, ["aten::add_"], _x())
    assert report.clean and report.eager_ops[0].contract == "in-place"
    report, moved = _agree(gm, ["aten::add_"], _x(), static="none")
    assert {r.cause for r in report.unstable_reads} == {"non-static-input"}
    assert moved == {(r.piece, r.value) for r in report.unstable_reads}
    report, moved = _agree(gm, ["aten::mm"], _x(), breakable=True)
    assert [r.cause for r in report.unstable_reads] == ["fresh-return"] * 2  # both matmuls


def test_check_capture_usage_errors():
    gm = _trace(lambda x, w, wo: x @ w, *_x())
    with pytest.raises(ValueError):
        piecewise.check_capture(gm)
    with pytest.raises(ValueError):
        piecewise.check_capture(gm, splitting_ops=[], break_ops=[])
    with pytest.raises(ValueError):
        piecewise.check_capture(gm, splitting_ops=[], static_inputs="some")


def test_backend_check_capture_option():
    def f(x, w, wo):
        q, k, v = _qkv(x, w)
        return (ops.attn(q, k, v, "layers.0.attn") @ wo).relu()

    with pytest.raises(ValueError):
        piecewise.backend(check_capture="maybe")
    for mode in ("off", "warn", "error"):
        torch._dynamo.reset()
        be = piecewise.backend(splitting_ops=["capturetest::attn"], check_capture=mode)
        fn = torch.compile(f, backend=be)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            if mode == "error":
                with pytest.raises(Exception, match="not capture-safe"):
                    fn(*_x())
                continue
            out = fn(*_x())
        torch.testing.assert_close(out, f(*_x()))
        flagged = [w for w in caught if "not capture-safe" in str(w.message)]
        assert len(flagged) == (1 if mode == "warn" else 0)


# --------------------------------------------------------------------------------------
# Random graphs


def _random_case(seed):
    rng = random.Random(seed)
    prog = diffgen.generate(seed)
    mode = "aten" if seed % 4 else "fx"
    gm = prog.trace(mode)
    targets = sorted({piecewise.fx.op_name(n.target) if mode == "aten"
                      else piecewise.split._pattern(n.target)
                      for n in gm.graph.nodes
                      if n.op == "call_function" and n.target is not operator.getitem
                      and (mode == "aten" or callable(n.target))})
    chosen = rng.sample(targets, min(len(targets), rng.randint(1, 3))) if targets else []
    static = rng.choice(["all", "all", "all", "none"])
    return prog, gm, chosen, static, rng.random() < 0.25


SEEDS = range(240)


@pytest.mark.parametrize("chunk", range(6))
def test_random_graphs_agree_with_the_simulation(chunk):
    stats = {"graphs": 0, "unstable": 0, "moved": 0}
    for seed in SEEDS[chunk::6]:
        prog, gm, chosen, static, breakable = _random_case(seed)
        if not chosen:
            continue
        inputs = getattr(gm, "diff_inputs", prog.inputs)
        try:
            report, moved = _agree(gm, chosen, inputs, static, breakable, seed)
        except AssertionError as e:
            raise AssertionError(f"seed {seed}, ops {chosen}, static {static}, "
                                 f"breakable {breakable}: {e}") from None
        stats["graphs"] += 1
        stats["unstable"] += len(report.unstable_reads)
        stats["moved"] += len(moved)
    # The sample exercises both verdicts.
    assert stats["graphs"] >= 30 and stats["moved"] >= 10, stats


# --------------------------------------------------------------------------------------
# Files: examples, lit inputs, corpus (CLI check-capture vs the simulation, own process)


def _file_cases():
    cases = []
    rng = random.Random(7)
    for p in example_paths():
        text = p.read_text()
        ops_ = ["vllm::unified_attention_with_output"] if "unified_attention" in text else []
        found = sorted(set(re.findall(r"torch\.ops\.aten\.(\w+)\.(\w+)\(", text)))
        ops_ += [f"aten::{a}.{b}" for a, b in rng.sample(found, min(2, len(found)))]
        if ops_:
            cases.append({"file": str(p), "ops": ops_})
    for p in sorted((REPO_ROOT / "test" / "capture").glob("*.py")):
        text = p.read_text()
        if not text.startswith("class "):
            continue  # a test of files elsewhere (corpus.py)
        # The ops of the file's first RUN line.
        m = re.search(r"--(?:splitting|break)-ops=([A-Za-z_][\w:.,]*)", text)
        if m:
            cases.append({"file": str(p), "ops": m.group(1).split(",")})
    corpus = shared_dir_path() / "corpus" / "graphs"
    for p in sorted(corpus.glob("*")) if corpus.is_dir() else []:
        text = p.read_text(errors="replace")
        found = sorted(set(re.findall(r"torch\.ops\.aten\.(\w+)\.(\w+)[(\]]", text)))
        if found:
            cases.append({"file": str(p),
                          "ops": [f"aten::{a}.{b}" for a, b in rng.sample(found, min(2, len(found)))]})
    return cases


def test_files_agree_with_the_simulation(piecewise_bin, tmp_path):
    cases = _file_cases()
    schema = str(REPO_ROOT / "data" / "custom_schemas" / "vllm.txt")
    (tmp_path / "cases.json").write_text(json.dumps(cases))
    here = Path(__file__).parent
    proc = subprocess.run([sys.executable, str(here / "capture_files.py"), str(tmp_path / "cases.json"),
                           str(piecewise_bin), schema], capture_output=True, text=True,
                          cwd=str(here), timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    results = json.loads(proc.stdout)
    ran = 0
    for i, case in enumerate(cases):
        moved = results[str(i)]
        if isinstance(moved, dict):
            continue
        ran += 1
        moved = {tuple(x) for x in moved}
        cli = subprocess.run([str(piecewise_bin), "--schema-file", schema, "check-capture",
                              case["file"], "--splitting-ops=" + ",".join(case["ops"]), "--json"],
                             capture_output=True, text=True)
        assert cli.returncode in (0, 1), cli.stderr
        report = json.loads(cli.stdout)
        assert (cli.returncode == 0) == report["clean"]
        found = {(r["segment"], r["value"]) for r in report["unstable_reads"]}
        certain = {(r["segment"], r["value"]) for r in report["unstable_reads"] if r["certain"]}
        assert moved <= found, (case, sorted(moved - found))
        assert certain <= moved, (case, sorted(certain - moved))
    # The examples and the lit inputs all run here (the corpus ones only where torch can).
    skipped = {cases[int(i)]["file"]: r["skip"] for i, r in results.items() if isinstance(r, dict)}
    assert all("/corpus/" in f for f in skipped), skipped
    assert ran >= len(cases) - len(skipped) and ran >= 15, (ran, skipped)


# --------------------------------------------------------------------------------------
# The report page's badge, as a browser renders it


def test_report_page_badges_the_unsafe_piece(piecewise_bin, tmp_path):
    import test_report as tr

    if tr.CHROMIUM is None:
        pytest.skip("headless chromium is not installed")
    schema = REPO_ROOT / "data" / "custom_schemas" / "vllm.txt"
    src = REPO_ROOT / "test" / "capture" / "fresh-return.py"
    page = tr.report(piecewise_bin, tmp_path, src, "capture", "--splitting-ops=vllm::unified_attention",
                     schema_file=schema)
    dom = tr.chromium(tmp_path, page, "--dump-dom")
    assert 'data-ready="1"' in dom
    rows = dict(re.findall(r'<tr class="piece-row[^"]*" data-piece="(\d+)"(.*?)</tr>', dom, re.S))
    assert sorted(rows) == ["0", "1", "2"], dom[-3000:]
    flagged = [i for i, row in rows.items() if 'class="tag capture-unsafe"' in row]
    assert flagged == ["2"] and "not capture-safe: 1" in rows["2"], rows
    # The capture-safe twin has no badge.
    page = tr.report(piecewise_bin, tmp_path, REPO_ROOT / "test" / "capture" / "out-argument.py",
                     "safe", "--splitting-ops=vllm::unified_attention_with_output",
                     schema_file=schema)
    dom = tr.chromium(tmp_path, page, "--dump-dom")
    rows = re.findall(r'<tr class="piece-row[^"]*" data-piece="\d+"(.*?)</tr>', dom, re.S)
    assert len(rows) == 3 and not any("capture-unsafe" in row for row in rows), rows
