#!/usr/bin/env python3
"""piecewise.split_graph vs the Python reference, on make_fx graphs of the tiny decoder.

    PYTHONPATH=build/python:python python3 bench/split_graph_vs_python.py [--layers 8,32,80]

For each layer count: make_fx (tracing_mode="fake") of examples/make_examples.py's TinyLlama
as fn(input_ids, *params), then, in one run, best of --repeat:
  - piecewise:  piecewise.split_graph(gm, ["vllm::unified_attention_with_output"]): everything
    included (fx -> IR conversion, decompose-size, partition, hashes, the returned split
    GraphModule and its submodules; GraphModules are made with torch's lazy recompilation);
  - reference:  vLLM's id assignment in Python + torch.fx.passes.split_module(gm, None,
    lambda n: ids[n], keep_original_order=True) (piecewise.split.reference_split).
Both must give the same pieces (node names per piece, checked). Prints a table with the ratio.
"""

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for p in (ROOT / "examples", ROOT / "python"):
    sys.path.insert(0, str(p))

import torch  # noqa: E402

import make_examples as mx  # noqa: E402
import piecewise  # noqa: E402

ATTN = "vllm::unified_attention_with_output"


def graph(layers):
    torch.manual_seed(0)
    model = mx.TinyLlama(layers).eval()
    args = mx.flat_inputs(model, mx.llama_example_input())
    return mx.capture_make_fx(mx.flat_fn(model), args, "fake")


def best(fn, repeat):
    times = []
    out = None
    for _ in range(repeat):
        t0 = time.perf_counter()
        out = fn()
        times.append(time.perf_counter() - t0)
    return min(times), out


def pieces_of_items(items):
    return [[n.name for n in it.graph.graph.nodes if n.op not in ("placeholder", "output")]
            for it in items]


def pieces_of_ids(ids):
    groups = {}
    for n, i in ids.items():
        groups.setdefault(i, []).append(n.name)
    return [groups[k] for k in sorted(groups)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--layers", default="8,32,80")
    ap.add_argument("--repeat", type=int, default=5)
    a = ap.parse_args()
    print(f"{'layers':>6} {'nodes':>6} {'pieces':>6} {'piecewise ms':>13} {'reference ms':>13} {'ratio':>6}")
    for layers in [int(x) for x in a.layers.split(",")]:
        gm = graph(layers)
        nodes = len(gm.graph.nodes)
        t_pw, (split_gm, items) = best(lambda: piecewise.split_graph(gm, [ATTN]), a.repeat)
        t_ref, (ref_gm, ids) = best(lambda: piecewise.split.reference_split(gm, [ATTN]), a.repeat)
        assert pieces_of_items(items) == pieces_of_ids(ids), "different pieces"
        print(f"{layers:>6} {nodes:>6} {len(items):>6} {t_pw * 1e3:>13.1f} {t_ref * 1e3:>13.1f} "
              f"{t_ref / t_pw:>5.1f}x")


if __name__ == "__main__":
    main()
