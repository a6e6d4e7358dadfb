"""Everything piecewise reaches that torch.fx or CPython does not publish, in one place.

Two things live here:

* ``SURFACES``: every private torch or CPython surface the package touches (the Python ones
  are imported or spelled only in this module; the C++ ones only in
  ``python/src/TorchPrivate.{h,cpp}``), each listed once with where it is used and the torch
  versions it was checked on. Everything else in the package uses torch's public API.
* the **fast paths**: C++ (and a few Python) shortcuts that build or edit FX graphs through
  those surfaces. None is trusted on its own word: at import, ``probe_fast_paths()`` runs a
  Dynamo-style probe (a SymInt placeholder, ``x.size()``, ``torch.chunk(..., dim=1)`` and its
  getitems, constant keyword arguments, a ``get_attr`` constant, values with several users,
  two splitting ops) through ``split_graph`` with the path on, and again with every path
  off (torch's public API: ``Graph.create_node``, ``Node.args``/``kwargs``,
  ``Graph.erase_node``, ``_make_graph_module``), and compares everything observable: every
  graph's nodes (name, op, target, args, kwargs, type, meta, users, inputs, order),
  ``find_nodes`` for every op and every (op, target), ``lint()``, the generated code, the
  graphs' and nodes' own bookkeeping (an extra index torch adds shows up there), the
  modules' classes and state, the items, and the outputs of running both. A path whose
  result differs, or that the probe did not reach, is off, and the public path runs instead.

``piecewise.fast_paths()`` says which paths are on and why not; ``PIECEWISE_FAST_PATHS=0``
turns every path off, ``PIECEWISE_FAST_PATHS=name,name`` the named ones. A path that the probe
turns off on a torch outside ``TESTED_TORCH`` warns once (``RuntimeWarning``).
"""

from __future__ import annotations

import copy
import operator
import os
import warnings
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Tuple

import torch
import torch.fx as tfx

#: The torch releases the whole test suite passed on (CPU builds; ``make test-torch``).
TESTED_TORCH = ("2.13.0", "2.14.1", "2.15.0")

_CHECKED = "2.13.0, 2.14.1, 2.15.0"

#: (surface, what piecewise does with it, torch versions it was checked on). The C++ ones
#: are spelled in python/src/TorchPrivate.{h,cpp} only.
SURFACES: List[Tuple[str, str, str]] = [
    # -- Python, imported or read in this module only
    ("torch._ops.OpOverload._opname/_overloadname, OpOverloadPacket._qualified_op_name",
     "op_name(): the canonical spelling of an op (fx.target_string)", _CHECKED),
    ("torch._ops.OpOverload._schema", "schema_text(): a custom op's schema for the C++ registry",
     _CHECKED),
    ("torch.fx.node._get_qualified_name", "qualified_name(): a Python callable's FX spelling",
     _CHECKED),
    ("torch.fx.Graph._codegen", "codegen_of(): a new graph keeps the input's codegen "
     "(what split_module does)", _CHECKED),
    ("GraphModule._create_node_hooks", "has_create_node_hooks(): C++ never creates nodes "
     "for a module with hooks", _CHECKED),
    ("torch.fx._lazy_graph_module._make_graph_module/_use_lazy_graph_module",
     "make_graph_module(): the pieces are lazy GraphModules, as vLLM's split_module call "
     "makes them (the public reference of the lazy_module path)", _CHECKED),
    ("torch._subclasses.fake_tensor.FakeTensor, torch._guards.detect_fake_mode",
     "meta values: a FakeTensor's device (node_meta) and a created node's fake value", _CHECKED),
    ("torch._C._NodeBase, torch._C._fx_map_arg, torch.fx.graph._illegal_names",
     "handed to the C++ builder (build_split, sync_edits, erase_nodes)", _CHECKED),
    ("torch.fx.Graph.__dict__ and Node.__getstate__()",
     "read by the probes only (to see every index torch keeps)", _CHECKED),
    # -- C++ (python/src/TorchPrivate.{h,cpp})
    ("_NodeBase's C slots (name, op, target, type, _args, _kwargs, _input_nodes, users, "
     "meta) found with CPython's _PyType_Lookup and PyMemberDescrObject",
     "node_fields: read and written without the descriptor protocol", _CHECKED),
    ("_NodeBase.__init__, Node.__new__, _NodeBase._update_args_kwargs, Node._prepend, "
     "Node._remove_from_list, Node._erased",
     "build_split / sync_edits / erase_nodes: nodes made, rewired and erased in C++", _CHECKED),
    ("Graph._graph_namespace (_used_names, _obj_to_name, create_name), Graph._insert, "
     "Graph._root, Graph._len, Graph._find_nodes_lookup_table.table (a defaultdict(dict): "
     "missing buckets made in C++) and its (op, target-if-call_function) key",
     "build_split / sync_edits / erase_nodes: the graph's bookkeeping kept in C++", _CHECKED),
    ("what _NodeBase.__init__ writes into a new node (learned from it on a sample node: every "
     "member slot of Node's classes and every other byte of the object checked)",
     "node_init: the C++ node makers write those fields instead of calling it", _CHECKED),
    ("the instance dict _make_graph_module gives a _LazyGraphModule",
     "lazy_module: copied as a template per piece", _CHECKED),
    ("FakeTensor._fake_device / fake_device", "node_meta: a fake tensor's device", _CHECKED),
    ("torch._C.DisableTorchFunctionSubclass, torch._C._disabled_torch_function_impl",
     "node_meta: an exact FakeTensor whose __torch_function__ is the disabled one is read "
     "with subclass torch functions off (no per-read __torch_function__ lookup)", _CHECKED),
    # -- Python: what the torch.compile backend needs of Dynamo and Inductor (every backend
    #    that compiles pieces with Inductor reaches these; spelled in this module only)
    ("torch._inductor.compile_fx.compile_fx", "compile_fx(): the backend's inductor compile "
     "(and its tensorify pre-check, with inner_compile)", _CHECKED),
    ("torch._guards.detect_fake_mode, FakeTensor.fake_mode/item_memo",
     "refake(): a piece's example inputs moved into the backend's fake mode, .item() memo "
     "included; item_memo(): an inlined nested region's .item() read takes its operand's "
     "SymFloat (nested.py)", _CHECKED),
    ("torch._dynamo.exc.TensorifyScalarRestartAnalysis",
     "TENSORIFY_RESTART: the backend collects Dynamo's float-specialization restarts", _CHECKED),
    ("torch._dynamo.symbolic_convert.TensorifyState.force_specializations, "
     "SymNode._expr.name, SymNode.expr",
     "tensorify_forced() / symfloat_symbol() / symfloat_free_symbols() / "
     "symfloat_is_constant(): the floats the backend specialized itself, and those a piece "
     "does not read, are named there while its pieces compile (so their tensorify pass does "
     "not restart), then taken out again (so a recompile of the frame lifts them again); a "
     "zero torch keeps symbolic is not compiled", _CHECKED),
    ("torch.utils._sympy.symbol.symbol_is_type, SymT.FLOAT, FakeTensor.item_memo",
     "symfloat_has_backed_float() / backend._lift_backed_floats: a backed SymFloat a piece "
     "takes is handed to Inductor as a 0-d float64 tensor whose fake .item() memo is that "
     "SymFloat (Inductor's kernels do not take a backed float symbol as an argument)",
     _CHECKED),
    ("torch._sym_sqrt", "SYM_SQRT: Dynamo's math.sqrt of a SymFloat, folded by the backend "
     "once the float is specialized (_fold_scalar_arithmetic)", _CHECKED),
    ("torch._logging._internal.trace_log (its handlers), torch._logging.trace_structured",
     "trace_enabled() / trace_structured(): TORCH_TRACE artifacts (_trace.py)", _CHECKED),
]


# --- the private Python surfaces --------------------------------------------------------------

_OpOverload = torch._ops.OpOverload
_OpOverloadPacket = torch._ops.OpOverloadPacket
_HOP = torch._ops.HigherOrderOperator
OP_TYPES = (_OpOverload, _OpOverloadPacket, _HOP)
#: What Dynamo records for ``math.sqrt`` of a SymFloat (None where torch lacks it: not folded).
SYM_SQRT = getattr(torch, "_sym_sqrt", None)

try:
    from torch.fx.node import _get_qualified_name as _qualified_name
except ImportError:  # pragma: no cover - a torch without it
    _qualified_name = None

try:
    from torch._subclasses.fake_tensor import FakeTensor
except ImportError:  # pragma: no cover
    FakeTensor = None

try:
    from torch.fx._lazy_graph_module import _make_graph_module, _use_lazy_graph_module
except ImportError:  # pragma: no cover - older torch: eager GraphModules
    _make_graph_module = None
    _use_lazy_graph_module = None


def op_name(op) -> str:
    """Canonical name of an op object: ``aten::add.Tensor``, ``aten::add``, ``higher_order::cond``."""
    if isinstance(op, _OpOverload):
        return f"{op.namespace}::{op._opname}.{op._overloadname}"
    if isinstance(op, _OpOverloadPacket):
        ns, name = op._qualified_op_name.split("::")
        return f"{ns}::{name}"
    if isinstance(op, _HOP):
        return f"higher_order::{op.name()}"
    raise TypeError(f"not a torch op: {op!r}")


def is_op_overload(t) -> bool:
    """An ``OpOverload`` (``torch.ops.aten.add.Tensor``)."""
    return isinstance(t, _OpOverload)


def is_op_packet(t) -> bool:
    """An ``OpOverloadPacket`` (``torch.ops.aten.add``)."""
    return isinstance(t, _OpOverloadPacket)


def compile_fx(gm, example_inputs, **kwargs):
    """Inductor's ``compile_fx`` (what ``torch.compile(backend="inductor")`` runs)."""
    from torch._inductor.compile_fx import compile_fx as _compile_fx

    return _compile_fx(gm, example_inputs, **kwargs)


def refake(v, mode):
    """``v`` (a FakeTensor of another fake mode) as a fake tensor of ``mode``, keeping the
    SymFloat its ``.item()`` stands for (``item_memo``); anything else unchanged."""
    from torch._subclasses.fake_tensor import FakeTensor

    if mode is None or not isinstance(v, FakeTensor) or v.fake_mode is mode:
        return v
    memo = v.item_memo
    v2 = mode.from_tensor(v)
    if memo is not None and v2.item_memo is None:
        v2.item_memo = memo
    return v2


def item_memo(v):
    """The SymFloat (or constant) a fake 0-d tensor's ``.item()`` gives (``item_memo``: what
    Dynamo records for a float it lifted into a tensor input), or None."""
    from torch._subclasses.fake_tensor import FakeTensor

    return v.item_memo if isinstance(v, FakeTensor) else None


def detect_fake_mode(inputs=None):
    """The fake mode of the current tracing context or of ``inputs``' fake tensors, or None."""
    from torch._guards import detect_fake_mode as _detect

    return _detect(inputs)


def tensorify_restart():
    """Dynamo's ``TensorifyScalarRestartAnalysis`` exception class."""
    from torch._dynamo.exc import TensorifyScalarRestartAnalysis

    return TensorifyScalarRestartAnalysis


def tensorify_forced() -> Optional[set]:
    """Dynamo's set of the SymFloat names (``zf3``) its tensorify restart specializes
    (``TensorifyState.force_specializations``, the live set), or None where torch has none."""
    try:
        from torch._dynamo.symbolic_convert import TensorifyState
    except ImportError:
        return None
    forced = getattr(TensorifyState, "force_specializations", None)
    return forced if isinstance(forced, set) else None


def symfloat_symbol(value) -> Optional[str]:
    """The name of the symbol a SymFloat was made as (before any replacement), or None."""
    expr = getattr(getattr(value, "node", None), "_expr", None)
    return getattr(expr, "name", None)


def symfloat_free_symbols(value) -> set:
    """The names of the symbols a SymFloat's expression holds (``{'zf3'}``)."""
    expr = getattr(getattr(value, "node", None), "expr", None)
    return {str(s) for s in getattr(expr, "free_symbols", ())}


def symfloat_has_backed_float(value) -> bool:
    """Whether a SymFloat's expression holds a backed float symbol (``zf3``; an unbacked one
    is ``zuf0``)."""
    try:
        from torch.utils._sympy.symbol import SymT, symbol_is_type
    except ImportError:
        return False
    expr = getattr(getattr(value, "node", None), "expr", None)
    return any(symbol_is_type(s, SymT.FLOAT) for s in getattr(expr, "free_symbols", ()))


def symfloat_is_constant(value) -> bool:
    """Whether torch already replaced a SymFloat by its value (an argument parser's guard)."""
    expr = getattr(getattr(value, "node", None), "expr", None)
    return bool(getattr(expr, "is_number", False))


def trace_enabled() -> bool:
    """Whether a TORCH_TRACE handler is installed (structured trace on)."""
    from torch._logging._internal import trace_log

    return bool(trace_log.handlers)


def trace_structured(event: str, **kwargs) -> None:
    """``torch._logging.trace_structured``."""
    from torch._logging import trace_structured as _ts

    _ts(event, **kwargs)


def schema_text(op) -> str:
    """An OpOverload's schema in torch's schema language."""
    return str(op._schema)


def qualified_name(target) -> str:
    """How FX spells a Python callable target (``torch._C._nn.linear``); repr() when it
    cannot."""
    try:
        if _qualified_name is None:
            raise TypeError
        return _qualified_name(target)
    except Exception:
        return repr(target)


def codegen_of(graph: tfx.Graph):
    """A copy of ``graph``'s code generator, for a new graph made from it (split_module's
    rule)."""
    return copy.deepcopy(graph._codegen)


def set_codegen(graph: tfx.Graph, codegen) -> None:
    graph._codegen = codegen


def has_create_node_hooks(owner) -> bool:
    return bool(owner is not None and getattr(owner, "_create_node_hooks", None))


def make_graph_module(root, graph: tfx.Graph, class_name: str = "GraphModule"):
    """torch's own GraphModule constructor: a lazy one (``_make_graph_module``) where torch
    has them, as vLLM's ``split_module`` call gets them."""
    if _make_graph_module is None:
        return tfx.GraphModule(root, graph, class_name)
    with _use_lazy_graph_module(True):
        return _make_graph_module(root, graph, class_name)


def lazy_modules(enabled: bool):
    """``_use_lazy_graph_module(enabled)`` (a null context on a torch without it)."""
    if _use_lazy_graph_module is None:
        return _NullContext()
    return _use_lazy_graph_module(enabled)


class _NullContext:
    def __enter__(self):
        return None

    def __exit__(self, *a):
        return False


def quiet_torch_function():
    """``(torch._C.DisableTorchFunctionSubclass, torch._C._disabled_torch_function_impl)`` for
    the C++ meta reader (NodeMeta.cpp), or ``(None, None)`` on a torch without them."""
    off = getattr(torch._C, "DisableTorchFunctionSubclass", None)
    impl = getattr(torch._C, "_disabled_torch_function_impl", None)
    if off is None or impl is None:
        return None, None
    return off, impl


def torch_api():
    """What the C++ builder calls (``_core.configure_fx_builder``); None on a torch without
    it."""
    try:
        from torch._C import _fx_map_arg, _NodeBase
    except ImportError:
        return None
    from torch.fx.immutable_collections import immutable_dict
    from torch.fx import graph as fx_graph

    illegal = getattr(fx_graph, "_illegal_names", None)
    if not isinstance(illegal, dict):
        return None
    return dict(node_type=tfx.Node, node_base=_NodeBase, graph_type=tfx.Graph,
                map_arg=_fx_map_arg, prepend=tfx.Node.prepend, getitem=operator.getitem,
                empty_kwargs=immutable_dict(), illegal_names=illegal)


# --- the fast paths ---------------------------------------------------------------------------

@dataclass(frozen=True)
class FastPath:
    """One fast path: whether it is on, and when it is not, why."""

    name: str
    on: bool
    why: str
    what: str

    def __str__(self) -> str:
        return f"{self.name}: {'on' if self.on else 'off (' + self.why + ')'}"


#: The fast paths in probe order (a path is probed with the ones before it that are on).
DESCRIPTIONS: Dict[str, str] = {
    "node_fields": "C++ reads and writes torch.fx.Node's fields at _NodeBase's C slots",
    "node_meta": "C++ reads each node's meta (the twin of piecewise.fx._node_meta)",
    "lazy_module": "C++ makes the pieces' lazy GraphModules from a template of torch's",
    "build_split": "C++ builds every piece graph and the stitching graph "
                   "(the graph's namespace, node list, find_nodes table and length kept there)",
    "sync_edits": "C++ applies split_graph's edits (decompose-size) to the caller's graph",
    "erase_nodes": "C++ erases the nodes split_graph's edits removed (Graph.erase_node's steps)",
    "node_init": "the C++ node makers write a new node's fields as torch's _NodeBase.__init__ "
                 "does (learned from it on a sample node) instead of calling it",
}
NAMES = tuple(DESCRIPTIONS)

#: Whether each path is on now (read by fx.py and split.py at each call).
ON: Dict[str, bool] = {k: False for k in NAMES}
_WHY: Dict[str, str] = {k: "not probed yet" for k in NAMES}
#: How often each path ran (the probes check that a path was reached before trusting it).
USED: Dict[str, int] = {k: 0 for k in NAMES}


def fast_paths() -> List[FastPath]:
    """Each fast path, whether it is on, and why not."""
    return [FastPath(k, ON[k], "" if ON[k] else _WHY[k], DESCRIPTIONS[k]) for k in NAMES]


def _env_off() -> Tuple[set, List[str]]:
    """The paths PIECEWISE_FAST_PATHS turns off, and the names it gives that are none."""
    raw = os.environ.get("PIECEWISE_FAST_PATHS", "").strip()
    if raw == "" or raw.lower() in ("1", "all", "on"):
        return set(), []
    if raw.lower() in ("0", "none", "off"):
        return set(NAMES), []
    names = [p.strip() for p in raw.split(",") if p.strip()]
    return {n for n in names if n in DESCRIPTIONS}, [n for n in names if n not in DESCRIPTIONS]


def _apply(config: Dict[str, bool]) -> None:
    """Configures fx.py, split.py and the C++ core for ``config``."""
    from . import _core
    from . import fx as _fx
    from . import split as _split

    ON.update(config)
    _core.set_node_fields(tfx.Node if config["node_fields"] else None)
    _fx._NODE_META_CPP = _core.node_meta if config["node_meta"] else None
    _split._fast_module = _core.make_lazy_module if config["lazy_module"] else None
    api = torch_api()
    if api is not None:
        maker = None if config["lazy_module"] else _split._public_module
        _core.configure_fx_builder(make_module=maker, **api)
    _split._fast_build = _split._build_fast if config["build_split"] else None
    _core.set_node_init(config["node_init"])


def _configure_lazy_template() -> Optional[str]:
    """Hands the C++ maker the instance dict torch's ``_make_graph_module`` gives; the
    reason when it cannot."""
    from . import _core

    if _make_graph_module is None:
        return "this torch has no lazy GraphModule"
    g = tfx.Graph()
    g.output((g.placeholder("x"),))
    ref = make_graph_module(torch.nn.Module(), g, "GraphModule")
    entries = []
    for key, value in ref.__dict__.items():
        if key == "_graph":
            entries.append((key, None, 2))
        elif type(value) in (dict, set, list) or type(value).__name__ == "OrderedDict":
            if value:
                return f"the module's {key!r} is not empty"
            entries.append((key, type(value), 1))
        elif value is None or type(value) in (bool, int, str):
            entries.append((key, value, 0))
        else:
            return f"the module's {key!r} is a {type(value).__name__}"
    cls = type(ref)
    _core.configure_lazy_module(base=cls.__mro__[1], module_name=cls.__module__,
                                class_name=cls.__name__, entries=entries)
    return None


def probe_fast_paths(*, warn: bool = True) -> List[FastPath]:
    """Probes every fast path against torch's public API (see the module comment) and turns
    on those that agree; returns ``fast_paths()``. Called at import; call it again after
    changing torch.fx (a test's monkeypatch) to probe the changed torch."""
    try:
        return _probe_fast_paths(warn)
    except Exception as e:  # a bug or a torch the probe's own setup cannot handle: all off
        why = f"the probe failed: {type(e).__name__}: {_first_line(e)}"
        ON.update({k: False for k in NAMES})
        try:
            _apply(dict(ON))
        except Exception:
            pass
        _WHY.update({k: why for k in NAMES})
        if warn:
            _warn_untested(dict(_WHY), set())
        return fast_paths()


def _probe_fast_paths(warn: bool) -> List[FastPath]:
    from . import _core

    off, unknown = _env_off()
    if unknown:
        warnings.warn(f"piecewise: PIECEWISE_FAST_PATHS names no fast path {unknown} "
                      f"(the paths: {', '.join(NAMES)})", RuntimeWarning, stacklevel=2)
    public = {k: False for k in NAMES}
    _apply(public)
    why: Dict[str, str] = {}
    for k in off:
        why[k] = "turned off by PIECEWISE_FAST_PATHS"
    try:
        reference = [_observe_split(g, public) for g in (True, False)]
        probe_error = None
    except Exception as e:  # the probe itself needs a torch API that changed
        reference = None
        probe_error = (f"the probe could not run with torch's public API: "
                       f"{type(e).__name__}: {_first_line(e)}")
    accepted = dict(public)
    for k in NAMES:
        if k in why:
            continue
        if reference is None:
            why[k] = probe_error
            continue
        reason = _prerequisite(k, _core)
        if reason is None:
            trial = dict(accepted)
            trial[k] = True
            reason = _compare(k, trial, reference)
        if reason is None:
            accepted[k] = True
        else:
            why[k] = reason
    _apply(accepted)
    _WHY.clear()
    _WHY.update({k: why.get(k, "") for k in NAMES})
    if warn:
        _warn_untested(why, off)
    return fast_paths()


def _prerequisite(k: str, _core) -> Optional[str]:
    if k == "node_fields":
        if not _core.set_node_fields(tfx.Node):
            return ("torch.fx.Node's fields are not plain writable slots of _NodeBase "
                    "on this torch")
        _core.set_node_fields(None)
    elif k in ("build_split", "sync_edits", "erase_nodes") and torch_api() is None:
        return "this torch has no torch._C._NodeBase/_fx_map_arg"
    elif k == "lazy_module":
        return _configure_lazy_template()
    elif k == "node_init":
        api = torch_api()
        if api is None:
            return "this torch has no torch._C._NodeBase"
        # Five distinct objects: the recipe tells each argument by identity.
        sample = (tfx.Graph(), "piecewise_sample_name", "placeholder",
                  "piecewise_sample_target", int)
        reason = _core.learn_node_init(tfx.Node, node_initializer(), sample)
        return reason or None
    return None


def node_initializer():
    """torch's node initializer, ``_NodeBase.__init__``, which node_init learns its recipe
    from (a test stands in for a torch whose initializer writes something else)."""
    return torch._C._NodeBase.__init__


def _uses(k: str, _core) -> int:
    """How often path ``k`` ran (node_init counts in C++, per node)."""
    return _core.node_init_uses() if k == "node_init" else USED[k]


def _compare(k: str, trial: Dict[str, bool], reference) -> Optional[str]:
    from . import _core

    before = _uses(k, _core)
    try:
        got = [_observe_split(g, trial) for g in (True, False)]
    except Exception as e:
        _apply({n: False for n in NAMES})
        return f"the probe failed with it: {type(e).__name__}: {_first_line(e)}"
    finally:
        _apply({n: False for n in NAMES})
    for with_attr, mine, ref in zip((True, False), got, reference):
        diff = _first_difference(mine, ref)
        if diff is not None:
            probe = "the probe with get_attr" if with_attr else "the probe"
            return f"{probe} differs from torch's public API at {diff}"
    if k != "node_fields":
        after = _uses(k, _core)
        if after == before:
            return "the probe did not reach it"
        if k == "node_init":
            USED[k] += 1
    return None


_warned = False


def _warn_untested(why: Dict[str, str], off: set) -> None:
    global _warned
    version = torch.__version__.split("+")[0]
    probed_off = [k for k in why if k not in off]
    if _warned or not probed_off or version in TESTED_TORCH:
        return
    _warned = True
    warnings.warn(
        f"piecewise: torch {torch.__version__} is not one piecewise was tested on "
        f"({', '.join(TESTED_TORCH)}); these fast paths disagree with its public API and are "
        f"off (the results stay right, only slower): "
        + "; ".join(f"{k}: {why[k]}" for k in probed_off), RuntimeWarning, stacklevel=3)


# --- the probe --------------------------------------------------------------------------------

_PROBE_SOURCE: Dict[bool, Any] = {}


def _probe_module(with_attr: bool) -> Tuple[tfx.GraphModule, tuple]:
    """A fresh copy of the probe graph (Dynamo's style: a SymInt placeholder, only
    ``example_value`` meta, Python-level targets) and its real inputs."""
    src = _PROBE_SOURCE.get(with_attr)
    if src is None:
        src = _PROBE_SOURCE[with_attr] = _build_probe(with_attr)
    root, graph, inputs = src
    g = tfx.Graph()
    out = g.graph_copy(graph, {})
    g.output(out)
    return tfx.GraphModule(root, g), inputs


def _build_probe(with_attr: bool):
    from torch._subclasses.fake_tensor import FakeTensorMode
    from torch.fx.experimental.symbolic_shapes import (DimDynamic, ShapeEnv,
                                                       StatelessSymbolicContext)
    from torch.fx.passes.fake_tensor_prop import FakeTensorProp

    root = torch.nn.Module()
    gen = torch.Generator().manual_seed(0)
    root.weight = torch.nn.Parameter(torch.randn(4, 4, generator=gen), requires_grad=False)
    g = tfx.Graph()
    s0 = g.placeholder("s0")
    x = g.placeholder("L_x_")
    y = g.placeholder("L_y_")
    chunk = g.call_function(torch.chunk, (x, 2), {"dim": 1})
    c0 = g.call_function(operator.getitem, (chunk, 0))
    c1 = g.call_function(operator.getitem, (chunk, 1))
    size = g.call_method("size", (c1,))
    view = g.call_method("view", (y, size))
    sig = g.call_function(torch.sigmoid, (c0,))
    add = g.call_function(operator.add, (sig, c1))
    mul = g.call_function(operator.mul, (add, s0))
    sig2 = g.call_function(torch.sigmoid, (mul,))
    fin = g.call_method("add", (sig2, view), {"alpha": 2})
    total = g.call_method("sum", (mul,), {"dim": 1, "keepdim": True})
    outs = [total, fin, add]
    if with_attr:
        w = g.get_attr("weight")
        outs.append(g.call_function(torch.matmul, (add, w)))
    g.output(tuple(outs))
    gm = tfx.GraphModule(root, g)

    xs = torch.randn(3, 8, generator=gen)
    ys = torch.randn(3, 4, generator=gen)
    mode = FakeTensorMode(shape_env=ShapeEnv(), allow_non_fake_inputs=True)
    ctx = StatelessSymbolicContext(dynamic_sizes=[DimDynamic.DYNAMIC, DimDynamic.STATIC])
    fx_ = mode.from_tensor(xs, symbolic_context=ctx)
    with mode:
        fy_ = torch.empty(fx_.shape[0], 4)
    FakeTensorProp(gm, mode).propagate(fx_.shape[0], fx_, fy_)
    for n in g.nodes:  # Dynamo keeps only example_value
        if "val" in n.meta:
            n.meta["example_value"] = n.meta.pop("val")
        n.meta.pop("tensor_meta", None)
        n.meta["stack_trace"] = f"probe {n.name}"
    return root, g, (3, xs, ys)


def _observe_split(with_attr: bool, config: Dict[str, bool]):
    """Everything observable about split_graph on a fresh probe under ``config``."""
    from . import split as _split

    _apply(config)
    gm, inputs = _probe_module(with_attr)
    expected = gm(*inputs)
    split_gm, items, _ = _split._split_graph_ex(gm, [torch.sigmoid], True, True)
    graphs = [gm.graph, split_gm.graph] + [it.graph.graph for it in items]
    metas = [n.meta for g in graphs for n in g.nodes]
    got = split_gm(*inputs)
    return {
        "input graph (edited in place)": _observe_graph(gm.graph),
        "stitching graph": _observe_graph(split_gm.graph),
        "stitching module": _observe_module(split_gm),
        "items": [(it.submod_name, it.graph_id, it.is_splitting_graph, it.kind, it.reason,
                   it.hash) for it in items],
        "piece graphs": [_observe_graph(it.graph.graph) for it in items],
        "piece modules": [_observe_module(it.graph) for it in items],
        "meta dicts shared between nodes": len(metas) - len({id(m) for m in metas}),
        "outputs": [(tuple(t.shape), t.dtype, t.tolist()) for t in got],
        "outputs equal the unsplit module's": all(torch.equal(a, b) for a, b in
                                                  zip(got, expected)),
    }


_OPS = ("placeholder", "get_attr", "call_function", "call_method", "call_module", "output")


def _observe_graph(g: tfx.Graph):
    nodes = list(g.nodes)
    try:
        g.lint()
        lint = "ok"
    except Exception as e:
        lint = f"{type(e).__name__}: {e}"
    keys = []
    for n in nodes:
        if (n.op, n.target) not in keys:
            keys.append((n.op, n.target))
    found = {}
    for op, target in keys:  # in graph order (a bucket's own order is not kept by torch)
        found[(op, _leaf(target))] = [m.name for m in g.find_nodes(op=op, target=target)]
    for op in _OPS:
        if op != "call_function":  # find_nodes needs its target
            found[op] = [m.name for m in g.find_nodes(op=op)]
    return {
        "nodes": [_observe_node(n, g) for n in nodes],
        "len": len(g.nodes),
        "lint": lint,
        "code": g.python_code("self").src,
        "find_nodes": found,
        "graph state": _snap(dict(vars(g)), 4),
    }


def _observe_node(n: tfx.Node, g: tfx.Graph):
    state = n.__getstate__() if hasattr(n, "__getstate__") else dict(vars(n))
    state = {k: v for k, v in dict(state).items() if k not in ("graph", "_prev", "_next", "meta")}
    # Every C member slot of the node's classes, also one __getstate__ does not list (a
    # field a newer torch's initializer sets).
    for cls in type(n).__mro__:
        for key, d in vars(cls).items():
            if type(d).__name__ == "member_descriptor" and key not in state and key != "meta":
                try:
                    v = d.__get__(n, type(n))
                except AttributeError:
                    v = "<unset>"
                state[key] = ("graph", v is g) if key == "graph" else v
    return {
        "name": n.name, "op": n.op, "target": _leaf(n.target), "type": n.type,
        "class": type(n).__name__, "args": _arg(n.args), "kwargs": _arg(n.kwargs),
        "users": [u.name for u in n.users], "inputs": [a.name for a in n.all_input_nodes],
        "meta": [(k, _value(v)) for k, v in n.meta.items()], "in graph": n.graph is g,
        "prev": n.prev.name, "next": n.next.name, "state": _snap(state, 2),
    }


def _observe_module(m: torch.nn.Module):
    return {
        "class": (type(m).__name__, type(m).__module__,
                  [c.__qualname__ for c in type(m).__mro__[1:]]),
        "dict": [(k, type(v).__name__) for k, v in vars(m).items()],
        "children": [name for name, _ in m.named_children()],
        "buffers and parameters": [name for name, _ in m.named_buffers()] +
                                  [name for name, _ in m.named_parameters()],
        "meta": _snap(getattr(m, "meta", None), 2),
        "graph owner": m.graph.owning_module is m,
        "code": m.code,
    }


def _leaf(a):
    if isinstance(a, (torch.SymInt, torch.SymFloat, torch.SymBool)):
        return ("sym", str(a))
    if isinstance(a, torch.Tensor):
        return ("tensor", tuple(a.shape), str(a.dtype))
    if a is None or isinstance(a, (bool, int, float, str)):
        return a
    if callable(a):
        return ("callable", getattr(a, "__module__", None), getattr(a, "__qualname__", repr(a)))
    return (type(a).__name__, repr(a)[:200])


def _arg(a):
    if isinstance(a, tfx.Node):
        return ("%", a.name)
    if isinstance(a, (tuple, list)):
        return (type(a).__name__, [_arg(x) for x in a])
    if isinstance(a, dict):
        return (type(a).__name__, [(k, _arg(v)) for k, v in a.items()])
    if isinstance(a, slice):
        return ("slice", _arg(a.start), _arg(a.stop), _arg(a.step))
    return _leaf(a)


def _value(v):
    if isinstance(v, torch.Tensor):
        return ("tensor", type(v).__name__, str(v.dtype), [str(s) for s in v.shape],
                [str(s) for s in v.stride()], str(v.device))
    if isinstance(v, (list, tuple)):
        return (type(v).__name__, [_value(x) for x in v])
    if isinstance(v, dict):
        return (type(v).__name__, [(k, _value(x)) for k, x in v.items()])
    return _leaf(v)


def _snap(o, depth: int):
    """A comparable picture of ``o``: nodes by name, modules by class, containers item by
    item (in their order), other objects by their attributes down to ``depth``."""
    if isinstance(o, tfx.Node):
        return ("%", o.name)
    if isinstance(o, torch.nn.Module):
        return ("module", type(o).__name__)
    if isinstance(o, dict):
        items = [(_snap(k, depth), _snap(v, depth)) for k, v in o.items()]
        if type(o).__name__ == "defaultdict":
            # An index (find_nodes' table): neither its keys' nor its buckets' order is
            # observable (torch itself reorders each bucket whenever it sets a node's
            # attribute, as Graph.python_code does for every node).
            items = sorted(((k, (v[0], sorted(v[1], key=repr)) if isinstance(v, tuple) else v)
                            for k, v in items), key=repr)
        return (type(o).__name__, items)
    if isinstance(o, (set, frozenset)):
        return (type(o).__name__, sorted(repr(_snap(x, depth)) for x in o))
    if isinstance(o, (list, tuple)):
        return (type(o).__name__, [_snap(x, depth) for x in o])
    if o is None or isinstance(o, (bool, int, float, str, torch.Tensor)) or callable(o):
        return _leaf(o)
    if type(o).__name__ == "weakref" or type(o).__name__ == "ReferenceType":
        return ("weakref", _snap(o(), depth))
    if depth > 0 and hasattr(o, "__dict__"):
        return (type(o).__name__, _snap(dict(vars(o)), depth - 1))
    return (type(o).__name__,)


def _first_difference(a, b, path: str = "") -> Optional[str]:
    """Where ``a`` and ``b`` first differ (a readable path), None when equal."""
    if isinstance(a, dict) and isinstance(b, dict):
        for k in list(a) + [k for k in b if k not in a]:
            if k not in a or k not in b:
                return f"{path}/{k} (present on one side only)"
            d = _first_difference(a[k], b[k], f"{path}/{k}")
            if d is not None:
                return d
        return None
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        for i, (x, y) in enumerate(zip(a, b)):
            label = x.get("name", i) if isinstance(x, dict) else i
            d = _first_difference(x, y, f"{path}[{label}]")
            if d is not None:
                return d
        if len(a) != len(b):
            return f"{path} (lengths {len(a)} and {len(b)})"
        return None
    try:
        same = a == b
        same = bool(same)
    except Exception:
        same = repr(a) == repr(b)
    if same:
        return None
    return f"{path}: {_short(a)} != {_short(b)} (public)"


def _first_line(e: BaseException) -> str:
    lines = str(e).strip().splitlines()
    return _short(lines[0]) if lines else ""


def _short(v) -> str:
    r = repr(v)
    return r if len(r) <= 120 else r[:117] + "..."


__all__ = ["FastPath", "TESTED_TORCH", "SURFACES", "fast_paths", "probe_fast_paths", "ON"]
