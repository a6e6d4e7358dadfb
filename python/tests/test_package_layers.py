"""python/piecewise is layered like the C++ library: arrows one way.

``piecewise/__init__.py`` declares the layers, bottom to top (``_LAYERS``). A module imports
only modules of the layers below its own; the modules of one layer do not import each other.
This test reads every module of the package with Python's own ``ast`` (as the ctest entry
``layering-includes`` reads the library's ``#include`` lines against cmake/Layers.cmake),
without importing it: every import counts, at module level or inside a function, in any of
its spellings (``from . import x``, ``from .x import y``, ``import piecewise.x``,
``from piecewise import x``, ``importlib.import_module("piecewise.x")``; a name that is no
module of the package, ``from . import __version__``, is an import of ``__init__``). It fails
on an import against the declared order, on an import cycle, and on a module that is not
declared (or declared and missing). The checker's own tests build small packages that break
each rule and see it report them.
"""

import ast
import textwrap
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple

import pytest

PACKAGE = "piecewise"
PKG_DIR = Path(__file__).resolve().parents[1] / PACKAGE
#: Modules of the package that are not Python source (built from python/src).
EXTENSIONS = ("_core",)

Layers = Sequence[Tuple[str, Sequence[str]]]


def declared_layers(pkg_dir: Path) -> Layers:
    """``_LAYERS`` from the package's ``__init__.py``, read with ast (not imported)."""
    tree = ast.parse((pkg_dir / "__init__.py").read_text())
    for node in tree.body:
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id == "_LAYERS" for t in targets):
                return ast.literal_eval(node.value)
    raise AssertionError(f"{pkg_dir / '__init__.py'} declares no _LAYERS")


def package_modules(pkg_dir: Path) -> Dict[str, Path]:
    """Every module of the package: ``name -> file`` (a subpackage counts as one module)."""
    mods = {p.stem: p for p in pkg_dir.glob("*.py")}
    for d in pkg_dir.iterdir():
        if d.is_dir() and (d / "__init__.py").is_file():
            mods[d.name] = d / "__init__.py"
    return mods


class Import:
    """One arrow: ``source`` imports ``target`` at ``file:line:col``."""

    def __init__(self, source: str, target: str, where: str, text: str):
        self.source, self.target, self.where, self.text = source, target, where, text

    def __repr__(self) -> str:
        return f"{self.where}: {self.text}"


def _target(name: str, modules) -> str:
    """The module ``piecewise.<name...>`` denotes: its first component when that is a module
    of the package, else ``__init__`` (a name the package itself defines)."""
    first = name.split(".")[0]
    return first if first in modules else "__init__"


def imports_of(path: Path, source: str, modules) -> Tuple[List[Import], List[str]]:
    """Every import of a package module in ``path`` (anywhere in the file), and the imports
    the checker cannot place (a relative import above the package)."""
    source_text = path.read_text()
    tree = ast.parse(source_text, filename=str(path))
    found: List[Import] = []
    odd: List[str] = []

    def add(node, target: str):
        text = ast.get_source_segment(source_text, node) or type(node).__name__
        where = f"{path.name}:{node.lineno}:{node.col_offset + 1}"
        found.append(Import(source, target, where, " ".join(text.split())))

    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level > 1:
                odd.append(f"{path.name}:{node.lineno}:{node.col_offset + 1}: a relative "
                           f"import above the package")
                continue
            if node.level == 1:
                base = node.module
            elif node.module == PACKAGE:
                base = None
            elif (node.module or "").startswith(PACKAGE + "."):
                base = node.module[len(PACKAGE) + 1:]
            else:
                continue
            if base is None:  # from . import a, b: modules, or names of __init__
                for alias in node.names:
                    add(node, _target(alias.name, modules))
            else:
                add(node, _target(base, modules))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == PACKAGE:
                    add(node, "__init__")
                elif alias.name.startswith(PACKAGE + "."):
                    add(node, _target(alias.name[len(PACKAGE) + 1:], modules))
        elif isinstance(node, ast.Call) and node.args:
            f = node.func
            fname = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", None)
            arg = node.args[0]
            if fname in ("import_module", "__import__") and isinstance(arg, ast.Constant) \
                    and isinstance(arg.value, str):
                name = arg.value
                if name == PACKAGE:
                    add(node, "__init__")
                elif name.startswith(PACKAGE + "."):
                    add(node, _target(name[len(PACKAGE) + 1:], modules))
                elif name.startswith(".") and not name.startswith(".."):
                    add(node, _target(name[1:], modules))
    return found, odd


def _cycles(edges: Dict[str, Dict[str, Import]]) -> List[Tuple[List[str], List[str]]]:
    """The import cycles: for each strongly connected component of more than one module (or
    a module importing itself), its modules and one closed path through them."""
    index: Dict[str, int] = {}
    low: Dict[str, int] = {}
    stack: List[str] = []
    on: set = set()
    comps: List[List[str]] = []

    def visit(v: str):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, {})):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1 or v in edges.get(v, {}):
                comps.append(sorted(comp))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    cycles = []
    for comp in comps:
        members = set(comp)
        start = comp[0]
        path = [start]  # a closed path: BFS back to start within the component
        prev: Dict[str, Optional[str]] = {w: None for w in edges.get(start, {}) if w in members}
        frontier = list(prev)
        while start not in prev:
            nxt = []
            for v in frontier:
                for w in sorted(edges.get(v, {})):
                    if w in members and w not in prev:
                        prev[w] = v
                        nxt.append(w)
            frontier = nxt
        walk, v = [], start
        while v is not None:  # start <- ... <- a successor of start
            walk.append(v)
            v = prev[v]
        cycles.append((comp, path + list(reversed(walk))))
    return cycles


def problems(pkg_dir: Path, layers: Optional[Layers] = None) -> List[str]:
    """Everything in ``pkg_dir`` that breaks the declared layering, one message each."""
    layers = declared_layers(pkg_dir) if layers is None else layers
    modules = package_modules(pkg_dir)
    known = set(modules) | set(EXTENSIONS)
    out: List[str] = []
    level: Dict[str, int] = {}
    layer_name: Dict[str, str] = {}
    for i, (name, mods) in enumerate(layers):
        for m in mods:
            if m in level:
                out.append(f"{m} is declared in two layers ({layer_name[m]!r} and {name!r})")
            level[m], layer_name[m] = i, name
    for m in sorted(modules):
        if m not in level:
            out.append(f"{modules[m].name} is not in a layer: add it to _LAYERS in "
                       f"{PACKAGE}/__init__.py")
    for m in sorted(level):
        if m not in modules and m not in EXTENSIONS:
            out.append(f"{m} is declared in layer {layer_name[m]!r} but is no module of the "
                       f"package")
    edges: Dict[str, Dict[str, Import]] = {}
    for m, path in sorted(modules.items()):
        found, odd = imports_of(path, m, known)
        out.extend(odd)
        for imp in found:
            edges.setdefault(m, {}).setdefault(imp.target, imp)
            if m not in level or imp.target not in level:
                if imp.target not in level and imp.target not in modules:
                    out.append(f"{imp!r}: {imp.target} is no module of the package")
                continue
            if level[imp.target] >= level[m]:
                how = "its own layer" if level[imp.target] == level[m] else "a higher layer"
                out.append(f"{imp!r}: {m} (layer {layer_name[m]!r}) imports {imp.target} "
                           f"(layer {layer_name[imp.target]!r}), {how}: an arrow against the "
                           f"declared order")
    for comp, cycle in _cycles(edges):
        steps = [f"{a} -> {b} ({edges[a][b].where})" for a, b in zip(cycle, cycle[1:])]
        out.append(f"import cycle among {', '.join(comp)}: " + ", ".join(steps))
    return out


def test_the_package_imports_only_down_its_layers():
    found = problems(PKG_DIR)
    assert not found, "python/piecewise breaks its layering:\n" + "\n".join(found)


def test_private_is_the_bottom_and_the_switch_is_below_its_consumers():
    """What the layering is for: ``_private`` (the private surfaces) imports nothing of the
    package, the one fast-path switch sits below the modules that read it, and the probe
    above ``split``, which it drives."""
    layers = declared_layers(PKG_DIR)
    level = {m: i for i, (_, mods) in enumerate(layers) for m in mods}
    modules = package_modules(PKG_DIR)
    assert imports_of(modules["_private"], "_private", set(modules) | set(EXTENSIONS))[0] == []
    assert level["_fast_paths"] < min(level["fx"], level["split"])
    assert level["_probe"] > level["split"]
    assert level["capture"] < level["backend"]
    assert layers[-1][1] == ("__init__",)


def test_architecture_doc_shows_the_declared_layers():
    """docs/architecture.md's table of the Python layers is ``_LAYERS``, row by row."""
    import re

    doc = (PKG_DIR.parents[1] / "docs" / "architecture.md").read_text()
    section = doc.split("### The Python package's layers", 1)[1]
    rows = []
    for line in section.split("\n\n| layer |", 1)[1].splitlines()[2:]:
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip("|").split("|")]
        rows.append((cells[0], tuple(re.findall(r"`([^`]+)`", cells[1]))))
    assert rows == [(name, tuple(mods)) for name, mods in declared_layers(PKG_DIR)]


# --- the checker itself: packages that break each rule ----------------------------------------

LAYERS = (("base", ("low", "peer")), ("mid", ("mid",)), ("top", ("top",)),
          ("package", ("__init__",)))


def make_package(tmp_path: Path, files: Dict[str, str]) -> Path:
    pkg = tmp_path / PACKAGE
    pkg.mkdir(parents=True)
    base = {"low": "", "peer": "", "mid": "from . import low\n", "top": "from . import mid\n",
            "__init__": "from . import top\n__version__ = '0'\n"}
    base.update(files)
    for name, text in base.items():
        if text is not None:
            (pkg / f"{name}.py").write_text(textwrap.dedent(text))
    return pkg


def test_checker_accepts_a_layered_package(tmp_path):
    assert problems(make_package(tmp_path, {}), LAYERS) == []


@pytest.mark.parametrize("text, target", [
    ("from . import mid\n", "mid"),
    ("from .mid import thing\n", "mid"),
    ("import piecewise.mid\n", "mid"),
    ("import piecewise.mid as m\n", "mid"),
    ("from piecewise import mid\n", "mid"),
    ("from piecewise.top import thing\n", "top"),
    ("def f():\n    from . import mid\n    return mid\n", "mid"),
    ("class C:\n    def f(self):\n        import piecewise.top\n", "top"),
    ("def f():\n    import importlib\n    return importlib.import_module('piecewise.mid')\n",
     "mid"),
    ("from . import __version__\n", "__init__"),
    ("import piecewise\n", "__init__"),
    ("from . import low\n", "low"),
])
def test_checker_rejects_an_upward_import_in_every_spelling(tmp_path, text, target):
    """``peer`` (the base layer; nothing imports it, so no cycle) imports up or sideways."""
    found = problems(make_package(tmp_path, {"peer": text}), LAYERS)
    assert len(found) == 1, found
    assert found[0].startswith("peer.py:") and f"imports {target} " in found[0], found
    assert "an arrow against the declared order" in found[0]


def test_checker_reports_a_cycle_with_its_arrows(tmp_path):
    pkg = make_package(tmp_path, {"low": "def f():\n    from .mid import g\n"})
    found = problems(pkg, LAYERS)
    assert any(f.startswith("low.py:2:5: from .mid import g: low (layer 'base') imports mid")
               for f in found), found
    cycles = [f for f in found if f.startswith("import cycle")]
    assert cycles == ["import cycle among low, mid: low -> mid (low.py:2:5), "
                      "mid -> low (mid.py:1:1)"], found


def test_checker_names_every_module_of_a_longer_cycle(tmp_path):
    pkg = make_package(tmp_path, {"low": "def f():\n    import piecewise.top\n"})
    cycles = [f for f in problems(pkg, LAYERS) if f.startswith("import cycle")]
    assert cycles == ["import cycle among low, mid, top: low -> top (low.py:2:5), "
                      "top -> mid (top.py:1:1), mid -> low (mid.py:1:1)"], cycles


def test_checker_reports_a_cycle_even_where_the_layers_allow_each_arrow(tmp_path):
    """A layering that put both modules of a cycle in one layer still fails (the arrow inside
    the layer, and the cycle)."""
    pkg = make_package(tmp_path, {"low": "import piecewise.peer\n", "peer": "from . import low\n"})
    found = problems(pkg, LAYERS)
    assert sum("its own layer" in f for f in found) == 2, found
    assert any(f.startswith("import cycle among low, peer: low -> peer") for f in found), found


def test_checker_requires_every_module_declared_once(tmp_path):
    pkg = make_package(tmp_path, {"extra": "from . import low\n", "peer": None})
    found = problems(pkg, LAYERS)
    assert "extra.py is not in a layer: add it to _LAYERS in piecewise/__init__.py" in found
    assert "peer is declared in layer 'base' but is no module of the package" in found
    twice = (("base", ("low", "peer")), ("mid", ("mid", "low")), ("top", ("top",)),
             ("package", ("__init__",)))
    assert "low is declared in two layers ('base' and 'mid')" in problems(
        make_package(tmp_path / "b", {}), twice)


def test_checker_reads_the_layers_from_init(tmp_path):
    pkg = make_package(tmp_path, {"__init__": f"_LAYERS = {LAYERS!r}\nfrom . import top\n"})
    assert declared_layers(pkg) == LAYERS
    assert problems(pkg) == []
