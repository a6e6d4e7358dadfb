#!/usr/bin/env python3
"""Splitting speed: `piecewise split` vs. torch.fx's split_module, same graph, same pieces.

The task both do: cut a Llama-style decoder graph at its attention ops, vLLM style (each
attention op in a piece of its own, getitems with their producers), and build the split
module.

- piecewise: `piecewise split FILE --splitting-ops=vllm.unified_attention_with_output -o
  OUT.py`, end to end: read + parse + verify the input, decompose-size, partition, flat
  boundary check, build the split module, verify it, print and write it. Wall time of the
  process, best of N.
- torch.fx: `torch.fx.passes.split_module.split_module(gm, None, lambda n: ids[n],
  keep_original_order=True)` on a GraphModule holding the same graph, with the piece ids
  vLLM's split_graph computes (``piecewise.vllm_reference.assign_ids``: its id walk and
  empty-only merge; precomputed, the walk is not timed). Only split_module is
  timed: loading the text into a GraphModule is not, which favours torch. Best of N.

The GraphModule is built node for node from the generated text (each statement becomes
one FX node with the same name, target, arguments and order), not with symbolic_trace,
which would fold allocations without tensor inputs into constants and change the graph.
Before timing, the script checks that the two sides cut the graph identically: the same
number of pieces, and per piece the same call targets in the same order.

split_module slows down superlinearly with the number of pieces (at 30000 layers it ran for
over 50 CPU minutes without finishing); --fx-timeout stops a run after that many seconds
(in a forked child) and reports the limit as a lower bound.

Inputs are `piecewise gen --layers L` (~35 nodes a layer). Prints a table; --markdown
prints it for docs/PERFORMANCE.md.
"""
import argparse
import ast
import json
import operator
import os
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "examples"))
sys.path.insert(0, os.path.join(ROOT, "python"))

ATTENTION = "vllm.unified_attention_with_output"


def timed_with_limit(fn, repeat, limit):
    """Best of `repeat` runs of fn, each in a forked child stopped after `limit` seconds.

    Returns (seconds, finished); when a run is stopped, (limit, False): a lower bound.
    The child shares the parent's memory copy-on-write, so the GraphModule is not rebuilt.
    """
    if not limit:
        return best(fn, repeat), True
    times = []
    for _ in range(repeat):
        r, w = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(r)
            t0 = time.perf_counter()
            fn()
            os.write(w, repr(time.perf_counter() - t0).encode())
            os._exit(0)
        os.close(w)
        deadline = time.monotonic() + limit
        while True:
            done, _ = os.waitpid(pid, os.WNOHANG)
            if done:
                break
            if time.monotonic() > deadline:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
                os.close(r)
                return float(limit), False
            time.sleep(0.05)
        data = os.read(r, 64)
        os.close(r)
        times.append(float(data.decode()))
    return min(times), True


def best(fn, repeat):
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)


# ------------------------------------------------------------------------------------------
# Text -> torch.fx.GraphModule, one node per statement
# ------------------------------------------------------------------------------------------


def build_graph_module(path):
    import torch
    import torch.fx as fx

    graph = fx.Graph()
    env = {}
    resolved = {}

    def dotted(node):
        parts = []
        while isinstance(node, ast.Attribute):
            parts.append(node.attr)
            node = node.value
        if isinstance(node, ast.Name):
            parts.append(node.id)
            return ".".join(reversed(parts))
        return None

    def resolve(name):
        obj = resolved.get(name)
        if obj is None:
            obj = torch
            for part in name.split(".")[1:]:
                obj = getattr(obj, part)
            resolved[name] = obj
        return obj

    def value(node):
        if isinstance(node, ast.Name):
            return env[node.id]
        if isinstance(node, ast.Constant):
            return node.value
        if isinstance(node, (ast.List, ast.Tuple)):
            items = [value(e) for e in node.elts]
            return items if isinstance(node, ast.List) else tuple(items)
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            return -value(node.operand)
        if isinstance(node, ast.Attribute):
            return resolve(dotted(node))
        if isinstance(node, ast.Call) and dotted(node.func) == "device":
            # The generated graph targets cuda:0; the benchmark never runs it.
            return torch.device("cpu")
        raise ValueError(f"unsupported expression: {ast.dump(node)}")

    with open(path) as f:
        for line in f:
            s = line.strip()
            if not s or s.startswith("#") or s.startswith("class "):
                continue
            if s.startswith("def forward("):
                fn = ast.parse(s + "\n    pass").body[0]
                for a in fn.args.args[1:]:
                    env[a.arg] = graph.placeholder(a.arg)
                continue
            stmt = ast.parse(s).body[0]
            if isinstance(stmt, ast.Return):
                graph.output(value(stmt.value))
                continue
            if isinstance(stmt, ast.AnnAssign):
                name, rhs = stmt.target.id, stmt.value
            else:
                name, rhs = stmt.targets[0].id, stmt.value
            if isinstance(rhs, ast.Subscript):
                n = graph.create_node("call_function", operator.getitem,
                                      (value(rhs.value), value(rhs.slice)), {}, name=name)
            else:
                target = resolve(dotted(rhs.func))
                args = tuple(value(a) for a in rhs.args)
                kwargs = {k.arg: value(k.value) for k in rhs.keywords}
                n = graph.create_node("call_function", target, args, kwargs, name=name)
            if n.name != name:
                raise ValueError(f"node {name} was renamed {n.name}")
            env[name] = n
    return fx.GraphModule(torch.nn.Module(), graph)


def target_name(node):
    import torch

    t = node.target
    if t is operator.getitem:
        return "operator.getitem"
    if isinstance(t, torch._ops.OpOverload):
        name = t._schema.name
        return f"{name}.{t._overloadname}"
    return str(t)


def check_same_pieces(gm, ids, report):
    pieces = {}
    for node in gm.graph.nodes:
        if node in ids:
            pieces.setdefault(ids[node], []).append(target_name(node))
    fx_items = [pieces[k] for k in sorted(pieces)]
    pw_items = [it["targets"] for it in report["items"]]
    if [it["graph_id"] for it in report["items"]] != sorted(pieces):
        raise SystemExit("piece ids differ between piecewise and the vLLM assignment")
    if fx_items != pw_items:
        raise SystemExit("piece contents differ between piecewise and the vLLM assignment")


# ------------------------------------------------------------------------------------------


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=os.environ.get("PIECEWISE_BIN", os.path.join(ROOT, "build", "piecewise")))
    ap.add_argument("--layers", default="1000,30000")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--fx-repeat", type=int, default=1,
                    help="runs of split_module per size (it takes minutes at 30000 layers)")
    ap.add_argument("--fx-timeout", type=float, default=0,
                    help="stop a split_module run after this many seconds and report the "
                         "limit as a lower bound (0: no limit)")
    ap.add_argument("--markdown", action="store_true")
    args = ap.parse_args()

    import torch  # noqa: F401  (imported before timing)
    from torch.fx.passes.split_module import split_module
    import demo_ops  # noqa: F401  registers vllm::unified_attention_with_output
    from piecewise.vllm_reference import assign_ids

    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for layers in [int(x) for x in args.layers.split(",")]:
            path = os.path.join(tmp, f"gen{layers}.py")
            out = os.path.join(tmp, f"split{layers}.py")
            subprocess.run([args.bin, "gen", "--layers", str(layers), "-o", path], check=True)
            split_cmd = [args.bin, "split", path, f"--splitting-ops={ATTENTION}"]
            report = json.loads(subprocess.run(split_cmd + ["--json"], check=True,
                                               capture_output=True, text=True).stdout)
            t_pw = best(lambda: subprocess.run(split_cmd + ["-o", out], check=True,
                                               stdout=subprocess.DEVNULL), args.repeat)

            t0 = time.perf_counter()
            gm = build_graph_module(path)
            t_load = time.perf_counter() - t0
            nodes = len(gm.graph.nodes)
            # vLLM's piece ids (its id walk and empty-only merge), from the one reference.
            ids, _ = assign_ids(gm, [ATTENTION.replace(".", "::", 1)])
            check_same_pieces(gm, ids, report)

            def fx_split():
                split_module(gm, None, lambda n: ids[n], keep_original_order=True)

            t_fx, finished = timed_with_limit(fx_split, args.fx_repeat, args.fx_timeout)
            rows.append((layers, nodes, report["num_items"], t_pw, t_fx, finished))
            fx_text = f"{t_fx:.3f} s" if finished else f"> {t_fx:.0f} s (stopped)"
            print(f"# {layers} layers: {nodes} nodes, {report['num_items']} pieces; "
                  f"piecewise {t_pw:.3f} s, split_module {fx_text} "
                  f"(GraphModule load, untimed: {t_load:.1f} s)", file=sys.stderr, flush=True)
            del gm, ids

    if args.markdown:
        print("| layers | nodes | pieces | piecewise split, end to end (s) | torch.fx split_module (s) | ratio |")
        print("|---|---|---|---|---|---|")
        for layers, nodes, items, t_pw, t_fx, done in rows:
            fx = f"{t_fx:.2f}" if done else f"> {t_fx:.0f} (stopped)"
            ratio = f"{t_fx / t_pw:.0f}x" if done else f"> {t_fx / t_pw:.0f}x"
            print(f"| {layers} | {nodes} | {items} | {t_pw:.3f} | {fx} | {ratio} |")
    else:
        print(f"{'layers':>7} {'nodes':>9} {'pieces':>7} {'piecewise (s)':>14} {'split_module (s)':>17} {'ratio':>8}")
        for layers, nodes, items, t_pw, t_fx, done in rows:
            fx = f"{t_fx:.2f}" if done else f">{t_fx:.0f}"
            ratio = f"{t_fx / t_pw:.0f}x" if done else f">{t_fx / t_pw:.0f}x"
            print(f"{layers:>7} {nodes:>9} {items:>7} {t_pw:>14.3f} {fx:>17} {ratio:>8}")


if __name__ == "__main__":
    main()
