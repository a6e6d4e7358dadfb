# Past 65,536 interned strings the code-form parser prefetches one statement ahead and
# reuses the prefetched hash of the next defined name and of the next `def` parameter;
# line ends come from the buffer's line index. A 2,000-layer graph (~70,000 nodes) with
# what stresses those paths: a `def forward(` over one line per parameter in shuffled
# order (inputs are then read out of order), Dynamo's `l_x_ = L_x_` renames each just
# before the input's first read, blank and comment-only lines, CRLF line ends and no
# line end after the last line. Python's ast is the oracle: what piecewise prints has
# the input's parameters and renames, and defines every node with the call Python reads
# in the input (the printer's `x = None` clean-ups aside).
# RUN: %piecewise gen --layers 2000 -o %t.gen.py
# RUN: %python %s %t.gen.py %t.in.py
# RUN: %piecewise print %t.in.py -o %t.out.py
# RUN: %python %s --compare %t.in.py %t.out.py | FileCheck %s
# CHECK: ok: {{[0-9]+}} nodes, {{[0-9]+}} inputs
# The last line's end without a line end after it (the line index has no next line):
# RUN: printf 'class GraphModule(torch.nn.Module):\r\n    def forward(self, x):\r\n        y = torch.ops.aten.neg.default(x)\r\n        return (y, x)' > %t.last.py
# RUN: %piecewise print %t.last.py | FileCheck %s --check-prefix=LAST
# LAST: return (y, x)
import random
import re
import sys


def mutate(src):
    lines = src.split("\n")
    di = next(i for i, l in enumerate(lines) if l.startswith("    def forward(self, "))
    params = re.findall(r'(\w+): ("[^"]*")', lines[di])
    names = {n for n, _ in params}
    rng = random.Random(8)
    rng.shuffle(params)
    out = lines[:di] + ["    def forward(", "        self,"]
    out += [f"        L_{n}_: {a}," for n, a in params] + ["    ):"]
    renamed = set()
    for k, line in enumerate(lines[di + 1:]):
        for word in re.findall(r"\b\w+\b", line.split('"')[0] + line.split("=", 1)[-1]):
            if word in names and word not in renamed:
                renamed.add(word)
                out.append(f"        l_{word}_ = L_{word}_")
        out.append(re.sub(r"\b\w+\b", lambda m: f"l_{m.group(0)}_" if m.group(0) in names else m.group(0), line))
        if k % 97 == 0:
            out += ["", "        # a comment-only line", "        "]
    return "\r\n".join(out).rstrip("\r\n")


def forward_parts(path):
    """(parameters, renames, statements) of the root forward: the statements are each
    node's line without the printer's `;  x = None` clean-up."""
    text = open(path, encoding="utf-8", newline="").read().replace("\r\n", "\n")
    end = text.index("):\n", text.index("    def forward(")) + 3
    header, body = text[:end], text[end:]
    params = re.findall(r'(L_\w+_): ("[^"]*")', header)
    renames, statements = set(), []
    for line in body.split("\n"):
        line = line.split(";  ")[0].rstrip()
        if not line.strip() or line.strip().startswith("#"):
            continue
        if re.fullmatch(r"        (l_\w+_) = (L_\w+_)", line):
            renames.add(line.strip())
        else:
            statements.append(line)
    return params, renames, statements


if sys.argv[1] == "--compare":
    a, b = forward_parts(sys.argv[2]), forward_parts(sys.argv[3])
    for what, x, y in zip(("parameters", "renames", "nodes"), a, b):
        if x != y:
            if isinstance(x, set):
                sys.exit(f"{what} differ: {sorted(x ^ y)[:3]}")
            k = next((k for k in range(min(len(x), len(y))) if x[k] != y[k]), min(len(x), len(y)))
            sys.exit(f"{what} differ at {k}: {x[k:k + 1]} / {y[k:k + 1]} ({len(x)} / {len(y)})")
    print(f"ok: {len(a[2])} nodes, {len(a[1])} inputs")
else:
    with open(sys.argv[2], "w", encoding="utf-8", newline="") as f:
        f.write(mutate(open(sys.argv[1], encoding="utf-8").read()))
