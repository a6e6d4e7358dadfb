# Plain decimal ints take a fast path in the number scanner (digits followed by neither a
# name character nor '.'); everything else (`0x1`, `1_0`, `1e3`, `1j`, `1.`, `1abc`, `00`,
# `01`, ints past int64) takes the full one. Python is the oracle for every spelling, each
# followed by every kind of byte that can end a number (',', ')', ']', a space, the end of
# the input):
# - one Python reads is read as Python's value (ast.literal_eval of what piecewise prints
#   equals ast.literal_eval of the spelling);
# - one Python rejects is an error on its line, never a value.
# RUN: %python %s %piecewise | FileCheck %s
# CHECK: ok: {{[0-9]+}} numbers read as Python reads them, {{[0-9]+}} rejected as Python rejects them
import ast
import os
import subprocess
import sys
import tempfile
import warnings

warnings.simplefilter("ignore")  # Python's SyntaxWarning for `1if`

piecewise = sys.argv[1]
HEADER = "class GraphModule(torch.nn.Module):\n    def forward(self, x):\n"
SPELLINGS = [
    "0", "00", "000", "0_0", "0e0", "00e0", "0.", "00.5", "0j", "00j", "07j", "0.0", "-0", "-00",
    "-0.0", "1", "9", "10", "64", "1_0", "1_000_000", "1234567890", "1e3", "1E3", "1e-3", "1.",
    "1.5", ".5", "1.e3", "1j", "1J", "1.j", "0x1", "0X1F", "0x_1", "0o7", "0b1", "-1", "-64",
    "9223372036854775807", "9223372036854775808", "-9223372036854775808",
    "-9223372036854775809", "99999999999999999999999999", "18446744073709551616",
    # Python rejects these.
    "01", "007", "0_1", "1__0", "1_", "0_", "0x", "0o8", "0b2", "1e", "1e+", "1abc", "0abc",
    "2x", "1if", "0or", "1\u00e9", "0\u00e9", "1_e3", "1e_3", "1e3_", "0x1_", "0_.1", "0._1",
    "0x1j", "1jj", "1..2", "1.2.3",
]


def python_value(spelling):
    try:
        compile(f"f(x, {spelling})", "<s>", "eval")
    except SyntaxError:
        return None
    return ast.literal_eval(spelling)


def run(text, tmp):
    path = os.path.join(tmp, "in.py")
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return path, subprocess.run([piecewise, "print", path], capture_output=True, text=True)


def printed(code):
    """Each call's second argument and the return tuple's items after the first."""
    out = {}
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
            out[node.targets[0].id] = [ast.literal_eval(a) for a in node.value.args[1:]]
        if isinstance(node, ast.Return):
            out["return"] = [ast.literal_eval(e) for e in node.value.elts[1:]]
    return out


def same(a, b):
    return type(a) is type(b) and repr(a) == repr(b)


good = [s for s in SPELLINGS if python_value(s) is not None]
bad = [s for s in SPELLINGS if python_value(s) is None]
rejected = 0
with tempfile.TemporaryDirectory() as tmp:
    # Valid spellings ended by ',', ')', ']' and ' ' in one graph.
    lines = []
    for i, s in enumerate(good):
        lines.append(f"        a{i} = torch.ops.pw_test.lit.default(x, {s}, {s})\n")
        lines.append(f"        b{i} = torch.ops.pw_test.lit.default(x, [{s}])\n")
        lines.append(f"        c{i} = torch.ops.pw_test.lit.default(x, {s} )\n")
    path, r = run(HEADER + "".join(lines) + "        return (x,)\n", tmp)
    if r.returncode != 0:
        sys.exit(r.stderr)
    got = printed(r.stdout)
    for i, s in enumerate(good):
        v = python_value(s)
        if not (all(same(g, v) for g in got[f"a{i}"]) and same(got[f"b{i}"][0][0], v)
                and same(got[f"c{i}"][0], v)):
            sys.exit(f"{s}: Python reads {v!r}, piecewise printed {got[f'a{i}']} {got[f'b{i}']}")
        # At the very end of the input, with no line end after it.
        path, r = run(HEADER + f"        return (x, {s})", tmp)
        if r.returncode != 0 or not same(printed(r.stdout)["return"][0], v):
            sys.exit(f"{s} at the end of the input: exit {r.returncode}\n{r.stdout}{r.stderr}")
    for s in bad:
        for text in (HEADER + f"        a = torch.ops.pw_test.lit.default(x, {s})\n        return (a,)\n",
                     HEADER + f"        return (x, {s})"):
            path, r = run(text, tmp)
            if r.returncode != 1 or not r.stderr.startswith(path + ":3:"):
                sys.exit(f"{s}: Python rejects it; piecewise: exit {r.returncode}\n{r.stdout}{r.stderr}")
            rejected += 1
print(f"ok: {len(good) * 4} numbers read as Python reads them, {rejected} rejected as Python "
      "rejects them")
