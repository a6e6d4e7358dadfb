"""A torch.compile backend: split the Dynamo graph, compile each unique piece once.

    model = torch.compile(model, backend=piecewise.backend(
        splitting_ops=["vllm::unified_attention_with_output"], compile_with="eager"))

For each Dynamo graph: the optional ``passes`` pipeline runs on it in place, then
``split_graph`` cuts it at the splitting ops (op names, torch ops, or Python callables such
as ``torch.nn.functional.scaled_dot_product_attention``, which Dynamo-level graphs call as
``torch._C._nn.scaled_dot_product_attention``). Splitting pieces run eagerly (as their
GraphModules). Each compiled piece is looked up by its structural hash: pieces with the same
hash are the same program up to names, and up to a consistent renaming of their symbols
(with ``dynamic=True`` each layer's lifted float, e.g. RMSNorm's eps, is a symbol of its own),
so they share one compiled artifact, which every piece calls with its own inputs, symbols
included. The first piece seen is compiled (``compile_with="eager"``: the piece's GraphModule
itself; ``"inductor"``: ``torch._inductor.compile_fx.compile_fx`` on the piece with its
placeholders' fake values as example inputs, moved into the fake mode of the current
compilation with their ``.item()`` memos, so that floats Dynamo lifted to SymFloats stay
symbolic). ``backend.stats`` counts graphs, pieces and compilations of the Dynamo graphs
compiled successfully (an attempt Dynamo restarts, e.g. to specialize a float Inductor could
not keep symbolic, is not counted).

``dump_dir=DIR`` writes, for each Dynamo graph the backend is given (``DIR/graph_<n>/``, n
counting every call, restarted attempts included), in the code form ``piecewise`` reads back:
``input.py`` (the graph as received), ``split.py`` (the stitching module with one nested class
per piece), and per unique piece ``piece_<hash>.py`` (its code, with a comment header naming
the hash, the kind and the pieces that share it).
"""

from __future__ import annotations

import os
from typing import Callable, Dict, List, Optional, Sequence

import torch
import torch.fx as tfx

from . import fx as _fx
from .split import split_graph


class _Shared(torch.nn.Module):
    """Calls a compiled artifact shared by pieces with equal structural hash."""

    def __init__(self, fn: Callable, source: tfx.GraphModule):
        super().__init__()
        self.fn = fn
        self.source = source  # the piece (kept for inspection)

    def forward(self, *args):
        return self.fn(*args)


def _placeholder_value(n: tfx.Node):
    v = n.meta.get("val")
    return n.meta.get("example_value") if v is None else v


def _example_inputs(piece: tfx.GraphModule) -> list:
    """The piece's placeholders' fake values, in the fake mode of the compilation in progress.

    Dynamo hands the backend a graph whose ``example_value``s belong to its tracing fake mode
    while the TracingContext holds a fresh backend fake mode; AOTAutograd re-fakes tensors of
    another mode, which drops ``item_memo``: the SymFloat a lifted float's ``.item()`` stands
    for. Without it ``.item()`` of such a 0-d input is data-dependent and compilation fails
    with ``DataDependentOutputException: aten._local_scalar_dense.default``. So the values are
    moved here, memo included (the memo's symbol lives in the shared ShapeEnv)."""
    from torch._guards import detect_fake_mode
    from torch._subclasses.fake_tensor import FakeTensor

    mode = detect_fake_mode()
    out = []
    for n in piece.graph.nodes:
        if n.op != "placeholder":
            continue
        v = _placeholder_value(n)
        if mode is not None and isinstance(v, FakeTensor) and v.fake_mode is not mode:
            memo = v.item_memo
            v2 = mode.from_tensor(v)
            if memo is not None and v2.item_memo is None:
                v2.item_memo = memo
            v = v2
        out.append(v)
    return out


_SCALARS = (float, bool, torch.SymFloat, torch.SymBool)


def _subgraph(piece: tfx.GraphModule, keep: List[int]) -> tfx.GraphModule:
    """A copy of ``piece`` returning only its outputs ``keep`` (same placeholders), dead code
    removed."""
    g = tfx.Graph()
    env: Dict[tfx.Node, tfx.Node] = {}
    outs = g.graph_copy(piece.graph, env)
    outs = outs if isinstance(outs, (tuple, list)) else (outs,)
    g.output(tuple(outs[i] for i in keep))
    g.eliminate_dead_code()
    return tfx.GraphModule(piece, g, piece.__class__.__name__)


def _compile_inductor(piece: tfx.GraphModule) -> Callable:
    """``compile_fx`` on the piece. Inductor returns only tensors and integers: a float or bool
    the piece hands to a later piece (a lifted float read with ``.item()``, e.g. an attention
    scale) is computed instead by the piece's slice that produces it, run eagerly."""
    from torch._inductor.compile_fx import compile_fx

    out_node = next(n for n in reversed(piece.graph.nodes) if n.op == "output")
    outs = out_node.args[0]
    outs = outs if isinstance(outs, (tuple, list)) else (outs,)
    scalar = [i for i, o in enumerate(outs)
              if isinstance(o, tfx.Node) and isinstance(_placeholder_value(o), _SCALARS)]
    if not scalar:
        return compile_fx(piece, _example_inputs(piece))
    rest = [i for i in range(len(outs)) if i not in scalar]
    tensor_gm = _subgraph(piece, rest)
    scalar_gm = _subgraph(piece, scalar)
    compiled = compile_fx(tensor_gm, _example_inputs(tensor_gm))
    n = len(outs)

    def run(*args):
        values = scalar_gm(*args)
        tensors = compiled(*args)
        result = [None] * n
        for i, v in zip(rest, tensors):
            result[i] = v
        for i, v in zip(scalar, values):
            result[i] = v
        return tuple(result)

    return run


def _indent(text: str, by: str) -> str:
    return "".join(by + line if line.strip() else line for line in text.splitlines(True))


def _code_form(gm: tfx.GraphModule, class_name: Optional[str] = None) -> str:
    """``gm``'s graph in piecewise's code form (what ``piecewise lint/print/split`` read)."""
    text = _fx.to_ir(gm).print()
    if class_name is not None and text.startswith("class "):
        text = f"class {class_name}(torch.nn.Module):" + text[text.index("\n"):]
    return text


class PiecewiseBackend:
    def __init__(self, splitting_ops: Sequence = (), passes: Sequence[str] = (),
                 compile_with: str = "eager", dump_dir: Optional[str] = None):
        if compile_with not in ("eager", "inductor"):
            raise ValueError("compile_with is 'eager' or 'inductor'")
        self.splitting_ops = list(splitting_ops)
        self.passes = ",".join(passes) if not isinstance(passes, str) else passes
        self.compile_with = compile_with
        self.dump_dir = os.fspath(dump_dir) if dump_dir is not None else None
        self.stats = {"graphs": 0, "pieces": 0, "splitting_pieces": 0, "compilations": 0,
                      "unique_pieces": 0}
        #: The split modules produced, one per Dynamo graph (for inspection).
        self.split_modules: List[tfx.GraphModule] = []
        #: The directories written under dump_dir, one per backend call.
        self.dumps: List[str] = []
        self._calls = 0

    def _compile(self, piece: tfx.GraphModule) -> Callable:
        if self.compile_with == "eager":
            return piece
        return _compile_inductor(piece)

    def __call__(self, gm: tfx.GraphModule, example_inputs) -> Callable:
        call = self._calls
        self._calls += 1
        dump = None
        if self.dump_dir is not None:
            dump = os.path.join(self.dump_dir, f"graph_{call}")
            os.makedirs(dump, exist_ok=True)
            self.dumps.append(dump)
            _write(os.path.join(dump, "input.py"), _code_form(gm))
        if self.passes:
            from . import passes as _passes

            _passes.run(gm, self.passes)
        split_gm, items = split_graph(gm, self.splitting_ops)
        if dump is not None:
            _dump_split(dump, split_gm, items)
        cache: Dict[str, Callable] = {}
        compilations = 0
        for item in items:
            if item.is_splitting_graph:
                continue
            fn = cache.get(item.hash)
            if fn is None:
                fn = self._compile(item.graph)
                compilations += 1
                cache[item.hash] = fn
            if fn is not item.graph:
                setattr(split_gm, item.submod_name, _Shared(fn, item.graph))
        st = self.stats
        st["graphs"] += 1
        st["pieces"] += len(items)
        st["splitting_pieces"] += sum(1 for i in items if i.is_splitting_graph)
        st["compilations"] += compilations
        st["unique_pieces"] += len(cache)
        split_gm.recompile()
        self.split_modules.append(split_gm)
        return split_gm


def _write(path: str, text: str) -> None:
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, path)


def _dump_split(dump: str, split_gm: tfx.GraphModule, items) -> None:
    """split.py (stitching module + nested piece classes) and one file per unique piece."""
    text = _code_form(split_gm)
    sharing: Dict[str, list] = {}
    for item in items:
        sharing.setdefault(item.hash, []).append(item)
    for item in items:
        text += "\n" + _indent(_code_form(item.graph, item.submod_name), "    ")
    _write(os.path.join(dump, "split.py"), text)
    for h, group in sharing.items():
        first = group[0]
        names = ", ".join(i.submod_name for i in group)
        header = (f"# piece hash {h} ({first.kind}; {len(group)} "
                  f"piece{'s' if len(group) > 1 else ''}: {names})\n")
        if first.reason:
            header += f"# {first.reason}\n"
        _write(os.path.join(dump, f"piece_{h}.py"), header + _code_form(first.graph, first.submod_name))


def backend(splitting_ops: Sequence = (), passes: Sequence[str] = (),
            compile_with: str = "eager", dump_dir: Optional[str] = None) -> PiecewiseBackend:
    """A torch.compile backend (see the module docstring)."""
    return PiecewiseBackend(splitting_ops, passes, compile_with, dump_dir)
