"""Conversion between live torch.fx graphs and piecewise's C++ IR.

``to_ir(gm) -> IR`` walks the graph once and hands the C++ core one flat tuple per node
(op kind, name, canonical target string, the args/kwargs themselves, and meta reduced to
``(dtype, sizes, strides, device)`` tuples); ``to_graph_module(ir) -> GraphModule`` builds a
GraphModule back. Every node's original ``meta`` dict (stack traces, ``val``, ``tensor_meta``,
anything) is carried on the Python side and restored; argument values the IR cannot represent
(Python callables, unknown objects, SymInts) travel opaquely and come back as the very same
objects.

``sync(graph, ir)`` applies the IR's edits (made by passes) to the live ``torch.fx.Graph`` it
came from, in place: untouched nodes keep their identity, changed nodes get new
args/targets, created nodes are inserted with ``meta["val"]`` recomputed on fake tensors
when their inputs carry one, removed nodes are erased.
"""

from __future__ import annotations

import importlib
import operator
import sys
from typing import Any, Dict, List, Optional

import torch
import torch.fx as tfx
from torch.fx.node import map_aggregate

from . import _core
from . import _fast_paths
from . import _private
from ._private import op_name  # noqa: F401 (part of this module's API)

# The op kinds by their C++ value (``_core.OpKind``: FX's spelling is the member name).
OP_KINDS = [k.name for k in sorted(_core.OpKind.__members__.values(), key=int)]
_OP_INDEX = {k: i for i, k in enumerate(OP_KINDS)}

# Leaf kinds and meta tags, as the C++ core binds them (plain ints in the hot tuples).
_L = _core.LeafKind
LEAF_OPAQUE, LEAF_DTYPE, LEAF_DEVICE, LEAF_LAYOUT, LEAF_MEMFMT, LEAF_OP, LEAF_SYM = (
    int(_L.opaque), int(_L.dtype), int(_L.device), int(_L.layout), int(_L.memory_format),
    int(_L.op), int(_L.sym))
_M = _core.MetaTag
META_TENSOR, META_SYM, META_LIST, META_OPAQUE = (int(_M.tensor), int(_M.sym), int(_M.list),
                                                 int(_M.opaque))
_S = _core.SymKind
SYM_INT, SYM_FLOAT, SYM_BOOL = int(_S.int), int(_S.float), int(_S.bool)
del _L, _M, _S

_OP_TYPES = _private.OP_TYPES


class _Ref:
    """A reference, in exported args, to a node the C++ side created (by position)."""

    __slots__ = ("pos",)

    def __init__(self, pos: int):
        self.pos = pos


_target_cache: Dict[int, tuple] = {}
_target_by_name: Dict[str, Any] = {"operator.getitem": operator.getitem}


def target_string(op: str, target) -> str:
    """The IR's canonical spelling of a node target."""
    if op not in ("call_function",):
        return str(target)
    hit = _target_cache.get(id(target))
    if hit is not None and hit[0] is target:
        return hit[1]
    if isinstance(target, _OP_TYPES):
        s = op_name(target)
        if isinstance(target, _OP_TYPES[0]) and target.namespace not in ("aten", "prims"):
            _ensure_schema(target)
    else:
        s = _private.qualified_name(target)
        if s.startswith("_operator."):  # what FX prints (and the IR expects): operator.add
            s = s[1:]
        elif "." not in s:  # getattr, int, ...
            s = "builtins." + s
    _target_cache[id(target)] = (target, s)
    _target_by_name.setdefault(s, target)
    return s


_schemas_added: set = set()


def _ensure_schema(op) -> None:
    """Tells the C++ registry the schema of a custom op (torch is live here)."""
    name = op_name(op)
    if name in _schemas_added:
        return
    _schemas_added.add(name)
    try:
        if not _core.has_schema(name):
            _core.add_schemas(_private.schema_text(op), "<torch>")
    except Exception:
        pass  # an op without a parsable schema stays opaque


def op_pattern(op) -> str:
    """The C++ pattern for a splitting (or break) op: an op name as written (``"ns::op"``,
    its dotted spellings), a torch op object, or a Python callable
    (``F.scaled_dot_product_attention``) or its qualified name, both spelled as FX records
    the callable (``torch._C._nn.scaled_dot_product_attention``)."""
    if isinstance(op, str):
        if "::" in op or op.startswith("torch.ops.") or "." not in op:
            return op
        obj = _resolve_loaded(op)
        if obj is None:
            return op
        return op_pattern(obj)
    if isinstance(op, _OP_TYPES):
        return op_name(op)
    if callable(op) and not isinstance(op, type):
        name = target_string("call_function", op)
        if name.removeprefix("builtins.").startswith("<"):  # a repr(): no name FX records
            raise TypeError(f"cannot name the op {op!r}: pass its name ('ns::op') or "
                            "torch.ops.<ns>.<op>")
        return name
    raise TypeError(f"a splitting op is an op name, a torch op or a Python callable, not {op!r}")


def _resolve_loaded(name: str):
    """The callable a dotted name denotes, looked up from an already imported module (nothing
    is imported here); None when it is not one."""
    parts = name.split(".")
    obj = sys.modules.get(parts[0])
    if obj is None:
        return None
    for p in parts[1:]:
        obj = getattr(obj, p, None)
        if obj is None:
            return None
    return obj if callable(obj) and not isinstance(obj, type) else None


def custom_schemas(gm: tfx.GraphModule) -> List[str]:
    """The schemas of the graph's non-aten ops that the C++ registry accepts (the CLI's
    built-in table has only aten's), so that a report or check sees e.g. an attention op's
    in-place write. A call of an op packet (``torch.ops.vllm.attn(...)``, as Dynamo records
    it) brings the schemas of all the packet's overloads."""
    out: Dict[str, str] = {}
    for n in gm.graph.nodes:
        t = n.target
        if n.op != "call_function":
            continue
        if _private.is_op_packet(t):
            ops = []
            for o in t.overloads():
                try:
                    ops.append(getattr(t, o))
                except Exception:
                    pass
        elif _private.is_op_overload(t):
            ops = [t]
        else:
            continue
        for op in ops:
            if op.namespace in ("aten", "prims"):
                continue
            name = op_name(op)
            if name in out:
                continue
            _ensure_schema(op)
            if _core.has_schema(name):
                out[name] = _private.schema_text(op)
    return list(out.values())


def resolve_target(s: str):
    """The Python object for a canonical target string."""
    t = _target_by_name.get(s)
    if t is not None:
        return t
    if "::" in s:
        ns, rest = s.split("::", 1)
        name, _, overload = rest.partition(".")
        packet = getattr(getattr(torch.ops, ns), name)
        t = getattr(packet, overload) if overload else packet
    else:
        mod, _, attr = s.rpartition(".")
        t = getattr(importlib.import_module(mod), attr)
    _target_by_name[s] = t
    return t


def _classify(obj):
    if isinstance(obj, torch.dtype):
        return (LEAF_DTYPE, str(obj)[6:])
    if isinstance(obj, torch.device):
        return (LEAF_DEVICE, str(obj))
    if isinstance(obj, torch.layout):
        return (LEAF_LAYOUT, str(obj)[6:])
    if isinstance(obj, torch.memory_format):
        return (LEAF_MEMFMT, str(obj)[6:])
    if isinstance(obj, _OP_TYPES):
        s = op_name(obj)
        _target_by_name.setdefault(s, obj)
        return (LEAF_OP, s)
    if isinstance(obj, (torch.SymInt, torch.SymFloat, torch.SymBool)):
        return (LEAF_SYM, str(obj))
    try:
        text = repr(obj)
    except Exception:
        text = type(obj).__name__
    return (LEAF_OPAQUE, text.replace("\n", " ")[:200])


def _make_leaf(kind: int, text: str):
    if kind in (LEAF_DTYPE, LEAF_LAYOUT, LEAF_MEMFMT):
        return getattr(torch, text)
    if kind == LEAF_DEVICE:
        return torch.device(text)
    if kind == LEAF_OP:
        return resolve_target(text)
    raise ValueError(f"cannot rebuild leaf {kind} {text!r}")


_core.configure(tfx.Node, _classify, _make_leaf, _Ref)


# --- meta ---------------------------------------------------------------------------------

# SymInt -> its text, by the identity of its SymNode: printing a sympy expression costs
# ~10 us, and the tensors of a graph share a handful of SymNodes (4 in a 4700-node Dynamo
# graph). The entry keeps its SymNode alive, so the id stays valid. Cleared per import.
_sym_text: Dict[int, tuple] = {}


def _size(s):
    if type(s) is int:
        return s
    if isinstance(s, torch.SymInt):
        node = s.node
        hit = _sym_text.get(id(node))
        if hit is not None and hit[0] is node:
            return hit[1]
        t = str(s)
        r = int(t) if t.lstrip("-").isdigit() else t
        _sym_text[id(node)] = (node, r)
        return r
    if isinstance(s, int):
        return int(s)
    return str(s)


_FakeTensor = _private.FakeTensor

_dtype_text: Dict[Any, str] = {}
_device_text: Dict[Any, str] = {}


def _dims(ds):
    return [d if type(d) is int else _size(d) for d in ds]


def encode_meta(val) -> Optional[tuple]:
    """``meta["val"]`` reduced to the IR's meta tuple (None when unknown)."""
    if isinstance(val, torch.Tensor):
        try:
            strides = _dims(val.stride())
        except Exception:
            strides = None
        dt = val.dtype
        dts = _dtype_text.get(dt)
        if dts is None:
            dts = _dtype_text[dt] = str(dt)[6:]
        # A FakeTensor's ``device`` is a Python property in front of ``fake_device``.
        dev = val.fake_device if type(val) is _FakeTensor else val.device
        devs = _device_text.get(dev)
        if devs is None:
            devs = _device_text[dev] = str(dev)
        return (META_TENSOR, dts, _dims(val.shape), strides, devs)
    if isinstance(val, torch.SymInt):
        return (META_SYM, SYM_INT, _size(val))
    if isinstance(val, torch.SymFloat):
        return (META_SYM, SYM_FLOAT, str(val))
    if isinstance(val, torch.SymBool):
        return (META_SYM, SYM_BOOL, str(val))
    if isinstance(val, (list, tuple)):
        return (META_LIST, [encode_meta(v) for v in val])
    return None


def _node_meta(n: tfx.Node):
    """An fx.Node's meta tuple (the reference for ``_core.node_meta``, its C++ twin)."""
    m = n.meta
    val = m.get("val")
    if val is None:
        val = m.get("example_value")
    if val is not None:
        return encode_meta(val)
    tm = m.get("tensor_meta")
    if tm is not None and hasattr(tm, "shape"):
        return (META_TENSOR, str(tm.dtype)[6:], [_size(s) for s in tm.shape],
                [_size(s) for s in tm.stride] if tm.stride is not None else None, None)
    return None


# The C++ twin of ``_node_meta`` is ``_core.node_meta`` (python/src/NodeMeta.cpp: the same
# tuples, exceptions and caches; test_node_meta.py holds it to the functions above), which
# import_fx and split/hashes call without leaving C++: the ``node_meta`` fast path, used
# while ``_fast_paths.ON["node_meta"]`` (the probe turns it on where it agrees). Off, the
# Python functions above are used (what the tests compare against).
_core.configure_meta(torch.Tensor, _FakeTensor, torch.SymInt, torch.SymFloat, torch.SymBool,
                     *_private.quiet_torch_function())


def _clear_meta_caches() -> None:
    _sym_text.clear()
    if _fast_paths.ON["node_meta"]:
        _core.clear_meta_cache()


# --- import / export ------------------------------------------------------------------------

class IR:
    """A graph in piecewise's C++ IR, plus what restores it as torch.fx: the original nodes
    (meta, types, identity) and the owning module (attributes, submodules)."""

    def __init__(self, core: "_core.IRGraph", nodes: List[tfx.Node], owner: Optional[torch.nn.Module],
                 graph: tfx.Graph):
        self.core = core
        self.nodes = nodes
        self.owner = owner
        self.graph = graph
        self.nodes_in = nodes  # the nodes as imported (the C++ side's import indices)

    def print(self, graph_form: bool = False) -> str:
        """The graph as text (piecewise's code form, or FX's graph form)."""
        return self.core.print(graph_form=graph_form)

    def __len__(self) -> int:
        return len(self.core)

    def fetch_meta(self, indices: List[int]) -> list:
        """The meta tuples of the imported nodes at ``indices`` (for deferred meta)."""
        nodes = self.nodes_in
        f = _core.node_meta if _fast_paths.ON["node_meta"] else _node_meta
        return [f(nodes[i]) for i in indices]

    @property
    def meta_source(self):
        """What ``core.split``/``core.hashes`` take as ``fetch_meta``: True (the C++ core
        reads the imported nodes' meta itself) when it has ``node_meta``, else
        ``fetch_meta``."""
        return True if _fast_paths.ON["node_meta"] else self.fetch_meta


_SIZE_QUERIES = (torch.ops.aten.sym_size.int, torch.ops.aten.sym_size.default,
                 torch.ops.aten.sym_size)


def import_graph(graph: tfx.Graph, owner: Optional[torch.nn.Module] = None, *,
                 lazy_meta: bool = False) -> IR:
    """The graph in the IR. ``lazy_meta`` defers the meta of every node but the
    placeholders, ``get_attr`` nodes and the tensors whose sizes are queried (what
    decompose-size reads): ``IR.fetch_meta`` gives the rest to the C++ side when it asks."""
    _clear_meta_caches()  # a symbol's replacement may change between graphs
    nodes = list(graph.nodes)
    queried = None
    if lazy_meta:
        queried = set()
        for n in graph.find_nodes(op="call_method", target="size"):
            queried.add(n.args[0] if n.args else None)
        for t in _SIZE_QUERIES:
            for n in graph.find_nodes(op="call_function", target=t):
                queried.add(n.args[0] if n.args else None)
    core = _core.IRGraph()
    meta_in_cpp = _fast_paths.ON["node_meta"]
    if meta_in_cpp:
        _fast_paths.USED["node_meta"] += 1
    # One pass in C++ over the fx.Nodes themselves (no tuple per node).
    # node_meta=None: the meta tuples are read in C++ (_core.node_meta).
    core.import_fx(nodes, eager=queried, target_string=target_string,
                   node_meta=None if meta_in_cpp else _node_meta)
    return IR(core, nodes, owner, graph)


def to_ir(gm) -> IR:
    """Converts a GraphModule (or a bare ``torch.fx.Graph``) to the IR."""
    if isinstance(gm, tfx.Graph):
        return import_graph(gm, gm.owning_module)
    return import_graph(gm.graph, gm)


def _decode(args, by_pos):
    def f(a):
        return by_pos[a.pos] if isinstance(a, _Ref) else a

    return map_aggregate(args, f)


def _holds_tuple_subclass(a) -> bool:
    """Whether ``a`` holds a tuple subclass (a namedtuple, torch.Size), which the IR reads
    as a plain tuple."""
    if isinstance(a, tuple):
        return type(a) is not tuple or any(_holds_tuple_subclass(x) for x in a)
    if isinstance(a, list):
        return any(_holds_tuple_subclass(x) for x in a)
    if isinstance(a, dict):
        return any(_holds_tuple_subclass(x) for x in a.values())
    return False


def _retype(old, new, node: tfx.Node):
    """``new`` (args rebuilt from the IR) with every tuple that stands where ``old`` had a
    tuple subclass rebuilt as that subclass. Raises RuntimeError when the edit moved or
    resized such a tuple (its type cannot be placed then)."""
    if isinstance(old, tuple) and type(old) is not tuple:
        if not isinstance(new, tuple) or len(new) != len(old):
            raise RuntimeError(
                f"piecewise: a pass rewrote the arguments of '{node.name}' around a "
                f"{type(old).__name__}, which cannot be rebuilt; run without that pass")
        items = [_retype(o, x, node) for o, x in zip(old, new)]
        try:
            return type(old)(*items) if hasattr(type(old), "_fields") else type(old)(items)
        except TypeError as e:  # torch.Size([node]): a value the subclass cannot hold
            raise RuntimeError(
                f"piecewise: a pass put a value a {type(old).__name__} cannot hold into the "
                f"arguments of '{node.name}'; run without that pass") from e
    if not _holds_tuple_subclass(old):
        return new
    if isinstance(old, (tuple, list)) and isinstance(new, (tuple, list)) and len(old) == len(new):
        items = [_retype(o, x, node) for o, x in zip(old, new)]
        return type(new)(items) if isinstance(new, list) else tuple(items)
    if isinstance(old, dict) and isinstance(new, dict) and old.keys() == new.keys():
        return type(new)({k: _retype(old[k], new[k], node) for k in new})
    raise RuntimeError(
        f"piecewise: a pass rewrote the arguments of '{node.name}' around a tuple subclass "
        f"(a namedtuple or torch.Size), which cannot be rebuilt; run without that pass")


_SYM_SIZE_INT = torch.ops.aten.sym_size.int
_FACTORIES = (torch.ops.aten.empty_strided.default, torch.ops.aten.empty.memory_format)


def _fake_val(n: tfx.Node) -> None:
    """meta["val"] for a node a pass created, computed on its inputs' fake values.

    An ``aten.sym_size.int(x, k)`` (decompose-size) gets the k-th dim of x's value under
    the key x carries it in, as vLLM's ``_decompose_size_nodes`` sets it: a Dynamo graph's
    ``example_value`` (only that key), an AOT/make_fx graph's ``val``."""
    if n.target is _SYM_SIZE_INT and len(n.args) == 2 and isinstance(n.args[0], tfx.Node):
        x, k = n.args
        for key in ("example_value", "val"):
            v = x.meta.get(key)
            if isinstance(v, torch.Tensor) and isinstance(k, int):
                n.meta[key] = v.shape[k]
                return
    vals = []

    def get(a):
        v = a.meta.get("val")
        if v is None:
            v = a.meta.get("example_value")  # Dynamo's key
        if v is None:
            raise KeyError
        vals.append(v)
        return v

    try:
        args = tfx.node.map_arg(n.args, get)
        kwargs = tfx.node.map_arg(n.kwargs, get)
        mode = _private.detect_fake_mode([v for v in vals if isinstance(v, torch.Tensor)])
        dynamo = any("example_value" in a.meta for a in n.all_input_nodes)
        if mode is None and n.target in _FACTORIES:
            # A buffer allocation (make_capture_safe's) reads no tensor: made under the fake
            # mode of the graph's inputs, never for real; without one it gets no value.
            inputs = n.graph.find_nodes(op="placeholder")
            mode = _private.detect_fake_mode(
                [v for p in inputs for v in (p.meta.get("val", p.meta.get("example_value")),)
                 if isinstance(v, torch.Tensor)])
            if mode is None:
                return
            dynamo = any("example_value" in p.meta for p in inputs)
        if mode is not None:
            with mode:
                v = n.target(*args, **kwargs)
        else:
            v = n.target(*args, **kwargs)
        n.meta["val"] = v
        if dynamo:
            n.meta["example_value"] = v
    except Exception:
        pass


def sync(graph: tfx.Graph, ir: IR, exported, native: bool = False) -> List[tfx.Node]:
    """Applies the IR's edits to `graph` in place; returns the live nodes in order.
    ``native``: the caller lets the C++ fast paths apply the edits (``sync_edits``:
    ``_core.apply_sync_edits``; ``erase_nodes``: ``_core.erase_nodes``) where they are on
    (``piecewise.fast_paths()``) and the edits need no Python; otherwise, and for the rest,
    torch's public API does (``Graph.create_node``, the ``args``/``kwargs`` setters,
    ``Graph.erase_node``). C++ never creates nodes for a module with node-creation hooks."""
    if exported is None:
        return ir.nodes
    owner = graph.owning_module
    orig = ir.nodes
    # The kept nodes are in place already; the edits are applied in order (an edit refers
    # only to earlier positions).
    by_pos, edits, removed, in_order, retargeted = ir.core.sync_plan()
    left = None
    if native and _fast_paths.ON["sync_edits"]:
        left = _core.apply_sync_edits(
            graph, exported, by_pos, edits, retargeted,
            create=not _private.has_create_node_hooks(owner),
            op_kinds=OP_KINDS, resolve=resolve_target, ref_type=_Ref)
        if left is not None:
            _fast_paths.USED["sync_edits"] += 1
    if left is None:
        created = _apply_edits(graph, orig, exported, by_pos, edits)
    else:
        created = left
    _erase_and_order(graph, orig, by_pos, edits, removed, in_order,
                     native and _fast_paths.ON["erase_nodes"])
    if left is not None:  # the sym_size.int values in C++; the rest below
        created = _core.fake_sym_sizes(created, _SYM_SIZE_INT, torch.Tensor)
    for n in created:
        _fake_val(n)
    ir.nodes = by_pos  # the IR now mirrors the synced graph
    return by_pos


def _apply_edits(graph, orig, exported, by_pos, edits) -> List[tfx.Node]:
    """sync's edits with torch's public API; returns the created nodes."""
    # An edited node whose args hold a namedtuple or torch.Size gets that type back; when it
    # cannot, nothing is changed yet.
    retyped = set()
    for pos in edits:
        origin, _, _, _, args, kwargs = exported[pos]
        if origin >= 0 and args is not None:
            n = orig[origin]
            if _holds_tuple_subclass(n.args) or _holds_tuple_subclass(n.kwargs):
                _retype((n.args, n.kwargs), (args, kwargs), n)
                retyped.add(pos)
    created = []
    for pos in edits:
        origin, op, name, target, args, kwargs = exported[pos]
        if origin >= 0:
            n = orig[origin]
            if args is not None:
                if target != target_string(n.op, n.target):
                    n.target = resolve_target(target) if op == 2 else target
                new_args, new_kwargs = _decode(args, by_pos), _decode(kwargs, by_pos)
                if pos in retyped:
                    new_args, new_kwargs = _retype((n.args, n.kwargs), (new_args, new_kwargs), n)
                n.args = new_args
                n.kwargs = new_kwargs
        else:
            kind = OP_KINDS[op]
            tgt = resolve_target(target) if kind == "call_function" else target
            n = graph.create_node(kind, tgt, _decode(args, by_pos), _decode(kwargs, by_pos),
                                  name=name)
            created.append(n)
            by_pos[pos] = n
    return created


def _erase_and_order(graph, orig, by_pos, edits, removed, in_order, native=False) -> None:
    # Removed nodes first (their users are rewritten or removed too; users before producers),
    # so that the nodes after them need no move below. Natively: Graph.erase_node's steps in
    # C++ up to a node it would warn or raise on (or none, with erase hooks); the rest here.
    gone = [orig[i] for i in removed]
    done = _core.erase_nodes(graph, gone) if native and gone else 0
    if done:
        _fast_paths.USED["erase_nodes"] += 1
    for n in gone[done:]:
        graph.erase_node(n)
    # Order: a node goes right after its predecessor in the exported order. When the kept
    # nodes are still in order, only the created ones (appended at the end) move.
    if in_order:
        for pos in edits:
            _place_after(graph, by_pos[pos - 1] if pos else None, by_pos[pos])
    else:
        prev = None
        for n in by_pos:
            _place_after(graph, prev, n)
            prev = n


def _place_after(graph: tfx.Graph, prev: Optional[tfx.Node], n: tfx.Node) -> None:
    """Moves ``n`` right after ``prev`` (first in the graph when None) unless it is there."""
    before = n.prev
    if prev is None:
        if before.op != "root":
            next(iter(graph.nodes)).prepend(n)
    elif before is not prev:
        prev.append(n)


def to_graph_module(ir: IR, class_name: str = "GraphModule") -> tfx.GraphModule:
    """A new GraphModule for the IR (with any edits passes made): every node's meta is a
    copy of the original node's, values the IR could not represent are the original objects,
    created nodes get ``meta["val"]`` from their inputs' fake values."""
    g = to_graph(ir)
    owner = ir.owner if ir.owner is not None else torch.nn.Module()
    return tfx.GraphModule(owner, g, class_name)


def to_graph(ir: IR) -> tfx.Graph:
    """The same as ``to_graph_module`` without the module: a new ``torch.fx.Graph``."""
    exported = ir.core.export()
    g = tfx.Graph()
    _private.set_codegen(g, _private.codegen_of(ir.graph))
    new_of: Dict[tfx.Node, tfx.Node] = {}
    if exported is None:
        for n in ir.nodes:
            new_of[n] = g.node_copy(n, new_of.__getitem__)
    else:
        by_pos: List[tfx.Node] = []

        def f(a):
            if isinstance(a, _Ref):
                return by_pos[a.pos]
            if isinstance(a, tfx.Node):
                return new_of[a]
            return a

        for e in exported:
            if type(e) is int:  # unchanged
                origin = e
                c = g.node_copy(ir.nodes[origin], new_of.__getitem__)
            else:
                origin, op, name, target, args, kwargs = e
                kind = OP_KINDS[op]
                tgt = resolve_target(target) if kind == "call_function" else target
                c = g.create_node(kind, tgt, map_aggregate(args, f), map_aggregate(kwargs, f),
                                  name=name)
                if origin >= 0:
                    c.meta = dict(ir.nodes[origin].meta)
                    c.type = ir.nodes[origin].type
                else:
                    _fake_val(c)
            if origin >= 0:
                new_of[ir.nodes[origin]] = c
            by_pos.append(c)
    return g
