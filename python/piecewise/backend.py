"""A torch.compile backend: split the Dynamo graph, compile each unique piece once.

    model = torch.compile(model, backend=piecewise.backend(
        splitting_ops=["vllm::unified_attention_with_output"], compile_with="eager"))

For each Dynamo graph: the optional ``passes`` pipeline runs on it in place, then
``split_graph`` cuts it at the splitting ops. Splitting pieces run eagerly (as their
GraphModules). Each compiled piece is looked up by its structural hash: pieces with the same
hash are the same program up to names, so they share one compiled artifact; the first one
seen is compiled (``compile_with="eager"``: the piece's GraphModule itself; ``"inductor"``:
``torch._inductor.compile_fx.compile_fx`` on the piece with its placeholders' fake values as
example inputs). ``backend.stats`` counts graphs, pieces and compilations.
"""

from __future__ import annotations

from typing import Callable, Dict, List, Optional, Sequence

import torch
import torch.fx as tfx

from .split import split_graph


class _Shared(torch.nn.Module):
    """Calls a compiled artifact shared by pieces with equal structural hash."""

    def __init__(self, fn: Callable, source: tfx.GraphModule):
        super().__init__()
        self.fn = fn
        self.source = source  # the piece (kept for inspection)

    def forward(self, *args):
        return self.fn(*args)


class PiecewiseBackend:
    def __init__(self, splitting_ops: Sequence = (), passes: Sequence[str] = (),
                 compile_with: str = "eager"):
        if compile_with not in ("eager", "inductor"):
            raise ValueError("compile_with is 'eager' or 'inductor'")
        self.splitting_ops = list(splitting_ops)
        self.passes = ",".join(passes) if not isinstance(passes, str) else passes
        self.compile_with = compile_with
        self.stats = {"graphs": 0, "pieces": 0, "splitting_pieces": 0, "compilations": 0,
                      "unique_pieces": 0}
        #: The split modules produced, one per Dynamo graph (for inspection).
        self.split_modules: List[tfx.GraphModule] = []

    def _compile(self, piece: tfx.GraphModule) -> Callable:
        self.stats["compilations"] += 1
        if self.compile_with == "eager":
            return piece
        from torch._inductor.compile_fx import compile_fx

        example = [n.meta.get("val") for n in piece.graph.nodes if n.op == "placeholder"]
        return compile_fx(piece, example)

    def __call__(self, gm: tfx.GraphModule, example_inputs) -> Callable:
        if self.passes:
            from . import passes as _passes

            _passes.run(gm, self.passes)
        split_gm, items = split_graph(gm, self.splitting_ops)
        cache: Dict[str, Callable] = {}
        self.stats["graphs"] += 1
        for item in items:
            self.stats["pieces"] += 1
            if item.is_splitting_graph:
                self.stats["splitting_pieces"] += 1
                continue
            fn = cache.get(item.hash)
            if fn is None:
                fn = self._compile(item.graph)
                cache[item.hash] = fn
            if fn is not item.graph:
                setattr(split_gm, item.submod_name, _Shared(fn, item.graph))
        self.stats["unique_pieces"] += len(cache)
        split_gm.recompile()
        self.split_modules.append(split_gm)
        return split_gm


def backend(splitting_ops: Sequence = (), passes: Sequence[str] = (),
            compile_with: str = "eager") -> PiecewiseBackend:
    """A torch.compile backend (see the module docstring)."""
    return PiecewiseBackend(splitting_ops, passes, compile_with)
