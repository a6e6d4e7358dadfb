"""The Dynamo-level graphs in examples/dynamo/, checked against torch itself.

examples/dynamo/capture.py captured each file from model code with torch 2.13. Here each
model is captured again (same seed), and the program piecewise prints for the committed
file is executed on the very inputs Dynamo called the graph with: its outputs must equal
the live GraphModule's. Every file must also lint, print as a fixed point, and go through
opt, split, partition and codegen.
"""

import sys
from pathlib import Path

import pytest
import torch

from conftest import REPO_ROOT, piecewise_bin_path, run_piecewise

DYNAMO_DIR = REPO_ROOT / "examples" / "dynamo"
sys.path.insert(0, str(DYNAMO_DIR))

import capture  # noqa: E402  (the capture script: models, custom ops, opaque LayerName)
import fxload  # noqa: E402

CASES = capture.cases()


run = run_piecewise


@pytest.fixture(autouse=True)
def _needs_binary():
    if not piecewise_bin_path().exists():
        pytest.skip("piecewise is not built")


def _exec_printed(code: str):
    # The globals FX generated code has (torch, device, inf, nan).
    ns = {"torch": torch, "device": torch.device, "inf": float("inf"), "nan": float("nan"),
          "LayerName": capture.LayerName}
    # Annotations are documentation (a class annotation such as `__main___LayerName`
    # names no importable object): compile them lazily, as `from __future__ import
    # annotations` does.
    flags = __import__("__future__").annotations.compiler_flag
    exec(compile(code, "<piecewise print>", "exec", flags=flags), ns)
    # Nested classes (a nested compile region's graph) become submodules.
    return fxload._instantiate(ns["GraphModule"])


@pytest.mark.parametrize("name", sorted(CASES))
def test_printed_program_computes_what_dynamo_captured(name):
    how, make, dynamic = CASES[name]
    with torch.no_grad():
        model, args = make()
        gm, inputs = capture.capture(model, args, dynamic)
        expected = gm(*inputs)
        printed = run("print", DYNAMO_DIR / name).stdout
        got = _exec_printed(printed)(*inputs)
    assert len(got) == len(expected)
    for g, e in zip(got, expected):
        torch.testing.assert_close(g, e, rtol=0, atol=0)


@pytest.mark.parametrize("name", sorted(CASES))
def test_every_command_reads_it(name, tmp_path):
    path = DYNAMO_DIR / name
    run("lint", path)
    once = run("print", path).stdout
    (tmp_path / "once.py").write_text(once)
    assert run("print", tmp_path / "once.py").stdout == once
    graph_form = run("print", "--graph-form", path).stdout
    (tmp_path / "g.fx").write_text(graph_form)
    assert run("print", "--graph-form", tmp_path / "g.fx").stdout == graph_form
    run("opt", path, "--passes=split-coalescing,noop-elimination,dce,cse,decompose-size")
    run("split", path, "--splitting-ops=piecewise_demo::attention_by_name,aten::relu",
        "-o", tmp_path / "split.py")
    run("lint", tmp_path / "split.py")
    run("partition", path)
    run("codegen", path, "--cudagraph", "-o", tmp_path / "wrapper.py")


def test_subscript_assignment_is_a_write_that_dce_keeps(tmp_path):
    """Qwen3-MoE's `inv_perm[perm] = arange_1` writes inv_perm: dce must keep it."""
    path = DYNAMO_DIR / "qwen3_moe_dynamic.py"
    out = run("opt", path, "--passes=dce,cse").stdout
    assert "inv_perm[perm] = arange_1;  setitem = inv_perm" in out
    (tmp_path / "opt.py").write_text(out)
    with torch.no_grad():
        model, args = CASES["qwen3_moe_dynamic.py"][1]()
        gm, inputs = capture.capture(model, args, True)
        torch.testing.assert_close(_exec_printed(out)(*inputs)[0], gm(*inputs)[0])


def test_opaque_class_annotation_reads_back():
    text = (DYNAMO_DIR / "opaque_layer_name_dynamic.py").read_text()
    assert " : __main___LayerName" in text or ": capture_LayerName" in text or "LayerName)" in text
    printed = run("print", DYNAMO_DIR / "opaque_layer_name_dynamic.py").stdout
    assert "LayerName" in printed.splitlines()[1]


def test_augmented_assignment_writes_in_place(tmp_path):
    """`h += x;  h_1 = h` is an operator.iadd node that updates h: every pass keeps it,
    and the printed program updates the cache input exactly as the captured graph does."""
    path = DYNAMO_DIR / "augmented_assignment.py"
    out = run("opt", path, "--passes=split-coalescing,noop-elimination,dce,cse").stdout
    assert "getitem += getitem_1;  iadd_1: " in out
    assert "h_1 *= 0.5;  h_2: " in out
    graph_form = run("print", "--graph-form", path).stdout
    assert "call_function[target=operator.iadd](args = (%getitem, %getitem_1)" in graph_form
    assert "call_function[target=operator.imul](args = (%h_1, 0.5)" in graph_form
    with torch.no_grad():
        model, args = CASES["augmented_assignment.py"][1]()
        gm, inputs = capture.capture(model, args, False)
        ours = [t.clone() for t in inputs]
        expected = gm(*inputs)
        got = _exec_printed(out)(*ours)
    torch.testing.assert_close(got[0], expected[0], rtol=0, atol=0)
    # The cache (the last input) was written through a slice, in both programs.
    torch.testing.assert_close(ours[-1], inputs[-1], rtol=0, atol=0)
    assert not torch.equal(ours[-1], CASES["augmented_assignment.py"][1]()[1][1])
