"""The vLLM plugin (piecewise.vllm_plugin), loaded the way vLLM loads it.

vLLM is a CUDA package and is not installed here, so each test writes a vLLM-shaped
package into its tmp dir, written anew from what vLLM main does (not copied):

- ``vllm/plugins/__init__.py``: ``load_general_plugins`` / ``load_plugins_by_group``:
  ``importlib.metadata.entry_points(group="vllm.general_plugins")``, filtered by
  ``VLLM_PLUGINS`` (unset: all; set: the comma-separated names, compared exactly), each
  plugin loaded and called, once a process;
- ``vllm/compilation/backends.py``: ``SplitItem``, ``split_graph(graph, splitting_ops)`` (vLLM's
  algorithm: ``piecewise.vllm_reference``), and a ``VllmBackend`` that uses ``split_graph``
  as vLLM main's does: looked up in the module's globals at each call, the pieces' outputs
  read from ``meta["example_value"]`` by an interpreter (``PiecewiseCompileInterpreter``,
  which also computes each compiled piece's ``sym_shape_indices``), and the stitching
  module turned into Python code that calls the pieces (vLLM's ``generate_execution_code``:
  placeholders, submodule calls, integer getitems, constants, the output; anything else
  is an error). With ``layout="moved"`` the code lives in ``vllm/backends/compiler/`` and
  ``vllm/compilation/backends.py`` is a ``sys.modules`` alias of it, as at vLLM 055e47c2.

plus a ``*.dist-info`` directory whose ``entry_points.txt`` is generated from this
repository's pyproject.toml (``[project.entry-points.*]``, read with tomllib): the plugin is
found only if pyproject declares it right. Each scenario runs in a fresh interpreter
(``python -c`` of ``DRIVER`` below), as vLLM runs its plugins in each process.
"""

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

piecewise = pytest.importorskip("piecewise")
tomllib = pytest.importorskip("tomllib")  # Python >= 3.11

REPO = Path(__file__).resolve().parents[2]
GROUP = "vllm.general_plugins"

VLLM_INIT = '''
"""A vLLM-shaped package for piecewise's plugin tests."""
'''

VLLM_ENVS = '''
import os


def __getattr__(name):
    if name == "VLLM_PLUGINS":
        # unset: every plugin of a group; set: the names it lists, comma-separated
        if "VLLM_PLUGINS" not in os.environ:
            return None
        return os.environ["VLLM_PLUGINS"].split(",")
    raise AttributeError(name)
'''

VLLM_PLUGINS = '''
import logging
from importlib.metadata import entry_points

import vllm.envs as envs

logger = logging.getLogger("vllm.plugins")
DEFAULT_PLUGINS_GROUP = "vllm.general_plugins"
plugins_loaded = False
calls = []  # the names of the plugins called, in order


def load_plugins_by_group(group):
    allowed = envs.VLLM_PLUGINS
    found = {}
    for ep in entry_points(group=group):
        if allowed is not None and ep.name not in allowed:
            continue
        try:
            found[ep.name] = ep.load()
        except Exception:
            logger.exception("Failed to load plugin %s", ep.name)
    return found


def load_general_plugins():
    global plugins_loaded
    if plugins_loaded:
        return
    plugins_loaded = True
    for name, fn in load_plugins_by_group(DEFAULT_PLUGINS_GROUP).items():
        calls.append(name)
        fn()
'''

# The compilation module. SPLIT_SIGNATURE and ITEM_FIELDS are replaced per test (the
# contract checks).
VLLM_BACKENDS = '''
import dataclasses
import operator

import torch
import torch.fx as fx

from piecewise import vllm_reference as _ref


@dataclasses.dataclass
class SplitItem:
    ITEM_FIELDS


calls = []  # which split_graph VllmBackend called: its module (piecewise's or this one)


def _vllm_split(graph, splitting_ops=(), *rest):
    """vLLM's algorithm (decompose sizes, ids, empty-only merge, split_module)."""
    split_gm, items = _ref.split_graph(graph, list(splitting_ops))
    return split_gm, [SplitItem(i.submod_name, i.graph_id, i.is_splitting_graph, i.graph)
                      for i in items]


def split_graph(SPLIT_SIGNATURE):
    return _vllm_split(*locals().values())


class PiecewiseCompileInterpreter(fx.Interpreter):
    """vLLM main's: a piece's outputs are its output nodes' meta["example_value"] (the
    piece is not run); each compiled piece is "compiled" (here: run eagerly) and records
    which of its arguments are SymInts."""

    def __init__(self, module, compile_submod_names, backend):
        super().__init__(module)
        self.compile_submod_names = compile_submod_names
        self.backend = backend

    def call_module(self, target, args, kwargs):
        piece = getattr(self.module, target)
        outputs = fx.map_arg(piece.graph.output_node().args[0],
                             lambda n: n.meta["example_value"])
        if target in self.compile_submod_names:
            self.backend.sym_shape_indices[target] = [
                i for i, a in enumerate(args) if isinstance(a, torch.SymInt)]
        return outputs


def generate_execution_code(split_gm):
    """vLLM main's stitching code: one Python function calling the pieces."""
    lines, params, submods, consts = [], [], [], {}
    for node in split_gm.graph.nodes:
        if node.op == "placeholder":
            params.append(node.name)
        elif node.op == "call_module":
            submods.append(node.target)
            args = ", ".join(_ref_of(a) for a in node.args)
            lines.append(f"    {node.name} = __submods__[{len(submods) - 1}]({args})")
        elif node.op == "call_function" and node.target is operator.getitem:
            assert isinstance(node.args[1], int), node.format_node()
            lines.append(f"    {node.name} = {_ref_of(node.args[0])}[{node.args[1]}]")
        elif node.op == "get_attr":
            consts[node.name] = getattr(split_gm, node.target)
            lines.append(f"    {node.name} = __consts__[{node.name!r}]")
        elif node.op == "output":
            lines.append(f"    return {_ref_of(node.args[0])}")
        else:
            raise RuntimeError(f"Unsupported node from codegen: {node.format_node()}")
    head = f"def execution_fn({', '.join(params)}, *, __submods__, __consts__):"
    return "\\n".join([head] + lines) + "\\n", submods, consts


def _ref_of(a):
    if isinstance(a, fx.Node):
        return a.name
    if isinstance(a, (list, tuple)):
        inner = ", ".join(_ref_of(x) for x in a)
        return f"[{inner}]" if isinstance(a, list) else f"({inner}{',' if len(a) == 1 else ''})"
    return repr(a)


class VllmBackend:
    def __init__(self, splitting_ops):
        self.splitting_ops = list(splitting_ops)
        self.sym_shape_indices = {}

    def __call__(self, graph, example_inputs):
        # split_graph is looked up in this module's globals here, at each call (as in vLLM)
        self.split_gm, self.piecewise_graphs = split_graph(graph, self.splitting_ops)
        calls.append(split_graph.__module__)
        names = [i.submod_name for i in self.piecewise_graphs if not i.is_splitting_graph]
        fake_args = [ph.meta["example_value"] if isinstance(t, torch.Tensor) else t
                     for ph, t in zip(graph.graph.find_nodes(op="placeholder"),
                                      example_inputs)]
        PiecewiseCompileInterpreter(self.split_gm, names, self).run(*fake_args)
        code, submods, consts = generate_execution_code(self.split_gm)
        namespace = {}
        exec(code, namespace)
        fn = namespace["execution_fn"]
        pieces = [getattr(self.split_gm, name).forward for name in submods]
        return lambda *args: fn(*args, __submods__=pieces, __consts__=consts)
'''

VLLM_MAIN_SIGNATURE = "graph: fx.GraphModule, splitting_ops: list[str]"
VLLM_ITEM_FIELDS = ("submod_name: str\n    graph_id: int\n    is_splitting_graph: bool\n"
                    "    graph: fx.GraphModule")

SHIM = '''
import importlib
import sys

sys.modules[__name__] = importlib.import_module("vllm.backends.compiler.backends")
'''

# The process each scenario runs in: loads the plugins as vLLM does, then (per the
# arguments) compiles the vLLM-shaped Llama (bench/capture_llama.py) or a small model whose
# splitting op returns a fresh tensor ("fresh") or writes a buffer ("clean"), through
# VllmBackend, and prints what happened.
DRIVER = r'''
import json, sys
import torch

import vllm.compilation.backends as backends
import vllm.plugins as plugins

scenario = sys.argv[1]
original = backends.split_graph
plugins.load_general_plugins()
out = {"called": list(plugins.calls), "patched": backends.split_graph is not original,
       "plugin_imported": "piecewise.vllm_plugin" in sys.modules}
if scenario == "twice":  # another load in the same process, and a direct call
    plugins.plugins_loaded = False
    plugins.load_general_plugins()
    import piecewise.vllm_plugin
    piecewise.vllm_plugin.register()
    out["still_patched"] = backends.split_graph is not original
    out["installed"] = piecewise.vllm_plugin.installed()
    out["unregistered"] = piecewise.vllm_plugin.unregister()
    out["restored"] = backends.split_graph is original
if scenario in ("llama", "fresh", "clean"):
    sys.path.insert(0, sys.argv[2])  # bench/
    import capture_llama as cl

    torch._dynamo.reset()
    if scenario == "llama":
        model = cl.build(2)
        ids, pos = cl.example(8)
        ops = cl.SPLITTING_OPS
        args = (ids, pos)
    else:
        lib = torch.library.Library("plugtest", "DEF")
        lib.define("attn(Tensor q, Tensor k) -> Tensor")
        lib.define("attn_out(Tensor q, Tensor k, Tensor(a!) out) -> ()")
        def attn_out(q, k, out):
            out.copy_(q * k.sigmoid())

        lib.impl("attn", lambda q, k: q * k.sigmoid(), "CPU")
        lib.impl("attn_out", attn_out, "CPU")
        torch.library.register_fake("plugtest::attn", lambda q, k: torch.empty_like(q), lib=lib)
        torch.library.register_fake("plugtest::attn_out", lambda q, k, out: None, lib=lib)
        w = torch.randn(16, 16)

        class M(torch.nn.Module):
            def forward(self, x):
                h = (x @ w).relu()
                if scenario == "fresh":  # a fresh tensor the next captured piece reads
                    a = torch.ops.plugtest.attn(h, h)
                else:  # into a buffer allocated in the captured piece before
                    a = torch.empty_like(h)
                    torch.ops.plugtest.attn_out(h, h, a)
                return (a @ w).tanh()

        model, args = M(), (torch.randn(6, 16),)
        ops = ["plugtest::attn", "plugtest::attn_out"]
    be = backends.VllmBackend(ops)
    for a in args:
        torch._dynamo.mark_dynamic(a, 0)
    compiled = torch.compile(model, backend=be, fullgraph=True)
    with torch.no_grad():
        try:
            got, want = compiled(*args), model(*args)
        except Exception as e:
            out["error"] = f"{type(e).__name__}: {e}"
        else:
            out["max_err"] = float((got - want).abs().max())
            if scenario == "llama":  # another token count through the same compiled graph
                ids, pos = cl.example(5, seed=1)
                out["max_err_5"] = float((compiled(ids, pos) - model(ids, pos)).abs().max())
            out["split_by"] = backends.calls
            out["items"] = [[i.submod_name, i.is_splitting_graph, type(i).__module__]
                            for i in be.piecewise_graphs]
            out["sym_shape_indices"] = be.sym_shape_indices
print("RESULT " + json.dumps(out))
'''


def _dist_info(site: Path, pyproject: dict) -> Path:
    """A dist-info directory on ``site`` for this repository's distribution, with the entry
    points pyproject.toml declares (the file pip would write from it)."""
    project = pyproject["project"]
    # The version is dynamic (CMakeLists.txt's project line): any will do for entry points.
    name, version = project["name"], project.get("version", "0")
    d = site / f"{name.replace('-', '_')}-{version}.dist-info"
    d.mkdir(parents=True)
    (d / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n")
    lines = []
    for group, entries in project.get("entry-points", {}).items():
        lines.append(f"[{group}]")
        lines += [f"{k} = {v}" for k, v in entries.items()]
        lines.append("")
    (d / "entry_points.txt").write_text("\n".join(lines))
    return d


def _write_vllm(site: Path, layout: str = "classic", signature: str = VLLM_MAIN_SIGNATURE,
                fields: str = VLLM_ITEM_FIELDS) -> None:
    files = {
        "vllm/__init__.py": VLLM_INIT,
        "vllm/envs.py": VLLM_ENVS,
        "vllm/plugins/__init__.py": VLLM_PLUGINS,
        "vllm/compilation/__init__.py": "",
    }
    backends = VLLM_BACKENDS.replace("SPLIT_SIGNATURE", signature).replace("ITEM_FIELDS", fields)
    if layout == "classic":
        files["vllm/compilation/backends.py"] = backends
    else:
        files["vllm/backends/__init__.py"] = ""
        files["vllm/backends/compiler/__init__.py"] = ""
        files["vllm/backends/compiler/backends.py"] = backends
        files["vllm/compilation/backends.py"] = SHIM
    for rel, text in files.items():
        p = site / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(textwrap.dedent(text))


def _pythonpath(site: Path) -> str:
    """The tmp site first, then wherever this process finds piecewise and its extension."""
    import piecewise._core as core

    dirs = [str(site), str(Path(piecewise.__file__).resolve().parents[1]),
            str(Path(core.__file__).resolve().parents[1])]
    dirs += [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    return os.pathsep.join(dict.fromkeys(dirs))


@pytest.fixture
def site(tmp_path):
    s = tmp_path / "site"
    s.mkdir()
    with open(REPO / "pyproject.toml", "rb") as f:
        _dist_info(s, tomllib.load(f))
    return s


def run(site: Path, scenario: str, env: dict, cwd: Path = None):
    """Runs DRIVER in a fresh interpreter; (its RESULT dict, the stderr lines)."""
    full = {k: v for k, v in os.environ.items()
            if not k.startswith(("PIECEWISE_VLLM", "VLLM_"))}
    full.update(env)
    full["PYTHONPATH"] = _pythonpath(site)
    p = subprocess.run([sys.executable, "-c", DRIVER, scenario, str(REPO / "bench")],
                       env=full, cwd=str(cwd or site), capture_output=True, text=True,
                       timeout=600)
    results = [line for line in p.stdout.splitlines() if line.startswith("RESULT ")]
    assert p.returncode == 0 and results, p.stdout + p.stderr
    return json.loads(results[-1][len("RESULT "):]), p.stderr.splitlines()


def piecewise_lines(stderr):
    return [line for line in stderr if "[piecewise]" in line]


# --- the entry point -----------------------------------------------------------------------------

def test_pyproject_declares_the_entry_point_vllm_loads():
    with open(REPO / "pyproject.toml", "rb") as f:
        eps = tomllib.load(f)["project"]["entry-points"]
    assert eps[GROUP] == {"piecewise": "piecewise.vllm_plugin:register"}


def test_entry_point_is_found_through_importlib_metadata(site):
    _write_vllm(site)
    code = ("from importlib.metadata import entry_points; import json; "
            "print(json.dumps([[e.name, e.value, str(e.dist.locate_file(''))] "
            f"for e in entry_points(group={GROUP!r})]))")
    env = {**os.environ, "PYTHONPATH": _pythonpath(site)}
    p = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                       check=True)
    found = json.loads(p.stdout)
    ours = [f for f in found if Path(f[2]) == site]
    assert [f[:2] for f in ours] == [["piecewise", "piecewise.vllm_plugin:register"]]
    others = [f for f in found if f not in ours and f[0] == "piecewise"]
    if others:
        pytest.skip(f"an installed distribution registers the plugin too: {others}")


# --- enabling -----------------------------------------------------------------------------------

def test_disabled_by_default(site):
    _write_vllm(site)
    # VLLM_PLUGINS unset: vLLM calls every plugin; piecewise's does nothing.
    out, err = run(site, "load", {})
    assert out["called"] == ["piecewise"]
    assert not out["patched"] and not piecewise_lines(err)
    # VLLM_PLUGINS naming others: vLLM does not even load it.
    out, err = run(site, "load", {"VLLM_PLUGINS": "other,piecewise_x"})
    assert out["called"] == [] and not out["plugin_imported"] and not out["patched"]
    # an explicit 0 wins over VLLM_PLUGINS
    out, err = run(site, "load", {"VLLM_PLUGINS": "piecewise", "PIECEWISE_VLLM": "0"})
    assert out["called"] == ["piecewise"] and not out["patched"]


@pytest.mark.parametrize("env", [{"PIECEWISE_VLLM": "1"},
                                 {"VLLM_PLUGINS": "other,piecewise", "PIECEWISE_VLLM": ""}],
                         ids=["PIECEWISE_VLLM", "VLLM_PLUGINS"])
def test_enabled_by_either_switch_logs_one_line(site, env):
    _write_vllm(site)
    out, err = run(site, "twice", env)  # loaded twice, and register() called again
    assert out["called"] == ["piecewise"] and out["patched"] and out["still_patched"]
    assert out["installed"] and out["unregistered"] and out["restored"]
    lines = piecewise_lines(err)
    assert len(lines) == 1, err
    assert "split_graph replaced by piecewise.split_graph" in lines[0]
    assert lines[0].startswith("INFO")


# --- the contract ---------------------------------------------------------------------------------

@pytest.mark.parametrize("signature,fields,why", [
    ("graph: fx.GraphModule, splitting_ops: list[str], extra: int",
     VLLM_ITEM_FIELDS, "is not split_graph(graph, splitting_ops)"),
    ("gm, splitting_ops=()", VLLM_ITEM_FIELDS, "is not split_graph(graph, splitting_ops)"),
    (VLLM_MAIN_SIGNATURE, VLLM_ITEM_FIELDS + "\n    is_cudagraph_safe: bool = True",
     "SplitItem has the fields"),
    # an earlier vLLM's: resolved op objects, matched by other rules than main's
    ("graph: fx.GraphModule, resolved_ops: list", VLLM_ITEM_FIELDS,
     "is not split_graph(graph, splitting_ops)"),
], ids=["extra-parameter", "renamed", "item-field", "resolved-ops"])
def test_other_contract_is_refused_with_one_warning(site, signature, fields, why):
    _write_vllm(site, signature=signature, fields=fields)
    out, err = run(site, "twice", {"PIECEWISE_VLLM": "1"})
    assert out["called"] == ["piecewise"] and not out["patched"] and not out["still_patched"]
    assert not out["installed"] and not out["unregistered"] and out["restored"]
    lines = piecewise_lines(err)
    assert len(lines) == 1 and lines[0].startswith("WARNING"), err
    assert why in lines[0] and "not enabled for vLLM" in lines[0]


def test_no_vllm_is_refused_with_one_warning(site):
    # the dist-info is there, vLLM's compilation module is not
    _write_vllm(site)
    (site / "vllm/compilation/backends.py").write_text("raise ImportError('no CUDA here')\n")
    code = ("import vllm.plugins as p; p.load_general_plugins(); p.plugins_loaded = False; "
            "p.load_general_plugins()")
    env = {**os.environ, "PYTHONPATH": _pythonpath(site), "PIECEWISE_VLLM": "1"}
    r = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    lines = piecewise_lines(r.stderr.splitlines())
    assert len(lines) == 1 and "cannot be imported" in lines[0] and "no CUDA here" in lines[0]


# --- splitting through the patched function ---------------------------------------------------

@pytest.mark.parametrize("layout", ["classic", "moved"])
def test_vllm_backend_splits_with_piecewise_and_computes_the_same(site, layout):
    """The vLLM-shaped Llama (dynamic token count, LayerName inputs, KV-cache update and
    attention as splitting ops) compiled through VllmBackend: the split is piecewise's, the
    items are vLLM's SplitItem, every piece's outputs are read from meta (the interpreter),
    the stitching code runs, and the result is eager's, at two token counts."""
    _write_vllm(site, layout=layout)
    out, err = run(site, "llama", {"PIECEWISE_VLLM": "1"})
    assert out["split_by"] == ["piecewise.vllm_plugin"]
    assert out["max_err"] < 1e-5 and out["max_err_5"] < 1e-5
    items = out["items"]
    assert sum(splitting for _, splitting, _ in items) == 4  # 2 layers x (kv update, attn)
    want = "vllm.backends.compiler.backends" if layout == "moved" else "vllm.compilation.backends"
    assert {mod for _, _, mod in items} == {want}
    # the first compiled piece takes the token count as a SymInt (vLLM's sym_shape_indices)
    first = items[0][0]
    assert out["sym_shape_indices"][first], out["sym_shape_indices"]
    if layout == "moved":
        # the same through vLLM's own split_graph (plugin off): the same pieces
        out2, _ = run(site, "llama", {})
        assert out2["split_by"] == ["vllm.backends.compiler.backends"]
        assert out2["items"] == items
        assert out2["sym_shape_indices"] == out["sym_shape_indices"]


# --- check_capture --------------------------------------------------------------------------------

def test_check_capture_warn(site):
    _write_vllm(site)
    out, err = run(site, "fresh", {"PIECEWISE_VLLM": "1", "PIECEWISE_VLLM_CHECK_CAPTURE": "warn"})
    assert out["max_err"] < 1e-5  # compiled and ran
    warned = [line for line in piecewise_lines(err) if line.startswith("WARNING")]
    assert len(warned) == 1 and "not capture-safe" in warned[0], err
    assert any("returns a fresh tensor" in line for line in err)
    # the splitting op the graph does not have (plugtest::attn_out) is not warned about
    assert not any("matches no node" in line for line in err)
    # a graph that reads a buffer allocated in a captured piece: nothing to say
    out, err = run(site, "clean", {"PIECEWISE_VLLM": "1", "PIECEWISE_VLLM_CHECK_CAPTURE": "warn"})
    assert out["max_err"] < 1e-5
    assert [line for line in piecewise_lines(err) if "replaced" not in line] == []


def test_check_capture_error_fails_the_compilation(site):
    _write_vllm(site)
    out, err = run(site, "fresh", {"PIECEWISE_VLLM": "1", "PIECEWISE_VLLM_CHECK_CAPTURE": "error"})
    assert "error" in out and "not capture-safe" in out["error"], out
    out, err = run(site, "clean", {"PIECEWISE_VLLM": "1", "PIECEWISE_VLLM_CHECK_CAPTURE": "error"})
    assert "error" not in out and out["max_err"] < 1e-5
    # (unset: test_report_dir_gets_a_page_per_split_and_an_index compiles it silently)


def test_bad_values_are_one_warning_each(site):
    _write_vllm(site)
    out, err = run(site, "twice", {"PIECEWISE_VLLM": "1", "PIECEWISE_VLLM_CHECK_CAPTURE": "maybe"})
    assert out["patched"]
    warned = [line for line in piecewise_lines(err) if line.startswith("WARNING")]
    assert len(warned) == 1 and "PIECEWISE_VLLM_CHECK_CAPTURE='maybe'" in warned[0]
    assert "check_capture: off" in piecewise_lines(err)[-1]
    out, err = run(site, "twice", {"PIECEWISE_VLLM": "sure", "VLLM_PLUGINS": "piecewise"})
    assert out["patched"]  # VLLM_PLUGINS decides
    warned = [line for line in piecewise_lines(err) if line.startswith("WARNING")]
    assert len(warned) == 1 and "PIECEWISE_VLLM='sure'" in warned[0]


# --- reports --------------------------------------------------------------------------------------

def test_report_dir_gets_a_page_per_split_and_an_index(site, tmp_path):
    _write_vllm(site)
    reports = tmp_path / "reports"
    env = {"PIECEWISE_VLLM": "1", "PIECEWISE_VLLM_REPORT_DIR": str(reports)}
    out, err = run(site, "fresh", env)
    assert out["max_err"] < 1e-5
    assert len(piecewise_lines(err)) == 1  # no check_capture unless asked: not a word on it
    out, err = run(site, "llama", env)
    pages = sorted(p.name for p in reports.glob("*_graph_*.html"))
    assert len(pages) == 2  # one split in each of the two processes
    assert len({p.split("_")[0] for p in pages}) == 2
    index = (reports / "index.html").read_text()
    for p in pages:
        assert f'href="{p}"' in index
    llama = max((reports / p for p in pages), key=lambda p: p.stat().st_mtime).read_text()
    # the page is piecewise report's, of the graph as split: its pieces and splitting ops
    assert "<html" in llama and "unified_attention_with_output" in llama
    assert "submod_1" in llama
    assert not list(reports.glob("*.tmp"))


def test_report_dir_unwritable_is_a_warning_not_a_failure(site, tmp_path):
    _write_vllm(site)
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    out, err = run(site, "fresh", {"PIECEWISE_VLLM": "1",
                                   "PIECEWISE_VLLM_REPORT_DIR": str(blocker / "reports")})
    assert out["max_err"] < 1e-5
    assert any("no report for graph 0" in line for line in piecewise_lines(err)), err
