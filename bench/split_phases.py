#!/usr/bin/env python3
"""The fx -> IR and split phases of piecewise.split_graph, timed alone.

    PYTHONPATH=build/python:python python3 bench/split_phases.py [--layers 80] [--repeat 7]
        [--how dynamo|makefx] [--python-meta]

On a fresh copy of bench/capture_llama.py's graph each time, with the cyclic GC disabled
inside: ``fx.import_graph(lazy_meta=True)`` (fx.Nodes read in C++, the eager meta tuples),
``core.split`` (decompose-size, partition, the boundary values' meta, partition again) and,
after them, ``core.hashes`` (every other node's meta, then the structural hashes; not part
of split_graph). Prints the medians (and the minimum of import + split).

``--python-meta`` reads meta through the Python reference (``fx._node_meta`` as the
import_fx and fetch_meta callbacks) instead of ``_core.node_meta``, for an A/B.
"""

import argparse
import copy
import gc
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for p in (ROOT / "bench", ROOT / "python"):
    sys.path.insert(0, str(p))

import torch.fx as fx  # noqa: E402

import capture_llama as cl  # noqa: E402
from piecewise import _fast_paths as FP  # noqa: E402
from piecewise import fx as F  # noqa: E402
from piecewise.fx import op_pattern as _pattern  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--layers", type=int, default=80)
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--how", default="dynamo", choices=("dynamo", "makefx"))
    ap.add_argument("--python-meta", action="store_true")
    a = ap.parse_args()
    if a.python_meta:
        FP.apply({**FP.ON, "node_meta": False})
    gm, _ = (cl.dynamo if a.how == "dynamo" else cl.makefx)(a.layers)
    ops = cl.SPLITTING_OPS if a.how == "dynamo" else [o + ".default" for o in cl.SPLITTING_OPS]
    ops = [_pattern(o) for o in ops]
    imp, spl, tot, hsh = [], [], [], []
    for _ in range(a.repeat):
        g = fx.GraphModule(gm, copy.deepcopy(gm.graph))
        gc.collect()
        gc.disable()
        t0 = time.perf_counter()
        ir = F.import_graph(g.graph, g, lazy_meta=True)
        t1 = time.perf_counter()
        res = ir.core.split(ops, decompose_size=True, merge_empty=True, check_flat=True,
                            fetch_meta=ir.meta_source)
        t2 = time.perf_counter()
        ir.core.hashes(ir.meta_source)
        t3 = time.perf_counter()
        gc.enable()
        imp.append(t1 - t0)
        spl.append(t2 - t1)
        tot.append(t2 - t0)
        hsh.append(t3 - t2)
        del ir, res, g

    def ms(v):
        return statistics.median(v) * 1e3

    meta = "c++" if FP.ON["node_meta"] else "python"
    load = os.getloadavg()
    print(f"{a.how} {a.layers} layers, {len(gm.graph.nodes)} nodes, meta in {meta}, median of "
          f"{a.repeat}: import {ms(imp):.2f} ms, split {ms(spl):.2f} ms, import+split "
          f"{ms(tot):.2f} ms (min {min(tot) * 1e3:.2f}); hashes after {ms(hsh):.2f} ms; "
          f"load {load[0]:.2f}")


if __name__ == "__main__":
    main()
