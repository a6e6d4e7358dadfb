# Whether a part of a dotted name is a Python keyword is first filtered by its first
# letter and length (built from piecewise's keyword list). Python's own keyword.kwlist
# is the oracle: every keyword as a part of a dotted target is the located error
# "'kw' is a Python keyword", and names that only look like one (soft keywords `match`,
# `case`, `type`, `_`; a keyword with a letter more, less or changed, or in other case)
# are read as names.
# RUN: %python %s %piecewise | FileCheck %s
# CHECK: ok: {{[0-9]+}} keywords rejected, {{[0-9]+}} look-alikes read
import keyword
import os
import subprocess
import sys
import tempfile

piecewise = sys.argv[1]
HEADER = "class GraphModule(torch.nn.Module):\n    def forward(self, x):\n"


def run(text, tmp):
    path = os.path.join(tmp, "in.py")
    with open(path, "w") as f:
        f.write(text)
    return path, subprocess.run([piecewise, "print", path], capture_output=True, text=True)


def lookalikes(kw):
    yield kw + "s"
    yield kw[:-1] if len(kw) > 1 else kw + kw
    yield kw.upper()
    yield kw.swapcase()
    yield chr((ord(kw[0]) - ord("a") + 1) % 26 + ord("a")) + kw[1:] if kw[0].islower() else kw.lower()
    yield kw[:-1] + ("z" if kw[-1] != "z" else "y")


rejected = 0
with tempfile.TemporaryDirectory() as tmp:
    for kw in keyword.kwlist:
        for head, tail in (("torch.ops.aten.", ".Tensor"), ("torch.ops.", ".add.Tensor"),
                           ("torch.ops.aten.add.", "")):
            target = head + kw + tail
            path, r = run(HEADER + f"        y = {target}(x)\n        return (y,)\n", tmp)
            col = 13 + len(head)
            want = f"{path}:3:{col}: error: '{kw}' is a Python keyword, not a name"
            if r.returncode != 1 or not r.stderr.startswith(want):
                sys.exit(f"{target}: expected {want!r}, got exit {r.returncode}\n{r.stderr}")
            rejected += 1
    names = sorted({n for kw in keyword.kwlist for n in lookalikes(kw)} | set(keyword.softkwlist))
    names = [n for n in names if n.isidentifier() and not keyword.iskeyword(n)]
    lines = [f"        y{i} = torch.ops.aten.{n}.{n}(x)\n" for i, n in enumerate(names)]
    path, r = run(HEADER + "".join(lines) + "        return (x,)\n", tmp)
    for i, n in enumerate(names):
        if f"y{i} = torch.ops.aten.{n}.{n}(x)" not in r.stdout:
            sys.exit(f"{n}: not read as a name (exit {r.returncode})\n{r.stderr}")
print(f"ok: {rejected} keywords rejected, {len(names)} look-alikes read")
