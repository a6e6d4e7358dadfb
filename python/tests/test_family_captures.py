"""The committed Dynamo captures of examples/hf/ (T5, Whisper, BERT with every dropout rate
0.0; examples/hf/capture_families.py made them) through the CLI: ``piecewise split`` at stock
SDPA gives one splitting piece per attention call the capture script counted in eager mode,
its module reads back, and torch computes the same outputs with it as with the capture."""

import json
import re
from pathlib import Path

import pytest
import torch

import fxload
from conftest import run_piecewise

HF_DIR = Path(__file__).resolve().parents[2] / "examples" / "hf"
CAPTURES = sorted(HF_DIR.glob("*_dynamic.py"))
SDPA = "torch._C._nn.scaled_dot_product_attention"


def test_captures_are_there():
    assert {p.name for p in CAPTURES} >= {"t5_dynamic.py", "whisper_dynamic.py",
                                          "bert_dynamic.py"}


@pytest.mark.parametrize("path", CAPTURES, ids=[p.stem for p in CAPTURES])
def test_split_at_every_attention(path, tmp_path):
    calls = int(re.search(r"scaled_dot_product_attention calls: (\d+)",
                          path.read_text()).group(1))
    r = run_piecewise("split", str(path), f"--splitting-ops={SDPA}", "--json")
    report = json.loads(r.stdout)
    splitting = [p for p in report["items"] if p["is_splitting_graph"]]
    assert len(splitting) == calls, (len(splitting), calls)
    out = tmp_path / "split.py"
    run_piecewise("split", str(path), f"--splitting-ops={SDPA}", "-o", str(out))
    run_piecewise("lint", str(out))
    # The lifted floats (dropout rates, eps, scales: 0-d float64 inputs) at -0.0, a value a
    # dropout rate may take; the rest random.
    inputs = [torch.tensor(-0.0, dtype=torch.float64)
              if isinstance(v, torch.Tensor) and v.dim() == 0 and v.dtype == torch.float64
              else v for v in fxload.make_inputs(path, seed=3)]
    fxload.run_and_compare(path, out, inputs=inputs)
