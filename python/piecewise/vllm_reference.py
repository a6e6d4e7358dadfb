"""A re-implementation of what vLLM's ``split_graph`` does today, for tests and benchmarks.

    split_gm, items = piecewise.vllm_reference.split_graph(gm, ["vllm::unified_attention_with_output"])

Written from the description of vLLM's algorithm (``vllm/compilation/backends.py`` on its main
branch; at 055e47c2 the code lives in ``vllm/backends/compiler/backends.py`` and the old path
is an alias of that module), not copied from it:

1. ``_decompose_size_nodes``: every whole ``x.size()`` (``call_method`` ``size`` without a dim)
   whose tensor carries ``meta["example_value"]`` becomes one ``aten.sym_size.int(x, k)`` per
   symbolic dim, inserted right after ``x`` (so only the SymInt crosses a boundary), with
   ``meta["example_value"]`` set to that dim; static dims become literals. A ``size[k]`` user is
   replaced by the k-th value and erased; any other user gets the dims spliced into its
   positional arguments where the size stood. The size node is erased. This edits the
   caller's graph, as vLLM does.
2. The id walk: placeholders and the output get no id; a getitem of a non-placeholder takes
   its producer's id; a node matching a splitting op (``should_split``: an OpOverloadPacket by
   its qualified name, an OpOverload by ``name()`` or ``name().overload``) takes a fresh id
   and the walk moves past it, except that the next node, if it is a splitting op too, shares
   the id; any other node takes the current id. ``get_attr`` nodes get an id too (split_module
   then leaves them in the stitching module).
3. ``_merge_empty_only_subgraphs``: an id whose only node is an empty allocation moves into the
   previous non-splitting id, but only when each of the allocation's inputs is a placeholder
   or is made in that id or an earlier one: an allocation is never moved above the node that
   makes its input (a tensor, or a SymInt size, made by a splitting piece in between).
   ``check_inputs=False`` leaves that check out, to show what moving it would do. The ids
   walked over are then taken as they were: an id whose allocation moved does not become the
   "previous" one, and a splitting id never does.
4. ``torch.fx.passes.split_module(gm, None, ids.__getitem__, keep_original_order=True,
   tuple_return=True)`` under ``_use_lazy_graph_module(True)``, then one ``SplitItem`` per
   top-level child, sorted by integer id.

``lazy=False`` builds eager GraphModules (the older reference), to show what laziness buys.
"""

from __future__ import annotations

import inspect
import operator
from collections import defaultdict
from contextlib import nullcontext
from dataclasses import dataclass
from typing import Dict, List, Sequence, Tuple

import torch
import torch.fx as fx
from torch.fx.passes.split_module import split_module

try:
    from torch.fx._lazy_graph_module import _use_lazy_graph_module
except ImportError:  # older torch
    _use_lazy_graph_module = None

try:
    from torch.fx.passes.split_module import split_module_simple
except ImportError:  # torch < 2.13
    split_module_simple = None

_HAS_TUPLE_RETURN = "tuple_return" in inspect.signature(split_module).parameters


@dataclass
class SplitItem:
    submod_name: str
    graph_id: int
    is_splitting_graph: bool
    graph: fx.GraphModule


def should_split(node: fx.Node, splitting_ops: Sequence[str]) -> bool:
    """vLLM's matching rule, as it behaves on the installed torch: an OpOverload is known by
    ``name()`` (on torch >= 2.13 that already ends in the overload, so a packet pattern only
    matches ``.default``) or by ``name()`` plus ``.overload``."""
    if node is None or node.op != "call_function":
        return False
    t = node.target
    if isinstance(t, torch._ops.OpOverloadPacket):
        return t._qualified_op_name in splitting_ops
    if isinstance(t, torch._ops.OpOverload):
        name = t.name()
        return name in splitting_ops or f"{name}.{t._overloadname}" in splitting_ops
    return False


def is_empty_allocation(node: fx.Node) -> bool:
    if node.op == "call_method":
        return node.target == "new_empty"
    if node.op != "call_function":
        return False
    t = node.target
    if t in (torch.empty, torch.empty_like, torch.empty_strided):
        return True
    if isinstance(t, torch._ops.OpOverloadPacket):
        name = t._qualified_op_name
    elif isinstance(t, torch._ops.OpOverload):
        name = t.name()
    else:
        return False
    return name.startswith("aten::empty") or name.startswith("aten::new_empty")


def decompose_size_nodes(gm: fx.GraphModule) -> None:
    """Step 1 (see the module comment), in place."""
    g = gm.graph
    for size in list(g.find_nodes(op="call_method", target="size")):
        if len(size.args) != 1 or size.kwargs:
            continue
        x = size.args[0]
        ev = x.meta.get("example_value")
        if ev is None:
            continue
        dims: List = []
        with g.inserting_after(x):
            for k, d in enumerate(ev.shape):
                if isinstance(d, torch.SymInt):
                    n = g.call_function(torch.ops.aten.sym_size.int, (x, k))
                    n.meta["example_value"] = d
                    dims.append(n)
                else:
                    dims.append(int(d))
        for user in list(size.users):
            if (user.op == "call_function" and user.target is operator.getitem
                    and len(user.args) == 2 and user.args[0] is size):
                user.replace_all_uses_with(dims[user.args[1]])
                g.erase_node(user)
                continue
            new_args = []
            for a in user.args:
                if a is size:
                    new_args.extend(dims)
                else:
                    new_args.append(a)
            user.args = tuple(new_args)
        g.erase_node(size)


def assign_ids(gm: fx.GraphModule, splitting_ops: Sequence[str], *, check_inputs: bool = True
               ) -> Tuple[Dict[fx.Node, int], List[int]]:
    """Steps 2 and 3: the id of every node but placeholders and the output."""
    ids: Dict[fx.Node, int] = {}
    splitting: List[int] = []
    sid = 0
    for node in gm.graph.nodes:
        if node.op in ("placeholder", "output"):
            continue
        if node.op == "call_function" and node.target == operator.getitem:
            src = node.args[0]
            if src.op != "placeholder":
                ids[node] = ids[src]
                continue
        if should_split(node, splitting_ops):
            sid += 1
            ids[node] = sid
            splitting.append(sid)
            sid += -1 if should_split(node.next, splitting_ops) else 1
        else:
            ids[node] = sid
    merge_empty_only(ids, splitting, check_inputs=check_inputs)
    return ids, splitting


def merge_empty_only(ids: Dict[fx.Node, int], splitting: List[int], *,
                     check_inputs: bool = True) -> None:
    by_id: Dict[int, List[fx.Node]] = defaultdict(list)
    for n, i in ids.items():
        by_id[i].append(n)
    split_set = set(splitting)
    prev = None
    for i in range(max(ids.values(), default=-1) + 1):
        nodes = by_id.get(i)
        if not nodes:
            continue
        merged = False
        if prev is not None and len(nodes) == 1 and is_empty_allocation(nodes[0]):
            e = nodes[0]
            if not check_inputs or all(a.op == "placeholder" or ids[a] <= prev
                                       for a in e.all_input_nodes):
                ids[e] = prev
                merged = True
        if not merged and i not in split_set:
            prev = i


def split_graph(graph: fx.GraphModule, splitting_ops: Sequence[str], *,
                lazy: bool = True, simple: bool = False) -> Tuple[fx.GraphModule, List[SplitItem]]:
    """What vLLM's ``split_graph(graph, splitting_ops)`` returns (see the module comment).
    ``simple=True`` splits with torch's ``split_module_simple`` (torch >= 2.13: two passes,
    lazy modules assembled without ``nn.Module.__init__``) in place of ``split_module``."""
    decompose_size_nodes(graph)
    ids, splitting = assign_ids(graph, splitting_ops)
    if simple:
        if split_module_simple is None:
            raise RuntimeError("this torch has no split_module_simple")
        split_gm = split_module_simple(graph, ids)
    else:
        ctx = _use_lazy_graph_module(lazy) if _use_lazy_graph_module else nullcontext()
        kw = {"tuple_return": True} if _HAS_TUPLE_RETURN else {}
        with ctx:
            split_gm = split_module(graph, None, lambda n: ids[n], keep_original_order=True,
                                    **kw)
    items = []
    split_set = set(splitting)
    for name, mod in split_gm.named_modules():
        if "." in name or name == "":
            continue
        if not name.startswith("submod_"):
            continue
        gid = int(name[len("submod_"):])
        items.append(SplitItem(name, gid, gid in split_set, mod))
    items.sort(key=lambda it: it.graph_id)
    return split_gm, items
