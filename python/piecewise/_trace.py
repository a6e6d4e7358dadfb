"""Structured-trace artifacts (``TORCH_TRACE``, what tlparse reads) for a split.

With ``TORCH_TRACE=DIR`` set (torch's structured trace: ``torch._logging.trace_structured``),
``split_graph`` and the backend write, in vLLM's vocabulary where vLLM has a word, so that
tools built for vLLM's traces show piecewise's splits too:

- ``graph_dump`` ``vllm_piecewise_split_graph``: the stitching module with its pieces
  (``print_readable``), as vLLM logs its split graph;
- ``artifact`` ``piecewise_split_plan`` (JSON): the plan (see ``plan``);
- per unique compiled piece, once: ``artifact`` ``vllm_piecewise_compile_start`` (JSON:
  vLLM's ``piecewise_index``, ``submod_name``, ``total_piecewise_compiles``, plus the hash
  and the pieces that share it), then ``graph_dump`` ``vllm_<submod>`` (the piece's code,
  headed by a comment naming its hash and the pieces that share it), then the compiler's own
  artifacts (Inductor's). ``split_graph`` outside a backend writes the dumps without the
  compile-start artifacts.

Nothing is computed unless a trace handler is installed (``enabled()``).
"""

from __future__ import annotations

import json
from typing import Dict, List, Optional

import torch.fx as tfx

from . import _private

SPLIT_GRAPH = "vllm_piecewise_split_graph"
PLAN = "piecewise_split_plan"
COMPILE_START = "vllm_piecewise_compile_start"


def enabled() -> bool:
    return _private.trace_enabled()


def _emit(event: str, metadata: dict, payload_fn) -> None:
    _private.trace_structured(event, metadata_fn=lambda: metadata, payload_fn=payload_fn,
                     expect_trace_id=False)


def _readable(gm: tfx.GraphModule) -> str:
    return gm.print_readable(print_output=False, include_stride=True, include_device=True)


def _names(piece: tfx.GraphModule):
    ins = [n.name for n in piece.graph.nodes if n.op == "placeholder"]
    out = next((n for n in reversed(piece.graph.nodes) if n.op == "output"), None)
    outs = []
    if out is not None:
        vals = out.args[0]
        vals = vals if isinstance(vals, (tuple, list)) else (vals,)
        outs = [v.name if isinstance(v, tfx.Node) else repr(v) for v in vals]
    return ins, outs


def groups(items, keys: Optional[Dict[int, tuple]] = None) -> Dict[object, list]:
    """Pieces grouped by what makes them share one artifact: ``keys[id(item)]`` when given
    (the backend's share key), else the structural hash (and the kind)."""
    out: Dict[object, list] = {}
    for item in items:
        k = keys.get(id(item)) if keys is not None else None
        if k is None:
            k = (item.hash, item.kind)
        out.setdefault(k, []).append(item)
    return out


def plan(items, splitting_ops: List[str], keys=None) -> dict:
    """The plan as JSON data: every piece (``submod_name``, ``graph_id``, ``kind``,
    ``is_splitting_graph``, ``hash``, ``reason``, ``inputs``/``outputs`` by node name,
    ``shares``: the piece whose artifact it uses), and the unique pieces (``hash``,
    ``kind``, ``pieces``)."""
    grouped = groups(items, keys)
    first = {}
    unique = []
    for group in grouped.values():
        unique.append({"hash": group[0].hash, "kind": group[0].kind,
                       "pieces": [i.submod_name for i in group]})
        for i in group:
            first[id(i)] = group[0].submod_name
    pieces = []
    for item in items:
        ins, outs = _names(item.graph)
        pieces.append({"submod_name": item.submod_name, "graph_id": item.graph_id,
                       "kind": item.kind, "is_splitting_graph": item.is_splitting_graph,
                       "hash": item.hash, "reason": item.reason, "inputs": ins,
                       "outputs": outs, "shares": first[id(item)]})
    return {"splitting_ops": list(splitting_ops), "num_pieces": len(items),
            "num_splitting": sum(1 for i in items if i.is_splitting_graph),
            "num_unique": len(unique), "pieces": pieces, "unique": unique}


def split(split_gm: tfx.GraphModule, items, splitting_ops: List[str], keys=None) -> None:
    """The split module and the plan (call before the pieces are replaced by artifacts)."""
    _emit("graph_dump", {"name": SPLIT_GRAPH}, lambda: _readable(split_gm))
    data = plan(items, splitting_ops, keys)
    _emit("artifact", {"name": PLAN, "encoding": "json"}, lambda: json.dumps(data))


def piece(item, group: list) -> None:
    """One unique piece's code, headed by its hash and the pieces that share it."""
    names = ", ".join(i.submod_name for i in group)
    header = (f"# piece hash {item.hash} ({item.kind}; {len(group)} "
              f"piece{'s' if len(group) != 1 else ''}: {names})\n")
    _emit("graph_dump", {"name": f"vllm_{item.submod_name}"},
          lambda: header + _readable(item.graph))


def compile_start(item, group: list, index: int, total: int) -> None:
    """vLLM's compile-start artifact for one unique piece, then its code."""
    data = {"piecewise_index": index, "submod_name": item.submod_name,
            "total_piecewise_compiles": total, "hash": item.hash,
            "shared_by": [i.submod_name for i in group]}
    _emit("artifact", {"name": COMPILE_START, "encoding": "json"}, lambda: json.dumps(data))
    piece(item, group)


def split_graph(split_gm: tfx.GraphModule, items, splitting_ops: List[str]) -> None:
    """What ``split_graph`` writes: the split module, the plan, each unique compiled piece."""
    split(split_gm, items, splitting_ops)
    for group in groups(items).values():
        if not group[0].is_splitting_graph:
            piece(group[0], group)
