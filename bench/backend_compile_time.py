#!/usr/bin/env python3
"""First-call compile time at depth: piecewise.backend(..., compile_with="inductor") against
torch.compile(backend="inductor"), with Dynamo's own trace time as the floor.

    PYTHONPATH=build/python:python python3 bench/backend_compile_time.py \
        [--layers 8,32,80] [--hidden 256] [--static] [--warm-layers 80] [--repeat 1]

The model is a Llama decoder built from ``transformers.LlamaConfig`` (random weights, nothing
downloaded; hidden 256, 8 heads, 4 KV heads, MLP 512, vocabulary 1024), stock SDPA
attention, ``torch.compile(..., dynamic=True)`` by default. Each measurement runs in a fresh
Python process with Inductor's caches off (``TORCHINDUCTOR_FORCE_DISABLE_CACHES=1``) and
times the first call (Dynamo + the backend + one run of 16 tokens); the output is checked
against eager. Per layer count, in this order, alternating:

- ``dynamo``: ``backend="eager"`` (Dynamo traces, the graph runs as is): the floor no
  backend can go under;
- ``piecewise``: splits at ``F.scaled_dot_product_attention`` and compiles each unique piece
  once; the child also reports the backend's own time (split, share keys, layout specs,
  everything but ``compile_fx``) and the compile time of the pieces;
- ``inductor``: plain ``torch.compile(backend="inductor")``.

``--warm-layers N``: at N layers, a warm start for both backends: one process with
Inductor's caches on (a fresh ``TORCHINDUCTOR_CACHE_DIR``) fills them, and a second process
is timed (what a restart of a server costs). Best of ``--repeat``. Prints a markdown table
and one JSON line per measurement (``--json``).
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = r"""
import json, os, sys, time
os.environ.setdefault("HF_HUB_OFFLINE", "1")
t_start = time.perf_counter()
import torch, torch.nn.functional as F
import transformers
layers, hidden, which, dynamic = {layers}, {hidden}, {which!r}, {dynamic}
cfg = transformers.LlamaConfig(vocab_size=1024, hidden_size=hidden, intermediate_size=2 * hidden,
                               num_hidden_layers=layers, num_attention_heads=8,
                               num_key_value_heads=4, max_position_embeddings=256)
cfg._attn_implementation = "sdpa"
torch.manual_seed(0)
model = transformers.LlamaForCausalLM(cfg).eval()
ids = torch.randint(0, 1024, (1, 16), generator=torch.Generator().manual_seed(1))
fn = lambda x: model(input_ids=x, use_cache=False).logits
info = {{}}
if which == "piecewise":
    import piecewise
    be = piecewise.backend(splitting_ops=[F.scaled_dot_product_attention],
                           compile_with="inductor", progress=None)
    inner = be.__call__
    spent = []
    def timed(gm, example_inputs):
        t0 = time.perf_counter()
        try:
            return inner(gm, example_inputs)
        finally:
            spent.append(time.perf_counter() - t0)
    backend = timed
elif which == "dynamo":
    backend = "eager"
else:
    backend = "inductor"
compiled = torch.compile(fn, backend=backend, dynamic=dynamic)
t0 = time.perf_counter()
with torch.no_grad():
    out = compiled(ids)
t = time.perf_counter() - t0
with torch.no_grad():
    err = (out - fn(ids)).abs().max().item()
if which == "piecewise":
    compile_s = sum(be.stats["compile_seconds"].values())
    info = {{"backend_s": sum(spent), "compile_s": compile_s,
             "own_s": sum(spent) - compile_s, "compilations": be.stats["compilations"],
             "graphs": be.stats["graphs"], "pieces": be.stats["pieces"]}}
print(json.dumps(dict(seconds=t, err=err, **info)))
"""


def measure(layers: int, hidden: int, which: str, dynamic: bool, cache_dir=None) -> dict:
    code = CHILD.format(layers=layers, hidden=hidden, which=which, dynamic=dynamic)
    env = dict(os.environ)
    if cache_dir is None:
        env["TORCHINDUCTOR_FORCE_DISABLE_CACHES"] = "1"
    else:
        env.pop("TORCHINDUCTOR_FORCE_DISABLE_CACHES", None)
        env["TORCHINDUCTOR_CACHE_DIR"] = cache_dir
    env["PYTHONPATH"] = os.pathsep.join(
        [str(ROOT / "build" / "python"), str(ROOT / "python"), env.get("PYTHONPATH", "")])
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    if r.returncode != 0:
        raise SystemExit(f"{which} {layers} layers failed:\n{r.stderr[-3000:]}")
    out = json.loads(r.stdout.strip().splitlines()[-1])
    out.update(layers=layers, which=which, warm=cache_dir is not None)
    if out["err"] > 1e-3:
        raise SystemExit(f"{which} {layers} layers: output differs from eager by {out['err']}")
    print(json.dumps(out), file=sys.stderr, flush=True)
    return out


def load() -> str:
    try:
        return " ".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:
        return "?"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--layers", default="8,32,80")
    ap.add_argument("--hidden", type=int, default=256)
    ap.add_argument("--static", action="store_true", help="torch.compile(dynamic=False)")
    ap.add_argument("--warm-layers", type=int, default=80,
                    help="layer count of the warm-start measurement (0: none)")
    ap.add_argument("--repeat", type=int, default=1)
    args = ap.parse_args()
    dynamic = not args.static
    best = lambda ms: min(ms, key=lambda r: r["seconds"])  # noqa: E731
    print(f"first-call compile time, {'dynamic' if dynamic else 'static'} shapes, hidden "
          f"{args.hidden}, Inductor caches off; load average at start: {load()}")
    print("| layers | Dynamo alone (s) | piecewise (s) | after Dynamo | backend's own (s) "
          "| compilations | inductor (s) | after Dynamo | ratio | ratio after Dynamo |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for layers in (int(x) for x in args.layers.split(",")):
        runs = {"dynamo": [], "piecewise": [], "inductor": []}
        for _ in range(args.repeat):
            for which in runs:
                runs[which].append(measure(layers, args.hidden, which, dynamic))
        d, p, i = (best(runs[w]) for w in runs)
        floor = d["seconds"]
        pa, ia = p["seconds"] - floor, i["seconds"] - floor
        print(f"| {layers} | {floor:.1f} | {p['seconds']:.1f} | {pa:.1f} | {p['own_s']:.2f} | "
              f"{p['compilations']} | {i['seconds']:.1f} | {ia:.1f} | "
              f"{i['seconds'] / p['seconds']:.2f}x | {ia / max(pa, 1e-9):.2f}x |", flush=True)
    if args.warm_layers:
        n = args.warm_layers
        print(f"\nwarm start at {n} layers (a second process, Inductor's caches on); "
              f"load average: {load()}")
        print("| backend | filling the caches (s) | warm start (s) |")
        print("|---|---:|---:|")
        for which in ("piecewise", "inductor"):
            with tempfile.TemporaryDirectory(prefix="pw-bench-cache-") as cache:
                cold = measure(n, args.hidden, which, dynamic, cache)
                warm = best([measure(n, args.hidden, which, dynamic, cache)
                              for _ in range(args.repeat)])
            print(f"| {which} | {cold['seconds']:.1f} | {warm['seconds']:.1f} |", flush=True)
    print(f"\nload average at the end: {load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
