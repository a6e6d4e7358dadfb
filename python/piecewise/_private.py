"""Everything piecewise reaches that torch.fx or CPython does not publish, in one place.

``SURFACES`` lists every private torch or CPython surface the package touches, each once,
with what piecewise does with it and the torch versions it was checked on. The Python ones
are imported or spelled only in this module (``test_fast_paths.py::
test_private_torch_is_spelled_in_private_only`` reads the package with ``ast``); the C++ ones
only in ``python/src/TorchPrivate.{h,cpp}``. Everything else in the package uses torch's
public API, or reaches these through the small functions below.

This is the package's bottom module: it imports nothing of the package. The fast paths that
use these surfaces are switched in ``_fast_paths.py`` (``ON``, and the one place that sets
the C++ side) and proven against torch's public API by ``_probe.py`` at import
(``piecewise.fast_paths()`` says which are on and why not).
"""

from __future__ import annotations

import copy
import operator
from typing import List, Optional, Tuple

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
    ("torch._subclasses.fake_tensor.FakeTensor/FakeTensorMode, torch._guards.detect_fake_mode",
     "meta values: a FakeTensor's device (node_meta), a created node's fake value and the "
     "probe's fake inputs (_probe.py)", _CHECKED),
    ("torch._C._NodeBase, torch._C._fx_map_arg, torch.fx.graph._illegal_names",
     "handed to the C++ builder (build_split, sync_edits, erase_nodes); "
     "_NodeBase.__init__ is what node_init learns from (node_initializer())", _CHECKED),
    ("torch.fx.Graph.__dict__ and Node.__getstate__()",
     "read by the probe only (_probe.py: to see every index torch keeps)", _CHECKED),
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
    ("the instance dict _make_graph_module gives a _LazyGraphModule (lazy_module_template())",
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
    from torch._subclasses.fake_tensor import FakeTensor, FakeTensorMode
except ImportError:  # pragma: no cover
    FakeTensor = FakeTensorMode = None

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


def node_initializer():
    """torch's node initializer, ``_NodeBase.__init__``, which node_init learns its recipe
    from (a test stands in for a torch whose initializer writes something else)."""
    return torch._C._NodeBase.__init__


def lazy_module_template():
    """What the C++ lazy-module maker copies per piece, read off a module torch's
    ``_make_graph_module`` makes: ``(base class, __module__, __name__, [(key, value, kind)])``
    with kind 0 a value every module shares, 1 a fresh container of type ``value``, 2 the
    graph; or, where the template cannot hold that module's state, why not (a str)."""
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
    return cls.__mro__[1], cls.__module__, cls.__name__, entries


__all__ = ["TESTED_TORCH", "SURFACES"]
