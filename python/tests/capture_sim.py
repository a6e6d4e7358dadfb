"""A simulated CUDA-graph capture/replay runtime on CPU: the oracle of test_capture.py.

A real runtime (vLLM's piecewise CUDA graphs, breakable capture) captures each compiled
piece once and afterwards replays it: the graph reads the addresses its inputs had at
capture. This simulation runs a split module twice:

- capture: every captured piece is called normally; its wrapper records the ``data_ptr()``
  of every tensor it is given and keeps those tensors alive (so no later allocation can
  reuse their memory and fake a match), and keeps its outputs as the piece's static
  outputs;
- replay: the static graph inputs get new values copied into the same tensors (a
  non-static input is a new tensor), and the module runs again. A captured piece whose
  input pointer differs from the one recorded at capture would read stale memory: that
  (piece, input) is unstable. The piece then runs on what it is given, and returns its
  static outputs (a real graph writes into the same output memory each replay), except an
  output that shares storage with one of the piece's inputs, which is returned as computed
  (a view of an input follows that input's address, as a captured view of a moved tensor
  would point at the old one: the next piece sees the difference).

Eager pieces (splitting ops, break ops) run normally both times. What this cannot see: a
real GPU's memory pool may hand an eager op the same block at replay by chance (reuse
between graphs), and then a real replay reads the right memory by luck; and whether the
data at a stable address is what the piece expects (ordering of writes is not checked).

``replay`` goes one step further, to check values: at replay each captured piece runs on
the tensors it was given at capture (the memory a CUDA graph reads, whatever it is given
now) and the scalars it was given then (baked), writes its results into its capture-time
outputs and returns those. A piece whose input moved then computes from stale memory, as a
real replay would, and the step's outputs show it; a capture-safe plan gives exactly what
the original graph computes on the replayed inputs.
"""

from __future__ import annotations

import inspect
from typing import Dict, Iterable, List, Sequence, Set, Tuple

import torch


class _Captured(torch.nn.Module):
    """Wraps one captured piece (see the module docstring)."""

    def __init__(self, name: str, piece: torch.nn.Module, input_names: Sequence[str],
                 unstable: Set[Tuple[str, str]], by_address: bool = False):
        super().__init__()
        self.name = name
        self.piece = piece
        self.input_names = list(input_names)
        self.unstable = unstable
        self.by_address = by_address
        self.replaying = False
        self.pointers: List = []
        self.kept: List = []
        self.static: tuple = ()

    def forward(self, *args):
        if not self.replaying:
            self.pointers = [a.data_ptr() if isinstance(a, torch.Tensor) else None for a in args]
            self.kept = list(args)
            out = self.piece(*args)
            self.static = tuple(out)
            return out
        for i, a in enumerate(args):
            if isinstance(a, torch.Tensor) and a.data_ptr() != self.pointers[i]:
                self.unstable.add((self.name, self.input_names[i]))
        if self.by_address:
            return self._replay_by_address()
        out = tuple(self.piece(*args))
        storages = {a.untyped_storage().data_ptr() for a in args if isinstance(a, torch.Tensor)}
        result = []
        for o, s in zip(out, self.static):
            if not isinstance(o, torch.Tensor) or o.untyped_storage().data_ptr() in storages:
                result.append(o)
                continue
            try:
                with torch.no_grad():
                    s.copy_(o)
            except RuntimeError:
                pass  # an expanded static output: the pointers are what is checked
            result.append(s)
        return tuple(result)


    def _replay_by_address(self) -> tuple:
        """What a CUDA graph replay does: the capture-time inputs (memory and scalars), the
        results written into the capture-time outputs."""
        out = tuple(self.piece(*self.kept))
        for o, s in zip(out, self.static):
            if not isinstance(o, torch.Tensor) or o is s:
                continue
            so, ss = o.untyped_storage(), s.untyped_storage()
            if so.data_ptr() == ss.data_ptr():
                continue  # a view of an input: the same memory already
            # The whole memory, whatever the output's layout (an expand) and whatever later
            # in-place metadata changes (squeeze_) did to the capture-time tensor.
            assert so.nbytes() == ss.nbytes(), (self.name, so.nbytes(), ss.nbytes())
            ss.copy_(so)
        return self.static


def _set_child(module: torch.nn.Module, name: str, child: torch.nn.Module) -> None:
    """Replaces a child module; also as an instance attribute when a nested class of that
    name would shadow the registered module (fxload's print_readable() convention)."""
    setattr(module, name, child)
    if isinstance(getattr(type(module), name, None), type):
        module.__dict__[name] = child


def input_names_of(piece: torch.nn.Module) -> List[str]:
    """The names of a piece's inputs: its GraphModule placeholders, or its forward's
    parameters (a module loaded from `piecewise split -o`)."""
    graph = getattr(piece, "graph", None)
    if isinstance(graph, torch.fx.Graph):
        return [n.name for n in graph.nodes if n.op == "placeholder"]
    return [p for p in inspect.signature(piece.forward).parameters]


def simulate(split_module: torch.nn.Module, captured: Iterable[str], inputs: Sequence,
             static: Sequence[bool], seed: int = 0) -> Set[Tuple[str, str]]:
    """Captures and replays `split_module` (its children named in `captured` are the
    captured pieces); returns the (piece, input name) pairs whose address moved.
    `static[i]` says whether input i is kept in place between runs."""
    return _run(split_module, captured, inputs, static, seed, False).moved


class Replay:
    """What ``replay`` returns: the (piece, input) pairs whose address moved, the replayed
    step's inputs before it ran (``before``) and after (``after``: in-place writes show),
    and its outputs."""

    def __init__(self, moved, before, after, outputs):
        self.moved = moved
        self.before = before
        self.after = after
        self.outputs = outputs


def replay(split_module: torch.nn.Module, captured: Iterable[str], inputs: Sequence,
           static: Sequence[bool], seed: int = 0) -> Replay:
    """``simulate``, with the replayed step computed as a CUDA graph replay computes it (the
    module docstring): compare ``outputs`` and ``after`` with the original graph run on
    ``before``."""
    return _run(split_module, captured, inputs, static, seed, True)


def _run(split_module, captured, inputs, static, seed, by_address) -> Replay:
    unstable: Set[Tuple[str, str]] = set()
    wrappers: Dict[str, _Captured] = {}
    for name in captured:
        piece = getattr(split_module, name)
        w = _Captured(name, piece, input_names_of(piece), unstable, by_address)
        _set_child(split_module, name, w)
        wrappers[name] = w
    args = [a.clone() if isinstance(a, torch.Tensor) else a for a in inputs]
    torch.manual_seed(seed)
    with torch.no_grad():
        split_module(*args)
    g = torch.Generator().manual_seed(seed + 1)
    step = []
    for a, keep in zip(args, static):
        if not isinstance(a, torch.Tensor):
            step.append(a)
            continue
        new = a.clone()
        if new.is_floating_point():
            new.copy_(torch.randn(new.shape, generator=g).to(new.dtype))
        if keep:
            a.copy_(new)
            step.append(a)
        else:
            step.append(new)
    for w in wrappers.values():
        w.replaying = True
    before = [a.clone() if isinstance(a, torch.Tensor) else a for a in step]
    torch.manual_seed(seed)
    with torch.no_grad():
        outputs = split_module(*step)
    for name, w in wrappers.items():
        _set_child(split_module, name, w.piece)
    args.clear()
    return Replay(unstable, before, step, outputs)
