#!/usr/bin/env python3
"""Parse speed: piecewise vs. the Python anchor, side by side in one run.

The task both do: take a code-form graph dump and produce a graph in memory that
can be inspected and transformed.

- piecewise: `piecewise stats FILE` (read + parse + verify + count), wall time of
  the process, best of N.
- CPython's own parser: `python3 -c "ast.parse(open(FILE).read())"`, the whole process,
  best of N, alternating with the piecewise runs (the ratio the parse-speed target is
  stated in: piecewise reads the text into a verified graph, ast only into a syntax tree).
- Python anchor: what a Python tool does with the same file: exec the dump into a
  GraphModule class, instantiate it and `torch.fx.symbolic_trace` it into a
  `torch.fx.GraphModule` (the only way torch offers to get an FX graph back from
  its printed form). Best of N, in-process.

Inputs are `piecewise gen --layers L` (a Llama-style decoder, ~35 nodes a layer).
Prints a table and, with --markdown, a table for docs/PERFORMANCE.md.
"""
import argparse
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "python", "tests"))
sys.path.insert(0, os.path.join(ROOT, "examples"))


def best(fn, repeat):
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=os.environ.get("PIECEWISE_BIN", os.path.join(ROOT, "build", "piecewise")))
    ap.add_argument("--layers", default="100,1000,30000")
    ap.add_argument("--python-max-layers", type=int, default=1000,
                    help="skip the Python anchor above this size (it takes minutes)")
    ap.add_argument("--ast-max-layers", type=int, default=1000,
                    help="skip ast.parse above this size")
    ap.add_argument("--no-anchor", action="store_true",
                    help="skip the exec+symbolic_trace anchor (minutes under load)")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--markdown", action="store_true")
    args = ap.parse_args()

    import torch  # noqa: F401  (imported before timing)
    import fxload
    import demo_ops  # noqa: F401  registers vllm::unified_attention_with_output

    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for layers in [int(x) for x in args.layers.split(",")]:
            path = os.path.join(tmp, f"gen{layers}.py")
            subprocess.run([args.bin, "gen", "--layers", str(layers), "-o", path], check=True)
            size = os.path.getsize(path)
            out = subprocess.run([args.bin, "stats", "--json", path], check=True,
                                 capture_output=True, text=True).stdout
            import json
            nodes = json.loads(out)["nodes"]
            pw_cmd = [args.bin, "stats", path]
            ast_cmd = [sys.executable, "-c",
                       "import ast, sys; ast.parse(open(sys.argv[1]).read())", path]
            t_pw, t_ast = [], []
            for _ in range(args.repeat):  # alternating, so both see the same load
                t_pw.append(best(lambda: subprocess.run(pw_cmd, check=True,
                                                        stdout=subprocess.DEVNULL), 1))
                if layers <= args.ast_max_layers:
                    t_ast.append(best(lambda: subprocess.run(ast_cmd, check=True), 1))
            t_pw = min(t_pw)
            t_ast = min(t_ast) if t_ast else None
            t_py = None
            if layers <= args.python_max_layers and not args.no_anchor:
                text = open(path).read()

                def anchor():
                    m = fxload.load(text, device_map={"cuda": "cpu"})
                    torch.fx.symbolic_trace(m)

                t_py = best(anchor, max(1, args.repeat - 1))
            rows.append((layers, nodes, size, t_pw, t_ast, t_py))

    print(f"load average {os.getloadavg()[0]:.1f} ({os.cpu_count()} cores)")
    hdr = ("| layers | nodes | MB | piecewise stats (s) | nodes/s | MB/s | ast.parse process (s) "
           "| ratio | Python exec+symbolic_trace (s) | ratio |")
    print(hdr)
    print("|---|---|---|---|---|---|---|---|---|---|")
    for layers, nodes, size, t_pw, t_ast, t_py in rows:
        ratio = f"{t_py / t_pw:.0f}x" if t_py else "n/a"
        py = f"{t_py:.3f}" if t_py else "not run"
        ast_ratio = f"**{t_ast / t_pw:.1f}x**" if t_ast else "n/a"
        ast_t = f"{t_ast:.3f}" if t_ast else "not run"
        print(f"| {layers} | {nodes:,} | {size / 1e6:.1f} | {t_pw:.3f} | {nodes / t_pw:,.0f} | "
              f"{size / 1e6 / t_pw:.0f} | {ast_t} | {ast_ratio} | {py} | {ratio} |")


if __name__ == "__main__":
    main()
