"""Property tests of the one literal layer, against oracles piecewise did not write.

Over random values of every literal class (seeded; PIECEWISE_LITERAL_CASES sets how many,
`make stress` runs more) and over every example, lit input and corpus graph:

1. Python reads what piecewise prints as the value Python read in the input:
   `ast.literal_eval` (or, for `inf`, `nan`, `device(...)`, `torch.float32`, an eval over
   the names print_readable's module defines) of each printed argument equals the value of
   the input spelling (`1_000`, `0x1F`, `r'\\d'`, `device('hip:0')`, every escape).
2. Code form -> graph form -> code form leaves the IR equal: the code form printed after the
   detour is the code form printed directly (values and types; every corpus input too).
3. torch itself: a live `fx.Graph` holding the value as an argument, printed by torch
   (`print(graph)` and `gm.print_readable()`), is read by piecewise as that value.
"""

import ast
import os
import subprocess

import pytest
import torch
import torch.fx as fx

from conftest import REPO_ROOT, example_paths, piecewise_bin_path, shared_dir_path
from literal_values import DEVICE_TYPES, py_value, random_value, rng_for, same, spelling

CASES = int(os.environ.get("PIECEWISE_LITERAL_CASES", "400"))
SEED = int(os.environ.get("PIECEWISE_LITERAL_SEED", "2024"))
BATCH = 100


def _run(*args, stdin=None):
    return subprocess.run([str(piecewise_bin_path()), *map(str, args)], input=stdin,
                          capture_output=True, text=True, timeout=120)


def _graph(spellings):
    lines = ["class GraphModule(torch.nn.Module):",
             '    def forward(self, x):']
    for i, s in enumerate(spellings):
        lines.append(f"        v{i} = torch.ops.pw_test.lit.default(x, {s})")
    lines.append("        return (" + ", ".join(f"v{i}" for i in range(len(spellings))) + ",)")
    return "\n".join(lines) + "\n"


def _printed_values(code):
    """{name: the value Python reads for the second argument} of each `vN = f(x, value)`."""
    out = {}
    for node in ast.walk(ast.parse(code)):
        if (isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)
                and len(node.value.args) == 2 and isinstance(node.targets[0], ast.Name)):
            out[node.targets[0].id] = ast.get_source_segment(code, node.value.args[1])
    return out


def _batches():
    rng = rng_for(SEED)
    values = [random_value(rng) for _ in range(CASES)]
    return [values[i:i + BATCH] for i in range(0, len(values), BATCH)], rng


BATCHES, _RNG = _batches()


@pytest.mark.parametrize("batch", range(len(BATCHES)))
def test_printed_literals_read_as_the_input(batch, tmp_path):
    rng = rng_for(SEED * 1000 + batch)
    values = BATCHES[batch]
    spells = [spelling(rng, v) for v in values]
    for v, s in zip(values, spells):  # the generator's own check: Python reads s as v
        assert same(py_value(s), v), (s, v)
    src = tmp_path / "in.py"
    src.write_text(_graph(spells))
    r = _run("print", src)
    assert r.returncode == 0, r.stderr
    printed = _printed_values(r.stdout)
    for i, (v, s) in enumerate(zip(values, spells)):
        text = printed[f"v{i}"]
        got = py_value(text)
        assert same(got, v), f"input {s!r} printed as {text!r}: Python reads {got!r}, not {v!r}"
        # A plain literal must be one ast.literal_eval reads.
        if isinstance(v, (int, str, bytes, bool, type(None))) and not isinstance(v, float):
            assert same(ast.literal_eval(text), v), text

    # 2. code form -> graph form -> code form: the same code form, so the same IR.
    g = _run("print", "--graph-form", src)
    assert g.returncode == 0, g.stderr
    back = _run("print", "-", stdin=g.stdout)
    assert back.returncode == 0, back.stderr + "\n" + g.stdout
    assert back.stdout == r.stdout


def _fx_graph(values):
    g = fx.Graph()
    x = g.placeholder("x")
    outs = [g.call_function(torch.ops.aten.add.Tensor, (x, v)) for v in values]
    g.output(tuple(outs))
    return g


def _repr_reads_back(v):
    """False for a value torch's own text loses: repr(complex) of a signed zero (`-2j` for
    complex(0.0, -2.0) reads as complex(-0.0, -2.0)) or with `nanj`/`infj` (no such name)."""
    if isinstance(v, complex):
        try:
            return same(py_value(repr(v)), v)
        except NameError:
            return False
    if isinstance(v, (list, tuple)):
        return all(_repr_reads_back(x) for x in v)
    return True


def _graph_form_safe(v):
    """Values whose str() FX's graph form writes unambiguously. FX prints strings without
    quotes, so a string that looks like another value (`None`, `1000`, `cuda:0`), is empty,
    holds a delimiter or a line break, names a device type (`hip`) or is dotted (an op such as
    `aten.add.default`, a dtype) cannot be told from that value by anyone."""
    if isinstance(v, str):
        bad = ",()[]{}\"'%\\:"
        return (v != "" and v == v.strip() and v.isprintable() and not any(c in bad for c in v)
                and not any(c.isspace() for c in v) and v not in ("None", "True", "False",
                                                                  "Ellipsis", "...", "inf", "nan")
                and not v.lstrip("-").replace(".", "").replace("e", "").isdigit()
                and "." not in v and v not in DEVICE_TYPES)
    if isinstance(v, (list, tuple)):
        return all(_graph_form_safe(x) for x in v)
    if isinstance(v, slice):
        return all(not isinstance(p, str) or p.isidentifier() for p in (v.start, v.stop, v.step))
    return True


@pytest.mark.parametrize("batch", range(len(BATCHES)))
def test_torch_printed_values_read_back(batch, tmp_path):
    values = BATCHES[batch]
    for form in ("graph", "readable"):
        vals = [v for v in values
                if _repr_reads_back(v) and (form == "readable" or _graph_form_safe(v))]
        g = _fx_graph(vals)
        if form == "graph":
            text = str(g)
        else:
            text = fx.GraphModule(torch.nn.Module(), g).print_readable(print_output=False)
        src = tmp_path / f"{form}.txt"
        src.write_text(text)
        r = _run("print", src)
        assert r.returncode == 0, f"{form}:\n{r.stderr}\n{text}"
        printed = [ast.get_source_segment(r.stdout, n.value.args[1])
                   for n in ast.walk(ast.parse(r.stdout))
                   if isinstance(n, ast.Assign) and isinstance(n.value, ast.Call)
                   and len(n.value.args) == 2]
        assert len(printed) == len(vals)
        for v, t in zip(vals, printed):
            assert same(py_value(t), v), f"{form}: torch printed {v!r}; piecewise read {t!r}"


def _inputs():
    files = list(example_paths())
    for pattern in ("*.py", "*.fx", "*.txt"):
        files += [p for p in (REPO_ROOT / "test").rglob(pattern)
                  if p.name not in ("lit.cfg.py", "lit.site.cfg.py", "README.md")]
    corpus = shared_dir_path() / "corpus" / "graphs"
    if corpus.is_dir():
        files += sorted(corpus.iterdir())
    return sorted(set(files))


class _DropAnnotations(ast.NodeTransformer):
    """The graph form carries no metadata: compare statements without annotations."""

    def visit_AnnAssign(self, node):
        if node.value is None:  # a declaration (`a: "f32[4]"`), which defines no node
            return None
        return ast.copy_location(ast.Assign(targets=[node.target], value=node.value), node)

    def visit_arg(self, node):
        node.annotation = None
        return node


def _root_statements(code):
    """{assigned name: ast.dump of its value} and the return value of the root class's
    forward, annotations dropped: Python's reading of each node's statement."""
    tree = ast.parse(code)
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef))
    fwd = next(n for n in cls.body if isinstance(n, ast.FunctionDef) and n.name == "forward")
    fwd = _DropAnnotations().visit(fwd)
    stmts, ret = {}, None
    for st in fwd.body:
        if isinstance(st, ast.Assign) and isinstance(st.targets[0], ast.Name):
            stmts[st.targets[0].id] = ast.dump(st.value)
        elif isinstance(st, ast.Return):
            ret = ast.dump(st.value) if st.value else None
    return stmts, ret


def test_every_input_survives_the_graph_form():
    """Every input piecewise accepts: its root graph printed directly and printed after a
    detour through the graph form reads, to Python's ast, as the same forward (the same
    statements, names and constant values; annotations aside, which the graph form does
    not carry), and the graph form is a fixed point."""
    checked = 0
    for path in _inputs():
        direct = _run("print", path)
        if direct.returncode != 0:
            continue
        g = _run("print", "--graph-form", path)
        assert g.returncode == 0, f"{path}:\n{g.stderr}"
        back = _run("print", "-", stdin=g.stdout)
        assert back.returncode == 0, f"{path}:\n{back.stderr}\n{g.stdout}"
        # Clean-up tails (`x = None`) are statements too: compare the node statements,
        # which the graph form's printout must all have (a pytree-flattening header of
        # the code form has no node of its own and is not in the graph form).
        want, want_ret = _root_statements(direct.stdout)
        got, got_ret = _root_statements(back.stdout)
        if "tree_unflatten" not in (want_ret or ""):  # the code form's pytree wrapper
            assert got_ret == want_ret, path
        for name, value in got.items():
            if value == "Constant(value=None)":
                continue
            assert want.get(name) == value, f"{path}: {name}"
        again = _run("print", "--graph-form", "-", stdin=back.stdout)
        assert again.stdout == g.stdout, path
        checked += 1
    assert checked > 50


def _tokenizes_as_one_string(word):
    """Python's own tokenizer: is `word'q'` one STRING token (a prefixed literal)?"""
    import io
    import tokenize
    toks = [t for t in tokenize.generate_tokens(io.StringIO(f"{word}'q'\n").readline)
            if t.type not in (tokenize.NEWLINE, tokenize.ENDMARKER)]
    return len(toks) == 1 and toks[0].type == tokenize.STRING


def test_string_prefixes_are_the_ones_python_reads(tmp_path):
    """Every one- and two-letter word before a quote, against Python's tokenizer: a word
    Python reads as a string prefix gives the value Python reads (str or bytes; an f-string
    is a located error, an expression and not a value), any other word is a located error,
    never a string that lost or gained its prefix. (`t` is Python 3.14's template prefix:
    this Python's tokenizer does not know it, so words with a `t` are left out.)"""
    letters = "rbfuRBFUxa"
    words = list(letters) + [a + b for a in letters for b in letters]
    spells = [f"{w}'q\\x41'" for w in words]
    src = tmp_path / "prefixes.py"
    checked = 0
    for w, s in zip(words, spells):
        src.write_text(_graph([s]))
        r = _run("print", src)
        if _tokenizes_as_one_string(w) and "f" not in w.lower():
            assert r.returncode == 0, (w, r.stderr)
            text = _printed_values(r.stdout)["v0"]
            assert same(ast.literal_eval(text), ast.literal_eval(s)), (w, text)
            checked += 1
        else:
            assert r.returncode != 0, (w, r.stdout)
            assert f"{src}:3:" in r.stderr, (w, r.stderr)
    assert checked == 14  # r R u U b B, and br rb in their 8 spellings
