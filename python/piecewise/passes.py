"""piecewise's passes on live ``torch.fx`` graphs, as a vLLM/Inductor custom pass would run.

    piecewise.passes.split_coalescing(gm.graph)        # in place; True when it changed
    piecewise.passes.run(gm, "split-coalescing,dce")   # any pipeline

The graph goes to the C++ IR, the pipeline runs there (verified after each pass unless
``verify=False``), and the edits come back to the same ``torch.fx.Graph``: untouched nodes
keep their identity (and meta), changed nodes get their new targets/args, created nodes get
``meta["val"]`` computed on their inputs' fake values, removed nodes are erased. Passing a
GraphModule also recompiles it.
"""

from __future__ import annotations

import itertools
from typing import Union

import torch.fx as tfx

from . import _core
from . import fx as _fx
from . import nested as _nested


def run(graph: Union[tfx.Graph, tfx.GraphModule], pipeline: str, *, verify: bool = True) -> bool:
    """Runs a comma-separated pipeline (``split-coalescing,noop-elimination,dce,cse,
    decompose-size,inline-nested-regions``) on the graph in place. Returns whether it
    changed. ``inline-nested-regions`` runs on the live graph (``nested.py``: it reads the
    region modules), the others in C++."""
    steps = [p.strip() for p in pipeline.split(",")]
    if _INLINE in steps:
        changed = False
        for k, group in itertools.groupby(steps, key=lambda p: p == _INLINE):
            if k:
                changed |= inline_nested_regions(graph)
            else:
                changed |= _run_core(graph, ",".join(group), verify)
        return changed
    return _run_core(graph, pipeline, verify)


_INLINE = "inline-nested-regions"


def inline_nested_regions(graph: Union[tfx.Graph, tfx.GraphModule]) -> bool:
    """Every nested compile region call (``invoke_subgraph``) -> a copy of its graph, in
    place (``piecewise.nested``; ``split_graph`` inlines only the regions holding a splitting
    op). Returns whether it changed."""
    gm = graph if isinstance(graph, tfx.GraphModule) else graph.owning_module
    if gm is None:
        return False
    changed = _nested.inline_nested_regions(gm) > 0
    if changed:
        gm.recompile()
    return changed


def _run_core(graph, pipeline: str, verify: bool) -> bool:
    gm = graph if isinstance(graph, tfx.GraphModule) else None
    g = gm.graph if gm is not None else graph
    ir = _fx.import_graph(g, gm if gm is not None else g.owning_module)
    changed, _stats = ir.core.run_passes(pipeline, verify=verify)
    exported = ir.core.export()
    if exported is not None:
        _fx.sync(g, ir, exported)
        if gm is not None:
            gm.recompile()
        elif g.owning_module is not None:
            g.owning_module.recompile()
    return bool(changed or exported is not None)


def names():
    """The pipeline names of the built-in passes."""
    return list(_core.pass_names())


def split_coalescing(graph, *, verify: bool = True) -> bool:
    """Slice partitions -> one split_with_sizes; equal splits merged; getitems folded."""
    return run(graph, "split-coalescing", verify=verify)


def noop_elimination(graph, *, verify: bool = True) -> bool:
    return run(graph, "noop-elimination", verify=verify)


def dce(graph, *, verify: bool = True) -> bool:
    return run(graph, "dce", verify=verify)


def cse(graph, *, verify: bool = True) -> bool:
    return run(graph, "cse", verify=verify)


def decompose_size(graph, *, verify: bool = True) -> bool:
    return run(graph, "decompose-size", verify=verify)
