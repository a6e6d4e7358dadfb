"""`piecewise split -o` writes a module that computes what the original graph computes.

For each lit case of test/split/, each bundled example (split at the attention op, and at
every op of its root graph one at a time) and the synthetic decoder (`gen --layers 8
--dynamic`), the original dump and the split module are run in torch on the same random
inputs (fxload: cuda mapped to cpu) and their outputs, and the inputs after the call (in-place
writes), are compared. The split module is also checked for its shape: one nested class per
piece, flat piece signatures only (no tuple or Size argument reaches a piece).
"""

import json
import re
import subprocess
from pathlib import Path

import pytest
import torch

import fxload
from conftest import EXAMPLES_DIR, REPO_ROOT, example_paths

SPLIT_TESTS = REPO_ROOT / "test" / "split"
ATTENTION = "vllm.unified_attention_with_output"

# lit case -> splitting ops (the ones its RUN lines use).
LIT_CASES = {
    "no-split.py": "",
    "middle.py": "aten::mm",
    "first-last.py": "aten::mm",
    "repeated.py": "aten::sin",
    "consecutive.py": "aten::sqrt,aten::sin,aten::cos",
    "getitem-multi-output.py": "aten::var_mean",
    "chunks.py": "aten::sin",
    "getitem-placeholder.py": "aten::sin",
    "empty-merge.py": ATTENTION,
    "empty-refused-late-input.py": "aten::sin," + ATTENTION,
    "empty-refused-no-compiled.py": ATTENTION,
    "shape-reuse.py": "aten::sin",
    "symint-later.py": "aten::sin",
    "matching.py": "aten::add",
    "functionalized.py": ATTENTION,
    "usage.py": "aten::sin",
    "python-callable.py": "torch._C._nn.scaled_dot_product_attention",
}


def split(piecewise_bin, src: Path, ops: str, out: Path, *extra) -> dict:
    """Runs `piecewise split` (writing the module to `out`) and returns its --json report."""
    args = [str(piecewise_bin), *extra, "split", str(src), f"--splitting-ops={ops}"]
    subprocess.run([*args, "-o", str(out)], check=True, capture_output=True, text=True)
    report = subprocess.run([*args, "--json"], check=True, capture_output=True, text=True)
    return json.loads(report.stdout)


def check_shape(report: dict, split_module: torch.nn.Module) -> None:
    """One submodule per item; every piece argument and result is flat."""
    names = [name for name, _ in split_module.named_children()]
    assert names == [it["submod_name"] for it in report["items"]]
    for it in report["items"]:
        for v in it["inputs"] + it["outputs"]:
            assert v["kind"] not in ("tuple", "size"), (it["submod_name"], v)


def compare(original: Path, split_path: Path, report: dict, **kw) -> None:
    a = fxload.load(original)
    b = fxload.load(split_path)
    check_shape(report, b)
    fxload.run_and_compare(a, b, **kw)


def test_every_lit_case_is_listed():
    graphs = {p.name for p in SPLIT_TESTS.glob("*.py")}
    # errors.py is rejected by design (a tuple would cross a boundary).
    assert graphs - {"errors.py", "gen-layers.py", "corpus.py"} == set(LIT_CASES)


@pytest.mark.parametrize("name", sorted(LIT_CASES))
def test_lit_case_split_runs_the_same(name, piecewise_bin, tmp_path):
    src = SPLIT_TESTS / name
    out = tmp_path / "split.py"
    report = split(piecewise_bin, src, LIT_CASES[name], out)
    kw = {}
    if name == "getitem-placeholder.py":
        # `xs` is a list: no annotation to make it from.
        kw["inputs"] = [[torch.randn(4), torch.randn(4)], torch.randn(4)]
    if name == "symint-later.py":
        kw["sym_values"] = {"s1": 5}
    compare(src, out, report, **kw)


def test_splitting_pieces_really_split(piecewise_bin, tmp_path):
    # Guard against a vacuous oracle: the cases do produce several pieces.
    report = split(piecewise_bin, SPLIT_TESTS / "empty-merge.py", ATTENTION, tmp_path / "s.py")
    assert [it["submod_name"] for it in report["items"]] == [
        "submod_0", "submod_1", "submod_3", "submod_4"]
    assert [it["is_splitting_graph"] for it in report["items"]] == [False, True, True, False]


EXAMPLES = {p.name: p for p in example_paths()}


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_example_split_at_attention_runs_the_same(name, piecewise_bin, tmp_path):
    src = EXAMPLES[name]
    out = tmp_path / "split.py"
    report = split(piecewise_bin, src, ATTENTION, out)
    if "llama2" in name:
        assert report["num_splitting"] == 2, report
        assert report["num_items"] == 5, report
    compare(src, out, report)


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_example_split_at_each_op_runs_the_same(name, piecewise_bin, tmp_path):
    src = EXAMPLES[name]
    one = split(piecewise_bin, src, "", tmp_path / "one.py")
    ops = sorted({t for t in one["items"][0]["targets"] if "::" in t})
    assert ops
    original = fxload.load(src)
    inputs = fxload.make_inputs(original, seed=1)
    for i, op in enumerate(ops):
        out = tmp_path / f"split_{i}.py"
        report = split(piecewise_bin, src, op, out)
        assert report["num_splitting"] >= 1, op
        split_module = fxload.load(out)
        check_shape(report, split_module)
        fxload.run_and_compare(original, split_module, inputs=inputs)


@pytest.mark.parametrize("dynamic", [False, True])
def test_gen_decoder_split_runs_the_same(dynamic, piecewise_bin, tmp_path):
    src = tmp_path / "gen.py"
    cmd = [str(piecewise_bin), "gen", "--layers", "8", "-o", str(src)]
    subprocess.run(cmd + (["--dynamic"] if dynamic else []), check=True)
    out = tmp_path / "split.py"
    report = split(piecewise_bin, src, ATTENTION, out)
    assert report["num_items"] == 17 and report["num_splitting"] == 8
    assert report["num_unique"] <= 4
    kinds = {v["kind"] for it in report["items"] for v in it["inputs"]}
    assert kinds == ({"tensor", "symint"} if dynamic else {"tensor"})
    # bf16 graph: the two programs run the same ops in the same order.
    compare(src, out, report, sym_values={"s0": 7}, rtol=0, atol=0)


def test_corpus_attention_graph_splits(piecewise_bin, shared_dir, tmp_path):
    src = shared_dir / "corpus" / "graphs" / "entangle_vllm_qwen2_tp1_aot.py.txt"
    out = tmp_path / "split.py"
    schemas = REPO_ROOT / "data" / "custom_schemas" / "vllm.txt"
    report = split(piecewise_bin, src, ATTENTION, out, "--schema-file", str(schemas))
    assert report["num_items"] == 3 and report["num_splitting"] == 1
    reason = fxload.not_runnable_reason(src.read_text())
    if reason is not None:
        pytest.skip(f"not runnable here: {reason}")
    compare(src, out, report)
