"""Splits every graph in a directory at each torch op it calls, one op at a time.

    split_every_op.py PIECEWISE DIR [--schema-file FILE]

For each graph: `split` with no splitting ops must give one piece; then for
each distinct op target of the root graph (the targets of that one piece)
`split --splitting-ops=OP -o
OUT` must succeed, report at least one splitting piece, and OUT must lint
clean and print as itself (less the imports and `__init__` that make the file
runnable; see strip_runnable.py). Prints `ok: N graphs, M splits`.
"""
import json
import os
import subprocess
import sys
import tempfile

piecewise, directory = sys.argv[1], sys.argv[2]
strip = os.path.join(os.path.dirname(os.path.abspath(__file__)), "strip_runnable.py")
extra = sys.argv[3:]


def run(*args):
    r = subprocess.run([piecewise, *extra, *args], capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"piecewise {' '.join(args)}: exit {r.returncode}\n{r.stdout}{r.stderr}")
    return r.stdout


graphs = splits = 0
with tempfile.TemporaryDirectory() as tmp:
    out = os.path.join(tmp, "split.py")
    for name in sorted(os.listdir(directory)):
        path = os.path.join(directory, name)
        graphs += 1
        one = json.loads(run("split", path, "--json"))
        if one["num_items"] != 1:
            sys.exit(f"{name}: {one['num_items']} pieces without splitting ops")
        ops = sorted({t for t in one["items"][0]["targets"] if "::" in t})
        for op in ops:
            report = json.loads(run("split", path, f"--splitting-ops={op}", "--json"))
            if report["num_splitting"] < 1:
                sys.exit(f"{name}: splitting at {op} gave no splitting piece")
            run("split", path, f"--splitting-ops={op}", "-o", out)
            lint = run("lint", out)
            if lint:
                sys.exit(f"{name} split at {op}: lint printed\n{lint}")
            with open(out) as f:
                text = f.read()
            code = subprocess.run([sys.executable, strip], input=text, capture_output=True,
                                  text=True, check=True).stdout
            if run("print", out) != code:
                sys.exit(f"{name} split at {op}: print is not a fixed point")
            splits += 1
print(f"ok: {graphs} graphs, {splits} splits")
