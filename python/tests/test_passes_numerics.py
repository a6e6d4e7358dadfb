"""`piecewise opt` keeps what a graph computes.

For every graph in the pass lit suites (test/passes/: each split-file part, and opt.py
itself), every bundled example, the synthetic decoder (`gen`, static and dynamic) and the
corpus graphs that torch can run here, the graph before and after the pipeline is run in torch
on the same random inputs (fxload: cuda mapped to cpu) and the outputs, and the inputs after
the call (in-place writes), are compared. The RNG is reseeded before each run, so graphs with
random ops compare too. Every pipeline runs with the verifier after each pass and with
--check-no-change (a pass reporting "no change" must print exactly what it read).

The corpus graphs (../shared/corpus/graphs) must also go through
split-coalescing,noop-elimination,dce,cse with verification on, runnable or not.
"""

import re
import subprocess
from pathlib import Path

import pytest
import torch

import fxload
from conftest import REPO_ROOT, example_paths

PASS_TESTS = REPO_ROOT / "test" / "passes"
FULL = "split-coalescing,noop-elimination,dce,cse,decompose-size"
CORPUS_PIPELINE = "split-coalescing,noop-elimination,dce,cse"
VLLM_SCHEMAS = REPO_ROOT / "data" / "custom_schemas" / "vllm.txt"


def lit_cases():
    """(id, graph text, pipeline) for each graph of test/passes, with the pipeline of its
    first `piecewise opt` RUN line."""
    cases = []
    for path in sorted(PASS_TESTS.glob("*.py")):
        text = path.read_text()
        runs = re.findall(r"^# RUN: %piecewise opt (\S+) --passes=(\S+)", text, re.M)
        pipelines = {}
        for target, passes in runs:
            pipelines.setdefault(target, passes)
        parts = re.split(r"^#--- (\S+)\n", text, flags=re.M)
        if len(parts) > 1:
            for name, body in zip(parts[1::2], parts[2::2]):
                cases.append((f"{path.stem}/{name}", body, pipelines[f"%t/{name}"]))
        else:
            cases.append((path.name, text, pipelines["%s"]))
    return cases


LIT_CASES = {case_id: (text, passes) for case_id, text, passes in lit_cases()}


def opt(piecewise_bin, src: Path, passes: str, out: Path, *extra) -> str:
    """Runs `piecewise opt` with the no-change check; returns its --stats output."""
    proc = subprocess.run(
        [str(piecewise_bin), *extra, "opt", str(src), f"--passes={passes}", "--check-no-change",
         "--stats", "-o", str(out)],
        capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    return proc.stderr


def why_not_runnable(text: str):
    """Why torch cannot run this dump here (ops, attributes, inputs), or None."""
    reason = fxload.not_runnable_reason(text)
    if reason is not None:
        return reason
    try:
        fxload.input_specs(text)
    except fxload.NotRunnable as e:
        return str(e)
    return None


def run_seeded(module, inputs):
    torch.manual_seed(1234)
    return fxload.run(module, inputs)


def compare(before, after, sym_values=None, rtol=1e-4, atol=1e-5):
    """Runs both programs on the same inputs, each with the same RNG state."""
    a = fxload.load(before)
    b = fxload.load(after)
    inputs = fxload.make_inputs(a, seed=0, sym_values=sym_values)
    out_a, after_a = run_seeded(a, inputs)
    out_b, after_b = run_seeded(b, inputs)
    fxload.assert_same(out_a, out_b, rtol, atol, "output")
    fxload.assert_same(after_a, after_b, rtol, atol, "input after the call")


def test_lit_cases_are_found():
    # One group per pass plus opt.py, and every part has a pipeline.
    stems = {case_id.split("/")[0] for case_id in LIT_CASES}
    assert {"split-coalescing", "noop-elimination", "dce", "cse", "decompose-size",
            "opt.py"} <= stems
    assert len(LIT_CASES) >= 50


@pytest.mark.parametrize("case_id", sorted(LIT_CASES))
def test_lit_case_runs_the_same(case_id, piecewise_bin, tmp_path):
    text, passes = LIT_CASES[case_id]
    src = tmp_path / "before.py"
    src.write_text(text)
    out = tmp_path / "after.py"
    opt(piecewise_bin, src, passes, out)
    reason = why_not_runnable(text)
    if reason is not None:
        pytest.skip(f"not runnable: {reason}")
    compare(src, out)


def test_lit_oracle_is_not_vacuous(piecewise_bin, tmp_path):
    # Enough cases run, and among them enough actually change the graph.
    runnable = changed = 0
    for case_id, (text, passes) in sorted(LIT_CASES.items()):
        if why_not_runnable(text) is not None:
            continue
        runnable += 1
        src = tmp_path / "in.py"
        src.write_text(text)
        stats = opt(piecewise_bin, src, passes, tmp_path / "out.py")
        changed += any(not line.endswith("no changes") for line in stats.splitlines())
    assert runnable >= 40
    assert changed >= 20


EXAMPLES = {p.name: p for p in example_paths()}


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_example_full_pipeline_runs_the_same(name, piecewise_bin, tmp_path):
    src = EXAMPLES[name]
    out = tmp_path / "after.py"
    opt(piecewise_bin, src, FULL, out, "--schema-file", str(VLLM_SCHEMAS))
    compare(src, out)


@pytest.mark.parametrize("dynamic", [False, True])
def test_gen_decoder_full_pipeline_runs_the_same(dynamic, piecewise_bin, tmp_path):
    src = tmp_path / "gen.py"
    cmd = [str(piecewise_bin), "gen", "--layers", "4", "-o", str(src)]
    subprocess.run(cmd + (["--dynamic"] if dynamic else []), check=True)
    out = tmp_path / "after.py"
    stats = opt(piecewise_bin, src, FULL, out)
    # q/k/v slices on the 2 even layers, gate/up slices on all 4: 6 partitions.
    assert "split-coalescing: 6 slice partitions canonicalized" in stats
    after = out.read_text()
    assert "aten.slice.Tensor" not in after
    assert after.count("split_with_sizes.default(") == 8
    # bf16: the same ops in the same order, so the results are bit-identical.
    compare(src, out, sym_values={"s0": 7}, rtol=0, atol=0)


def corpus_graphs():
    from conftest import shared_dir_path

    d = shared_dir_path() / "corpus" / "graphs"
    return sorted(d.glob("*")) if d.is_dir() else []


CORPUS = {p.name: p for p in corpus_graphs()}


@pytest.mark.skipif(not CORPUS, reason="shared corpus not found")
@pytest.mark.parametrize("schemas", [False, True], ids=["aten-only", "vllm-schemas"])
@pytest.mark.parametrize("name", sorted(CORPUS))
def test_corpus_graph_goes_through_the_pipeline(name, schemas, piecewise_bin, tmp_path):
    src = CORPUS[name]
    out = tmp_path / "after.py"
    extra = ["--schema-file", str(VLLM_SCHEMAS)] if schemas else []
    opt(piecewise_bin, src, CORPUS_PIPELINE, out, *extra)
    # The result is a valid graph again.
    lint = subprocess.run([str(piecewise_bin), *extra, "lint", str(out)],
                          capture_output=True, text=True)
    assert lint.returncode == 0, lint.stderr
    reason = why_not_runnable(src.read_text())
    if reason is not None:
        pytest.skip(f"not runnable here: {reason}")
    try:
        original = fxload.load(src)
        run_seeded(original, fxload.make_inputs(original, seed=0))
    except (RuntimeError, ValueError, TypeError, NotImplementedError, fxload.NotRunnable) as e:
        pytest.skip(f"the original does not run here: {e}")
    compare(src, out)
