"""Python's own `ast` as the oracle for what `piecewise print` writes.

For every bundled example, every lit input and every corpus graph that piecewise
accepts, the printed code form is read back by `ast.parse` and compared with the
input:

- code-form inputs (Python themselves): statement by statement, the same assigned
  names, the same callee and the same argument values, constants compared as Python
  values (strings with every escape decoded, floats, complex numbers);
- graph-form inputs (`print(gm.graph)`): every `%name` a node line reads is a name
  the printed statement for that node reads.

In both, every node the original reads, the printed program reads. Nothing here
uses piecewise's own parser: the comparison is Python's reading of both texts.
"""

import ast
import operator
import re
import subprocess
from pathlib import Path

import pytest

from conftest import REPO_ROOT, example_paths, piecewise_bin_path, shared_dir_path


def _inputs():
    files = list(example_paths())
    for pattern in ("*.py", "*.fx", "*.txt"):
        files += [p for p in (REPO_ROOT / "test").rglob(pattern)
                  if p.name not in ("lit.cfg.py", "lit.site.cfg.py", "README.md")]
    corpus = shared_dir_path() / "corpus" / "graphs"
    if corpus.is_dir():
        files += sorted(corpus.iterdir())
    return sorted(set(files))


def _printed(path):
    r = subprocess.run([str(piecewise_bin_path()), "print", str(path)],
                       capture_output=True, text=True)
    return r.stdout if r.returncode == 0 else None


# --- normalising what `ast` reads ------------------------------------------------------

def _const(node):
    """The Python value of a constant expression (`-1`, `(1+2j)`, `'a\\x85'`), else a miss."""
    try:
        v = ast.literal_eval(node)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return _MISS
    return v


_MISS = object()


def _complex_key(v):
    """A complex constant by its parts' bits (NaN parts compare equal, -0.0 apart)."""
    part = lambda x: "nan" if x != x else float.hex(x)  # noqa: E731
    return ("const", "complex", (part(v.real), part(v.imag)))


def norm(node):
    """A comparable value for an expression: constants by Python value, names by name."""
    v = _const(node)
    if v is not _MISS and not isinstance(v, (list, tuple, dict, set)):
        if isinstance(v, float) and v != v:
            return ("nan",)
        if isinstance(v, complex):
            return _complex_key(v)
        return ("const", type(v).__name__, v if not isinstance(v, float) else float.hex(v))
    if isinstance(node, ast.Name):
        # `inf` and `nan` are the floats print_readable's module defines (`1e999` is inf).
        if node.id == "inf":
            return ("const", "float", float.hex(float("inf")))
        if node.id == "nan":
            return ("nan",)
        if node.id.startswith("_operator_") and hasattr(operator, node.id[len("_operator_"):]):
            # FX's global for an operator function is that function: operator.is_not.
            return ("attr", ("name", "operator"), node.id[len("_operator_"):])
        return ("name", node.id)
    if isinstance(node, ast.Attribute):
        if isinstance(node.value, ast.Name) and node.value.id == "torch":
            # Aliases are one object to torch: torch.float is torch.float32.
            import torch
            obj = getattr(torch, node.attr, None)
            if isinstance(obj, (torch.dtype, torch.layout, torch.memory_format)):
                return ("torch", str(obj))
        return ("attr", norm(node.value), node.attr)
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "complex"
            and len(node.args) == 2 and not node.keywords):
        # `complex(-0.0, -1.0)`: what piecewise prints where repr() would be misread.
        parts = [_const(a) if not (isinstance(a, ast.Name) and a.id in ("inf", "nan"))
                 else float(a.id) for a in node.args]
        if all(isinstance(p, (int, float)) and not isinstance(p, bool) for p in parts):
            return _complex_key(complex(*parts))
    if (isinstance(node, ast.Call) and ast.unparse(node.func) in ("device", "torch.device")
            and len(node.args) + len(node.keywords) <= 2):
        # A device in any of its spellings (`device('hip:0')`, `device('hip', 0)`,
        # `device(type='hip', index=0)`) is the same (type, index).
        parts = dict(zip(("type", "index"), (_const(a) for a in node.args)))
        parts.update((k.arg, _const(k.value)) for k in node.keywords)
        kind, index = parts.get("type"), parts.get("index")
        if isinstance(kind, str):
            if ":" in kind and index is None:
                kind, _, digits = kind.partition(":")
                index = int(digits) if digits.isdigit() else digits
            return ("device", kind, index)
    if isinstance(node, ast.Call):
        kwargs = sorted((k.arg, norm(k.value)) for k in node.keywords)
        return ("call", norm(node.func), tuple(norm(a) for a in node.args), tuple(kwargs))
    if isinstance(node, (ast.Tuple, ast.List)):
        return (type(node).__name__, tuple(norm(e) for e in node.elts))
    if isinstance(node, ast.Dict):
        return ("dict", tuple((norm(k), norm(v)) for k, v in zip(node.keys, node.values)))
    if isinstance(node, ast.Subscript):
        return ("sub", norm(node.value), norm(node.slice))
    if isinstance(node, ast.BinOp):
        return ("bin", type(node.op).__name__, norm(node.left), norm(node.right))
    if isinstance(node, ast.UnaryOp):
        return ("un", type(node.op).__name__, norm(node.operand))
    if isinstance(node, ast.Compare):
        return ("cmp", norm(node.left), tuple(type(o).__name__ for o in node.ops),
                tuple(norm(c) for c in node.comparators))
    if isinstance(node, ast.Slice):
        return ("slice", *(norm(x) if x is not None else None
                           for x in (node.lower, node.upper, node.step)))
    if isinstance(node, ast.Starred):
        return ("star", norm(node.value))
    return ("other", ast.dump(node))


def _reads(node):
    names = {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
    # FX's `_operator_is_not` global reads the module operator (see norm).
    return {"operator" if n.startswith("_operator_") and hasattr(operator, n[len("_operator_"):])
            else n for n in names}


def _forwards(tree):
    """(class path, forward FunctionDef) for every class's forward, nested classes included."""
    out = []

    def visit(body, path):
        for stmt in body:
            if isinstance(stmt, ast.ClassDef):
                visit(stmt.body, path + (stmt.name,))
            elif isinstance(stmt, ast.FunctionDef) and stmt.name == "forward":
                out.append((path, stmt))

    visit(tree.body, ())
    return out


def _statements(fn):
    """(key, value expression) per statement: clean-up tails (`a = b = None`) and
    annotation-only declarations are not statements of the program's values."""
    out = []
    prev = None
    for stmt in fn.body:
        if isinstance(stmt, ast.Assign):
            if isinstance(stmt.value, ast.Constant) and stmt.value.value is None and \
                    all(isinstance(t, ast.Name) for t in stmt.targets):
                continue
            # torch >= 2.12 binds a subscript assignment's node: `x[i] = v;  setitem = x`
            # (an older dump has no binding; the printer always writes it).
            if isinstance(prev, ast.Assign) and isinstance(prev.targets[0], ast.Subscript) and \
                    isinstance(stmt.value, ast.Name) and \
                    norm(stmt.value) == norm(prev.targets[0].value):
                prev = stmt
                continue
            prev = stmt
            out.append((tuple(norm(t) for t in stmt.targets), stmt.value))
        elif isinstance(stmt, ast.AnnAssign):
            if stmt.value is not None:
                out.append(((norm(stmt.target),), stmt.value))
        elif isinstance(stmt, ast.Return):
            out.append((("return",), stmt.value))
        elif isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant):
            continue  # a docstring
        elif isinstance(stmt, ast.Pass):
            continue
        else:
            out.append((("stmt", type(stmt).__name__), stmt))
    return out


def _params(fn):
    a = fn.args
    names = [p.arg for p in a.args]
    if a.vararg:
        names.append("*" + a.vararg.arg)
    if a.kwarg:
        names.append("**" + a.kwarg.arg)
    return names


# --- the cases ------------------------------------------------------------------------------

CASES = _inputs()


def _id(p):
    try:
        return str(p.relative_to(REPO_ROOT))
    except ValueError:
        return p.name


@pytest.mark.parametrize("path", CASES, ids=_id)
def test_printed_code_reads_as_the_input(path):
    if not piecewise_bin_path().exists():
        pytest.skip("piecewise is not built")
    printed = _printed(path)
    if printed is None:
        pytest.skip("piecewise rejects this input (a diagnostics test)")
    out_tree = ast.parse(printed)  # the printed program is Python
    source = path.read_text(encoding="utf-8", errors="replace")
    if re.search(r"^\s*graph\(\):", source, re.M) and "def forward" not in source:
        _compare_graph_form(source, out_tree)
        return
    try:
        # FX's `class <lambda>(...)` (AOT dumps) is the one non-Python line it prints.
        in_tree = ast.parse(source.replace("class <lambda>(", "class GraphModule("))
    except SyntaxError:
        pytest.skip("the input is not a Python module by itself (a log excerpt)")
    ins, outs = _forwards(in_tree), _forwards(out_tree)
    if not ins:
        pytest.skip("no forward in the input")
    assert len(ins) == len(outs), "the printed module has a different number of graphs"
    for (ipath, ifn), (opath, ofn) in zip(ins, outs):
        assert _params(ifn) == _params(ofn), f"{ipath}: parameters differ"
        a, b = _statements(ifn), _statements(ofn)
        assert [k for k, _ in a] == [k for k, _ in b], f"{ipath}: statements differ"
        for (key, iv), (_, ov) in zip(a, b):
            if iv is None or ov is None:
                assert iv is None and ov is None, f"{ipath} {key}: return value differs"
                continue
            assert norm(iv) == norm(ov), f"{ipath} {key}: the value differs:\n" \
                f"  input:   {ast.unparse(iv)}\n  printed: {ast.unparse(ov)}"
            assert _reads(iv) <= _reads(ov), f"{ipath} {key}: the printed statement reads less"


_NODE_LINE = re.compile(r"^\s*%(\w+)\s*:.*?=\s*(\w+)\[")


def _compare_graph_form(source, out_tree):
    printed = {}
    ret_reads = set()
    for _, fn in _forwards(out_tree):
        for stmt in fn.body:
            if isinstance(stmt, (ast.Assign, ast.AnnAssign)):
                targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
                if isinstance(stmt.value, ast.Constant) and stmt.value.value is None:
                    continue
                for t in targets:
                    key = t.id if isinstance(t, ast.Name) else None
                    if isinstance(t, ast.Subscript):  # x[i] = v: FX's setitem node
                        key = "setitem"
                    printed.setdefault(key, set()).update(_reads(stmt.value) | (
                        _reads(t) if isinstance(t, ast.Subscript) else set()))
            elif isinstance(stmt, ast.Return) and stmt.value is not None:
                ret_reads |= _reads(stmt.value)
    checked = 0
    for line in source.splitlines():
        m = _NODE_LINE.match(line)
        if m:
            name, op = m.groups()
            if op == "placeholder":
                continue
            refs = set(re.findall(r"%(\w+)", line.split("=", 1)[1]))
            if name.startswith("setitem"):
                continue
            assert name in printed, f"node {name} is not printed"
            assert refs <= printed[name], f"{name}: printed statement does not read {refs - printed[name]}"
            checked += 1
        elif line.strip().startswith("return"):
            names = set(re.findall(r"[A-Za-z_]\w*", line.strip()[len("return"):]))
            assert names - {"None", "True", "False"} <= ret_reads | {"None"}
    assert checked or not printed
