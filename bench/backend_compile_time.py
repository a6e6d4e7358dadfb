#!/usr/bin/env python3
"""First-call compile time: piecewise.backend(..., compile_with="inductor") vs
torch.compile(backend="inductor"), on examples/make_examples.py's tiny decoder.

    PYTHONPATH=build/python:python python3 bench/backend_compile_time.py [--layers 4,16,48]
        [--dynamic] [--repeat 1]

For each layer count and each backend, a fresh Python process (so neither side profits from
the other's warm state) builds the seeded TinyLlama, compiles it with ``fullgraph=True`` and
times the first call (Dynamo tracing + the backend's compilation + one run) with Inductor's
caches disabled (TORCHINDUCTOR_FORCE_DISABLE_CACHES=1). piecewise splits at
``vllm::unified_attention_with_output`` and compiles each unique piece once (3 pieces
whatever the depth); plain Inductor compiles the whole graph. The outputs are compared with
eager. Prints a table with the ratio; best of --repeat.
"""

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = r"""
import json, sys, time
sys.path[:0] = [{examples!r}, {python!r}]
import torch
import demo_ops, make_examples as mx
layers, which, dynamic = {layers}, {which!r}, {dynamic}
model = mx.build_llama(layers, seed=0)
ids = mx.llama_example_input(16)
stats = None
if which == "piecewise":
    import piecewise
    be = piecewise.backend(splitting_ops=["vllm::unified_attention_with_output"],
                           compile_with="inductor")
    backend = be
else:
    backend = "inductor"
compiled = torch.compile(model, backend=backend, fullgraph=True, dynamic=dynamic)
t0 = time.perf_counter()
with torch.no_grad():
    out = compiled(ids)
t = time.perf_counter() - t0
with torch.no_grad():
    err = (out - model(ids)).abs().max().item()
if which == "piecewise":
    stats = be.stats
print(json.dumps({{"seconds": t, "err": err, "stats": stats}}))
"""


def measure(layers: int, which: str, dynamic: bool) -> dict:
    code = CHILD.format(examples=str(ROOT / "examples"), python=str(ROOT / "python"),
                        layers=layers, which=which, dynamic=dynamic)
    env = dict(os.environ, TORCHINDUCTOR_FORCE_DISABLE_CACHES="1")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    if r.returncode != 0:
        raise SystemExit(f"{which} {layers} layers failed:\n{r.stderr[-3000:]}")
    return json.loads(r.stdout.strip().splitlines()[-1])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--layers", default="4,16,48")
    ap.add_argument("--dynamic", action="store_true", help="torch.compile(dynamic=True)")
    ap.add_argument("--repeat", type=int, default=1)
    args = ap.parse_args()
    print(f"first-call compile time, {'dynamic' if args.dynamic else 'static'} shapes, "
          "Inductor caches off")
    print("| layers | piecewise.backend (s) | compilations | torch.compile inductor (s) | ratio |")
    print("|---|---|---|---|---|")
    for layers in (int(x) for x in args.layers.split(",")):
        pw = min((measure(layers, "piecewise", args.dynamic) for _ in range(args.repeat)),
                 key=lambda r: r["seconds"])
        ind = min((measure(layers, "inductor", args.dynamic) for _ in range(args.repeat)),
                  key=lambda r: r["seconds"])
        assert pw["err"] < 1e-3 and ind["err"] < 1e-3, (pw, ind)
        print(f"| {layers} | {pw['seconds']:.1f} | {pw['stats']['compilations']} | "
              f"{ind['seconds']:.1f} | {ind['seconds'] / pw['seconds']:.2f}x |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
