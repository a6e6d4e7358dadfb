#!/usr/bin/env python3
"""piecewise.split_graph vs vLLM's split_graph algorithm, side by side in one run.

    PYTHONPATH=build/python:python python3 bench/split_graph_vs_python.py \
        [--layers 80,320] [--how dynamo,makefx] [--repeat 11] [--profile]

Inputs (bench/capture_llama.py): a Llama-style decoder with vLLM's op schemas, captured at
the Dynamo level (torch.compile with a recording backend, dynamic token count, parameters
lifted to inputs: what vLLM's backend splits) and with make_fx (fake tensors).

Timed, each on a fresh copy of the captured graph (both edit it), best of --repeat (11:
on a shared 2-core machine one call varies by +-10%, and best of 5 still moved the ratio
by +-8% from run to run; best of 11 holds it within ~3%), alternating the sides so that
machine load hits all alike:
  - piecewise: ``piecewise.split_graph(graph, ops)``, everything included (fx -> IR,
    decompose-size, partition, the GraphModules out and their meta); the structural
    hashes, which vLLM's contract lacks, are computed at the first ``item.hash``, not here;
  - vllm:      ``piecewise.vllm_reference.split_graph(graph, ops)``: vLLM's algorithm
    (``_decompose_size_nodes``, the id walk with getitem moves and consecutive ops, the
    empty-only merge, ``split_module(..., keep_original_order=True, tuple_return=True)``
    under ``_use_lazy_graph_module(True)``), re-implemented;
  - vllm-eager: the same with eager GraphModules (what an older reference measured);
  - simple:    the same id walk and size decomposition, split by torch's own
    ``split_module_simple`` (torch >= 2.13; lazy modules without ``nn.Module.__init__``), a
    faster splitter torch now offers vLLM-style callers (not what the vLLM code this project
    read calls; reported so that the comparison with the fastest Python splitter is in view).
Each time includes a generation-0 collection right after the call, so that a call that
pauses the cyclic GC is charged for the collection it defers.
Both must give the same items (ids, kinds, ops per piece): checked. The table has the ratio
vllm / piecewise; --profile adds a cProfile breakdown of one piecewise call.
"""

import argparse
import copy
import gc
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for p in (ROOT / "bench", ROOT / "python"):
    sys.path.insert(0, str(p))

import torch  # noqa: E402
import torch.fx as fx  # noqa: E402

import capture_llama as cl  # noqa: E402
import piecewise  # noqa: E402
from piecewise import vllm_reference as ref  # noqa: E402


def fresh(gm):
    return fx.GraphModule(gm, copy.deepcopy(gm.graph))


def summary(items):
    return [(it.graph_id, it.is_splitting_graph,
             [str(n.target) for n in it.graph.graph.nodes if n.op not in ("placeholder", "output")])
            for it in items]


def timed(fn, gm):
    g = fresh(gm)
    gc.collect()
    t0 = time.perf_counter()
    out = fn(g)
    # The collection of what the call left in the youngest generation is part of its cost
    # (a call that pauses the GC would otherwise hand it to the next allocation).
    gc.collect(0)
    return time.perf_counter() - t0, out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--layers", default="80,320")
    ap.add_argument("--how", default="dynamo,makefx")
    ap.add_argument("--repeat", type=int, default=11)
    ap.add_argument("--profile", action="store_true")
    a = ap.parse_args()
    load = os.getloadavg()
    print(f"torch {torch.__version__}; {os.cpu_count()} cpus; load average "
          f"{load[0]:.1f} {load[1]:.1f} {load[2]:.1f}")
    print(f"{'capture':>8} {'layers':>6} {'nodes':>6} {'items':>5} {'piecewise ms':>12} "
          f"{'vllm ms':>9} {'eager ms':>9} {'simple ms':>9} {'ratio':>6} {'ratio eager':>11} "
          f"{'ratio simple':>12}")
    for how in a.how.split(","):
        for layers in [int(x) for x in a.layers.split(",")]:
            gm, _ = (cl.dynamo if how == "dynamo" else cl.makefx)(layers)
            ops = cl.SPLITTING_OPS if how == "dynamo" else [o + ".default" for o in cl.SPLITTING_OPS]
            pw = lambda g: piecewise.split_graph(g, ops)  # noqa: E731
            vl = lambda g: ref.split_graph(g, ops)  # noqa: E731
            ve = lambda g: ref.split_graph(g, ops, lazy=False)  # noqa: E731
            vs = lambda g: ref.split_graph(g, ops, simple=True)  # noqa: E731
            runs = [("pw", pw), ("vl", vl), ("ve", ve)]
            if ref.split_module_simple is not None:
                runs.append(("vs", vs))
            best = {"pw": 1e9, "vl": 1e9, "ve": 1e9, "vs": float("nan")}
            outs = {}
            for r in range(a.repeat):
                for k, fn in runs:
                    if k == "ve" and r >= 2:  # slow; two runs are enough
                        continue
                    t, out = timed(fn, gm)
                    best[k] = t if best[k] != best[k] else min(best[k], t)
                    outs[k] = out
            assert summary(outs["pw"][1]) == summary(outs["vl"][1]), "different items"
            if "vs" in outs:
                assert summary(outs["vs"][1]) == summary(outs["vl"][1]), "different items (simple)"
            n = len(gm.graph.nodes)
            print(f"{how:>8} {layers:>6} {n:>6} {len(outs['pw'][1]):>5} {best['pw'] * 1e3:>12.1f} "
                  f"{best['vl'] * 1e3:>9.1f} {best['ve'] * 1e3:>9.1f} {best['vs'] * 1e3:>9.1f} "
                  f"{best['vl'] / best['pw']:>5.1f}x {best['ve'] / best['pw']:>10.1f}x "
                  f"{best['vs'] / best['pw']:>11.1f}x")
            if a.profile:
                import cProfile
                import pstats

                pr = cProfile.Profile()
                g = fresh(gm)
                pr.enable()
                piecewise.split_graph(g, ops)
                pr.disable()
                pstats.Stats(pr).sort_stats("cumtime").print_stats(15)
            del gm, outs
            gc.collect()
    load = os.getloadavg()
    print(f"load average after: {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}")


if __name__ == "__main__":
    main()
