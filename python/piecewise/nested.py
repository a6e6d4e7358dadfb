"""Nested compile regions: ``invoke_subgraph`` calls inlined where they hold a splitting op.

A model whose layers are marked with ``torch.compiler.nested_compile_region`` (torchtitan,
the regional-compilation recipes) gives Dynamo graphs that call each layer as

    subgraph_0 = self.subgraph_0
    invoke_subgraph = torch.ops.higher_order.invoke_subgraph(subgraph_0, 'subgraph_0', s27, x, w)
    getitem_4 = invoke_subgraph[0]

where ``self.subgraph_0`` is a GraphModule whose placeholders take the operands in order and
whose output tuple is read by the getitems. A splitting op inside it (the layer's attention)
is invisible to a split of the outer graph. ``inline_nested_regions(gm, splitting_ops)``
rewrites each such call whose region holds a splitting op (itself, or in a region it calls)
into a copy of the region's nodes, in place: the placeholders become the operands, each
getitem becomes the output value it reads; a region called from an inlined one is inlined by
the same rule, and one left a call is read from its new place
(``self.subgraph_1.subgraph_0``). A region without a splitting op stays a call. The copies
keep their nodes' meta: Dynamo reuses a region only for operands whose fake values agree
with the ones it was traced with (else it inlines the call itself), which is checked here.

Calling the region and running its copy are the same computation (an ``invoke_subgraph``
call runs its graph on its operands), so the split of the inlined graph computes what the
original did; a uniform decoder's inlined layers give equal pieces, which the structural
hash finds. What cannot be inlined exactly (a result used other than by ``getitem`` with a
constant index, operands that do not match the region's placeholders) is a RuntimeError
naming the node, never a call left silently unsplit.

``split_graph``, ``check_capture`` and the backend call this first; the graph's code is
not regenerated (the old code, which calls the regions, computes the same), as for the
size-query edits of ``split_graph``. The region modules stay attributes of ``gm``.
"""

from __future__ import annotations

import operator
from typing import Any, Dict, List, Optional, Sequence, Union

import torch
import torch.fx as tfx

from . import _private
from . import fx as _fx

# The higher-order op a region call records (None on a torch without it: no regions).
try:
    _INVOKE = torch.ops.higher_order.invoke_subgraph
except AttributeError:  # pragma: no cover
    _INVOKE = None


def _is_invoke(n: tfx.Node) -> bool:
    return n.op == "call_function" and _INVOKE is not None and n.target is _INVOKE


def _invokes(graph: tfx.Graph) -> List[tfx.Node]:
    if _INVOKE is None:
        return []
    return list(graph.find_nodes(op="call_function", target=_INVOKE))


def _attr(root: torch.nn.Module, path: str):
    obj = root
    for part in path.split("."):
        obj = getattr(obj, part)
    return obj


def _region(gm: tfx.GraphModule, call: tfx.Node):
    """``(path, module)`` of the region ``call`` invokes, or None when it is not a get_attr
    of a GraphModule (then the call is left alone)."""
    ref = call.args[0] if call.args else None
    if not isinstance(ref, tfx.Node) or ref.op != "get_attr":
        return None
    try:
        sub = _attr(gm, ref.target)
    except AttributeError:
        return None
    if not isinstance(sub, tfx.GraphModule):
        return None
    return ref.target, sub


class _Holds:
    """Which regions hold a splitting op, themselves or in a region they call (memoized
    per module; the matching is the C++ partitioner's, ``SplittingOpMatcher``)."""

    def __init__(self, patterns: Optional[List[str]]):
        self.patterns = patterns
        self.memo: Dict[int, bool] = {}

    def __call__(self, sub: tfx.GraphModule) -> bool:
        if self.patterns is None:
            return True
        hit = self.memo.get(id(sub))
        if hit is not None:
            return hit
        self.memo[id(sub)] = False  # a region never calls itself; guards a malformed cycle
        ir = _fx.import_graph(sub.graph, sub, lazy_meta=True)
        found = bool(_fx._core.matching_splitting_ops(ir.core, self.patterns))
        if not found:
            for call in _invokes(sub.graph):
                r = _region(sub, call)
                if r is not None and self(r[1]):
                    found = True
                    break
        self.memo[id(sub)] = found
        return found


def _where(n: tfx.Node) -> str:
    return f"piecewise: cannot inline the nested compile region that '{n.name}' calls"


def _signature(v) -> Any:
    """What must agree between an operand's fake value and the region placeholder's for the
    region's meta to hold for the call (symbolic sizes as text: no guard is added)."""
    if isinstance(v, torch.Tensor):
        try:
            strides = tuple(str(s) for s in v.stride())
        except Exception:
            strides = None
        return ("tensor", v.dtype, str(v.device), tuple(str(s) for s in v.shape), strides)
    if isinstance(v, (torch.SymInt, torch.SymFloat, torch.SymBool, int, float, bool)):
        return ("scalar", type(v).__name__)
    return None


def _value(n: Any):
    if not isinstance(n, tfx.Node):
        return n
    v = n.meta.get("example_value")
    return n.meta.get("val") if v is None else v


def _check_operands(call: tfx.Node, places: List[tfx.Node], operands) -> None:
    if len(places) != len(operands):
        raise RuntimeError(f"{_where(call)}: it passes {len(operands)} operands to a region "
                           f"with {len(places)} inputs")
    for p, a in zip(places, operands):
        want, got = _value(p), _value(a)
        if want is None or got is None:
            continue
        if _signature(want) != _signature(got):
            raise RuntimeError(
                f"{_where(call)}: its operand '{getattr(a, 'name', a)}' is not what the region "
                f"was traced with (input '{p.name}'), so the region's meta does not hold for "
                "this call")


_SCALARS = (torch.SymInt, torch.SymFloat, torch.SymBool)


def _restamp(c: tfx.Node, n: tfx.Node, restamped: set) -> bool:
    """Gives the copy ``c`` of region node ``n`` the scalar value of this call, where the
    region's is another call's: a lifted float's ``.item()`` read (Dynamo traced the region
    with the first call's operands: ``zf22`` is layer 0's eps, while layer 1's eps tensor
    carries its own ``zf16`` as its ``.item()`` memo), and the scalar arithmetic on such
    reads. Otherwise a float specialization (the backend's, with Inductor) would write
    layer 0's value into every layer. Returns whether ``c`` got a new value."""
    old = _value(n)
    if not isinstance(old, _SCALARS):
        return False
    if c.op == "call_method" and c.target == "item" and len(c.args) == 1 and not c.kwargs:
        new = _private.item_memo(_value(c.args[0]))
    elif any(a in restamped for a in c.all_input_nodes):
        try:
            args = tfx.node.map_arg(c.args, _value)
            kwargs = tfx.node.map_arg(c.kwargs, _value)
            if c.op == "call_function":
                new = c.target(*args, **kwargs)
            elif c.op == "call_method":
                new = getattr(args[0], c.target)(*args[1:], **kwargs)
            else:
                return False
        except Exception:  # left with the region's value: only `.item()` reads specialize
            return False
    else:
        return False
    if new is None or new is old:
        return False
    for key in ("example_value", "val"):
        if key in c.meta:
            c.meta[key] = new
    return True


def _inline_one(gm: tfx.GraphModule, call: tfx.Node, path: str, sub: tfx.GraphModule
                ) -> List[tfx.Node]:
    """Replaces ``call`` by a copy of ``sub``'s nodes; returns the copied invoke_subgraph
    calls (for the caller's worklist)."""
    graph = gm.graph
    places = [n for n in sub.graph.nodes if n.op == "placeholder"]
    outputs = [n for n in sub.graph.nodes if n.op == "output"]
    operands = call.args[2:]
    if call.kwargs:
        raise RuntimeError(f"{_where(call)}: it has keyword arguments {sorted(call.kwargs)}")
    _check_operands(call, places, operands)
    if len(outputs) != 1 or not isinstance(outputs[0].args[0], (tuple, list)):
        raise RuntimeError(f"{_where(call)}: the region '{path}' does not return a tuple")
    results = outputs[0].args[0]
    reads = list(call.users)
    for u in reads:
        if not (u.op == "call_function" and u.target is operator.getitem and len(u.args) == 2
                and u.args[0] is call and not u.kwargs and type(u.args[1]) is int
                and -len(results) <= u.args[1] < len(results)):
            raise RuntimeError(f"{_where(call)}: its result is used by '{u.name}', not only "
                               "read with getitem at a constant index")
    env: Dict[tfx.Node, Any] = dict(zip(places, operands))
    copied_calls: List[tfx.Node] = []
    restamped: set = set()
    with graph.inserting_before(call):
        for n in sub.graph.nodes:
            if n.op in ("placeholder", "output"):
                continue
            if n.op == "get_attr":  # read from the region's own place in gm
                c = graph.get_attr(f"{path}.{n.target}")
                c.meta = dict(n.meta)
                c.type = n.type
            else:
                c = graph.node_copy(n, env.__getitem__)
                if _is_invoke(c):
                    copied_calls.append(c)
                elif _restamp(c, n, restamped):
                    restamped.add(c)
            env[n] = c
    for u in reads:
        value = results[u.args[1]]
        u.replace_all_uses_with(env[value] if isinstance(value, tfx.Node) else value)
        graph.erase_node(u)
    ref = call.args[0]
    graph.erase_node(call)
    if isinstance(ref, tfx.Node) and not ref.users:
        graph.erase_node(ref)
    return copied_calls


def inline_nested_regions(gm: tfx.GraphModule,
                          splitting_ops: Optional[Sequence[Union[str, Any]]] = None) -> int:
    """Inlines, in ``gm``'s graph, every ``invoke_subgraph`` call whose region holds one of
    ``splitting_ops`` (as ``split_graph`` takes them; None: every call), itself or in a
    region it calls. Returns the number of calls inlined. Raises RuntimeError (naming the
    node) for a call that holds a splitting op and cannot be inlined exactly."""
    todo = _invokes(gm.graph)
    if not todo:
        return 0
    if splitting_ops is None:
        holds = _Holds(None)
    else:
        patterns = [_fx.op_pattern(o) for o in splitting_ops]
        if not patterns:
            return 0
        holds = _Holds(patterns)
    done = 0
    while todo:
        call = todo.pop(0)
        r = _region(gm, call)
        if r is None or not holds(r[1]):
            continue
        todo = _inline_one(gm, call, r[0], r[1]) + todo
        done += 1
    return done


def inlined(gm: tfx.GraphModule, splitting_ops: Sequence[Union[str, Any]]) -> tfx.GraphModule:
    """``gm`` itself when no nested compile region of it holds one of ``splitting_ops``, else
    a new GraphModule (same attributes, a copy of the graph) with those regions inlined:
    ``gm`` is not changed."""
    if not _invokes(gm.graph):
        return gm
    g = tfx.Graph()
    _private.set_codegen(g, _private.codegen_of(gm.graph))
    env: Dict[tfx.Node, tfx.Node] = {}
    g.output(g.graph_copy(gm.graph, env))
    copy = tfx.GraphModule(gm, g, gm.__class__.__name__)
    return copy if inline_nested_regions(copy, splitting_ops) else gm
