"""``split_graph``: vLLM's ``split_graph`` contract, with piece assignment by the C++ core.

    split_gm, items = piecewise.split_graph(gm, ["vllm::unified_attention_with_output"])

The C++ side runs decompose-size (``x.size()`` values become one ``sym_size.int`` per
symbolic dim, so no ``torch.Size`` crosses a boundary), the splitting-op partitioner (vLLM's
rules: a splitting op gets a piece of its own, getitems follow their producer, empty-only
pieces merge back, original order kept), the flat-boundary check and the structural hashes.
Python only builds the GraphModules from the returned assignment: a stitching module calling
``submod_<id>`` children, each child returning a tuple, every child placeholder carrying
``meta["val"]`` and ``meta["example_value"]``. decompose-size edits, if any, are applied to
``gm.graph`` in place (they are semantics-preserving); nothing else of ``gm`` changes.

GraphModules are created with torch's lazy recompilation, so their Python code is generated
at the first call (or at ``.code``), not here.
"""

from __future__ import annotations

import copy
import gc
import operator
import sys
import warnings
from dataclasses import dataclass, field
from typing import Any, List, Sequence, Tuple, Union

import torch
import torch.fx as tfx
from torch.fx.immutable_collections import immutable_dict

from . import fx as _fx

try:
    from torch.fx._lazy_graph_module import _make_graph_module, _use_lazy_graph_module
except ImportError:  # older torch: eager GraphModules
    _make_graph_module = None


def _fast_node_factory():
    """Node creation without Graph.create_node's per-call pytree scan for raw SymInt
    arguments and without Node.__setattr__'s lookup-table update when meta is set (together
    about half of the time of building the pieces). The nodes made here copy nodes of a
    valid FX graph, so the scan could not find anything, and meta is not a lookup key.
    Returns None (then Graph.create_node is used) on a torch whose Graph internals differ."""
    probe = tfx.Graph()
    needed = ("_graph_namespace", "_insert", "_find_nodes_lookup_table", "_len")
    if not all(hasattr(probe, a) for a in needed):
        return None
    Node = tfx.Node
    setattr_ = object.__setattr__

    def fast_node(g: tfx.Graph, name: str, op: str, target, args, kwargs, type_expr, meta):
        ns = g._graph_namespace
        name = ns.create_name(name, None)
        n = Node(g, name, op, target, args, kwargs, type_expr)
        ns.associate_name_with_obj(name, n)
        g._insert(n)
        g._find_nodes_lookup_table.insert(n)
        g._len += 1
        setattr_(n, "meta", meta)
        return n

    return fast_node


_fast_node = _fast_node_factory()


def _slow_node(g: tfx.Graph, name: str, op: str, target, args, kwargs, type_expr, meta):
    n = g.create_node(op, target, args, kwargs, name=name, type_expr=type_expr)
    n.meta = meta
    return n


_make_node = _fast_node or _slow_node


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


def _pattern(op) -> str:
    """The C++ pattern for a splitting op: an op name as written (``"ns::op"``, its dotted
    spellings), a torch op object, or a Python callable (``F.scaled_dot_product_attention``)
    or its qualified name, both spelled as FX records the callable
    (``torch._C._nn.scaled_dot_product_attention``)."""
    if isinstance(op, str):
        if "::" in op or op.startswith("torch.ops.") or "." not in op:
            return op
        obj = _resolve_loaded(op)
        if obj is None:
            return op
        return _pattern(obj)
    if isinstance(op, (torch._ops.OpOverload, torch._ops.OpOverloadPacket,
                       torch._ops.HigherOrderOperator)):
        return _fx.op_name(op)
    if callable(op) and not isinstance(op, type):
        return _fx.target_string("call_function", op)
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


def _new_gm(root, graph: tfx.Graph, name: str) -> tfx.GraphModule:
    if _make_graph_module is None:
        return tfx.GraphModule(root, graph, name)
    with _use_lazy_graph_module(True):
        return _make_graph_module(root, graph, name)


def split_graph(
    gm: tfx.GraphModule,
    splitting_ops: Sequence[Union[str, Any]],
    *,
    decompose_size: bool = True,
    merge_empty: bool = True,
) -> Tuple[tfx.GraphModule, List[SplitItem]]:
    """Splits ``gm`` at ``splitting_ops`` (``"ns::op"``, ``"ns::op.overload"``, OpOverload or
    OpOverloadPacket objects, Python callables such as ``F.scaled_dot_product_attention`` or
    their qualified names). Returns ``(split_gm, items)`` with items sorted by graph_id.
    Warns (``warnings.warn``) for each splitting op that matches no node of a graph with calls,
    naming the similar ops the graph has. Raises RuntimeError (with the C++ diagnostics) when a
    tuple, list or torch.Size would cross a piece boundary or the graph is malformed."""
    split_gm, items, _ = split_graph_ex(gm, splitting_ops, decompose_size=decompose_size,
                                        merge_empty=merge_empty)
    return split_gm, items


def split_graph_ex(gm, splitting_ops, *, decompose_size=True, merge_empty=True):
    """``split_graph`` that also returns the number of unique compiled pieces."""
    # Building thousands of nodes would trigger several cyclic-GC passes over the whole heap
    # (a torch process holds millions of objects); none of it is garbage yet.
    enabled = gc.isenabled()
    gc.disable()
    try:
        return _split_graph_ex(gm, splitting_ops, decompose_size, merge_empty)
    finally:
        if enabled:
            gc.enable()


def _split_graph_ex(gm, splitting_ops, decompose_size, merge_empty):
    ops = [_pattern(o) for o in (splitting_ops or ())]
    ir = _fx.to_ir(gm)
    sync, pieces, num_unique = ir.core.split(ops, decompose_size, merge_empty, True)
    for message in _fx._core.unmatched_splitting_ops(ir.core, ops):
        warnings.warn(f"piecewise: {message}", stacklevel=4)
    nodes = _fx.sync(gm.graph, ir, sync)
    if sync is not None:
        gm.recompile()
    split_gm, items = _build(gm, nodes, pieces)
    return split_gm, items, num_unique


def _val(n: tfx.Node):
    m = n.meta
    v = m.get("val")
    return m.get("example_value") if v is None else v


def _build(gm: tfx.GraphModule, nodes: List[tfx.Node], pieces) -> Tuple[tfx.GraphModule, List[SplitItem]]:
    make = _make_node
    map_arg = tfx.node.map_arg
    cp = copy.copy
    top = tfx.Graph()
    top._codegen = copy.deepcopy(gm.graph._codegen)
    env = {}
    output = None
    for n in nodes:
        if n.op == "placeholder":
            env[n] = top.node_copy(n, env.__getitem__)
        elif n.op == "output":
            output = n
    items: List[SplitItem] = []
    root = torch.nn.Module()
    getitem = operator.getitem
    empty = immutable_dict()
    for pid, is_split, kind, reason, pnodes, pin, pout, h in pieces:
        name = f"submod_{pid}"
        sg = tfx.Graph()
        senv = {}
        for i in pin:
            src = nodes[i]
            v = _val(src)
            meta = {"val": v, "example_value": v} if v is not None else {}
            senv[src] = make(sg, src.name, "placeholder", src.name, (), empty, src.type, meta)
        lookup = senv.__getitem__
        for i in pnodes:
            src = nodes[i]
            senv[src] = make(sg, src.name, src.op, src.target, map_arg(src.args, lookup),
                             map_arg(src.kwargs, lookup), src.type, cp(src.meta))
        sg.output(tuple(senv[nodes[i]] for i in pout))
        sub = _new_gm(gm, sg, name)
        root.add_module(name, sub)
        call = make(top, name, "call_module", name, tuple(env[nodes[i]] for i in pin), empty,
                    None, {})
        for k, i in enumerate(pout):
            src = nodes[i]
            env[src] = make(top, src.name, "call_function", getitem, (call, k), empty, src.type,
                            cp(src.meta))
        items.append(SplitItem(name, pid, is_split, sub, h, kind, reason))
    if output is not None:
        top.node_copy(output, env.__getitem__)
    split_gm = _new_gm(root, top, "GraphModule")
    return split_gm, items


def reference_split(gm: tfx.GraphModule, splitting_ops: Sequence[str]) -> Tuple[tfx.GraphModule, dict]:
    """The Python reference: vLLM's id assignment (without the empty-only merge) and
    ``torch.fx.passes.split_module(..., keep_original_order=True)``. For benchmarks and tests."""
    from torch.fx.passes.split_module import split_module

    pats = [_fx._core.canonical_op_pattern(_pattern(o)) for o in splitting_ops]

    def matches(n):
        if n.op != "call_function":
            return False
        t = n.target
        if not isinstance(t, (torch._ops.OpOverload, torch._ops.OpOverloadPacket)):
            return False
        s = _fx.op_name(t)
        packet = s.split(".", 1)[0]
        return any(p == s or p == packet for p in pats)

    ids = {}
    sid = 0
    for n in gm.graph.nodes:
        if n.op in ("output", "placeholder"):
            continue
        if n.op == "call_function" and n.target is operator.getitem and \
                isinstance(n.args[0], tfx.Node) and n.args[0].op != "placeholder":
            ids[n] = ids[n.args[0]]
            continue
        if matches(n):
            if n.prev in ids and matches(n.prev):  # consecutive splitting ops share a piece
                ids[n] = ids[n.prev]
                continue
            sid += 1
            ids[n] = sid
            sid += 1
        else:
            ids[n] = sid
    split_gm = split_module(gm, None, lambda n: ids[n], keep_original_order=True)
    return split_gm, ids
