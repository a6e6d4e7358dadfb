# Strings are scanned 16 bytes at a time (SSE2) for the closing quote, a backslash or a
# line end, then byte by byte from the block that holds the first backslash or line end.
# With a quote, backslash, escape, line end or non-ASCII character at every position
# around the block boundaries (string offsets 0-49), with every prefix, in the middle of
# the input and at its very end, Python is the oracle:
# - a string Python reads is read as Python's value: ast.literal_eval of what piecewise
#   prints equals ast.literal_eval of the input spelling;
# - a string Python rejects (a raw line end, also in a statement over several lines; no
#   closing quote; a backslash at the end of the input) is an error at the line:col of
#   Python's SyntaxError.
# RUN: %python %s %piecewise | FileCheck %s
# CHECK: ok: {{[0-9]+}} strings read as Python reads them, {{[0-9]+}} rejected where Python rejects them
import ast
import os
import subprocess
import sys
import tempfile

piecewise = sys.argv[1]
HEADER = "class GraphModule(torch.nn.Module):\n    def forward(self, x):\n"
LENGTHS = [0, 1, 2, 14, 15, 16, 17, 18, 30, 31, 32, 33, 34, 47, 48, 49]
# A piece of a string's spelling, for a string quoted with '.
SPECIALS = ["\\'", '\\"', "\\\\", "\\n", '"', "\u00e9", "\\x41", "\\t", "\t"]
PREFIXES = ["", "r", "b", "rb", "Br", "u", "R"]


def spellings():
    for n in LENGTHS:
        for prefix in PREFIXES:
            yield prefix + "'" + "a" * n + "'"
        for pos in range(n + 1):
            for special in SPECIALS:
                body = "a" * pos + special + "a" * max(0, n - pos - 1)
                for prefix in PREFIXES:
                    if "b" in prefix.lower() and not body.isascii():
                        continue
                    # r'...\'' is valid Python; r'...\' before the quote is not.
                    yield prefix + "'" + body + "'"
                    yield prefix + '"' + body.replace('"', "'") + '"'


def run(text, tmp, name):
    path = os.path.join(tmp, name)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return path, subprocess.run([piecewise, "print", path], capture_output=True, text=True)


def printed_values(code):
    """The value of the second argument of each `vN = ...(x, value)` and the returned
    tuple's items after the first."""
    values = {}
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
            values[node.targets[0].id] = ast.literal_eval(node.value.args[1])
        if isinstance(node, ast.Return):
            values["return"] = [ast.literal_eval(e) for e in node.value.elts[1:]]
    return values


good = sorted(set(spellings()))
rejected = 0
with tempfile.TemporaryDirectory() as tmp:
    # Every valid spelling in one graph (strings in the middle of the input).
    lines = [f"        v{i} = torch.ops.pw_test.lit.default(x, {s})\n" for i, s in enumerate(good)]
    text = HEADER + "".join(lines) + "        return (v0,)\n"
    ast.parse(text)  # every spelling is valid Python
    path, r = run(text, tmp, "all.py")
    if r.returncode != 0:
        sys.exit(f"print failed:\n{r.stderr[:2000]}")
    got = printed_values(r.stdout)
    for i, s in enumerate(good):
        if got.get(f"v{i}") != ast.literal_eval(s):
            sys.exit(f"{s} printed as {got.get(f'v{i}')!r}, Python reads {ast.literal_eval(s)!r}")
    # At the very end of the input: the last bytes are `s)` with no line end after them.
    for n in (0, 1, 13, 14, 15, 16, 17, 29, 30, 31, 32, 33, 45, 46, 47, 48):
        for s in (f"'{'a' * n}'", f"'{'a' * n}\\''", f"'{'a' * n}\\\\'", f"b'{'a' * n}\\n'",
                  f"r'{'a' * n}\\''"):
            text = HEADER + f"        return (x, {s})"
            path, r = run(text, tmp, "end.py")
            if r.returncode != 0 or printed_values(r.stdout)["return"] != [ast.literal_eval(s)]:
                sys.exit(f"{s} at the end of the input: exit {r.returncode}\n{r.stdout}{r.stderr}")
    # Rejected: a raw line end at each position near the block boundaries, a missing
    # closing quote, a backslash as the last byte of the input.
    bad = []
    for n in (14, 15, 16, 17, 31, 32, 33):
        for pos in range(n):
            head, tail = "a" * pos, "a" * (n - pos - 1)
            bad.append(HEADER + f"        v = torch.ops.pw_test.lit.default(x, '{head}\n{tail}')\n"
                       "        return (v,)\n")
            bad.append(HEADER + f"        v = torch.ops.pw_test.lit.default(x, '{head}\\'{tail})\n"
                       "        return (v,)\n")
            # In a statement over several lines the scan runs past the line end.
            bad.append(HEADER + "        v = torch.ops.pw_test.lit.default(\n"
                       f"            x, '{head}\n{tail}',\n            1)\n        return (v,)\n")
        bad.append(HEADER + f"        return (x, '{'a' * n}")
        bad.append(HEADER + f"        return (x, '{'a' * n}\\")
        bad.append(HEADER + f"        return (x, '{'a' * n}\\'")
    for text in bad:
        try:
            compile(text, "in.py", "exec")
            sys.exit(f"Python reads {text!r}")
        except SyntaxError as e:
            where = f":{e.lineno}:{e.offset}: error: "
        path, r = run(text, tmp, "bad.py")
        if r.returncode != 1 or not r.stderr.startswith(path + where):
            sys.exit(f"{text!r}: expected an error at {where}, got exit {r.returncode}\n{r.stderr}")
        rejected += 1
print(f"ok: {len(good) + 80} strings read as Python reads them, {rejected} rejected where "
      "Python rejects them")
