"""piecewise as a vLLM plugin: vLLM's piecewise split made by ``piecewise.split_graph``.

    pip install piecewise-fx vllm
    PIECEWISE_VLLM=1 vllm serve ...            # or VLLM_PLUGINS=piecewise (vLLM's own filter)

vLLM calls every function registered under the entry-point group ``vllm.general_plugins``
in each of its processes (``vllm.plugins.load_general_plugins``: once per process, but in
every process: the API server, the engine core, each worker); piecewise registers
``piecewise = piecewise.vllm_plugin:register`` there (pyproject.toml). vLLM calls all of a
group's plugins when ``VLLM_PLUGINS`` is unset and only those it names (a comma-separated
list, names compared exactly) when it is set, so :func:`register` does nothing unless it is
asked for explicitly: ``PIECEWISE_VLLM=1`` (``0`` turns it off whatever else is set), or
``VLLM_PLUGINS`` naming ``piecewise``.

Enabled, it replaces ``vllm.compilation.backends.split_graph`` (the module attribute:
``VllmBackend.__call__`` looks the name up in its module's globals at every call, so that is
where the replacement takes effect; on vLLM versions that moved the code elsewhere, that
import path is a ``sys.modules`` alias of the module that holds it, and the attribute set
is the same) with a function of the same signature that splits with
``piecewise.split_graph`` and returns vLLM's own ``SplitItem`` objects. Before replacing
anything it checks the contract: ``split_graph(graph, splitting_ops)`` with no other
parameters (vLLM main's; the rules piecewise follows are main's, ``test_vllm_dropin.py``),
and a ``SplitItem`` dataclass with exactly the fields ``submod_name, graph_id,
is_splitting_graph, graph``. Anything else (an earlier vLLM's ``(graph, resolved_ops)``,
which took resolved op objects and split by other rules; no such module) is refused with
one warning and nothing is patched. It logs one line (logger ``piecewise``) when it takes
effect; calling it again does nothing.

Options (read at each split):

- ``PIECEWISE_VLLM_CHECK_CAPTURE=warn|error`` runs ``piecewise.check_capture`` on every graph
  before it is split (vLLM replays the pieces as CUDA graphs without copying their inputs:
  a piece that reads a tensor an eager splitting op allocates reads stale memory at
  replay, docs/capture.md); ``warn`` logs what it found, ``error`` raises RuntimeError (the
  compilation fails). Unset, empty or ``off``: not run.
- ``PIECEWISE_VLLM_REPORT_DIR=DIR`` writes, for every graph split, the page ``piecewise
  report`` writes (``DIR/<pid>_graph_<n>.html``: the process id, as vLLM splits in several
  processes, and the process's n-th split) and ``DIR/index.html`` listing every page in DIR.
  A page that cannot be written is a warning; it never fails the compilation.

A splitting op that matches no node is not warned about here (piecewise's ``split_graph``
does, as a ``UserWarning``): vLLM's default ``splitting_ops`` names every attention op it
has, and a model uses one or two of them. They are logged at DEBUG instead.

When neither the ``piecewise`` logger nor the root logger has a handler (vLLM configures
only its own ``vllm`` logger), the plugin adds one to stderr at INFO, so that the line
saying it took effect shows in vLLM's output.
"""

from __future__ import annotations

import html
import importlib
import inspect
import logging
import os
import re
import sys
import threading
import warnings
from dataclasses import fields, is_dataclass
from typing import Any, List, Optional, Tuple

logger = logging.getLogger("piecewise")

#: The name of the plugin: its entry point's name, and what ``VLLM_PLUGINS`` lists.
PLUGIN_NAME = "piecewise"
#: The entry-point group vLLM loads general plugins from.
ENTRY_POINT_GROUP = "vllm.general_plugins"
#: The module whose ``split_graph`` is replaced.
TARGET_MODULE = "vllm.compilation.backends"

ENV_ENABLE = "PIECEWISE_VLLM"
ENV_CHECK_CAPTURE = "PIECEWISE_VLLM_CHECK_CAPTURE"
ENV_REPORT_DIR = "PIECEWISE_VLLM_REPORT_DIR"

# The contract split_graph is checked against.
_OPS_PARAMETER = "splitting_ops"
_ITEM_FIELDS = ("submod_name", "graph_id", "is_splitting_graph", "graph")

_TRUE = ("1", "true", "yes", "on")
_FALSE = ("0", "false", "no", "off")

_lock = threading.Lock()
_refused = False  # the refusal has been warned about (once a process)
_said = set()  # the configuration warnings already given
_splits = 0  # the splits this process made (names the report pages)
_installed: Optional[Tuple[Any, str, Any]] = None  # (module, attribute, the original)


def enabled(environ=None) -> bool:
    """True when the plugin is asked for: ``PIECEWISE_VLLM=1`` (``0`` wins over everything),
    else ``VLLM_PLUGINS`` listing ``piecewise`` as vLLM reads it (split at commas, compared
    exactly)."""
    env = os.environ if environ is None else environ
    value = env.get(ENV_ENABLE, "").strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    if value:
        _say_once(f"{ENV_ENABLE}={env.get(ENV_ENABLE)!r} is neither 1 nor 0: ignored")
    allowed = env.get("VLLM_PLUGINS")
    return allowed is not None and PLUGIN_NAME in allowed.split(",")


def check_capture_mode(environ=None) -> str:
    """``off``, ``warn`` or ``error``, from ``PIECEWISE_VLLM_CHECK_CAPTURE``."""
    env = os.environ if environ is None else environ
    value = env.get(ENV_CHECK_CAPTURE, "").strip().lower()
    if value in ("", "off", "0", "none"):
        return "off"
    if value in ("warn", "error"):
        return value
    _say_once(f"{ENV_CHECK_CAPTURE}={env.get(ENV_CHECK_CAPTURE)!r} is not off, warn or error: "
              "not checked")
    return "off"


def register() -> None:
    """The entry point vLLM calls (``vllm.general_plugins``): replaces vLLM's
    ``split_graph`` when the plugin is enabled (see the module docstring). Idempotent."""
    if not enabled():
        return
    _ensure_handler()
    with _lock:
        _install()


def unregister() -> bool:
    """Puts vLLM's own ``split_graph`` back; True when something was replaced."""
    global _installed
    with _lock:
        if _installed is None:
            return False
        module, name, original = _installed
        _installed = None
        if not getattr(getattr(module, name, None), "__piecewise_vllm__", False):
            return False  # replaced since by someone else: theirs stays
        setattr(module, name, original)
        return True


def installed() -> bool:
    """True when vLLM's ``split_graph`` is piecewise's in this process."""
    return _installed is not None


# -- installing ---------------------------------------------------------------------------


def _install() -> None:
    global _installed
    try:
        backends = importlib.import_module(TARGET_MODULE)
    except Exception as e:  # no vLLM, or one that fails to import this module
        _refuse(f"{TARGET_MODULE} cannot be imported ({type(e).__name__}: {e})")
        return
    current = getattr(backends, "split_graph", None)
    if getattr(current, "__piecewise_vllm__", False):
        return  # already ours: a second call in this process
    problem, ops_parameter = _contract_problem(backends, current)
    if problem is not None:
        _refuse(problem)
        return
    backends.split_graph = _replacement(current, ops_parameter, backends.SplitItem)
    _installed = (backends, "split_graph", current)
    from ._core import __version__

    mode = check_capture_mode()
    reports = os.environ.get(ENV_REPORT_DIR) or None
    logger.info("piecewise %s: %s.split_graph replaced by piecewise.split_graph "
                "(check_capture: %s; reports: %s)", __version__, TARGET_MODULE, mode,
                reports or "off")


def _contract_problem(backends, fn) -> Tuple[Optional[str], Optional[str]]:
    """Why ``fn`` (``backends.split_graph``) is not the function piecewise replaces, or
    None; and the name of its splitting-ops parameter."""
    where = f"{TARGET_MODULE}.split_graph"
    if fn is None or not callable(fn):
        return f"{TARGET_MODULE} has no split_graph", None
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError) as e:
        return f"{where} has no readable signature ({e})", None
    params = list(sig.parameters.values())
    expected = "(graph, splitting_ops)"
    ok = (len(params) == 2
          and all(p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD for p in params)
          and all(p.default is inspect.Parameter.empty for p in params)
          and params[0].name == "graph" and params[1].name == _OPS_PARAMETER)
    if not ok:
        return f"{where}{_plain(sig)} is not split_graph{expected}", None
    item = getattr(backends, "SplitItem", None)
    if item is None or not is_dataclass(item):
        return f"{TARGET_MODULE}.SplitItem is not a dataclass", None
    names = tuple(f.name for f in fields(item))
    if names != _ITEM_FIELDS:
        return (f"{TARGET_MODULE}.SplitItem has the fields ({', '.join(names)}), not "
                f"({', '.join(_ITEM_FIELDS)})"), None
    return None, params[1].name


def _plain(sig: inspect.Signature) -> str:
    """A signature without its annotations (what the warning names)."""
    parts = []
    for p in sig.parameters.values():
        parts.append(str(p.replace(annotation=inspect.Parameter.empty)))
    return "(" + ", ".join(parts) + ")"


def _replacement(original, ops_parameter: str, item_cls):
    sig = inspect.signature(original)

    def split_graph(*args, **kwargs):
        bound = sig.bind(*args, **kwargs)
        return _split(bound.arguments["graph"], bound.arguments[ops_parameter], item_cls)

    split_graph.__signature__ = sig
    split_graph.__wrapped__ = original
    split_graph.__piecewise_vllm__ = True
    split_graph.__doc__ = ("vLLM's split_graph, made by piecewise.split_graph "
                           "(piecewise.vllm_plugin).")
    return split_graph


def _refuse(reason: str) -> None:
    global _refused
    if _refused:
        return
    _refused = True
    logger.warning("not enabled for vLLM: %s; vLLM's own split_graph is used", reason)


def _say_once(message: str) -> None:
    if message in _said:
        return
    _said.add(message)
    _ensure_handler()  # also when the plugin is off: the setting that turned it off is wrong
    logger.warning("%s", message)


def _ensure_handler() -> None:
    if logger.handlers or logging.getLogger().handlers:
        return
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(levelname)s %(asctime)s [%(name)s] %(message)s",
                                           "%m-%d %H:%M:%S"))
    logger.addHandler(handler)
    if logger.level == logging.NOTSET:
        logger.setLevel(logging.INFO)


# -- splitting ------------------------------------------------------------------------------

_UNMATCHED = re.compile(r"^piecewise: splitting op .* matches no node")


def _split(graph, splitting_ops, item_cls):
    global _splits
    from .split import _split_graph_ex_gc

    with _lock:
        n = _splits
        _splits += 1
    ops = list(splitting_ops or ())
    # Both before the split, which edits the graph (vLLM's size decomposition).
    report_dir = os.environ.get(ENV_REPORT_DIR) or None
    if report_dir:
        _report(report_dir, n, graph, ops)
    mode = check_capture_mode()
    if mode != "off":
        _check(graph, ops, mode, n)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        # Without split_graph's TORCH_TRACE events: vLLM writes its own for the split.
        split_gm, items, _ = _split_graph_ex_gc(graph, ops, True, True)
    for w in caught:
        if issubclass(w.category, UserWarning) and _UNMATCHED.match(str(w.message)):
            logger.debug("%s", w.message)
        else:
            warnings.warn_explicit(w.message, w.category, w.filename, w.lineno)
    return split_gm, [item_cls(it.submod_name, it.graph_id, it.is_splitting_graph, it.graph)
                      for it in items]


def _check(graph, ops: List[Any], mode: str, n: int) -> None:
    from .capture import check_capture

    try:
        found = check_capture(graph, splitting_ops=ops, warn_unmatched=False)
    except RuntimeError as e:  # a graph the C++ reader rejects: never silently "safe"
        if mode == "error":
            raise
        logger.warning("graph %d could not be checked for capture: %s", n, e)
        return
    if found.clean:
        return
    message = (f"graph {n} is not capture-safe under piecewise CUDA graphs "
               f"({len(found.unstable_reads)} unstable read(s)):\n{found}")
    if mode == "error":
        raise RuntimeError("piecewise: " + message)
    logger.warning("%s", message)


def _report(report_dir: str, n: int, graph, ops: List[Any]) -> None:
    from .backend import _write, report_page

    name = f"{os.getpid()}_graph_{n}"
    try:
        page = report_page(graph, ops, title=name + ".py",
                           rematerialize_symints=False)
        os.makedirs(report_dir, exist_ok=True)
        _write(os.path.join(report_dir, name + ".html"), page)
        _write(os.path.join(report_dir, "index.html"), _index(report_dir))
    except Exception as e:  # never fail vLLM's compilation for a report
        logger.warning("no report for graph %d: %s: %s", n, type(e).__name__, e)


_PAGE = re.compile(r"^(\d+)_graph_(\d+)\.html$")


def _index(report_dir: str) -> str:
    """The index of every page in ``report_dir`` (the processes of one vLLM run write into
    the same directory: each rewrites the index from what is there)."""
    pages = []
    for f in os.listdir(report_dir):
        m = _PAGE.match(f)
        if m:
            pages.append((int(m.group(1)), int(m.group(2)), f))
    rows = "\n".join(f'<tr><td>{pid}</td><td><a href="{html.escape(f)}">graph {k}</a></td></tr>'
                     for pid, k, f in sorted(pages))
    return _INDEX.format(rows=rows)


_INDEX = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>piecewise: vLLM splits</title>
<style>
body {{ font: 14px system-ui, sans-serif; margin: 2em; }}
table {{ border-collapse: collapse; }}
th, td {{ border-bottom: 1px solid #ddd; padding: 4px 12px; text-align: left; }}
</style></head><body>
<h1>piecewise: vLLM splits</h1>
<p>One page per graph vLLM split with piecewise (<code>piecewise report</code>), by process.</p>
<table id="graphs">
<tr><th>process</th><th>graph</th></tr>
{rows}
</table></body></html>
"""
