#!/usr/bin/env python3
"""Mutation stress run for the `piecewise` CLI (issue #10, "Fidelity").

Takes the bundled graphs (examples/), the lit inputs that parse (test/) and the shared
corpus graphs (../shared/corpus/graphs, when present), mutates them with a seeded mutator,
and runs lint, print, print --graph-form, opt, split -o, partition and codegen on each
mutant. Properties checked on every command:

- the exit status is 0, 1 or 2 (no signal, no other status) within a per-command timeout;
- on exit 1 or 2 stderr is not empty and every `error:` line carries `file:line:col`
  (exit 2 is a usage error and may be unlocated);
- on exit 0 every emitted Python file `ast.parse`s, reads no name before it is defined or
  after it is deleted (`del x`, or the `x = None` clean-up), and, when it is a graph piecewise
  reads (print, opt and split -o output), lints clean;
- print is a fixed point: print(print(x)) == print(x), in both forms; so is opt's output.

    tools/stress/stress.py [--cases N] [--seed S] [--jobs J] [--out DIR]
    tools/stress/stress.py --seed S --case K --keep      # replay one case, keep its files

A case is fully determined by (seed, case index, the sorted input list): the input list
depends on whether ../shared/corpus exists. Exit status 0 when no property failed, else 1.
The summary (cases, per-command exit counts, failures by class) goes to stdout and, with
`--json FILE`, to a JSON file.
"""

import argparse
import ast
import builtins
import collections
import concurrent.futures
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]

# --- inputs ------------------------------------------------------------------------------


def shared_dir():
    env = os.environ.get("PIECEWISE_SHARED_DIR")
    return Path(env) if env else REPO_ROOT.parent / "shared"


def candidate_inputs():
    """Every graph file the stress run may start from (before the 'parses' filter)."""
    files = [p for p in (REPO_ROOT / "examples").glob("*.py")
             if p.name not in ("make_examples.py", "demo_ops.py")]
    for pattern in ("*.py", "*.fx", "*.txt"):
        files += [p for p in (REPO_ROOT / "test").rglob(pattern)
                  if p.name not in ("lit.cfg.py", "lit.site.cfg.py", "README.md")
                  and "Inputs" not in p.relative_to(REPO_ROOT / "test").parts]
    corpus = shared_dir() / "corpus" / "graphs"
    if corpus.is_dir():
        files += [p for p in corpus.iterdir() if p.is_file()]
    return sorted(set(files))


def parsing_inputs(binary, timeout=30):
    """The candidate inputs that `piecewise lint` accepts, as (path, bytes)."""
    out = []
    for p in candidate_inputs():
        try:
            r = subprocess.run([str(binary), "lint", str(p)], capture_output=True,
                               timeout=timeout)
        except subprocess.TimeoutExpired:
            continue
        if r.returncode == 0:
            out.append((p, p.read_bytes()))
    return out


# --- the mutator ---------------------------------------------------------------------------

KEYWORD_NAMES = ["None", "True", "False", "class", "inf", "nan", "self", "lambda", "def",
                 "return", "import", "in", "is", "not", "and", "or", "if", "else", "for",
                 "while", "with", "yield", "await", "async", "pass", "del", "global",
                 "nonlocal", "try", "except", "raise", "from", "as", "assert", "break",
                 "continue", "elif", "finally", "torch", "operator", "args", "kwargs",
                 "__class__", "_", "match", "case", "type"]

UNICODE_SNIPPETS = [t.encode("utf-8") for t in [
    "\u00e9", "\u2028", "\u2029", "\u0085", "\u00a0", "\ufeff", "\u200b", "\U0001f600",
    "\u0301", "\u202e", "\u03bb", "\uff08", "\uff09", "\u3000", "\u000b", "\u000c",
    "\u001c", "\\u2028", "'\u00e9'", "\ud7ff", "\u00ff\u00fe", "\\N{EM DASH}", "\\x85"]] + [
    # Not UTF-8: a stray continuation byte, a cut sequence, an overlong '/', a surrogate.
    b"\xff", b"\x80", b"\xc3", b"\xe2\x80", b"\xc0\xaf", b"\xed\xa0\x80", b"\xf4\x90\x80\x80"]

NAME_RE = re.compile(rb"[A-Za-z_][A-Za-z_0-9]*")
# A node statement in the code form: `name: "ann" = rhs` or `name = rhs`.
CODE_DEF_RE = re.compile(rb"^[ \t]+([A-Za-z_][A-Za-z_0-9]*)[ \t]*(?::[^=\n]*)?=[ \t]*(?!=)\S")
PARAM_RE = re.compile(rb"def forward\(([^)]*)\)")
GRAPH_DEF_RE = re.compile(rb"^[ \t]*%([A-Za-z_][A-Za-z_0-9]*)[ \t]*:")
OP_RE = re.compile(rb"torch\.ops\.([A-Za-z_][A-Za-z_0-9]*)\.([A-Za-z_][A-Za-z_0-9]*)"
                   rb"(?:\.([A-Za-z_][A-Za-z_0-9]*))?")


def is_graph_form(data):
    return re.search(rb"^[ \t]*graph\(\):", data, re.M) is not None and b"def forward" not in data


def node_names(data):
    """(line index, name) of every node definition, in order, and the placeholder names."""
    lines = data.split(b"\n")
    defs = []
    graph = is_graph_form(data)
    for i, line in enumerate(lines):
        if graph:
            m = GRAPH_DEF_RE.match(line)
            if m:
                defs.append((i, m.group(1)))
            continue
        m = PARAM_RE.search(line)
        if m:
            for part in m.group(1).split(b","):
                nm = NAME_RE.match(part.strip().lstrip(b"*"))
                if nm and nm.group(0) != b"self":
                    defs.append((i, nm.group(0)))
            continue
        m = CODE_DEF_RE.match(line)
        if m and not line.lstrip().startswith(b"#"):
            defs.append((i, m.group(1)))
    return defs


def ops_in(data):
    """The op overloads and packets the graph calls, as `ns::op.overload` / `ns::op`."""
    ops = set()
    for m in OP_RE.finditer(data):
        ns, op, ov = (g.decode() if g else None for g in m.groups())
        if ns in ("higher_order",):
            continue
        ops.add(f"{ns}::{op}")
        if ov:
            ops.add(f"{ns}::{op}.{ov}")
    return sorted(ops)


def _find_call_spans(line):
    """(open, close) byte offsets of balanced `(`...`)` pairs in a line (outside strings)."""
    spans, stack, quote = [], [], None
    i = 0
    while i < len(line):
        c = line[i:i + 1]
        if quote:
            if c == b"\\":
                i += 2
                continue
            if c == quote:
                quote = None
        elif c in (b"'", b'"'):
            quote = c
        elif c == b"#":
            break
        elif c == b"(":
            stack.append(i)
        elif c == b")" and stack:
            spans.append((stack.pop(), i))
        i += 1
    return spans


def _sub_word(text, old, new, count=0):
    return re.sub(rb"(?<![A-Za-z0-9_%])" + re.escape(old) + rb"(?![A-Za-z0-9_])", new, text,
                  count=count)


def _graph_ref(name, graph):
    return b"%" + name if graph else name


def mut_byte_flip(rng, data):
    if not data:
        return data, "byte flip (empty)"
    b = bytearray(data)
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(b))
        b[i] = b[i] ^ (1 << rng.randrange(8)) if rng.random() < 0.7 else rng.randrange(1, 256)
    return bytes(b), "byte flip"


def _lines(data):
    return data.split(b"\n")


def mut_line_drop(rng, data):
    ls = _lines(data)
    i = rng.randrange(len(ls))
    del ls[i]
    return b"\n".join(ls), f"drop line {i + 1}"


def mut_line_dup(rng, data):
    ls = _lines(data)
    i = rng.randrange(len(ls))
    j = rng.randrange(len(ls) + 1) if rng.random() < 0.3 else i
    ls.insert(j, ls[i])
    return b"\n".join(ls), f"duplicate line {i + 1} at {j + 1}"


def mut_line_swap(rng, data):
    ls = _lines(data)
    if len(ls) < 2:
        return data, "swap (too short)"
    i = rng.randrange(len(ls) - 1)
    j = i + 1 if rng.random() < 0.6 else rng.randrange(len(ls))
    ls[i], ls[j] = ls[j], ls[i]
    return b"\n".join(ls), f"swap lines {i + 1} and {j + 1}"


def mut_truncate(rng, data):
    n = rng.randrange(len(data) + 1) if data else 0
    return data[:n], f"truncate at byte {n}"


def mut_unicode(rng, data):
    s = rng.choice(UNICODE_SNIPPETS)
    pos = rng.randrange(len(data) + 1)
    r = rng.random()
    if r < 0.4:
        # Inside or next to an identifier, string or annotation, where it is most telling.
        hits = [m.start() for m in re.finditer(rb"[A-Za-z_\"'\[]", data)]
        if hits:
            pos = rng.choice(hits) + rng.randint(0, 1)
    elif r < 0.7:
        # Inside a string literal that is not an annotation (a layer name, a string kwarg).
        hits = [m.start() + 1 for m in re.finditer(rb"'[^'\n]*'", data)]
        if hits:
            pos = rng.choice(hits)
    return data[:pos] + s + data[pos:], f"insert {s!r} at byte {pos}"


def mut_crlf(rng, data):
    r = rng.random()
    if r < 0.5:
        return data.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n"), "CRLF everywhere"
    ls = _lines(data)
    i = rng.randrange(len(ls))
    if r < 0.8:
        ls[i] = ls[i] + b"\r"
        return b"\n".join(ls), f"CRLF on line {i + 1}"
    # A lone CR in the middle of a line (Python reads it as a line end).
    p = rng.randrange(len(ls[i]) + 1)
    ls[i] = ls[i][:p] + b"\r" + ls[i][p:]
    return b"\n".join(ls), f"lone CR on line {i + 1}"


def mut_tabs(rng, data):
    ls = _lines(data)
    r = rng.random()
    if r < 0.4:
        out = [re.sub(rb"^(    )+", lambda m: b"\t" * (len(m.group(0)) // 4), l) for l in ls]
        return b"\n".join(out), "indent with tabs everywhere"
    i = rng.randrange(len(ls))
    if r < 0.7:
        ls[i] = re.sub(rb"^    ", b"\t", ls[i])
        return b"\n".join(ls), f"tab indent on line {i + 1}"
    p = rng.randrange(len(ls[i]) + 1)
    ls[i] = ls[i][:p] + b"\t" + ls[i][p:]
    return b"\n".join(ls), f"tab inside line {i + 1}"


def _container_arg(rng, data, kind):
    """Insert `{'k': node}` (kind 'dict') or `foo.bar(node)` (kind 'call') as an argument."""
    graph = is_graph_form(data)
    defs = node_names(data)
    ls = _lines(data)
    stmt_lines = [i for i, _ in defs if _find_call_spans(ls[i])]
    if not defs or not stmt_lines:
        return data, f"{kind} arg (no call)"
    i = rng.choice(stmt_lines)
    earlier = [n for j, n in defs if j < i] or [n for _, n in defs]
    # Mostly a node defined before the statement, sometimes any node (a use before def).
    name = rng.choice(earlier if rng.random() < 0.85 else [n for _, n in defs])
    ref = _graph_ref(name, graph)
    if kind == "dict":
        key = rng.choice([b"'k'", b"'x'", b"1", b"'out'", b"None", b"'a b'"])
        if graph and rng.random() < 0.5:
            key = b"k"  # FX's graph form prints dict keys unquoted
        val = rng.choice([ref, b"[" + ref + b", 1]", b"(" + ref + b",)", b"{" + key + b": " + ref + b"}"])
        value = b"{" + key + b": " + val + b"}"
    else:
        fn = rng.choice([b"foo.bar", b"math.sqrt", b"torch.sym_max", b"foo", b"a.b.c"])
        extra = rng.choice([b"", b", 2", b", k=" + ref, b", by = {'k': [" + ref + b"]}"])
        value = fn + b"(" + ref + extra + b")"
    line = ls[i]
    spans = _find_call_spans(line)
    open_, close = rng.choice(spans)
    inner = line[open_ + 1:close]
    r = rng.random()
    refs = [m for m in re.finditer((rb"%" if graph else rb"(?<![A-Za-z0-9_.%'\"])")
                                   + rb"[A-Za-z_][A-Za-z0-9_]*(?![A-Za-z0-9_(.])", inner)]
    if r < 0.45 and refs:
        m = rng.choice(refs)
        inner = inner[:m.start()] + value + inner[m.end():]
        how = "replace an operand with"
    elif r < 0.75:
        inner = value + (b", " + inner if inner.strip() else b"")
        how = "prepend"
    else:
        kw = rng.choice([b"extra", b"kwargs", b"out", b"x", b"k"])
        inner = (inner + b", " if inner.strip() else b"") + kw + b" = " + value
        how = "append keyword"
    ls[i] = line[:open_ + 1] + inner + line[close:]
    return b"\n".join(ls), f"{kind} arg on line {i + 1}: {how} {value.decode('utf-8', 'replace')}"


def mut_dict_arg(rng, data):
    return _container_arg(rng, data, "dict")


def mut_call_arg(rng, data):
    return _container_arg(rng, data, "call")


def mut_keyword_name(rng, data):
    defs = node_names(data)
    if not defs:
        return data, "keyword name (no nodes)"
    _, name = rng.choice(defs)
    new = rng.choice(KEYWORD_NAMES).encode()
    graph = is_graph_form(data)
    if rng.random() < 0.75:
        if graph:
            out = re.sub(rb"%" + re.escape(name) + rb"(?![A-Za-z0-9_])", b"%" + new, data)
            out = _sub_word(out, name, new)  # the return line drops the `%`
        else:
            out = _sub_word(data, name, new)
        return out, f"rename node {name.decode()} to {new.decode()} everywhere"
    ls = _lines(data)
    hits = [i for i, l in enumerate(ls) if re.search(rb"(?<![A-Za-z0-9_])" + re.escape(name)
                                                      + rb"(?![A-Za-z0-9_])", l)]
    i = rng.choice(hits)
    ls[i] = _sub_word(ls[i], name, new, count=1)
    return b"\n".join(ls), f"rename one {name.decode()} to {new.decode()} on line {i + 1}"


MUTATORS = {
    "byte-flip": mut_byte_flip,
    "line-drop": mut_line_drop,
    "line-dup": mut_line_dup,
    "line-swap": mut_line_swap,
    "truncate": mut_truncate,
    "unicode": mut_unicode,
    "crlf": mut_crlf,
    "tabs": mut_tabs,
    "dict-arg": mut_dict_arg,
    "call-arg": mut_call_arg,
    "keyword-name": mut_keyword_name,
}


def make_case(seed, index, inputs):
    """The mutant for case `index`: (source path, mutated bytes, [descriptions], splitting op)."""
    rng = random.Random(f"{seed}:{index}")
    path, data = inputs[rng.randrange(len(inputs))]
    ops = ops_in(data)
    split_op = rng.choice(ops) if ops else "aten::mm"
    kinds = list(MUTATORS)
    n = 1 if rng.random() < 0.6 else rng.randint(2, 3)
    what = []
    for _ in range(n):
        kind = rng.choice(kinds)
        data, desc = MUTATORS[kind](rng, data)
        what.append(f"{kind}: {desc}")
    return path, data, what, split_op


# --- name-scope check over emitted Python ------------------------------------------------


class ScopeError(Exception):
    pass


def _bound_in_expr(node):
    """Names bound inside an expression by lambdas and comprehensions (not checked)."""
    names = set()
    for n in ast.walk(node):
        if isinstance(n, ast.Lambda):
            a = n.args
            for arg in a.posonlyargs + a.args + a.kwonlyargs + [a.vararg, a.kwarg]:
                if arg is not None:
                    names.add(arg.arg)
        elif isinstance(n, ast.comprehension):
            for t in ast.walk(n.target):
                if isinstance(t, ast.Name):
                    names.add(t.id)
        elif isinstance(n, ast.NamedExpr):
            names.add(n.target.id)
    return names


def _loads(expr):
    """(Name node, whether it is only a module/callable reference: `X.attr` or `X(...)`)."""
    skip = _bound_in_expr(expr)
    refs = set()
    for n in ast.walk(expr):
        if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name):
            refs.add(id(n.value))
        elif isinstance(n, ast.Call) and isinstance(n.func, ast.Name):
            refs.add(id(n.func))
    return [(n, id(n) in refs) for n in ast.walk(expr)
            if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) and n.id not in skip]


# Bare names a printed graph may read without defining them: FX prints these constants so.
FREE_VALUE_NAMES = {"inf", "nan"} | set(dir(builtins))


def _local_names(body):
    """Python's rule: a name stored or deleted anywhere in a function body is local."""
    names = set()

    def visit(n):
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(n.name)
            return
        if isinstance(n, ast.Lambda):
            return
        if isinstance(n, ast.Name) and isinstance(n.ctx, (ast.Store, ast.Del)):
            names.add(n.id)
        if isinstance(n, (ast.Import, ast.ImportFrom)):
            for a in n.names:
                names.add((a.asname or a.name).split(".")[0])
        for c in ast.iter_child_nodes(n):
            visit(c)

    for s in body:
        visit(s)
    return names


def check_scopes(tree, where):
    """Within the module and each function: no local name is read before it is bound, or
    after `del name` / the `name = None` clean-up; a free name (one the function never
    binds) is a module-level name, a builtin, `inf`/`nan`, or only used as `X.attr` / `X(...)`
    (torch, operator, foo.bar). Raises ScopeError with the first violation."""

    def run_block(body, local, state, fname):
        for s in body:
            run_stmt(s, local, state, fname)

    def read(expr, local, state, fname):
        for n, is_ref in _loads(expr):
            if n.id not in local:
                # A free name: a module, callable or constant the module defines or Python
                # has, never a value (a node) that nothing defines.
                if not is_ref and n.id not in module_names and n.id not in FREE_VALUE_NAMES:
                    raise ScopeError(f"{where}:{n.lineno}:{n.col_offset + 1}: in {fname}: "
                                     f"'{n.id}' is read but never defined in scope")
                continue
            st = state.get(n.id)
            if st != "bound":
                what = {None: "before it is defined", "deleted": "after it is deleted",
                        "cleared": "after it is cleared (= None)"}[st]
                raise ScopeError(f"{where}:{n.lineno}:{n.col_offset + 1}: in {fname}: "
                                 f"'{n.id}' is read {what}")

    def bind_target(t, value, local, state, fname):
        if isinstance(t, ast.Name):
            cleared = isinstance(value, ast.Constant) and value.value is None
            state[t.id] = "cleared" if cleared else "bound"
        elif isinstance(t, (ast.Tuple, ast.List)):
            for e in t.elts:
                bind_target(e.value if isinstance(e, ast.Starred) else e, None, local, state,
                            fname)
        else:  # subscript / attribute targets read their base
            read(t, local, state, fname)

    def run_stmt(s, local, state, fname):
        if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for d in s.decorator_list:
                read(d, local, state, fname)
            check_function(s)
            state[s.name] = "bound"
        elif isinstance(s, ast.ClassDef):
            for b in s.bases:
                read(b, local, state, fname)
            cls_local = _local_names(s.body)
            run_block(s.body, cls_local, {}, f"class {s.name}")
            state[s.name] = "bound"
        elif isinstance(s, ast.Assign):
            read(s.value, local, state, fname)
            for t in s.targets:
                bind_target(t, s.value, local, state, fname)
        elif isinstance(s, ast.AnnAssign):
            if s.value is not None:
                read(s.value, local, state, fname)
                bind_target(s.target, s.value, local, state, fname)
        elif isinstance(s, ast.AugAssign):
            read(s.target if not isinstance(s.target, ast.Name)
                 else ast.Name(id=s.target.id, ctx=ast.Load(), lineno=s.lineno,
                               col_offset=s.col_offset), local, state, fname)
            read(s.value, local, state, fname)
        elif isinstance(s, ast.Delete):
            for t in s.targets:
                if isinstance(t, ast.Name):
                    if t.id in local and state.get(t.id) not in ("bound", "cleared"):
                        raise ScopeError(f"{where}:{t.lineno}:{t.col_offset + 1}: in {fname}: "
                                         f"'{t.id}' is deleted while not bound")
                    state[t.id] = "deleted"
                else:
                    read(t, local, state, fname)
        elif isinstance(s, (ast.Import, ast.ImportFrom)):
            for a in s.names:
                state[(a.asname or a.name).split(".")[0]] = "bound"
        elif isinstance(s, (ast.For, ast.AsyncFor)):
            read(s.iter, local, state, fname)
            bind_target(s.target, None, local, state, fname)
            run_block(s.body, local, state, fname)
            run_block(s.orelse, local, state, fname)
        elif isinstance(s, (ast.If, ast.While)):
            read(s.test, local, state, fname)
            run_block(s.body, local, state, fname)
            run_block(s.orelse, local, state, fname)
        elif isinstance(s, (ast.With, ast.AsyncWith)):
            for it in s.items:
                read(it.context_expr, local, state, fname)
                if it.optional_vars is not None:
                    bind_target(it.optional_vars, None, local, state, fname)
            run_block(s.body, local, state, fname)
        elif isinstance(s, ast.Try):
            run_block(s.body, local, state, fname)
            for h in s.handlers:
                if h.name:
                    state[h.name] = "bound"
                run_block(h.body, local, state, fname)
            run_block(s.orelse, local, state, fname)
            run_block(s.finalbody, local, state, fname)
        elif isinstance(s, (ast.Global, ast.Nonlocal, ast.Pass, ast.Break, ast.Continue)):
            pass
        else:  # Expr, Return, Raise, Assert, ...
            for c in ast.iter_child_nodes(s):
                if isinstance(c, ast.expr):
                    read(c, local, state, fname)

    def check_function(fn):
        a = fn.args
        params = [x.arg for x in a.posonlyargs + a.args + a.kwonlyargs]
        params += [x.arg for x in (a.vararg, a.kwarg) if x is not None]
        if len(set(params)) != len(params):
            raise ScopeError(f"{where}:{fn.lineno}: {fn.name} has duplicate parameters")
        local = _local_names(fn.body) | set(params)
        for g in ast.walk(fn):
            if isinstance(g, (ast.Global, ast.Nonlocal)):
                local -= set(g.names)
        state = {p: "bound" for p in params}
        run_block(fn.body, local, state, fn.name)

    module_names = _local_names(tree.body)
    run_block(tree.body, module_names - set(dir(builtins)), {}, "<module>")


# --- running commands and checking properties ----------------------------------------------

PASSES = "split-coalescing,noop-elimination,dce,cse,decompose-size"
LOCATED_RE = re.compile(r"^.+:\d+:\d+: error: ")
CARET_RE = re.compile(r"^\s*\^[~^]*\s*$")


def diagnostic_problem(rc, stderr):
    """None when the failing command's stderr is acceptable, else what is wrong with it."""
    if not stderr.strip():
        return f"exit {rc} with nothing on stderr"
    lines = stderr.splitlines()
    keep = []
    for i, line in enumerate(lines):
        if CARET_RE.match(line):
            continue
        if i + 1 < len(lines) and CARET_RE.match(lines[i + 1]):
            continue  # the echoed source line above a caret
        keep.append(line)
    if rc == 2:
        return None  # usage errors need no location
    errors = [l for l in keep if "error:" in l]
    if not errors:
        return "exit 1 without an `error:` line"
    for l in errors:
        if not LOCATED_RE.match(l):
            return f"unlocated error: {l[:200]}"
    return None


class Runner:
    def __init__(self, binary, timeout):
        self.binary = str(binary)
        self.timeout = timeout

    def run(self, args, stdin=None):
        """(rc, stdout bytes, stderr text); rc is 'timeout' or 'signal N' for those."""
        try:
            r = subprocess.run([self.binary, *args], input=stdin, capture_output=True,
                               timeout=self.timeout)
        except subprocess.TimeoutExpired:
            return "timeout", b"", ""
        rc = r.returncode if r.returncode >= 0 else f"signal {-r.returncode}"
        return rc, r.stdout, r.stderr.decode("utf-8", "replace")


def commands_for(case_path, split_op, tmp):
    """(label, argv, emitted file or None ('-' = stdout), kind of emitted text)."""
    f = str(case_path)
    return [
        ("lint", ["lint", f], None, None),
        ("print", ["print", f], "-", "graph-py"),
        ("print --graph-form", ["print", "--graph-form", f], "-", "graph-fx"),
        ("opt", ["opt", f"--passes={PASSES}", f], "-", "graph-py"),
        ("split -o", ["split", f, f"--splitting-ops={split_op}", "-o", str(tmp / "split.py")],
         str(tmp / "split.py"), "graph-py"),
        ("partition", ["partition", f], None, None),
        ("codegen --cudagraph", ["codegen", f, "--cudagraph", "-o", str(tmp / "cg.py")],
         str(tmp / "cg.py"), "py"),
        ("codegen --splitting-ops", ["codegen", f, f"--splitting-ops={split_op}", "-o",
                                     str(tmp / "cs.py")], str(tmp / "cs.py"), "py"),
    ]


# CPython 3.11's compiler keeps the AST recursion depth in per-interpreter state, so two
# threads parsing at once can fail with "AST constructor recursion depth mismatch" (fixed in
# later CPython): the worker threads parse one at a time.
_PARSE_LOCK = threading.Lock()


def parse_python(data):
    with _PARSE_LOCK:
        return ast.parse(data)


def check_emitted(runner, label, data, kind, tmp):
    """Properties of an emitted file (its bytes: Python must read them as UTF-8); returns a
    list of (class, message)."""
    fails = []
    name = label.replace(" ", "_").replace("-", "")
    if kind in ("graph-py", "py"):
        try:
            tree = parse_python(data)
        except (SyntaxError, ValueError) as e:
            return [("invalid Python", f"{label}: ast.parse: {e}")]
        try:
            check_scopes(tree, name)
        except ScopeError as e:
            fails.append(("name scope", f"{label}: {e}"))
        except RecursionError:
            pass
    if kind in ("graph-py", "graph-fx"):
        out = tmp / (name + (".fx" if kind == "graph-fx" else ".py"))
        out.write_bytes(data)
        rc, _, err = runner.run(["lint", str(out)])
        if rc != 0 or err.strip():
            fails.append(("emitted file does not lint clean",
                          f"{label}: lint exit {rc}: {err.strip().splitlines()[:1]}"))
        else:
            args = ["print", str(out)] + (["--graph-form"] if kind == "graph-fx" else [])
            rc, again, err = runner.run(args)
            if rc != 0:
                fails.append(("print not a fixed point", f"{label}: print of the output exits {rc}: "
                              f"{err.strip().splitlines()[:1]}"))
            elif again != (code_form_part(data) if kind == "graph-py" else data):
                fails.append(("print not a fixed point", f"{label}: print of the output differs"))
    return fails


def code_form_part(data: bytes) -> bytes:
    """A `split -o` module without what makes it runnable as a file (its import prelude and
    the top class's `__init__`, see docs/split.md): the code form `print` must reproduce.
    Other printed graphs have neither and come back unchanged."""
    start = data.find(b"\nclass ")
    if not data.startswith(b"class ") and start >= 0:
        data = data[start + 1:]
    init = data.rfind(b"\n    def __init__(self):\n")
    if init >= 0:
        data = data[:init]
    return data


def run_case(runner, seed, index, inputs, keep_dir=None):
    """Runs one case; returns a dict with the case's exits and failures."""
    src, data, what, split_op = make_case(seed, index, inputs)
    tmp = Path(tempfile.mkdtemp(prefix=f"pw-stress-{index}-"))
    case_path = tmp / ("case" + (src.suffix if src.suffix in (".py", ".fx") else
                                 (".fx" if is_graph_form(data) else ".py")))
    case_path.write_bytes(data)
    result = {"case": index, "source": str(src.relative_to(src.parents[1]) if len(src.parents) > 1
                                           else src),
              "mutations": what, "split_op": split_op, "exits": {}, "failures": []}
    for label, argv, emitted, kind in commands_for(case_path, split_op, tmp):
        rc, out, err = runner.run(argv)
        result["exits"][label] = rc
        if rc not in (0, 1, 2):
            result["failures"].append((f"{label}: {rc}", f"{label}: {rc}"))
            continue
        if rc != 0:
            problem = diagnostic_problem(rc, err)
            if problem:
                result["failures"].append(("error not located", f"{label}: {problem}"))
            continue
        if emitted is None:
            continue
        if emitted == "-":
            data = out
        else:
            p = Path(emitted)
            if not p.exists():
                result["failures"].append(("no output file", f"{label}: exit 0, no {p.name}"))
                continue
            data = p.read_bytes()
        if not data.strip():
            result["failures"].append(("empty output", f"{label}: exit 0 with empty output"))
            continue
        result["failures"] += check_emitted(runner, label, data, kind, tmp)
    if result["failures"] and keep_dir is not None:
        dest = Path(keep_dir) / f"case-{index}"
        if dest.exists():
            shutil.rmtree(dest)
        shutil.copytree(tmp, dest)
        (dest / "README").write_text(
            f"seed {seed} case {index}\nsource {src}\nsplit op {split_op}\n"
            + "".join(f"mutation: {w}\n" for w in what)
            + "".join(f"failure: {c}: {m}\n" for c, m in result["failures"]))
    shutil.rmtree(tmp, ignore_errors=True)
    return result


def stress(binary, cases, seed, jobs, timeout=20, keep_dir=None, only=None, progress=False):
    """Runs the cases; returns the summary dict."""
    inputs = parsing_inputs(binary)
    if not inputs:
        raise SystemExit("no input parses: is the piecewise binary right?")
    runner = Runner(binary, timeout)
    indices = [only] if only is not None else range(cases)
    exits = collections.defaultdict(collections.Counter)
    failures = collections.defaultdict(list)
    by_kind = collections.Counter()
    done = [0]
    lock = threading.Lock()

    def one(i):
        r = run_case(runner, seed, i, inputs, keep_dir)
        with lock:
            for label, rc in r["exits"].items():
                exits[label][str(rc)] += 1
            for m in r["mutations"]:
                by_kind[m.split(":")[0]] += 1
            for cls, msg in r["failures"]:
                failures[cls].append({"case": i, "source": r["source"], "mutations": r["mutations"],
                                      "message": msg})
            done[0] += 1
            if progress and done[0] % 200 == 0:
                print(f"  {done[0]} cases, {sum(len(v) for v in failures.values())} failures",
                      file=sys.stderr, flush=True)
        return r

    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as ex:
        list(ex.map(one, indices))
    return {"seed": seed, "cases": len(indices), "inputs": len(inputs),
            "exits": {k: dict(sorted(v.items())) for k, v in exits.items()},
            "mutations": dict(sorted(by_kind.items())),
            "failures": {k: v for k, v in sorted(failures.items())}}


def format_summary(s):
    out = [f"seed {s['seed']}: {s['cases']} cases over {s['inputs']} inputs"]
    out.append("mutations applied: " + ", ".join(f"{k} {v}" for k, v in s["mutations"].items()))
    out.append(f"{'command':28} {'exit 0':>8} {'exit 1':>8} {'exit 2':>8} {'other':>8}")
    for label, c in s["exits"].items():
        other = sum(v for k, v in c.items() if k not in ("0", "1", "2"))
        out.append(f"{label:28} {c.get('0', 0):>8} {c.get('1', 0):>8} {c.get('2', 0):>8} "
                   f"{other:>8}")
    nfail = sum(len(v) for v in s["failures"].values())
    out.append(f"failures: {nfail}")
    for cls, items in s["failures"].items():
        out.append(f"  {cls}: {len(items)} (e.g. case {items[0]['case']} from {items[0]['source']}: "
                   f"{items[0]['message'][:160]}; {'; '.join(items[0]['mutations'])[:200]})")
    return "\n".join(out)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bin", default=os.environ.get("PIECEWISE_BIN",
                                                    str(REPO_ROOT / "build" / "piecewise")))
    ap.add_argument("--cases", type=int, default=5000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--timeout", type=float, default=20, help="seconds per command")
    ap.add_argument("--case", type=int, default=None, help="run only this case index")
    ap.add_argument("--keep", default=None, help="copy each failing case's files here")
    ap.add_argument("--json", default=None, help="write the summary as JSON here")
    a = ap.parse_args(argv)
    s = stress(a.bin, a.cases, a.seed, a.jobs, a.timeout, a.keep, a.case, progress=True)
    print(format_summary(s))
    if a.json:
        Path(a.json).write_text(json.dumps(s, indent=1))
    if a.case is not None:
        for cls, items in s["failures"].items():
            for it in items:
                print(f"{cls}: {it['message']}")
    return 1 if s["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
