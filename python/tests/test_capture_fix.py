"""make_capture_safe / `piecewise check-capture --fix` against torch and the simulated replay.

The fix rewrites a graph whose captured pieces would read memory at an address a CUDA graph
replay does not keep (docs/capture.md). The oracles, none of them piecewise's own:

- torch runs the original and the fixed graph on the same inputs: same outputs, same
  inputs after the call (in-place writes to graph inputs included);
- the simulated capture/replay runtime (capture_sim.replay) captures the split of the fixed
  graph once and replays it with new inputs, each captured piece computing from the memory
  (and scalars) it was given at capture, as a CUDA graph does: the replayed step must give
  exactly what the original graph computes on those inputs, and no captured piece's input
  may move. The same replay of the unfixed graph is shown to go wrong where the check says it
  would (so the oracle can fail);
- the check itself (check_capture) on the fixed graph: clean.

Graphs: vLLM-shaped cases with live custom ops, a few hundred random graphs (diffgen.py,
with random splitting ops, static inputs and modes, as test_capture.py draws them), and, in
a process of their own (capture_files.py), the lit inputs of test/capture/ through the CLI.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import torch

import capture_sim
import diffgen
import piecewise
import test_capture as tc
from conftest import REPO_ROOT

ops = tc.ops


def _fixed(gm, ops_, static="all", breakable=False):
    kw = {"break_ops": ops_} if breakable else {"splitting_ops": ops_}
    return piecewise.make_capture_safe(gm, static_inputs=static, **kw)


def _replay(gm, ops_, inputs, static="all", breakable=False, seed=0):
    """capture_sim.replay of gm's split (the pieces a runtime captures)."""
    return tc._simulated_verdict(gm, ops_, inputs, static, breakable, seed,
                                 run=capture_sim.replay)


def _exact(original, rep, seed=0):
    """Whether the replayed step computed what `original` computes on its inputs (outputs
    and inputs after the call)."""
    expected, after = diffgen.run_seeded(original, rep.before, rng_seed=seed)
    got = rep.outputs if isinstance(rep.outputs, (tuple, list)) else (rep.outputs,)
    try:
        diffgen.assert_same(expected, tuple(got), "output")
        diffgen.assert_same(after, rep.after, "input after the call")
    except AssertionError as e:
        return str(e)
    return None


def _check_fix(gm, ops_, inputs, static="all", breakable=False, seed=0):
    """Fixes gm and asserts every oracle; returns the fixed module."""
    before = gm.code
    fixed = _fixed(gm, ops_, static, breakable)
    assert gm.code == before, "make_capture_safe changed its input"
    kw = {"break_ops": ops_} if breakable else {"splitting_ops": ops_}
    report = piecewise.check_capture(fixed, static_inputs=static, **kw)
    assert report.clean, f"{report}\n{fixed.code}"
    # Same outputs as the original, mutated inputs included.
    expected, after = diffgen.run_seeded(gm, inputs, rng_seed=seed)
    got, got_after = diffgen.run_seeded(fixed, inputs, rng_seed=seed)
    diffgen.assert_same(expected, got, "output")
    diffgen.assert_same(after, got_after, "input after the call")
    # The replayed step is exact, and nothing a captured piece reads moves.
    rep = _replay(fixed, ops_, inputs, static, breakable, seed)
    assert not rep.moved, (sorted(rep.moved), fixed.code)
    problem = _exact(gm, rep, seed)
    assert problem is None, f"{problem}\n{fixed.code}"
    return fixed


def _copied(fixed):
    return [c.value for c in fixed.meta["piecewise_capture_copies"]]


# --------------------------------------------------------------------------------------
# The vLLM cases


def test_returning_attention_gets_a_static_buffer():
    def f(x, w, wo):
        q, k, v = tc._qkv(x, w)
        return (ops.attn(q, k, v, "layers.0.attn") @ wo).relu()

    gm = tc._trace(f, *tc._x())
    # The unfixed plan replays stale attention output: the oracle sees it.
    rep = _replay(gm, ["capturetest::attn"], tc._x())
    assert rep.moved and _exact(gm, rep) is not None
    fixed = _check_fix(gm, ["capturetest::attn"], tc._x())
    assert _copied(fixed) == ["attn"]
    (c,) = fixed.meta["piecewise_capture_copies"]
    assert (c.buffer, c.copy_back, c.bytes) == ("attn_static", None, str(4 * 16 * 4))
    nodes = {n.name: n for n in fixed.graph.nodes}
    buf, cp = nodes["attn_static"], nodes[c.copy]
    assert buf.target is torch.ops.aten.empty_strided.default
    assert cp.target is torch.ops.piecewise.capture_copy.default and cp.args == (nodes["attn"], buf)
    # The buffer is allocated by the captured piece before the attention, the copy runs in
    # the attention's eager piece, and the piece after it reads the buffer.
    split_gm, items = piecewise.split_graph(fixed, ["capturetest::attn"])
    by_name = {i.submod_name: i for i in items}
    kinds = [(i.is_splitting_graph, sorted(str(n.target) for n in i.graph.graph.nodes
                                          if n.op == "call_function")) for i in items]
    assert kinds[1][0] and kinds[1][1] == ["capturetest.attn.default",
                                           "piecewise.capture_copy.default"], kinds
    assert any(n.target is torch.ops.aten.empty_strided.default
               for n in by_name["submod_0"].graph.graph.nodes)


def test_multi_output_and_views_of_fresh_values():
    def shared(x, w, wo):
        a, b = ops.moe_shared(x, x @ w, "layers.0.mlp")
        return (a + b) @ wo

    def viewed(x, w, wo):
        r = ops.all_reduce(x @ w, "tp:0")
        v = r.view(4, 3, 16)[:, 1]
        return v @ wo

    fixed = _check_fix(tc._trace(shared, *tc._x()), ["capturetest::moe_shared"], tc._x())
    assert len(_copied(fixed)) == 2  # each fresh element
    # A view of the fresh value, made in the captured piece: the base is copied, the view
    # is then a view of the buffer.
    fixed = _check_fix(tc._trace(viewed, *tc._x()), ["capturetest::all_reduce"], tc._x())
    assert _copied(fixed) == ["all_reduce"]
    # Views made eagerly (the views are splitting ops too) and read by a later piece.
    gm = tc._trace(viewed, *tc._x())
    fixed = _check_fix(gm, ["capturetest::all_reduce", "aten::view", "aten::select"], tc._x())
    assert _copied(fixed) == ["all_reduce"]


@pytest.mark.parametrize("case", ["fresh", "multi-output", "input-copied-back"])
def test_python_and_cli_write_the_same_fix(case, piecewise_bin, tmp_path):
    """One writer of `fix`: the binding behind make_capture_safe returns the JSON
    `check-capture --fix --json` prints for the graph's code form (the check of the fixed
    graph and its `fix` member: copies, buffers, bytes), and make_capture_safe's CaptureCopy
    list is read from that member."""
    def fresh(x, w, wo):
        q, k, v = tc._qkv(x, w)
        return (ops.attn(q, k, v, "layers.0.attn") @ wo).relu()

    def multi_output(x, w, wo):
        a, b = ops.moe_shared(x, x @ w, "layers.0.mlp")
        return (a + b) @ wo

    def input_copied_back(x, w, wo):
        h = (x @ w)[:, :16]
        x.add_(1.0)
        h.add_(x)
        return (h @ wo).relu()

    fn, op, static = {"fresh": (fresh, "capturetest::attn", "all"),
                      "multi-output": (multi_output, "capturetest::moe_shared", "all"),
                      "input-copied-back": (input_copied_back, "aten::add_", "none")}[case]
    gm = tc._trace(fn, *tc._x())
    text = piecewise.fx.to_ir(gm).print()
    result = piecewise.fx._core.make_capture_safe(piecewise.fx.to_ir(gm).core,
                                                  splitting_ops=[op], static_inputs=static)
    assert result["ok"], result
    raw = json.loads(result["json"])
    (tmp_path / "g.py").write_text(text)
    schemas = [str(getattr(ops, op.split("::")[1]).default._schema)] \
        if op.startswith("capturetest") else []
    (tmp_path / "schemas.txt").write_text("".join(s + "\n" for s in schemas))
    cli = subprocess.run([str(piecewise_bin), "--schema-file", str(tmp_path / "schemas.txt"),
                          "check-capture", str(tmp_path / "g.py"), "--splitting-ops=" + op,
                          "--static-inputs=" + static, "--fix", "--json",
                          "-o", str(tmp_path / "fixed.py")], capture_output=True, text=True)
    assert cli.returncode == 0, cli.stderr
    assert tc._without_places(json.loads(cli.stdout)) == tc._without_places(raw)
    assert raw["clean"] and raw["fix"]["copies"], raw["fix"]
    fixed = piecewise.make_capture_safe(gm, splitting_ops=[op], static_inputs=static)
    assert [vars(c) for c in fixed.meta["piecewise_capture_copies"]] == raw["fix"]["copies"]
    assert fixed.meta["piecewise_capture_bytes_per_step"] == raw["fix"]["bytes_per_step"]


def test_mutated_non_static_input_is_copied_back():
    def f(x, w, wo):
        h = (x @ w)[:, :16]
        x.add_(1.0)  # a write to the input the caller sees
        h.add_(x)
        return (h @ wo).relu()

    gm = tc._trace(f, *tc._x())
    for breakable in (False, True):
        fixed = _check_fix(gm, ["aten::add_"], tc._x(), static="none", breakable=breakable)
        copies = {c.value: c for c in fixed.meta["piecewise_capture_copies"]}
        assert copies["x_1"].copy_back is not None, copies  # written: copied back
        assert copies["w_1"].copy_back is None


def test_symbolic_sizes_and_bytes_per_step():
    def f(x, w, wo):
        q, k, v = tc._qkv(x, w)
        return (ops.attn(q, k, v, "layers.0.attn") @ wo).relu()

    gm = make_fx_symbolic(f, *tc._x())
    fixed = _check_fix(gm, ["capturetest::attn"], tc._x())
    (c,) = fixed.meta["piecewise_capture_copies"]
    # f32[s0, 16]: 64 bytes a row, whatever the batch.
    sym = [n for n in gm.graph.nodes if n.op == "placeholder"][0].meta["val"].shape[0]
    assert c.bytes == f"64*{sym}", c
    # The buffer's value (made under the graph's fake mode) is the copied value's.
    nodes = {n.name: n for n in fixed.graph.nodes}
    buf, val = nodes[c.buffer].meta["val"], nodes[c.value].meta["val"]
    assert (buf.shape, buf.stride(), buf.dtype) == (val.shape, val.stride(), val.dtype)
    # Another batch size through the same fixed graph.
    x = torch.randn(7, 16)
    w, wo = tc._x()[1:]
    torch.testing.assert_close(fixed(x, w, wo), gm(x, w, wo))


def test_size_expressions_computed_before_the_op():
    # Fresh values whose sizes are expressions of the batch symbol: every other row
    # ((s0 + 1)//2), two copies (2*s0), all but the first (s0 - 1). Each buffer's sizes are
    # computed before the eager op with SymInt arithmetic; a wrong size would make the copy
    # (or the captured reader) fail, or compute something else, at another batch size.
    def f(x, w, wo):
        a = x[::2].clone()
        b = torch.cat([x, x]).clone()
        c = x[1:].clone()
        return (a @ w).sum(0) + (b @ w).sum(0) + (c @ w).sum(0)

    gm = make_fx_symbolic(f, *tc._x())
    fixed = _check_fix(gm, ["aten::clone"], tc._x())
    rows, cols = (str(d) for d in
                  [n for n in gm.graph.nodes if n.op == "placeholder"][0].meta["val"].shape)
    exprs = [c.bytes for c in fixed.meta["piecewise_capture_copies"]]
    assert any("//2" in e for e in exprs) and any("8*" in e for e in exprs), exprs
    targets = {str(n.target) for n in fixed.graph.nodes if n.op == "call_function"}
    assert {"<built-in function floordiv>", "<built-in function mul>"} <= targets, targets
    for batch in (3, 6, 11):
        # The byte counts, evaluated at this batch, are the values' (Python reads the
        # expressions as written: `4*((s0 + 1)//2)*s1`).
        values = [t.numel() * 4 for t in (torch.empty(batch, 16)[::2], torch.empty(2 * batch, 16),
                                          torch.empty(batch - 1, 16))]
        assert sorted(eval(e, {rows: batch, cols: 16}) for e in exprs) == sorted(values), exprs
        x = torch.randn(batch, 16)
        w, wo = tc._x()[1:]
        torch.testing.assert_close(fixed(x, w, wo), gm(x, w, wo))
        rep = _replay(fixed, ["aten::clone"], [x, w, wo])
        assert not rep.moved and _exact(gm, rep) is None


def make_fx_symbolic(fn, *inputs):
    from torch.fx.experimental.proxy_tensor import make_fx

    return make_fx(fn, tracing_mode="symbolic")(*[t.clone() for t in inputs])


def test_unfixable_is_a_located_error_and_leaves_nothing():
    def nonzero(x, w, wo):
        idx = torch.nonzero(x > 0)  # data-dependent size
        return idx.sum() + (x @ w).sum()

    got = {}

    def keep(gm, example_inputs):
        got["gm"] = gm
        return gm.forward

    torch._dynamo.reset()
    with torch._dynamo.config.patch(capture_dynamic_output_shape_ops=True):
        torch.compile(nonzero, backend=keep, fullgraph=True)(*tc._x())
    gm = got["gm"]
    before = gm.code
    with pytest.raises(piecewise.CaptureFixError) as e:
        _fixed(gm, [torch.nonzero])
    assert gm.code == before
    (error,) = e.value.errors
    assert "cannot copy 'idx'" in error and "data-dependent" in error, error
    assert "'u0' is known only once 'torch.nonzero' has run" in error, error


def test_uncapturable_ops_and_baked_scalars_are_refused():
    """What a copy cannot fix (docs/capture.md): an op a capture cannot contain inside a
    captured piece, and a scalar an eager op computes that a captured piece takes. Each is
    one error naming it; gm is unchanged. The same graph with the .item() eager has only the
    baked scalar left."""
    def f(x, w):
        h = x @ w
        s = h.sum().item()       # captured with the matmul: a host sync
        return ((h * s) @ w).sin_()

    x, w = torch.randn(4, 16), torch.randn(16, 16)
    gm = tc._symbolic(f, x, w)
    before = gm.code
    with pytest.raises(piecewise.CaptureFixError) as e:
        _fixed(gm, ["aten::sin_"])
    assert gm.code == before
    (error,) = e.value.errors
    assert "cannot capture" in error and "host" in error, error
    assert "a copy into a static buffer cannot fix this" in error, error
    with pytest.raises(piecewise.CaptureFixError) as e:
        _fixed(gm, ["aten::_local_scalar_dense"])
    assert gm.code == before
    (error,) = e.value.errors
    assert "takes the scalar" in error and "the capture freezes its value" in error, error
    assert "a copy into a static buffer cannot fix this" in error, error


def test_split_graph_and_backend_options():
    def f(x, w, wo):
        q, k, v = tc._qkv(x, w)
        return (ops.attn(q, k, v, "layers.0.attn") @ wo).relu()

    gm = tc._trace(f, *tc._x())
    before = gm.code
    split_gm, items = piecewise.split_graph(gm, ["capturetest::attn"], capture_safe=True)
    assert gm.code == before
    eager = [i for i in items if i.is_splitting_graph]
    assert any(n.target is torch.ops.piecewise.capture_copy.default
               for n in eager[0].graph.graph.nodes)
    torch.testing.assert_close(split_gm(*tc._x()), f(*tc._x()))
    captured = [i.submod_name for i in items if not i.is_splitting_graph]
    rep = capture_sim.replay(split_gm, captured, tc._x(), [True] * 3)
    assert not rep.moved and _exact(gm, rep) is None

    torch._dynamo.reset()
    be = piecewise.backend(splitting_ops=["capturetest::attn"], capture_safe=True,
                           check_capture="error")
    out = torch.compile(f, backend=be)(*tc._x())
    torch.testing.assert_close(out, f(*tc._x()))
    (split,) = be.split_modules
    assert any(n.target is torch.ops.piecewise.capture_copy.default
               for m in split.children() for n in m.graph.nodes)


def test_usage_errors():
    gm = tc._trace(lambda x, w, wo: x @ w, *tc._x())
    with pytest.raises(ValueError):
        piecewise.make_capture_safe(gm)
    with pytest.raises(ValueError):
        piecewise.make_capture_safe(gm, splitting_ops=[], break_ops=[])
    with pytest.raises(ValueError):
        piecewise.make_capture_safe(gm, splitting_ops=[], static_inputs="some")
    # Already safe: the same graph back (a new module), no copies.
    fixed = piecewise.make_capture_safe(gm, splitting_ops=["aten::mm"])
    assert fixed is not gm and _copied(fixed) == []


# --------------------------------------------------------------------------------------
# Random graphs

SEEDS = range(300)


@pytest.mark.parametrize("chunk", range(6))
def test_random_graphs_fixed_exactly(chunk):
    stats = {"unsafe": 0, "fixed": 0, "refused": 0, "copies": 0, "stale": 0}
    for seed in SEEDS[chunk::6]:
        prog, gm, chosen, static, breakable = tc._random_case(seed)
        if not chosen:
            continue
        inputs = getattr(gm, "diff_inputs", prog.inputs)
        report, _ = tc._static_verdict(gm, chosen, static, breakable)
        if report.clean:
            continue
        stats["unsafe"] += 1
        where = f"seed {seed}, ops {chosen}, static {static}, breakable {breakable}"
        try:
            fixed = _check_fix(gm, chosen, inputs, static, breakable, seed)
        except piecewise.CaptureFixError as e:
            # Only the documented refusals: a value that may share memory written later
            # (an op without a schema, or one that may return its input), or one whose
            # sizes an op changes in place.
            assert all("a copy would not see the write" in m
                       or "changes its sizes or strides in place" in m for m in e.errors), (where, e)
            stats["refused"] += 1
            continue
        except AssertionError as e:
            raise AssertionError(f"{where}: {e}\n{diffgen.describe(prog)}") from None
        stats["fixed"] += 1
        stats["copies"] += len(fixed.meta["piecewise_capture_copies"])
        # The unfixed plan replays stale values somewhere in the sample.
        rep = _replay(gm, chosen, inputs, static, breakable, seed)
        stats["stale"] += _exact(gm, rep, seed) is not None
    assert stats["fixed"] >= 10 and stats["stale"] >= 3, stats
    assert stats["refused"] <= stats["fixed"], stats


# --------------------------------------------------------------------------------------
# The CLI on the lit inputs (check-capture --fix -o, then the oracles in their own process)


def _lit_cases():
    cases = []
    for p in sorted((REPO_ROOT / "test" / "capture").glob("*.py")):
        text = p.read_text()
        if not text.startswith("class "):
            continue
        for line in text.splitlines():
            if "check-capture" in line and ("--splitting-ops=" in line or "--break-ops=" in line):
                cases.append((p, line))
    return cases


def test_cli_fix_on_every_unsafe_lit_case(piecewise_bin, tmp_path):
    import re

    schema = str(REPO_ROOT / "data" / "custom_schemas" / "vllm.txt")
    cases, seen = [], set()
    refused = []
    for path, line in _lit_cases():
        m = re.search(r"--(splitting|break)-ops=([\w:.,]+)", line)
        static = re.search(r"--static-inputs=(\w+)", line)
        mode, ops_ = m.group(1), m.group(2)
        static = static.group(1) if static else "all"
        use_schema = "--schema-file" in line
        key = (str(path), mode, ops_, static, use_schema)
        if key in seen:
            continue
        seen.add(key)
        base = [str(piecewise_bin)] + (["--schema-file", schema] if use_schema else [])
        args = ["check-capture", str(path), f"--{mode}-ops={ops_}", f"--static-inputs={static}"]
        check = subprocess.run(base + args, capture_output=True, text=True)
        if check.returncode != 1:
            continue  # safe already, or a usage error on purpose (usage.py)
        out = tmp_path / f"fixed_{len(seen)}.py"
        fix = subprocess.run(base + args + ["--fix", "-o", str(out)], capture_output=True,
                             text=True)
        if fix.returncode != 0:
            assert not out.exists(), "a refused fix wrote a file"
            assert "error:" in fix.stderr and "nothing written" in fix.stdout
            refused.append((path.name, ops_, fix.stderr))
            continue
        # The fixed file checks clean with the same ops, and splits.
        again = subprocess.run(base + ["check-capture", str(out), f"--{mode}-ops={ops_}",
                                       f"--static-inputs={static}"], capture_output=True,
                               text=True)
        assert again.returncode == 0, (path, again.stderr)
        cases.append({"file": str(path), "fixed": str(out), "ops": ops_.split(","),
                      "static": static, "breakable": mode == "break"})
    # Only the unknown-schema file without its schema is refused (no sizes in the way):
    # whatever is refused names the value and the reason.
    for name, ops_, err in refused:
        assert "cannot copy" in err or "cannot fix" in err, (name, ops_, err)
    assert len(cases) >= 8, (cases, refused)
    (tmp_path / "cases.json").write_text(json.dumps(cases))
    here = Path(__file__).parent
    proc = subprocess.run([sys.executable, str(here / "capture_files.py"), "--fix",
                           str(tmp_path / "cases.json"), str(piecewise_bin), schema],
                          capture_output=True, text=True, cwd=str(here), timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    results = json.loads(proc.stdout)
    for i, case in enumerate(cases):
        r = results[str(i)]
        assert "skip" not in r, (case, r)
        assert r["moved"] == [], (case, r)
        assert r["exact"] is None, (case, r)
        assert r["same"] is None, (case, r)
