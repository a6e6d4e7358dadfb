"""``check_capture``: does every captured piece read memory whose address replay keeps?

    report = piecewise.check_capture(gm, splitting_ops=["vllm::unified_attention"])
    for r in report.unstable_reads:
        print(r)          # captured piece submod_2 reads 'attn' at an address replay ...

A CUDA graph bakes in the address of every tensor it reads (and the value of every scalar
it takes, and cannot contain an op that makes the host wait for the device). Under
piecewise CUDA graphs (``splitting_ops``: the pieces ``split_graph`` makes between the splitting ops are captured,
the splitting ops run eagerly) and breakable capture (``break_ops``: one capture closed
around each break op), a tensor that an eager op allocates is allocated again at replay,
possibly elsewhere, and the captured piece after it reads stale memory. This runs the C++
check (``piecewise check-capture``; docs/capture.md) on ``gm``'s graph, with the schemas
torch has for its custom ops, and returns records: ``unstable_reads`` (tensors read at an
address replay does not keep), ``uncapturable_ops`` (host syncs, data-dependent sizes,
copies to the host inside a captured piece) and ``baked_scalars`` (scalars or sizes an
eager op computes at run time, frozen by the capture). ``gm`` is not changed (a nested
compile region holding a splitting or break op is checked as if inline, on a copy:
``nested.py``).

``static_inputs``: which graph inputs the runtime keeps in place: ``"all"`` (vLLM's
persistent input buffers), ``"params"`` (placeholders named as Dynamo names parameters and
buffers), ``"none"``.

``make_capture_safe`` is the fix, done for the user (``piecewise check-capture --fix``):

    safe_gm = piecewise.make_capture_safe(gm, splitting_ops=["vllm::unified_attention"])

returns a new GraphModule (``gm`` is not changed) computing the same outputs, in which each
value a captured piece would read at an unstable address is copied, in the eager region
right after it is made, into a buffer that the captured piece before it allocates
(``torch.ops.piecewise.capture_copy``, registered here with torch: ``out.copy_(src)``);
``check_capture(safe_gm, ...)`` with the same ops is clean. What it cannot fix raises
``CaptureFixError``, which names each value and why: an op a capture cannot contain
(host-sync, data-dependent-shape, device-to-host), a baked scalar, a value whose sizes only
the data decides.
"""

from __future__ import annotations

import json
import warnings
from dataclasses import dataclass, field
from typing import List, Optional, Sequence, Tuple

import torch
import torch.fx as tfx

from . import fx as _fx
from . import nested as _nested
from .fx import op_pattern as _pattern


@dataclass(frozen=True)
class UnstableRead:
    """One tensor a captured piece reads at an address replay does not keep."""

    #: The captured piece (``submod_<id>``) and the value it reads.
    piece: str
    value: str
    #: The piece's first node reading it.
    consumer: str
    #: The node that made it unstable (an eager op, or a non-static input) and its target.
    origin: str
    origin_target: str
    #: origin ... value: the views in between.
    chain: Tuple[str, ...]
    #: ``fresh-return``, ``fresh-element``, ``may-copy``, ``unknown-schema``, ``non-static-input``;
    #: ``baked-scalar`` in ``CaptureReport.baked_scalars``.
    cause: str
    #: True when the address surely changes; False when it may (may-copy, no schema).
    certain: bool
    message: str
    fix: str
    #: The origin's fx.Node in the graph checked (None when the name is not found).
    node: Optional[tfx.Node] = None
    #: The value's sizes depend on the data (an unbacked symbol): no buffer can be allocated
    #: for it before the eager op runs.
    sizes_data_dependent: bool = False

    def __str__(self) -> str:
        return f"{self.message}\n  fix: {self.fix}"


@dataclass(frozen=True)
class UncapturableOp:
    """An op inside a captured piece that a CUDA graph capture cannot contain."""

    piece: str
    name: str
    target: str
    #: ``host-sync``, ``data-dependent-shape`` or ``device-to-host``.
    cause: str
    #: False when the op may or may not do it (an unknown device, ``x[mask] = v``).
    certain: bool
    #: The analysis layer's phrase (``data-dependent output: aten::nonzero.default``).
    reason: str
    message: str
    fix: str
    #: The op's fx.Node in the graph checked (None when the name is not found).
    node: Optional[tfx.Node] = None

    def __str__(self) -> str:
        return f"{self.message}\n  fix: {self.fix}"


@dataclass(frozen=True)
class EagerOp:
    """An op that runs eagerly between captures, with its output contract: ``out-buffer``,
    ``in-place``, ``view-of-stable``, ``view-of-unstable``, ``fresh``, ``unknown`` (no
    schema) or ``none`` (returns and writes nothing)."""

    name: str
    target: str
    segment: str
    contract: str
    stable: bool
    buffer: Optional[str]


@dataclass(frozen=True)
class Segment:
    """A captured run (``kind == "captured"``) or an eager region, with its node names."""

    name: str
    kind: str
    nodes: Tuple[str, ...]
    unstable_reads: int
    uncapturable_ops: int = 0
    baked_scalars: int = 0


@dataclass(frozen=True)
class CaptureReport:
    segments: List[Segment]
    eager_ops: List[EagerOp]
    unstable_reads: List[UnstableRead]
    uncapturable_ops: List[UncapturableOp] = field(default_factory=list)
    baked_scalars: List[UnstableRead] = field(default_factory=list)
    #: The summary line ``piecewise check-capture`` prints ("capture-safe: N captured piece(s)
    #: read only stable memory (E eager op(s))" or "not capture-safe: ... in M of N captured
    #: piece(s)"): the same text, from the same function.
    summary: str = ""

    @property
    def clean(self) -> bool:
        """True when every captured piece reads only stable memory, contains only ops a
        capture can contain and takes no scalar computed at run time."""
        return not (self.unstable_reads or self.uncapturable_ops or self.baked_scalars)

    def __str__(self) -> str:
        """Each finding with its fix, then the summary line."""
        return "\n".join([*(str(r) for r in [*self.unstable_reads, *self.uncapturable_ops,
                                              *self.baked_scalars]), self.summary])


def check_capture(gm: tfx.GraphModule, splitting_ops: Optional[Sequence] = None,
                  break_ops: Optional[Sequence] = None,
                  static_inputs: str = "all", warn_unmatched: bool = True) -> CaptureReport:
    """Checks ``gm`` for piecewise capture at ``splitting_ops`` (the plan ``split_graph``
    makes) or breakable capture around ``break_ops`` (exactly one of them). Ops are given as
    for ``split_graph``: names, torch ops or Python callables."""
    if (splitting_ops is None) == (break_ops is None):
        raise ValueError("check_capture needs exactly one of splitting_ops and break_ops")
    ops = [_pattern(o) for o in (splitting_ops if splitting_ops is not None else break_ops)]
    gm = _nested.inlined(gm, ops)  # as split_graph: nested regions checked as if inline
    _fx.custom_schemas(gm)  # the registry learns every custom op's schema, packets' included
    ir = _fx.to_ir(gm).core
    # A pattern that matches no node leaves its op inside a captured piece: say so, as
    # split_graph and the CLI do (never a silent "capture-safe").
    kind = "splitting" if splitting_ops is not None else "break"
    for message in _fx._core.unmatched_splitting_ops(ir, ops, kind) if warn_unmatched else ():
        warnings.warn(f"piecewise: {message}", stacklevel=2)
    text, summary = _fx._core.check_capture(
        ir,
        splitting_ops=ops if splitting_ops is not None else None,
        break_ops=ops if break_ops is not None else None,
        static_inputs=static_inputs)
    raw = json.loads(text)  # what `piecewise check-capture --json` prints, node names added
    by_name = {n.name: n for n in gm.graph.nodes}

    def target(node: dict) -> str:  # a placeholder's target is its name
        return node.get("target", node["name"])

    def reads(key):
        return [UnstableRead(piece=r["segment"], value=r["value"], consumer=r["consumer"]["name"],
                             origin=r["origin"]["name"], origin_target=target(r["origin"]),
                             chain=tuple(r["chain"]), cause=r["cause"], certain=r["certain"],
                             message=r["message"], fix=r["fix"],
                             node=by_name.get(r["origin"]["name"]),
                             sizes_data_dependent=r.get("sizes_data_dependent", False))
                for r in raw[key]]

    uncapturable = [UncapturableOp(piece=o["segment"], name=o["node"]["name"],
                                   target=target(o["node"]), cause=o["cause"],
                                   certain=o["certain"], reason=o["reason"],
                                   message=o["message"], fix=o["fix"],
                                   node=by_name.get(o["node"]["name"]))
                    for o in raw["uncapturable_ops"]]
    eager = [EagerOp(name=o["name"], target=target(o), segment=o["segment"],
                     contract=o["contract"], stable=o["stable"], buffer=o.get("buffer"))
             for o in raw["eager_ops"]]
    segments = [Segment(name=s["name"], kind=s["kind"], nodes=tuple(s["node_names"]),
                        unstable_reads=s.get("unstable_reads", 0),
                        uncapturable_ops=s.get("uncapturable_ops", 0),
                        baked_scalars=s.get("baked_scalars", 0))
                for s in raw["segments"]]
    return CaptureReport(segments=segments, eager_ops=eager, unstable_reads=reads("unstable_reads"),
                         uncapturable_ops=uncapturable, baked_scalars=reads("baked_scalars"),
                         summary=summary.rstrip("\n"))


# --------------------------------------------------------------------------------------------
# The fix


_LIBS: list = []


def _register_capture_copy():
    """``piecewise::capture_copy(Tensor src, Tensor(a!) out) -> ()`` (``out.copy_(src)``), the
    copy ``make_capture_safe`` inserts, registered once per process with the schema the C++
    registry has (``_core.piecewise_schemas()``)."""
    try:
        return torch.ops.piecewise.capture_copy.default
    except (AttributeError, RuntimeError):
        pass

    schema = _fx._core.piecewise_schemas().splitlines()[0]
    lib = torch.library.Library("piecewise", "FRAGMENT")
    lib.define(schema.split("::", 1)[1])

    def capture_copy(src, out):
        out.copy_(src)

    lib.impl("capture_copy", capture_copy, "CompositeExplicitAutograd")
    torch.library.register_fake("piecewise::capture_copy", lambda src, out: None, lib=lib)
    _LIBS.append(lib)  # a Library unregisters its ops when it is collected
    return torch.ops.piecewise.capture_copy.default


capture_copy = _register_capture_copy()


class CaptureFixError(RuntimeError):
    """``make_capture_safe`` cannot make the graph capture-safe. ``errors``: one message per
    value it cannot copy (naming the value, the captured piece that reads it and why: an op
    that cannot be captured, sizes known only after the eager op, ...)."""

    def __init__(self, errors: List[str], text: str):
        super().__init__("piecewise: the graph cannot be made capture-safe:\n" + text)
        self.errors = errors


@dataclass(frozen=True)
class CaptureCopy:
    """One value ``make_capture_safe`` copies into a static buffer: the node names of the
    value, its buffer, the copy, the copy back into a graph input (or None), and the bytes
    the copies write per step (an expression when the sizes are symbolic: ``8192*s0``)."""

    value: str
    buffer: str
    copy: str
    copy_back: Optional[str]
    bytes: str


def make_capture_safe(gm: tfx.GraphModule, splitting_ops: Optional[Sequence] = None,
                      break_ops: Optional[Sequence] = None,
                      static_inputs: str = "all") -> tfx.GraphModule:
    """A new GraphModule computing what ``gm`` computes, capture-safe for piecewise capture
    at ``splitting_ops`` or breakable capture around ``break_ops`` (exactly one; ops as for
    ``split_graph``). ``gm`` is not changed. The result's ``meta["piecewise_capture_copies"]``
    lists the copies (``CaptureCopy``) and ``meta["piecewise_capture_bytes_per_step"]`` their
    cost. Raises ``CaptureFixError`` when a value cannot be copied (docs/capture.md)."""
    if (splitting_ops is None) == (break_ops is None):
        raise ValueError("make_capture_safe needs exactly one of splitting_ops and break_ops")
    if static_inputs not in ("all", "params", "none"):
        raise ValueError("static_inputs is 'all', 'params' or 'none'")
    ops = [_pattern(o) for o in (splitting_ops if splitting_ops is not None else break_ops)]
    gm = _nested.inlined(gm, ops)  # nested regions made safe as if inline
    ir = _fx.import_graph(gm.graph, gm)
    result = _fx._core.make_capture_safe(
        ir.core, splitting_ops=ops if splitting_ops is not None else None,
        break_ops=ops if break_ops is not None else None, static_inputs=static_inputs)
    if not result["ok"]:
        raise CaptureFixError(list(result["errors"]), result["text"])
    fix = json.loads(result["json"])["fix"]  # `check-capture --fix --json`'s member
    new = _fx.to_graph_module(ir)
    new.meta.update(gm.meta)
    new.meta["piecewise_capture_copies"] = [CaptureCopy(**c) for c in fix["copies"]]
    new.meta["piecewise_capture_bytes_per_step"] = fix["bytes_per_step"]
    return new
