"""``split_graph``: vLLM's ``split_graph`` contract, with piece assignment by the C++ core.

    split_gm, items = piecewise.split_graph(graph, ["vllm::unified_attention_with_output"])

The C++ side runs decompose-size the way vLLM's ``_decompose_size_nodes`` does (each whole
``x.size()`` becomes one ``sym_size.int`` per symbolic dim placed right after the tensor's
producer, static dims become literals, so no ``torch.Size`` and no extra tensor crosses a
boundary), the splitting-op partitioner (vLLM's rules: a splitting op gets a piece of its
own, getitems follow their producer, empty-only pieces merge back, original order kept,
``get_attr`` constants left to the stitching module), the flat-boundary check and the
structural hashes. Python only builds the GraphModules from the returned assignment: a
stitching module calling ``submod_<id>`` children, each child returning a tuple, every child
placeholder carrying a copy of its source node's meta (plus ``val``/``example_value``).

The caller's graph is edited exactly where vLLM edits it (the size queries, in place) and,
beyond vLLM, where a nested compile region (``torch.compiler.nested_compile_region``: an
``invoke_subgraph`` call) holds a splitting op: that call is inlined first, so its splitting
ops are split out as if the region were inline (``nested.py``); nowhere else. Like vLLM,
``graph.code`` is not regenerated (the old code computes the same).

Speed: GraphModules are lazy (``_LazyGraphModule``: Python code is generated at the first
call or ``.code``, as vLLM's ``split_module`` call gets them). Where the fast paths are on
(``piecewise.fast_paths()``: ``_fast_paths.ON``, read at each call; each proven at import
against torch's public API by ``_probe.py``) the modules are assembled directly in C++
(``lazy_module``), and the whole output (every piece's graph, nodes and module, the
stitching calls and getitems) is built in one C++ loop (``build_split``: ``_core.build_split``); otherwise, and for graphs with
``get_attr`` or ``call_module`` nodes, the node-by-node builder here uses
``Graph.create_node`` and torch's ``_make_graph_module``.
The input graph is read by C++ directly from its fx.Nodes (``IRGraph.import_fx``).
Node meta is read only where the split needs it (size-queried tensors, placeholders, the
values crossing a boundary); ``SplitItem.hash`` reads the rest and is computed at its first
request. The cyclic GC is paused while building, and what was built (all alive) goes
straight to the oldest generation on return (``gc.freeze()`` + ``gc.unfreeze()``, only when
the process has no frozen objects), so no young-generation collection walks it for nothing.
"""

from __future__ import annotations

import gc
import operator
import warnings
from dataclasses import dataclass, field
from typing import Any, List, Sequence, Tuple, Union

import torch
import torch.fx as tfx
from torch.fx.immutable_collections import immutable_dict

from . import _fast_paths
from . import _private
from . import _trace
from . import fx as _fx
from . import nested as _nested
from .fx import op_pattern as _pattern



def _placeholder_meta(src: tfx.Node) -> dict:
    """A copy of ``src``'s meta for the placeholder of a piece that takes it, with ``val``
    and ``example_value`` both set when either is (what compilers of the piece read)."""
    m = src.meta.copy()
    v = m.get("val")
    if v is None:
        v = m.get("example_value")
    if v is not None:
        m.setdefault("val", v)
        m.setdefault("example_value", v)
    return m


def _make_node(g: tfx.Graph, name: str, op: str, target, args, kwargs, type_expr, meta):
    """A node made by torch's public API (the Python builder's only way)."""
    n = g.create_node(op, target, args, kwargs, name=name, type_expr=type_expr)
    n.meta = meta
    return n


class _Hashes:
    """The pieces' structural hashes, computed at the first request: they read every
    node's meta, which the split itself does not need (see ``fx.import_graph``)."""

    __slots__ = ("ir", "hashes", "num_unique")

    def __init__(self, ir):
        self.ir = ir
        self.hashes = None
        self.num_unique = None

    def get(self, index: int) -> str:
        if self.hashes is None:
            self.compute()
        return self.hashes[index]

    def compute(self) -> None:
        if self.hashes is None:
            self.hashes, self.num_unique = self.ir.core.hashes(self.ir.meta_source)
            self.ir = None  # the IR is no longer needed


class _LazyHash:
    __slots__ = ("hashes", "index")

    def __init__(self, hashes: _Hashes, index: int):
        self.hashes = hashes
        self.index = index


@dataclass
class SplitItem:
    """One piece (vLLM's ``SplitItem``), plus piecewise's extras."""

    submod_name: str
    graph_id: int
    is_splitting_graph: bool
    graph: tfx.GraphModule
    #: Structural hash (16 hex digits): equal for pieces that are the same program up to names.
    hash: str = ""
    #: ``compiled`` or ``splitting``.
    kind: str = "compiled"
    #: Why a splitting piece is one (the op and the pattern it matched).
    reason: str = ""


def _get_hash(item: SplitItem) -> str:
    h = item._hash
    if type(h) is _LazyHash:
        h = item._hash = h.hashes.get(h.index)
    return h


def _set_hash(item: SplitItem, value) -> None:
    item._hash = value


# ``hash`` stays a dataclass field (constructor, repr, eq) but may be computed on request.
SplitItem.hash = property(_get_hash, _set_hash)


def _new_gm(root, graph: tfx.Graph, name: str) -> tfx.GraphModule:
    return _private.make_graph_module(root, graph, name)


def split_graph(
    graph: tfx.GraphModule,
    splitting_ops: Sequence[Union[str, Any]],
    *,
    decompose_size: bool = True,
    merge_empty: bool = True,
    rematerialize_symints: bool = False,
    capture_safe: bool = False,
) -> Tuple[tfx.GraphModule, List[SplitItem]]:
    """Splits ``graph`` (a GraphModule; the parameter has vLLM's name) at ``splitting_ops``
    (``"ns::op"``, ``"ns::op.overload"``, OpOverload or OpOverloadPacket objects, Python
    callables such as ``F.scaled_dot_product_attention`` or their qualified names). Returns
    ``(split_gm, items)`` with items sorted by graph_id. Warns (``warnings.warn``) for each
    splitting op that matches no node of a graph with calls, naming the similar ops the graph
    has. Raises RuntimeError (with the C++ diagnostics) when a tuple, list or torch.Size would
    cross a piece boundary or the graph is malformed.

    ``rematerialize_symints=True`` recomputes inside a piece each SymInt it can compute from
    what it already has (pure integer arithmetic of sizes and symbols it takes) instead of
    taking it as an input (off by default: vLLM's pieces take them); the caller's graph then
    gains those copies. ``piecewise.explain(split_gm)`` says why pieces at the same place of a
    repeated structure hash differently.

    ``capture_safe=True`` splits ``piecewise.make_capture_safe(graph, splitting_ops=...)``
    instead (``graph`` is then left as it is): every value a captured piece would read at an
    address a CUDA graph replay does not keep is copied, in the eager piece, into a buffer
    the piece before it allocates (docs/capture.md); raises ``CaptureFixError`` when that
    cannot be done."""
    if capture_safe:
        from .capture import make_capture_safe

        graph = make_capture_safe(graph, splitting_ops=splitting_ops)
    split_gm, items, _ = _split_graph_ex_gc(graph, splitting_ops, decompose_size, merge_empty,
                                            rematerialize_symints)
    if _trace.enabled():  # TORCH_TRACE: the split, the plan, the pieces (_trace.py)
        _trace.split_graph(split_gm, items, [_pattern(o) for o in (splitting_ops or ())])
    return split_gm, items


class Explanation:
    """Why pieces at the same place of a repeated structure hash differently (docs/split.md,
    "Why pieces differ"): ``text`` (what ``piecewise split --explain`` prints), ``differences``
    (one dict per difference: ``category``, ``where``, ``reference``/``other`` piece names and
    the pieces sharing each hash, the node and value in each, ``message``). Computed at the
    first request, which loads every node's meta of the split; falsy when nothing differs."""

    __slots__ = ("_ir", "_result")

    def __init__(self, ir):
        self._ir = ir
        self._result = None

    def _get(self):
        if self._result is None:
            ir = self._ir
            ir.core.hashes(ir.meta_source)
            self._result = _fx._core.explain(ir.core)
            self._ir = None  # the IR is no longer needed
        return self._result

    @property
    def text(self) -> str:
        return self._get()[0]

    @property
    def differences(self) -> List[dict]:
        return self._get()[1]

    def __str__(self) -> str:
        return self.text

    def __bool__(self) -> bool:
        return bool(self.differences)

    # split_gm.meta is copied and pickled with the module: the copy shares the result (made
    # first: the IR it reads from is neither copyable nor picklable).
    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):
        return (_finished_explanation, (self._get(),))


def _finished_explanation(result) -> "Explanation":
    e = Explanation(None)
    e._result = result
    return e


def explain(split_gm: tfx.GraphModule) -> Explanation:
    """The :class:`Explanation` of a split module ``split_graph`` returned."""
    e = split_gm.meta.get("piecewise_explain")
    if e is None:
        raise ValueError("piecewise.explain: not a module that piecewise.split_graph returned")
    return e


def _split_graph_ex_gc(gm, splitting_ops, decompose_size, merge_empty, remat=False):
    # Building thousands of nodes would trigger several cyclic-GC passes over the whole heap
    # (a torch process holds millions of objects); none of it is garbage yet.
    # Everything built here is alive when the call returns (the modules, their nodes and
    # meta), so the generation-0 collection that would follow (a walk over those ~10 objects
    # per node, most of the GC's cost) would find nothing: the new objects are moved
    # straight to the oldest generation instead (freeze + unfreeze: two list splices, no
    # walk). Only when nothing is frozen already (vLLM freezes its startup objects): those
    # must stay frozen. The promotion moves every young object, not only ours: the young
    # generations are collected first, so that the caller's garbage is not promoted with
    # them (it would then wait for a full collection).
    enabled = gc.isenabled()
    promote = enabled and gc.get_freeze_count() == 0
    if promote:
        gc.collect(1)
    gc.disable()
    try:
        return _split_graph_ex(gm, splitting_ops, decompose_size, merge_empty, remat)
    finally:
        if enabled:
            if promote and gc.get_freeze_count() == 0:
                gc.freeze()
                gc.unfreeze()
            gc.enable()


def _split_graph_ex(gm, splitting_ops, decompose_size, merge_empty, remat=False):
    ops = [_pattern(o) for o in (splitting_ops or ())]
    # Nested compile regions holding a splitting op are split as if inline (nested.py).
    _nested.inline_nested_regions(gm, ops)
    ir = _fx.import_graph(gm.graph, gm, lazy_meta=True)
    result = ir.core.split(ops, decompose_size=decompose_size, merge_empty=merge_empty,
                           check_flat=True, fetch_meta=ir.meta_source,
                           rematerialize_symints=remat)
    sync, pieces, num_unique = result.sync, result.pieces, result.num_unique
    # vLLM edits the graph in place and does not regenerate gm's code: neither do we.
    for message in _fx._core.unmatched_splitting_ops(ir.core, ops):
        warnings.warn(f"piecewise: {message}", stacklevel=4)
    nodes = _fx.sync(gm.graph, ir, sync, native=True)
    hashes = _Hashes(ir) if num_unique is None else None
    split_gm, items = _build(gm, nodes, pieces, hashes)
    split_gm.meta["piecewise_explain"] = Explanation(ir)
    return split_gm, items, hashes if hashes is not None else num_unique


def split_graph_ex(gm, splitting_ops, *, decompose_size=True, merge_empty=True,
                   rematerialize_symints=False):
    """``split_graph`` that also returns the number of unique compiled pieces."""
    split_gm, items, hashes = _split_graph_ex_gc(gm, splitting_ops, decompose_size, merge_empty,
                                                 rematerialize_symints)
    if isinstance(hashes, _Hashes):
        hashes.compute()
        hashes = hashes.num_unique
    return split_gm, items, hashes


def _val(n: tfx.Node):
    m = n.meta
    v = m.get("val")
    return m.get("example_value") if v is None else v


def _attr(gm: tfx.GraphModule, target: str):
    obj = gm
    for part in target.split("."):
        obj = getattr(obj, part)
    return obj


def _new_module(graph: tfx.Graph, modules) -> tfx.GraphModule:
    if _fast_paths.ON["lazy_module"]:
        _fast_paths.USED["lazy_module"] += 1
        return _fx._core.make_lazy_module(graph, modules)
    return _new_gm(modules or {}, graph, "GraphModule")


def _build(gm: tfx.GraphModule, nodes: List[tfx.Node], pieces, hashes=None
           ) -> Tuple[tfx.GraphModule, List[SplitItem]]:
    """The stitching GraphModule and the items: in C++ (``_core.build_split``) when the
    fast path is available and no piece owns an attribute, else node by node here."""
    g = gm.graph
    if (_fast_paths.ON["build_split"] and not g.find_nodes(op="get_attr")
            and not g.find_nodes(op="call_module")):
        return _build_fast(gm, nodes, pieces, hashes)
    return _build_nodes(gm, nodes, pieces, hashes)


def _item(piece, name: str, sub: tfx.GraphModule, hashes, index: int) -> SplitItem:
    h = piece.hash
    if h is None:
        h = _LazyHash(hashes, index)
    return SplitItem(name, piece.id, piece.is_splitting, sub, h, piece.kind_name, piece.reason)


def _finish(gm, top: tfx.Graph, env, output, children, attrs) -> tfx.GraphModule:
    """The stitching module over ``top``: the output copied, the children (and the
    constants it reads) attached, the partition names recorded as split_module does."""
    if output is not None:
        top.node_copy(output, env.__getitem__)
    if attrs:
        root = dict(children)
        root.update(attrs)
        split_gm = _new_gm(root, top, "GraphModule")
    else:
        split_gm = _new_module(top, children)
    split_gm.meta["partition_names"] = set(children)
    return split_gm


def _output_node(nodes):
    if nodes and nodes[-1].op == "output":
        return nodes[-1]
    for n in nodes:
        if n.op == "output":
            return n
    return None


def _build_fast(gm, nodes, pieces, hashes):
    top = tfx.Graph()
    _private.set_codegen(top, _private.codegen_of(gm.graph))
    env = {}
    built = _fx._core.build_split(top, nodes, pieces, env)
    _fast_paths.USED["build_split"] += 1
    if _fast_paths.ON["lazy_module"]:
        _fast_paths.USED["lazy_module"] += 1
    items: List[SplitItem] = []
    children = {}
    # Each piece's fields come back with its module (no attribute reads of the records).
    for name, sub, pid, splitting, kind, reason, h in built:
        if h is None:
            h = _LazyHash(hashes, len(items))
        items.append(SplitItem(name, pid, splitting, sub, h, kind, reason))
        children[name] = sub
    return _finish(gm, top, env, _output_node(nodes), children, None), items


def _build_nodes(gm: tfx.GraphModule, nodes: List[tfx.Node], pieces, hashes=None
                 ) -> Tuple[tfx.GraphModule, List[SplitItem]]:
    make = _make_node
    map_arg = tfx.node.map_arg
    top = tfx.Graph()
    _private.set_codegen(top, _private.codegen_of(gm.graph))
    env = {}
    for n in nodes:
        if n.op == "placeholder":
            env[n] = make(top, n.name, "placeholder", n.target, map_arg(n.args, env.__getitem__),
                          map_arg(n.kwargs, env.__getitem__), n.type, n.meta.copy())
    output = _output_node(nodes)
    items: List[SplitItem] = []
    children = {}
    attrs = {}  # get_attr target -> value, for the stitching module
    getitem = operator.getitem
    empty = immutable_dict()
    for piece in pieces:
        name = f"submod_{piece.id}"
        sg = tfx.Graph()
        senv = {}
        piece_mods = None
        call_args = []
        for src in (nodes[i] for i in piece.inputs):
            if src.op == "get_attr":
                # split_module's rule: constants stay in the stitching module and come in as
                # inputs; a submodule is read by the piece itself.
                value = _attr(gm, src.target)
                if isinstance(value, torch.nn.Module):
                    senv[src] = make(sg, src.name, "get_attr", src.target, (), empty, src.type,
                                     src.meta.copy())
                    piece_mods = piece_mods or {}
                    piece_mods[src.target] = value
                    continue
                if src not in env:
                    attrs[src.target] = value
                    env[src] = make(top, src.name, "get_attr", src.target, (), empty, src.type,
                                    src.meta.copy())
            senv[src] = make(sg, src.name, "placeholder", src.name, (), empty, src.type,
                             _placeholder_meta(src))
            call_args.append(env[src])
        lookup = senv.__getitem__
        for src in (nodes[i] for i in piece.nodes):
            if src.op == "call_module" or src.op == "get_attr":  # the piece owns what it calls
                piece_mods = piece_mods or {}
                piece_mods[src.target] = _attr(gm, src.target)
            senv[src] = make(sg, src.name, src.op, src.target, map_arg(src.args, lookup),
                             map_arg(src.kwargs, lookup), src.type, src.meta.copy())
        make(sg, "output", "output", "output", (tuple(senv[nodes[i]] for i in piece.outputs),),
             empty, None, {})
        sub = _new_gm(piece_mods, sg, name) if piece_mods else _new_module(sg, None)
        children[name] = sub
        call = make(top, name, "call_module", name, tuple(call_args), empty, None, {})
        for k, i in enumerate(piece.outputs):
            src = nodes[i]
            env[src] = make(top, src.name, "call_function", getitem, (call, k), empty, src.type,
                            src.meta.copy())
        items.append(_item(piece, name, sub, hashes, len(items)))
    if output is not None:
        # A constant the graph returns without any piece reading it is read by the
        # stitching module itself (split_module's rule for constants).
        for src in output.all_input_nodes:
            if src.op == "get_attr" and src not in env:
                attrs[src.target] = _attr(gm, src.target)
                env[src] = make(top, src.name, "get_attr", src.target, (), empty, src.type,
                                src.meta.copy())
    return _finish(gm, top, env, output, children, attrs), items


def reference_split(gm: tfx.GraphModule, splitting_ops: Sequence[str], *, lazy: bool = True
                    ) -> Tuple[tfx.GraphModule, dict]:
    """The Python reference (``piecewise.vllm_reference``, vLLM's algorithm re-implemented):
    ``(split_gm, ids)`` with ``ids`` mapping each node that split_module puts in a piece to
    its piece id. Edits ``gm`` as vLLM does. For benchmarks and tests."""
    from . import vllm_reference as ref

    ops = [_pattern(o) for o in splitting_ops]
    ref.decompose_size_nodes(gm)
    ids, _ = ref.assign_ids(gm, ops)
    from torch.fx.passes.split_module import split_module

    kw = {"tuple_return": True} if ref._HAS_TUPLE_RETURN else {}
    with _private.lazy_modules(lazy):
        split_gm = split_module(gm, None, lambda n: ids[n], keep_original_order=True, **kw)
    return split_gm, {n: i for n, i in ids.items() if n.op != "get_attr"}
