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

import capture_files
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


def assert_oracle(report_reads, report_uncapturable, report_baked, sim, where):
    """The oracle relations between the static findings (as (piece, name, certain) triples,
    and (piece, name, cause, certain) for the uncapturable ops) and a simulation (or its
    JSON form): every harmful move, raise and baked value of the simulation is found (no
    miss), and every certain finding shows in the simulation (no false alarm). A read whose
    address moved but whose data did not matter (the piece's outputs do not change with
    it: metadata only, dead code, an identity such as x ^ x) may be reported or not; that
    reads of metadata only are not is shown by test_metadata_only_read_is_no_finding."""
    moved = {tuple(x) for x in sim["moved"]}
    found = {(p, v) for p, v, _ in report_reads}
    assert moved <= found, f"unstable reads the check missed: {sorted(moved - found)}\n{where}"
    certain = {(p, v) for p, v, c in report_reads if c}
    any_move = moved | {tuple(x) for x in sim["metadata_only"]}
    assert certain <= any_move, \
        f"reads reported as certain that did not move: {sorted(certain - any_move)}\n{where}"
    # Uncapturable ops: each capture that raised has a finding at that op (or, when the
    # statement could not be told, in that piece); each certain finding's piece raised.
    by_piece = {}
    for p, name, cause, c in report_uncapturable:
        by_piece.setdefault(p, []).append((name, cause, c))
    for p, (cause, node) in sim["uncapturable"].items():
        hits = by_piece.get(p, [])
        assert any(node is None or name == node for name, _, _ in hits), \
            f"capture of {p} raised {cause} at {node}, not reported: {hits}\n{where}"
    raised = set(sim["uncapturable"])
    certain_pieces = {p for p, _, _, c in report_uncapturable if c}
    assert certain_pieces <= raised, \
        f"uncapturable ops reported as certain whose capture did not raise: " \
        f"{sorted(certain_pieces - raised)}\n{where}"
    baked = {tuple(x) for x in sim["baked"]}
    found_b = {(p, v) for p, v, _ in report_baked}
    assert baked <= found_b, f"baked scalars the check missed: {sorted(baked - found_b)}\n{where}"
    certain_b = {(p, v) for p, v, c in report_baked if c}
    assert certain_b <= baked, \
        f"baked scalars reported as certain whose value did not change: " \
        f"{sorted(certain_b - baked)}\n{where}"


def _sim_json(sim):
    return {"moved": sim.moved, "metadata_only": sim.metadata_only, "baked": sim.baked,
            "uncapturable": {p: (e.cause, e.node) for p, e in sim.uncapturable.items()}}


def _agree_sim(gm, ops_, inputs, static="all", breakable=False, seed=0):
    """Asserts the oracle relations; returns the static report and the simulation."""
    report, _ = _static_verdict(gm, ops_, static, breakable)
    sim = _simulated_verdict(gm, ops_, inputs, static, breakable, seed)
    assert_oracle([(r.piece, r.value, r.certain) for r in report.unstable_reads],
                  [(o.piece, o.name, o.cause, o.certain) for o in report.uncapturable_ops],
                  [(r.piece, r.value, r.certain) for r in report.baked_scalars],
                  _sim_json(sim), gm.code)
    return report, sim


def _agree(gm, ops_, inputs, static="all", breakable=False, seed=0):
    """Asserts the oracle relations; returns the static report and the moved reads."""
    report, sim = _agree_sim(gm, ops_, inputs, static, breakable, seed)
    return report, sim.moved


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
# Reads of metadata only: the piece after the attention uses its fresh output only for its
# sizes, strides, dtype or device. The simulation moves the output (a new tensor each step)
# and shows that the piece's outputs do not depend on the storage: not a finding.


def _meta_case(read, mode):
    def f(x, w, wo):
        q, k, v = _qkv(x, w)
        a = ops.attn.default(q, k, v, "layers.0.attn")
        return (read(a, x) + x) @ wo

    if mode == "fx":  # Dynamo-level spellings: methods, attributes, torch functions
        gm = torch.fx.symbolic_trace(f)
        torch.fx.passes.shape_prop.ShapeProp(gm).propagate(*_x())
        return gm
    return make_fx(f, tracing_mode=mode)(*_x())


def _sym_meta_case(op, extra, also_data):
    """sym_size / sym_stride / sym_numel / sym_storage_offset of the attention's output: a
    symbolic trace takes a size from an input with the same symbol instead, so the node is
    put in by hand: `x * 7` becomes `x * <op>(a, *extra)`."""

    def f(x, w, wo):
        q, k, v = _qkv(x, w)
        a = ops.attn.default(q, k, v, "layers.0.attn")
        return (x * 7 + x + (a if also_data else 0)) @ wo

    gm = make_fx(f, tracing_mode="real")(*_x())
    (a,) = [n for n in gm.graph.nodes if n.target is ops.attn.default]
    (mul,) = [n for n in gm.graph.nodes if n.target is torch.ops.aten.mul.Tensor and 7 in n.args]
    with gm.graph.inserting_before(mul):
        size = gm.graph.call_function(op, (a, *extra))
    mul.args = (mul.args[0], size)
    gm.recompile()
    return gm


def _sym_read(op, *extra):
    return ("sym", op, extra)


META_READS = {
    # aten level (make_fx)
    "empty_like": ("real", lambda a, x: torch.empty_like(a).fill_(1.0)),
    "zeros_like": ("real", lambda a, x: torch.zeros_like(a)),
    "ones_like": ("real", lambda a, x: torch.ones_like(a)),
    "full_like": ("real", lambda a, x: torch.full_like(a, 2.0)),
    "rand_like": ("real", lambda a, x: torch.rand_like(a)),
    "randn_like": ("real", lambda a, x: torch.randn_like(a)),
    "new_empty": ("real", lambda a, x: a.new_empty(a.shape).copy_(x)),
    "new_zeros": ("real", lambda a, x: a.new_zeros(a.shape)),
    "new_ones": ("real", lambda a, x: a.new_ones(a.shape)),
    "new_full": ("real", lambda a, x: a.new_full(a.shape, 3.0)),
    "new_empty_strided": ("real", lambda a, x: a.new_empty_strided(a.shape, a.stride()).fill_(4.0)),
    "sym_size": _sym_read(torch.ops.aten.sym_size.int, 0),
    "sym_stride": _sym_read(torch.ops.aten.sym_stride.int, 0),
    "sym_numel": _sym_read(torch.ops.aten.sym_numel.default),
    "sym_storage_offset": _sym_read(torch.ops.aten.sym_storage_offset.default),
    # Dynamo level (methods, attributes, torch functions: symbolic_trace records them)
    "a.size()": ("fx", lambda a, x: x.new_ones(a.size())),
    "a.shape": ("fx", lambda a, x: torch.zeros(a.shape)),
    "a.stride()": ("fx", lambda a, x: torch.empty_strided(x.shape, a.stride()).fill_(1.0)),
    "a.dim()": ("fx", lambda a, x: x * a.dim()),
    "a.numel()": ("fx", lambda a, x: x * a.numel()),
    "a.dtype": ("fx", lambda a, x: x.to(a.dtype) * 2),
    "a.device": ("fx", lambda a, x: torch.ones(4, 16, device=a.device)),
    "torch.empty_like(a)": ("fx", lambda a, x: torch.empty_like(a).fill_(1.0)),
}


@pytest.mark.parametrize("name", sorted(META_READS))
def test_metadata_only_read_is_no_finding(name):
    mode, *read = META_READS[name]

    def case(also_data):
        if mode == "sym":
            return _sym_meta_case(*read, also_data)
        return _meta_case(lambda a, x: read[0](a, x) + (a if also_data else 0), mode)

    gm = case(False)
    attn = [n.name for n in gm.graph.nodes if "capturetest.attn" in str(n.target)]
    assert len(attn) == 1, gm.code
    report, sim = _agree_sim(gm, ["capturetest::attn"], _x())
    assert report.clean, str(report)
    # The simulation saw the address move, and the piece's outputs not depend on it; unless
    # the split moved the read into the eager piece (a.size(): decompose-size puts the
    # sym_size after the producer, and only the SymInt crosses).
    split_gm, items = piecewise.split_graph(copy.deepcopy(gm), ["capturetest::attn"])
    takes = any(attn[0] in capture_sim.input_names_of(getattr(split_gm, i.submod_name))
                for i in items if not i.is_splitting_graph)
    assert takes or name == "a.size()", gm.code
    assert (attn[0] in {v for _, v in sim.metadata_only}) == takes, (sim.metadata_only, gm.code)
    assert not sim.moved
    # A data read of the same tensor next to it is reported (and moves).
    gm2 = case(True)
    report, sim = _agree_sim(gm2, ["capturetest::attn"], _x())
    assert [r.cause for r in report.unstable_reads] == ["fresh-return"] and sim.moved


# --------------------------------------------------------------------------------------
# What a capture cannot contain, and scalars it freezes (Dynamo graphs with
# capture_scalar_outputs and capture_dynamic_output_shape_ops, as vLLM compiles them, and
# symbolic make_fx graphs).


def _dynamo(fn, *inputs):
    got = {}

    def backend(gm, example_inputs):
        got["gm"] = gm
        return gm.forward

    torch._dynamo.reset()
    with torch._dynamo.config.patch(capture_scalar_outputs=True,
                                    capture_dynamic_output_shape_ops=True):
        torch.compile(fn, backend=backend, fullgraph=True, dynamic=False)(*inputs)
    return got["gm"]


UNCAPTURABLE = {
    "item": ("host-sync", lambda x, w: (x @ w) * (x @ w).sum().item()),
    "nonzero": ("data-dependent-shape", lambda x, w: (x @ w).gt(0).nonzero().sum() + x),
    "mask-index": ("data-dependent-shape", lambda x, w: (x @ w)[(x @ w) > 0].sum() + x),
    "masked_select": ("data-dependent-shape",
                      lambda x, w: torch.masked_select(x @ w, x > 0).sum() + x),
    "repeat_interleave": ("data-dependent-shape",
                          lambda x, w: torch.repeat_interleave((x > 0).sum(1)).sum() + x),
    "unique": ("data-dependent-shape",
               lambda x, w: torch.unique((x @ w * 2).round().int()).sum() + x),
}


@pytest.mark.parametrize("name", sorted(UNCAPTURABLE))
def test_uncapturable_op_raises_in_simulated_capture(name):
    cause, fn = UNCAPTURABLE[name]
    x, w = torch.randn(4, 16), torch.randn(16, 16)

    def f(x, w):
        return torch.relu(fn(x, w)) @ w

    gm = _dynamo(f, x, w)
    report, sim = _agree_sim(gm, [torch.relu], (x, w))
    assert [o.cause for o in report.uncapturable_ops] == [cause], str(report)
    (op,) = report.uncapturable_ops
    assert op.certain and op.node is not None and op.piece == "submod_0"
    assert sim.uncapturable["submod_0"].node == op.name
    assert "splitting op" in op.fix
    # Made a splitting op, it runs eagerly: nothing left to raise.
    eager = {n.target if n.op == "call_function" else None for n in gm.graph.nodes
             if n.name == op.name} - {None, operator.getitem}
    if eager:
        report, sim = _agree_sim(gm, [torch.relu, *eager], (x, w))
        assert not report.uncapturable_ops and not sim.uncapturable


def _without_places(obj):
    """The check's JSON without what only a text gives (line, col) or only the binding asks
    for (node_names)."""
    if isinstance(obj, dict):
        return {k: _without_places(v) for k, v in obj.items()
                if k not in ("line", "col", "node_names")}
    if isinstance(obj, list):
        return [_without_places(v) for v in obj]
    return obj


@pytest.mark.parametrize("case", ["fresh", "out-buffer", "item"])
def test_python_and_cli_render_the_same_check(case, piecewise_bin, tmp_path):
    """One driver: piecewise.check_capture on a GraphModule and `piecewise check-capture` on
    its code form read the same JSON and print the same summary line (the counts "in M of N
    captured piece(s)" included), made by one function from the graph each holds."""
    def fresh(x, w, wo):
        q, k, v = _qkv(x, w)
        return (ops.attn(q, k, v, "layers.0.attn") @ wo).relu()

    def out_buffer(x, w, wo):
        q, k, v = _qkv(x, w)
        out = torch.empty_like(q)
        ops.attn_out(q, k, v, out, "layers.0.attn")
        return (out @ wo).relu()

    if case == "item":
        x, w = torch.randn(4, 16), torch.randn(16, 16)
        gm, op, schemas = _dynamo(lambda x, w: torch.relu(UNCAPTURABLE["item"][1](x, w)) @ w,
                                  x, w), "torch.relu", []
    else:
        fn, op = (fresh, "capturetest::attn") if case == "fresh" else (out_buffer,
                                                                        "capturetest::attn_out")
        gm = _trace(fn, *_x())
        schemas = [str(getattr(ops, op.split("::")[1]).default._schema)]
    report = piecewise.check_capture(gm, splitting_ops=[op])
    raw, summary = piecewise.fx._core.check_capture(piecewise.fx.to_ir(gm).core,
                                                    splitting_ops=[op])
    (tmp_path / "g.py").write_text(piecewise.fx.to_ir(gm).print())
    (tmp_path / "schemas.txt").write_text("".join(s + "\n" for s in schemas))
    args = [str(piecewise_bin), "--schema-file", str(tmp_path / "schemas.txt"), "check-capture",
            str(tmp_path / "g.py"), "--splitting-ops=" + op]
    cli_json = subprocess.run([*args, "--json"], capture_output=True, text=True)
    cli_text = subprocess.run(args, capture_output=True, text=True)
    assert cli_json.returncode == cli_text.returncode == (0 if report.clean else 1), cli_text.stderr
    assert _without_places(json.loads(cli_json.stdout)) == _without_places(json.loads(raw))
    assert cli_text.stdout == summary == report.summary + "\n"
    assert str(report).endswith(report.summary)
    if not report.clean:  # M: the captured pieces with a finding; N: all captured pieces
        flagged = {r.piece for r in [*report.unstable_reads, *report.uncapturable_ops,
                                     *report.baked_scalars]}
        captured = [sg.name for sg in report.segments if sg.kind == "captured"]
        assert flagged <= set(captured)
        assert report.summary.endswith(f" in {len(flagged)} of {len(captured)} captured piece(s)")


def test_unmatched_or_unnamed_ops_are_never_silently_safe():
    """A splitting op that matches no node would leave its op inside a captured piece: the
    check warns (as split_graph does); an op object with no name FX could record (the
    decorator's object of @torch.library.custom_op) is refused, not spelled as its repr."""
    def f(x, w, wo):
        q, k, v = _qkv(x, w)
        return (ops.attn(q, k, v, "layers.0.attn") @ wo).relu()

    gm = _trace(f, *_x())
    with pytest.warns(UserWarning, match="splitting op 'nothere::op' matches no node"):
        piecewise.check_capture(gm, splitting_ops=["nothere::op"])
    with pytest.warns(UserWarning, match="break op 'nothere::op' matches no node"):
        piecewise.check_capture(gm, break_ops=["nothere::op"])

    class Unnamed:  # callable, no qualified name: FX would print its repr
        def __call__(self, x):
            return x

    with pytest.raises(TypeError, match="cannot name the op"):
        piecewise.check_capture(gm, splitting_ops=[Unnamed()])


@pytest.mark.parametrize("kind", ["splitting", "break"])
def test_python_and_cli_print_the_same_unmatched_note(kind, piecewise_bin, tmp_path):
    """One wording of the note for an op that matches no node: check_capture's warning is
    the CLI's note, word for word ("break op ..." under breakable capture), both made by
    the C++ function behind _core.unmatched_splitting_ops."""
    def f(x, w, wo):
        q, k, v = _qkv(x, w)
        return (ops.attn(q, k, v, "layers.0.attn") @ wo).relu()

    gm = _trace(f, *_x())
    patterns = ["capturetest::atn", "nothere::qqqqqqqq"]  # a typo of an op it has, and nothing
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        piecewise.check_capture(gm, **{f"{kind}_ops": patterns})
    py_notes = [str(w.message).removeprefix("piecewise: ") for w in caught
                if "matches no node" in str(w.message)]
    (tmp_path / "g.py").write_text(piecewise.fx.to_ir(gm).print())
    (tmp_path / "schemas.txt").write_text(str(ops.attn.default._schema) + "\n")
    cli = subprocess.run([str(piecewise_bin), "--schema-file", str(tmp_path / "schemas.txt"),
                          "check-capture", str(tmp_path / "g.py"),
                          f"--{kind}-ops=" + ",".join(patterns)], capture_output=True, text=True)
    cli_notes = [line.split(": note: ", 1)[1] for line in cli.stderr.splitlines()
                 if "matches no node" in line]
    assert py_notes == cli_notes and len(cli_notes) == 2, (py_notes, cli.stderr)
    assert cli_notes[0].startswith(f"{kind} op 'capturetest::atn' matches no node of the graph; "
                                   "similar ops it has: capturetest::attn.default"), cli_notes
    assert cli_notes[1] == (f"{kind} op 'nothere::qqqqqqqq' matches no node of the graph; "
                            "it has no similar op")
    with pytest.raises(ValueError, match="kind is 'splitting' or 'break'"):
        piecewise.fx._core.unmatched_splitting_ops(piecewise.fx.to_ir(gm).core, patterns, "cut")


def _symbolic(fn, *inputs):
    return make_fx(fn, tracing_mode="symbolic")(*inputs)


def test_baked_scalar_replays_a_stale_value():
    def f(x, w):
        h = x @ w
        s = h.sum().item()       # eager (a splitting op): what the host-sync fix gives
        return (h * s) @ w       # captured: takes s

    x, w = torch.randn(4, 16), torch.randn(16, 16)
    gm = _symbolic(f, x, w)
    report, sim = _agree_sim(gm, ["aten::_local_scalar_dense"], (x, w))
    (r,) = report.baked_scalars
    assert (r.cause, r.certain, r.origin_target) == \
        ("baked-scalar", True, "aten::_local_scalar_dense.default")
    assert not report.unstable_reads and not report.uncapturable_ops
    assert (r.piece, r.value) in sim.baked
    # The replayed step used the capture's value: its output is wrong.
    torch.manual_seed(0)
    want = gm(*sim.replay_inputs)
    assert not torch.allclose(sim.outputs[0], want[0] if isinstance(want, (tuple, list)) else want)
    # A scalar from the inputs' sizes is fine: the same graph without the .item().
    gm2 = _symbolic(lambda x, w: ((x @ w).sin_() * x.shape[0]) @ w, x, w)
    report, sim = _agree_sim(gm2, ["aten::sin_"], (x, w))
    assert report.clean and not sim.baked


def test_baked_sizes_of_an_eager_data_dependent_op():
    def f(x, w):
        nz = torch.nonzero((x @ w) > 0)      # eager: a splitting op
        return nz.float() * 2

    x, w = torch.randn(16, 16), torch.randn(16, 16)
    gm = _symbolic(f, x, w)
    report, sim = _agree_sim(gm, ["aten::nonzero"], (x, w))
    (read,) = report.unstable_reads
    (baked,) = report.baked_scalars
    assert read.sizes_data_dependent and read.cause == "fresh-return"
    assert "no buffer can be allocated" in read.fix
    assert baked.value == read.value and baked.sizes_data_dependent
    assert sim.moved and sim.baked


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


# Random graphs of capture hazards: fresh returns read for their data or their metadata
# only, host syncs, data-dependent sizes and run-time scalars, with random splitting ops
# (the custom attention, `_local_scalar_dense`, aten ops), traced with symbolic make_fx
# (item() gives an unbacked symbol, as Dynamo's capture_scalar_outputs does).


def _hazard_program(seed):
    rng = random.Random(seed)
    body, pool = [], ["x"]
    for k in range(rng.randint(4, 9)):
        a, b = rng.choice(pool[-3:]), rng.choice(pool)
        kind = rng.choice(["attn", "attn", "data", "meta", "meta", "item", "count", "nonzero",
                           "mask", "repeat"])
        t = f"t{k}"
        if kind == "attn":
            rhs = f"ops.attn.default({a}, {b}, {a}, 'layers.{k}.attn')"
        elif kind == "data":
            rhs = rng.choice([f"{a} @ wo", f"{a}.sin()", f"{a} + {b}", f"torch.relu({a})"])
        elif kind == "meta":
            rhs = rng.choice([f"torch.empty_like({a}).fill_(1.5) + {b}",
                              f"{a}.new_zeros({a}.shape) + {b}", f"torch.full_like({a}, 2.0) * {b}",
                              f"{b} * {a}.size(0)", f"torch.randn_like({a}) + {b}",
                              f"torch.zeros_like({a}) + {b}"])
        elif kind == "item":  # bounded values: no overflow hides a dependence
            body.append(f"s{k} = torch.tanh({a}).mean().item()")
            rhs = f"{b} * s{k}"
        elif kind == "count":
            body.append(f"n{k} = ({a} > {a}.mean()).sum().item()")
            rhs = f"{b} * n{k}"
        elif kind == "nonzero":  # a mask around the mean: its count changes with the data
            rhs = f"{b} + ({a} > {a}.mean()).nonzero().float().sum()"
        elif kind == "mask":
            rhs = f"{b} + {a}[{a} > {a}.mean()].sum()"
        else:
            rhs = f"{b} + torch.repeat_interleave(({a} > {a}.mean()).sum(1)).sum()"
        body.append(f"{t} = {rhs}")
        pool.append(t)
    src = "def f(x, w, wo):\n" + "".join(f"    {line}\n" for line in body) + \
        f"    return ({pool[-1]} @ wo, {rng.choice(pool[1:])})\n"
    ns = {"torch": torch, "ops": ops}
    exec(src, ns)
    return src, ns["f"]


@pytest.mark.parametrize("chunk", range(2))
def test_random_hazard_graphs_agree_with_the_simulation(chunk):
    stats = {"graphs": 0, "moved": 0, "metadata_only": 0, "raised": 0, "baked": 0}
    for seed in range(chunk, 60, 2):
        rng = random.Random(1000 + seed)
        src, f = _hazard_program(seed)
        inputs = (torch.randn(8, 16, generator=torch.Generator().manual_seed(seed)),
                  torch.randn(16, 16), torch.randn(16, 16))
        gm = make_fx(f, tracing_mode="symbolic")(*inputs)
        targets = sorted({piecewise.fx.op_name(n.target) for n in gm.graph.nodes
                          if n.op == "call_function" and hasattr(n.target, "_schema")})
        chosen = rng.sample(targets, min(len(targets), rng.randint(1, 3)))
        if "capturetest::attn.default" in targets and rng.random() < 0.7:
            chosen = sorted(set(chosen) | {"capturetest::attn.default"})
        breakable = rng.random() < 0.25
        try:
            report, sim = _agree_sim(gm, chosen, inputs, breakable=breakable, seed=seed)
        except AssertionError as e:
            raise AssertionError(f"seed {seed}, ops {chosen}, breakable {breakable}:\n{src}\n{e}") \
                from None
        stats["graphs"] += 1
        stats["moved"] += len(sim.moved)
        stats["metadata_only"] += len(sim.metadata_only)
        stats["raised"] += len(sim.uncapturable)
        stats["baked"] += len(sim.baked)
    # The sample exercises every relation.
    assert stats["graphs"] == 30 and all(stats.values()), stats


# Random Dynamo graphs of values computed from fresh attention outputs (analysis/Effects.h
# rule 8): values of new storage (clone, activations, arithmetic, softmax, cat, linear,
# zeros_like(o).copy_(o)) and values that are o or a view of it (transpose, float of a float,
# contiguous of a contiguous tensor, detach, expand, basic indexing), read by later captured
# pieces. Each "may alias" op here does alias on these inputs, so the check must report
# exactly the reads whose address moves: none missed, and none of a value of new storage
# (the inflated count a Tensor method or torch callable taken to alias all its inputs gave).

_DYNAMO_NEW = ["{a}.clone()", "torch.relu({a})", "{a} + 1", "{a} * {b}",
               "torch.zeros_like({a}).copy_({a})", "{a}.softmax(-1)", "torch.tanh({a})",
               "F.silu({a})", "{a}.sum(-1, keepdim=True) + {a}", "F.linear({a}, w)",
               "torch.cat([{a}, {b}], 1)[:, :2]", "{a}.max(-1)[0].unsqueeze(-1) * {a}",
               "{a}.sub({b}).abs()"]
_DYNAMO_ALIAS = ["{a}.transpose(1, 2).transpose(1, 2)", "{a}.float()", "{a}.contiguous()",
                 "{a}.detach()", "{a}.expand(1, 2, 4, 16)", "{a}[:, :]",
                 "torch.reshape({a}, (1, 2, 4, 16))", "{a}.unsqueeze(0).squeeze(0)",
                 "{a}.view(1, 2, 4, 16)"]


def _dynamo_values_program(seed):
    rng = random.Random(seed)
    body, pool = ["q = x @ w"], ["q"]
    for k in range(rng.randint(4, 8)):
        a, b = rng.choice(pool[-3:]), rng.choice(pool)
        kind = rng.choice(["attn", "attn", "new", "new", "alias"])
        if kind == "attn":
            rhs = f"F.scaled_dot_product_attention({a}, {b}, {a})"
        else:
            rhs = rng.choice(_DYNAMO_NEW if kind == "new" else _DYNAMO_ALIAS).format(a=a, b=b)
        body.append(f"t{k} = {rhs}")
        pool.append(f"t{k}")
    outs = sorted(set(rng.sample(pool[1:], min(3, len(pool) - 1))) | {pool[-1]})
    src = "def f(x, w):\n" + "".join(f"    {line}\n" for line in body) + \
        f"    return ({', '.join(outs)},)\n"
    ns = {"torch": torch, "F": F}
    exec(src, ns)
    return src, ns["f"]


def test_dynamo_values_of_new_storage_are_not_views():
    stats = {"graphs": 0, "moved": 0, "found": 0}
    for seed in range(40):
        src, f = _dynamo_values_program(seed)
        g = torch.Generator().manual_seed(seed)
        inputs = (torch.randn(1, 2, 4, 16, generator=g), torch.randn(16, 16, generator=g))
        gm = _dynamo(f, *inputs)
        if not any("scaled_dot_product" in str(n.target) for n in gm.graph.nodes):
            continue
        try:
            report, sim = _agree_sim(gm, [F.scaled_dot_product_attention], inputs, seed=seed)
            found = {(r.piece, r.value) for r in report.unstable_reads}
            harmless = {tuple(m) for m in sim.metadata_only}
            assert found <= set(map(tuple, sim.moved)) | harmless, \
                f"reads reported whose address does not move: " \
                f"{sorted(found - set(map(tuple, sim.moved)) - harmless)}"
        except AssertionError as e:
            raise AssertionError(f"seed {seed}:\n{src}\n{gm.code}\n{e}") from None
        stats["graphs"] += 1
        stats["moved"] += len(sim.moved)
        stats["found"] += len(found)
    assert stats["graphs"] >= 30 and stats["moved"] >= 20, stats


@pytest.mark.parametrize("form", ["relu", "silu", "normalize_out"])
def test_functional_writes_by_position_are_not_new_storage(form):
    """``F.relu(o, 1)`` (inplace given by position, as an int) returns ``o`` itself, and
    ``F.normalize(q, 2.0, -1, 1e-12, o)`` writes into ``o`` and returns it: Dynamo records the
    arguments as written, so rule 8's "new storage" must not hold for them (a hostile test
    found both called fresh: a later piece's read of the value was missed)."""
    sdpa = F.scaled_dot_product_attention

    def f(x, w):
        q = (x @ w).view(1, 1, 4, 8)
        o = sdpa(q, q, q)
        if form == "relu":
            h = F.relu(o, 1)
        elif form == "silu":
            h = F.silu(o, 1)
        else:
            h = F.normalize(q, 2.0, -1, 1e-12, o)
        o2 = sdpa(q, q, q)
        return o2 + h

    g = torch.Generator().manual_seed(0)
    inputs = (torch.randn(4, 8, generator=g), torch.randn(8, 8, generator=g))
    gm = _dynamo(f, *inputs)
    report, sim = _agree_sim(gm, [sdpa], inputs)
    moved = {tuple(m) for m in sim.moved}
    found = {(r.piece, r.value) for r in report.unstable_reads}
    assert any(v == "h" for _, v in moved), (moved, gm.code)  # the oracle moves h's read
    assert moved <= found


# --------------------------------------------------------------------------------------
# Files: examples, lit inputs, corpus (CLI check-capture vs the simulation, own process)


def test_files_agree_with_the_simulation(piecewise_bin, tmp_path):
    cases = capture_files.file_cases(REPO_ROOT, shared_dir_path())
    schema = str(REPO_ROOT / "data" / "custom_schemas" / "vllm.txt")
    (tmp_path / "cases.json").write_text(json.dumps(cases))
    here = Path(__file__).parent
    proc = subprocess.run([sys.executable, str(here / "capture_files.py"), str(tmp_path / "cases.json"),
                           str(piecewise_bin), schema], capture_output=True, text=True,
                          cwd=str(here), timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    results = json.loads(proc.stdout)
    ran = 0
    seen = {"moved": 0, "metadata_only": 0, "baked": 0, "uncapturable": 0}
    for i, case in enumerate(cases):
        sim = results[str(i)]
        if "skip" in sim:
            continue
        ran += 1
        for k in seen:
            seen[k] += len(sim[k])
        cli = subprocess.run([str(piecewise_bin), "--schema-file", schema, "check-capture",
                              case["file"], "--splitting-ops=" + ",".join(case["ops"]), "--json"],
                             capture_output=True, text=True)
        assert cli.returncode in (0, 1), cli.stderr
        report = json.loads(cli.stdout)
        assert (cli.returncode == 0) == report["clean"]
        assert_oracle([(r["segment"], r["value"], r["certain"]) for r in report["unstable_reads"]],
                      [(o["segment"], o["node"]["name"], o["cause"], o["certain"])
                       for o in report["uncapturable_ops"]],
                      [(r["segment"], r["value"], r["certain"]) for r in report["baked_scalars"]],
                      sim, case)
    # The lit inputs exercise every kind of finding the simulation can show.
    assert all(seen.values()), seen
    # The examples and the lit inputs all run here (the corpus ones only where torch can).
    skipped = {cases[int(i)]["file"]: r["skip"] for i, r in results.items() if "skip" in r}
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
