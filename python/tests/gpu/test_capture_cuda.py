"""The capture cases under real CUDA graph capture: check-capture's verdicts against a GPU.

The same files as test_capture.py's simulation (the bundled examples, the lit inputs of
test/capture/, the corpus graphs that run here), split as `piecewise split` splits them, with
each captured piece captured as a ``torch.cuda.CUDAGraph`` that keeps the tensors it was
captured with (a runtime that does not copy its inputs, as vLLM's piecewise CUDA graphs) and
replayed on the next step's values (capture_files.py, mode ``cuda``). For each file:

- every piece whose capture raised holds an op check-capture reports as uncapturable, and
  every piece with a certain uncapturable op raised (a host sync, a data-dependent size, a
  copy to the host: what the capture rejects);
- otherwise, a plan check-capture calls clean replays exactly what the graph computes
  eagerly (metadata-only reads included: test/capture/metadata-only.py), and a plan with a
  certain unstable read or baked scalar replays stale values.

Files with random ops (a replayed graph draws other numbers than an eager run) are compared
for the raises only.
"""

from __future__ import annotations

import pytest
import torch

# Every test here is skipped, with this reason (pytest -rs prints it), without a CUDA device.
pytestmark = pytest.mark.skipif(
    not torch.cuda.is_available(),
    reason="no CUDA device (torch.cuda.is_available() is False): the GPU check needs one")

import json
import subprocess
import sys
from pathlib import Path

import capture_files
from conftest import REPO_ROOT, shared_dir_path


def test_capture_cases_replayed_on_cuda(piecewise_bin, tmp_path):
    cases = capture_files.file_cases(REPO_ROOT, shared_dir_path())
    schema = str(REPO_ROOT / "data" / "custom_schemas" / "vllm.txt")
    (tmp_path / "cases.json").write_text(json.dumps(cases))
    here = Path(__file__).resolve().parent.parent
    proc = subprocess.run([sys.executable, str(here / "capture_files.py"), str(tmp_path / "cases.json"),
                           str(piecewise_bin), schema, "cuda"], capture_output=True, text=True,
                          cwd=str(here), timeout=900)
    assert proc.returncode == 0, proc.stderr[-3000:]
    results = json.loads(proc.stdout)
    summary = {"ran": 0, "raised": 0, "exact": 0, "stale": 0, "skipped": 0}
    for i, case in enumerate(cases):
        got = results[str(i)]
        if "skip" in got:
            summary["skipped"] += 1
            continue
        summary["ran"] += 1
        cli = subprocess.run([str(piecewise_bin), "--schema-file", schema, "check-capture",
                              case["file"], "--splitting-ops=" + ",".join(case["ops"]), "--json"],
                             capture_output=True, text=True)
        report = json.loads(cli.stdout)
        raised = set(got["raised"])
        found = {o["segment"] for o in report["uncapturable_ops"]}
        certain = {o["segment"] for o in report["uncapturable_ops"] if o["certain"]}
        assert raised <= found, (case, got["raised"], report["uncapturable_ops"])
        assert certain <= raised, (case, sorted(certain - raised))
        if raised:
            summary["raised"] += 1
            continue
        if "rand" in Path(case["file"]).read_text():
            continue
        unsafe = any(r["certain"] for r in report["unstable_reads"] + report["baked_scalars"])
        if report["clean"]:
            assert not got["stale"], (case, "a clean plan replayed stale values")
            summary["exact"] += 1
        elif unsafe:
            assert got["stale"], (case, "an unsafe plan replayed the right values")
            summary["stale"] += 1
    print("capture cases on", torch_device_name(), summary)
    assert summary["ran"] >= 15 and summary["raised"] and summary["exact"] and summary["stale"], summary


def torch_device_name() -> str:
    import torch

    return torch.cuda.get_device_name()
