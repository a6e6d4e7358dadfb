#!/usr/bin/env python3
"""Write the TORCH_TRACE and TORCH_LOGS logs in this folder with torch 2.13 (CPU).

    python3 examples/logs/capture_logs.py

A tiny decoder (examples/dynamo/capture.py's HF-style Llama, one layer) and a function
with a graph break are compiled with ``torch.compile(backend="inductor")`` twice: once
under ``TORCH_TRACE`` (the structured log tlparse reads: ``dynamo_output_graph``,
``aot_forward_graph``, ``inductor_post_grad_graph``, ``inductor_output_code`` payloads
keyed by compile id), once under
``TORCH_LOGS=graph_code,aot_graphs,post_grad_graphs,output_code`` (the prefixed stderr
log). Each run happens in a child process so that the logging settings are its own.
A third run compiles the same decoder on two ranks under ``torchrun --nproc_per_node=2
--tee 3`` with ``TORCH_LOGS=graph_code,aot_graphs`` (gloo, CPU): torchrun writes each line
with its local rank and torch with its rank (``[default1]:[rank1]:V1202 ...``), and the two
ranks' lines interleave.
Absolute paths and timestamps are left as torch wrote them, except that the repository
root and the temporary directory are replaced by short names.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO_ROOT = HERE.parent.parent

CHILD = r'''
import sys, torch
sys.path.insert(0, {dynamo_dir!r})
import capture

def with_break(x):
    y = torch.sin(x) * 2
    print("graph break")
    return torch.relu(y) + 1

torch.manual_seed(0)
model = capture.Decoder(1).eval()
ids = torch.randint(0, capture.VOCAB, (1, 8))
with torch.no_grad():
    torch.compile(model, backend="inductor", dynamic=True)(ids)
    torch.compile(with_break, backend="inductor")(torch.randn(4, 8))
'''

TORCHRUN_CHILD = r'''
import sys, torch, torch.distributed as dist
sys.path.insert(0, {dynamo_dir!r})
import capture

dist.init_process_group("gloo")
torch.manual_seed(0)
model = capture.Decoder(1).eval()
ids = torch.randint(0, capture.VOCAB, (1, 8))
with torch.no_grad():
    torch.compile(model, backend="aot_eager", dynamic=True)(ids)
dist.destroy_process_group()
'''


def run(env_extra, cwd):
    env = dict(os.environ, **env_extra)
    # No cache: a cache hit skips the post-grad graph log.
    env["TORCHINDUCTOR_FORCE_DISABLE_CACHES"] = "1"
    code = CHILD.format(dynamo_dir=str(REPO_ROOT / "examples" / "dynamo"))
    return subprocess.run([sys.executable, "-c", code], env=env, cwd=cwd, capture_output=True,
                          text=True, check=True)


def run_torchrun(cwd):
    script = Path(cwd) / "torchrun_child.py"
    script.write_text(TORCHRUN_CHILD.format(dynamo_dir=str(REPO_ROOT / "examples" / "dynamo")))
    env = dict(os.environ, TORCH_LOGS="graph_code,aot_graphs")
    cmd = [sys.executable, "-m", "torch.distributed.run", "--nproc_per_node=2", "--tee", "3",
           str(script)]
    return subprocess.run(cmd, env=env, cwd=cwd, capture_output=True, text=True, check=True)


def scrub(text, tmp):
    text = text.replace(str(REPO_ROOT) + "/", "")
    text = text.replace(tmp, "/tmp/capture")
    return text


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        trace_dir = Path(tmp) / "trace"
        run({"TORCH_TRACE": str(trace_dir)}, tmp)
        logs = sorted(trace_dir.glob("*.log"))
        assert logs, "TORCH_TRACE wrote no log"
        (HERE / "llama_trace.log").write_text(scrub(logs[0].read_text(), tmp))
        r = run({"TORCH_LOGS": "graph_code,aot_graphs,post_grad_graphs,output_code"}, tmp)
        (HERE / "llama_torch_logs.txt").write_text(scrub(r.stderr, tmp))
        r = run_torchrun(tmp)
        (HERE / "llama_torchrun_logs.txt").write_text(scrub(r.stderr, tmp))
    print("wrote examples/logs/llama_trace.log, llama_torch_logs.txt and llama_torchrun_logs.txt")
    return 0


if __name__ == "__main__":
    sys.exit(main())
