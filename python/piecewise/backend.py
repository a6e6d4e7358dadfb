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

With Inductor, each splitting piece is wrapped in ``_layout.Restride``: an eager op may return
other strides than its meta kernel says (stock SDPA on CPU, Phi-3's sliced qkv), and the
compiled piece after it asserts the fake strides; an output that differs is copied into the
promised layout at the producer (``_layout.py``). Before any piece compiles, each unique
piece computing a SymFloat runs ``compile_fx`` up to code generation; where Inductor could not
keep a lifted float symbolic (Dynamo's ``TensorifyScalarRestartAnalysis``), the backend writes
the floats' values into the graph itself, guarded as Dynamo's restart would guard them, and
splits again: no second trace of the frame (``_specialize_lifted_floats``). With ``TORCH_TRACE`` set, the split module, the
plan and each unique piece go into the structured trace under vLLM's names (``_trace.py``).

``dump_dir=DIR`` writes, for each Dynamo graph the backend is given (``DIR/graph_<n>/``, n
counting every call, restarted attempts included), in the code form ``piecewise`` reads back:
``input.py`` (the graph as received), ``split.py`` (the stitching module with one nested class
per piece), and per unique piece ``piece_<hash>.py`` (its code, with a comment header naming
the hash, the kind and the pieces that share it).

``report_dir=DIR`` writes, for each Dynamo graph the backend splits, the page
``piecewise report`` writes (``DIR/graph_<n>.html``, n as for ``dump_dir``; the same
splitting ops, on the graph as split, after ``passes``), and ``DIR/index.html`` linking them.
The pages are made by the extension (``_core.render_report``: the CLI's page, no subprocess);
when one cannot be made, the backend warns and compiles on: a report never fails a
compilation. ``be.reports`` lists the pages.

``progress=SECONDS`` (default 1.0): once compiling a graph's unique pieces has taken that
long, each further piece prints ``piecewise: graph 0: compiling piece 2/3 (hash 9f3c1a2b…,
used by 79 pieces)`` to stderr before it compiles and ``... compiled piece 2/3 (...) in 4.20 s``
after; a piece that alone takes that long prints its ``compiled`` line too. ``0`` (or True)
prints every piece, None (or False) nothing. ``be.stats["compile_seconds"]`` maps each compiled hash to the
seconds spent compiling it (summed over graphs).

``check_capture="warn"`` or ``"error"`` runs ``piecewise.check_capture`` on each graph before
it is split, and warns (or raises RuntimeError) when a piece, if captured as a CUDA graph by
a runtime that does not copy its inputs, would read a tensor an eager splitting op allocates
(docs/capture.md). The default is ``"off"``: this backend captures nothing itself, and
Inductor's own CUDA graphs copy their inputs into static buffers; the check is for runtimes
that replay the pieces without copying, as vLLM's piecewise CUDA graphs and breakable capture do.
``capture_safe=True`` compiles ``piecewise.make_capture_safe(gm, splitting_ops=...)`` instead of
``gm``: such a runtime can then capture the pieces as they are (raises ``CaptureFixError`` for a
graph the copies cannot make safe).
SymInts a piece can compute from what it already has are recomputed inside it
(``split_graph(..., rematerialize_symints=True)``), so a layer that computes one for the later
layers (Mixtral's ``2 * s27``) is not one more unique piece. ``be.stats["explain"]`` has, per
Dynamo graph compiled, ``{"graph": n, "text": ..., "differences": [...]}``: why pieces at the
same place of a repeated structure still hash differently (``piecewise.explain``).
"""

from __future__ import annotations

import contextlib
import html
import logging
import math
import operator
import os
import shutil
import sys
import sysconfig
import time
import warnings
from typing import Callable, Dict, List, Optional, Sequence, Tuple, Union

import torch
import torch.fx as tfx

from . import _layout, _private, _trace
from . import fx as _fx
from . import nested as _nested
from .capture import check_capture as _check_capture
from .capture import make_capture_safe as _make_capture_safe
from .fx import op_pattern as _pattern
from .split import _split_graph_ex_gc, explain


def _share_key(item) -> tuple:
    """What two pieces must agree on to share one compiled artifact: their structural hash
    (names and symbols aside), the identity of every Python callable and constant they use
    (two closures, or two constants, can print alike), and which of their inputs require
    grad (the artifact is compiled for that)."""
    objects: List[int] = []
    grads: List[bool] = []
    ops = _private.OP_TYPES
    for n in item.graph.graph.nodes:
        if n.op == "call_function" and not isinstance(n.target, ops):
            objects.append(id(n.target))
        elif n.op == "get_attr":
            obj = item.graph
            for part in str(n.target).split("."):
                obj = getattr(obj, part, None)
            objects.append(id(obj))
        elif n.op == "placeholder":
            v = n.meta.get("example_value", n.meta.get("val"))
            grads.append(bool(getattr(v, "requires_grad", False)))
    return (item.hash, tuple(objects), tuple(grads))


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
    mode = _private.detect_fake_mode()
    return [_private.refake(_placeholder_value(n), mode) for n in piece.graph.nodes
            if n.op == "placeholder"]


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


def _scalar_outputs(piece: tfx.GraphModule) -> List[int]:
    out_node = next(n for n in reversed(piece.graph.nodes) if n.op == "output")
    outs = out_node.args[0]
    outs = outs if isinstance(outs, (tuple, list)) else (outs,)
    return [i for i, o in enumerate(outs)
            if isinstance(o, tfx.Node) and isinstance(_placeholder_value(o), _SCALARS)]


def _inductor_input(piece: tfx.GraphModule) -> tfx.GraphModule:
    """What ``compile_fx`` gets for the piece: the piece, or its tensor outputs' slice."""
    scalar = _scalar_outputs(piece)
    if not scalar:
        return piece
    n = len(next(n for n in reversed(piece.graph.nodes) if n.op == "output").args[0])
    return _subgraph(piece, [i for i in range(n) if i not in scalar])


def _needs_tensorify(gm: tfx.GraphModule) -> bool:
    """Whether the graph computes a SymFloat (a lifted float Dynamo kept symbolic)."""
    return any(isinstance(_placeholder_value(n), torch.SymFloat) for n in gm.graph.nodes)


class _StopBeforeCodegen(Exception):
    pass


def _stop_before_codegen(*args, **kwargs):
    raise _StopBeforeCodegen


def _tensorify_check(gm: tfx.GraphModule) -> None:
    """Inductor's ``compile_fx`` on ``gm`` up to its code generation (``inner_compile``
    stops it): AOTAutograd's capture and the tensorify pass run as in the real compile, and
    raise ``TensorifyScalarRestartAnalysis`` (after recording the floats to specialize)
    where it would, but no code is generated."""
    gm, _ = _lift_backed_floats(gm)  # as _compile_inductor gives it to Inductor
    try:
        _private.compile_fx(gm, _example_inputs(gm), inner_compile=_stop_before_codegen)
    except _StopBeforeCodegen:
        pass


def _lifted_float_reads(p: tfx.Node) -> Optional[list]:
    """The ``.item()`` reads of a placeholder Dynamo lifted a Python float into (read by
    nothing else), or None for any other input."""
    reads = list(p.users)
    if not reads or not all(u.op == "call_method" and u.target == "item" and u.args == (p,)
                            and not u.kwargs for u in reads):
        return None
    if not any(isinstance(_placeholder_value(u), torch.SymFloat) for u in reads):
        return None
    return reads


def _float_input_values(gm: tfx.GraphModule, example_inputs) -> Dict[str, float]:
    """The values of the floats Dynamo lifted into ``gm`` (see ``_lifted_float_reads``), by
    placeholder name, read from the real 0-d tensors the backend was called with; a fake
    input (no value to look at) is left out."""
    values: Dict[str, float] = {}
    inputs = list(example_inputs)
    for i, p in enumerate(gm.graph.find_nodes(op="placeholder")):
        if i >= len(inputs) or _lifted_float_reads(p) is None:
            continue
        t = inputs[i]
        if not isinstance(t, torch.Tensor) or t.dim() != 0 or not t.is_floating_point():
            continue
        try:
            values[p.name] = float(t.item())
        except Exception:  # a fake tensor
            continue
    return values


def _guard_unsound(value: float) -> bool:
    """Whether Dynamo's ShapeEnv cannot guard a float on its value soundly: it has no signed
    zero (``-0.0`` reads as ``0.0`` and ``== 0.0`` admits both signs) and ``nan == nan`` is
    false (the guard would fail on every call)."""
    return value == 0.0 or math.isnan(value)


def _same_float(a: float, b: float) -> bool:
    """``a`` is ``b`` as a value a program can tell apart: the same sign of zero, NaN as NaN."""
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    return a == b and math.copysign(1.0, a) == math.copysign(1.0, b)


class _CheckedFloats:
    """The split module of a graph whose zero or NaN floats were written into it (see
    ``_specialize_lifted_floats``), with the check Dynamo's guard cannot make: each call
    compares those inputs with the values written (sign of zero and NaN included) and, on a
    difference, runs ``unspecialized`` (the same graph split with the floats read at run
    time, its pieces run eagerly) instead: exact for any value, and counted in
    ``stats["float_check_fallbacks"]`` with a warning once per graph."""

    def __init__(self, split_gm: tfx.GraphModule, unspecialized: tfx.GraphModule,
                 checks: List[Tuple[int, str, float]], stats: dict, call: int):
        self.split_gm = split_gm
        self.unspecialized = unspecialized
        self.checks = checks
        self.stats = stats
        self.call = call
        self.warned = False

    def __call__(self, *args):
        for index, name, value in self.checks:
            a = args[index]
            got = float(a.item()) if isinstance(a, torch.Tensor) else float(a)
            if not _same_float(got, value):
                self.stats["float_check_fallbacks"] += 1
                if not self.warned:
                    self.warned = True
                    _say(f"graph {self.call}: the float input {name} is {got!r}; its pieces "
                         f"were compiled for {value!r}, which Dynamo's guard cannot tell apart "
                         "from it: this call runs the graph's pieces eagerly, reading the "
                         "value at run time")
                return self.unspecialized(*args)
        return self.split_gm(*args)


def _float_symbols(gm: tfx.GraphModule) -> set:
    """The names of the symbols (``zf3``) in the SymFloat values of ``gm``'s nodes."""
    names: set = set()
    for n in gm.graph.nodes:
        v = _placeholder_value(n)
        if isinstance(v, torch.SymFloat):
            names.update(_private.symfloat_free_symbols(v))
    return names


@contextlib.contextmanager
def _unread_floats_named(forced: Optional[set], graph_floats: set, piece: tfx.GraphModule):
    """While a piece compiles: the graph's float symbols that the piece does not read, named
    in Dynamo's ``TensorifyState`` (``forced``). Inductor's tensorify pass restarts Dynamo for
    every float symbol of the frame's ShapeEnv that the graph it compiles did not tensorify,
    which is right for a whole graph and wrong for a piece: the piece without the float
    (``sin`` of ``a = cos(sin(x)); v = s.item(); s.add_(1.0); a * v``) would restart for it,
    and Dynamo's second trace then loses writes to inputs (the ``add_``). Named, a float is
    left to the piece that reads it, which tensorifies (or restarts for) it as the whole
    graph would. The names go again after the compile, so a restart Dynamo does take
    carries only the tensorify pass's own."""
    added = set()
    if forced is not None:
        added = graph_floats - _float_symbols(piece) - forced
        forced.update(added)
    try:
        yield
    finally:
        if forced is not None:
            forced.difference_update(added)


def _specialize_lifted_floats(gm: tfx.GraphModule, names: Optional[set] = None,
                              values: Optional[Dict[str, float]] = None,
                              checks: Optional[list] = None) -> int:
    """Writes the value of each float Dynamo lifted into ``gm`` (a 0-d tensor input read with
    ``.item()``: a module's ``eps``, a Python float argument) into its users, from: ``item =
    eps.item(); add = var + item`` to: ``add = var + 1e-06``; returns how many ``.item()``
    reads were replaced. ``float()`` of the read's SymFloat guards on its value in Dynamo's
    ShapeEnv, so a call with another value misses the guards and Dynamo compiles again: what
    Dynamo's own ``TensorifyScalarRestartAnalysis`` restart does (it specializes the floats the
    same way while it traces again), without the second trace of the whole frame. The inputs
    stay (the signature is Dynamo's); nothing reads them. The symbols of the floats written
    go into ``names`` (see ``PiecewiseBackend.__call__``).

    A float whose value (``values``: the real inputs, by placeholder name) is 0.0, -0.0 or
    NaN cannot be guarded soundly (``_guard_unsound``): the value itself is written (-0.0
    stays -0.0, where Dynamo's own specialization writes 0.0), a zero is still guarded
    ``== 0.0`` (another non-zero value recompiles), and ``(placeholder index, name, value)``
    goes into ``checks``, for the run-time check of ``_CheckedFloats``."""
    done = 0
    values = values or {}
    for index, p in enumerate(gm.graph.find_nodes(op="placeholder")):
        # Only an input nothing but `.item()` reads (as Dynamo's restart requires): nothing
        # writes it, so every read is the same value. The copies split_graph's
        # rematerialization made of a read carry no value of their own: the first read's.
        reads = _lifted_float_reads(p)
        if reads is None:
            continue
        value = next(v for v in map(_placeholder_value, reads) if isinstance(v, torch.SymFloat))
        real = values.get(p.name)
        if real is not None and _guard_unsound(real) and checks is not None:
            if real == 0.0:
                try:
                    float(value)  # guards: value == 0.0 (either sign; the sign is checked)
                except Exception:
                    continue
            constant = real
            checks.append((index, p.name, real))
        else:
            try:
                constant = float(value)  # guards: value == constant
            except Exception:  # e.g. an unbacked `.item()` (capture_scalar_outputs): no value
                continue
        if names is not None and _private.symfloat_symbol(value) is not None:
            names.add(_private.symfloat_symbol(value))
        for node in reads:
            node.replace_all_uses_with(constant)
            gm.graph.erase_node(node)
            done += 1
    if done:
        _fold_scalar_arithmetic(gm)
        gm.recompile()
    return done


# Python scalar arithmetic Dynamo records on SymFloats/SymInts (``math.sqrt(2.0 / math.pi)``
# in GPT-2's gelu): on literals, the value is what the call returns.
_FOLDABLE = tuple(f for f in (operator.add, operator.sub, operator.mul, operator.truediv,
                              operator.floordiv, operator.mod, operator.pow, operator.neg,
                              operator.pos, operator.abs, torch.sym_float, torch.sym_max,
                              torch.sym_min, _private.SYM_SQRT) if f is not None)


def _fold_scalar_arithmetic(gm: tfx.GraphModule) -> None:
    """From: ``truediv = operator.truediv(2.0, 3.141592653589793)`` to: its value in its users
    (what Dynamo's restart records once the float is specialized: the trace computes it)."""
    for node in list(gm.graph.nodes):
        if (node.op != "call_function" or node.target not in _FOLDABLE or node.kwargs
                or not all(type(a) in (int, float) for a in node.args)):
            continue
        try:
            value = node.target(*node.args)
        except Exception:  # e.g. a division by zero: left for the run to raise
            continue
        if type(value) not in (int, float):
            continue
        node.replace_all_uses_with(value)
        gm.graph.erase_node(node)


def _lift_backed_floats(gm: tfx.GraphModule) -> Tuple[tfx.GraphModule, List[int]]:
    """``gm`` with each placeholder holding a backed SymFloat (``zf9``, say the ``.item()`` of
    a float64 input that another piece read) turned into a 0-d float64 tensor placeholder
    read with ``.item()`` (its fake value's ``item_memo`` is the SymFloat): the form Dynamo
    gives a lifted float. Given the SymFloat itself, the tensorify pass writes
    ``scalar_tensor(zf9)`` and Inductor's kernel reads the symbol ``zf9`` without taking it
    as an argument (a C++ compile error); from the tensor it reads the value. Returns the
    graph (``gm`` itself when nothing is lifted) and the positions of the lifted inputs."""
    places = list(gm.graph.find_nodes(op="placeholder"))
    lifted = [i for i, p in enumerate(places)
              if isinstance(_placeholder_value(p), torch.SymFloat)
              and _private.symfloat_has_backed_float(_placeholder_value(p))]
    if not lifted:
        return gm, []
    g = tfx.Graph()
    env: Dict[tfx.Node, tfx.Node] = {}
    out = g.graph_copy(gm.graph, env)
    g.output(out)
    new_places = list(g.find_nodes(op="placeholder"))
    mode = _private.detect_fake_mode()
    for i in lifted:
        p = new_places[i]
        value = _placeholder_value(p)
        with g.inserting_after(new_places[-1]):
            read = g.call_method("item", (p,))
        p.replace_all_uses_with(read, delete_user_cb=lambda u: u is not read)
        read.meta["val"] = read.meta["example_value"] = value
        if mode is not None:
            with mode:
                t = torch.empty((), dtype=torch.float64)
            t.item_memo = value
        else:
            t = torch.empty((), dtype=torch.float64, device="meta")
        p.meta = {"val": t, "example_value": t}
    return tfx.GraphModule(gm, g, gm.__class__.__name__), lifted


def _floats_as_tensors(compiled: Callable, lifted: List[int]) -> Callable:
    """``compiled`` (see ``_lift_backed_floats``) called with the floats at ``lifted`` given
    as the 0-d float64 tensors it takes (-0.0, inf and nan kept)."""

    def run(*args):
        args = list(args)
        for i in lifted:
            args[i] = torch.tensor(float(args[i]), dtype=torch.float64)
        return compiled(*args)

    return run


def _compile_lifted(gm: tfx.GraphModule) -> Callable:
    """``compile_fx`` on ``gm`` with its backed floats given as tensors (see
    ``_lift_backed_floats``)."""
    gm, lifted = _lift_backed_floats(gm)
    compiled = _private.compile_fx(gm, _example_inputs(gm))
    return _floats_as_tensors(compiled, lifted) if lifted else compiled


def _compile_inductor(piece: tfx.GraphModule) -> Callable:
    """``compile_fx`` on the piece. Inductor returns only tensors and integers: a float or bool
    the piece hands to a later piece (a lifted float read with ``.item()``, e.g. an attention
    scale) is computed instead by the piece's slice that produces it, run eagerly."""
    out_node = next(n for n in reversed(piece.graph.nodes) if n.op == "output")
    outs = out_node.args[0]
    outs = outs if isinstance(outs, (tuple, list)) else (outs,)
    scalar = _scalar_outputs(piece)
    if not scalar:
        return _compile_lifted(piece)
    rest = [i for i in range(len(outs)) if i not in scalar]
    tensor_gm = _subgraph(piece, rest)
    scalar_gm = _subgraph(piece, scalar)
    compiled = _compile_lifted(tensor_gm)
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
    """``gm``'s graph in piecewise's code form (what ``piecewise lint/print/split`` read),
    with a nested class for each GraphModule a get_attr reads (a nested compile region's
    graph, a ``torch.cond`` branch), as ``print_readable`` nests them."""
    text = _fx.to_ir(gm).print()
    if class_name is not None and text.startswith("class "):
        text = f"class {class_name}(torch.nn.Module):" + text[text.index("\n"):]
    seen = set()
    for n in gm.graph.find_nodes(op="get_attr"):
        name = str(n.target).split(".")[0]
        sub = getattr(gm, name, None)
        if name not in seen and isinstance(sub, tfx.GraphModule):
            seen.add(name)
            text += "\n" + _indent(_code_form(sub, name), "    ")
    return text


def _progress_threshold(progress) -> Optional[float]:
    if progress is None or progress is False:
        return None
    if progress is True:
        return 0.0
    seconds = float(progress)
    if seconds < 0:
        raise ValueError("progress is a number of seconds (>= 0), True, False or None")
    return seconds


class PiecewiseBackend:
    def __init__(self, splitting_ops: Sequence = (), passes: Sequence[str] = (),
                 compile_with: str = "eager", dump_dir: Optional[str] = None,
                 report_dir: Optional[str] = None,
                 progress: Union[float, bool, None] = 1.0, check_capture: str = "off",
                 capture_safe: bool = False):
        if compile_with not in ("eager", "inductor"):
            raise ValueError("compile_with is 'eager' or 'inductor'")
        if check_capture not in ("off", "warn", "error"):
            raise ValueError("check_capture is 'off', 'warn' or 'error'")
        self.check_capture = check_capture
        self.capture_safe = capture_safe
        self.splitting_ops = list(splitting_ops)
        self.passes = ",".join(passes) if not isinstance(passes, str) else passes
        self.compile_with = compile_with
        self.dump_dir = os.fspath(dump_dir) if dump_dir is not None else None
        self.report_dir = os.fspath(report_dir) if report_dir is not None else None
        self.progress = _progress_threshold(progress)
        self.stats = {"graphs": 0, "pieces": 0, "splitting_pieces": 0, "compilations": 0,
                      "unique_pieces": 0, "compile_seconds": {}, "explain": [],
                      "floats_specialized": 0, "floats_checked": 0,
                      "float_check_fallbacks": 0}
        #: The split modules produced, one per Dynamo graph (for inspection).
        self.split_modules: List[tfx.GraphModule] = []
        #: The directories written under dump_dir, one per backend call.
        self.dumps: List[str] = []
        #: The report pages written under report_dir, one per graph reported.
        self.reports: List[str] = []
        self._index: List[dict] = []
        self._report_warned = False
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
        # Nested compile regions holding a splitting op are split as if inline (nested.py).
        _nested.inline_nested_regions(gm, self.splitting_ops)
        if self.passes:
            from . import passes as _passes

            _passes.run(gm, self.passes)
        entry = None
        if self.report_dir is not None:
            # Before split_graph: it edits gm's graph (sym_size decomposition) in place.
            try:
                entry = self._report(call, gm)
            except Exception as e:  # e.g. report_dir not writable: never fail the compile
                warnings.warn(f"piecewise: no report for graph {call}: {type(e).__name__}: {e}",
                              stacklevel=2)
        if self.capture_safe:  # a new graph, with copies into static buffers (docs/capture.md)
            gm = _make_capture_safe(gm, splitting_ops=self.splitting_ops)
        if self.check_capture != "off":
            # Before split_graph, which edits gm (see check_capture in the module docstring).
            try:
                found = _check_capture(gm, splitting_ops=self.splitting_ops, warn_unmatched=False)
            except RuntimeError as e:  # a graph the C++ reader rejects: never silently "safe"
                if self.check_capture == "error":
                    raise
                warnings.warn(f"piecewise: graph {call} could not be checked for capture: {e}",
                              stacklevel=2)
                found = None
            if found is not None and not found.clean:
                msg = f"piecewise: graph {call} is not capture-safe:\n{found}"
                if self.check_capture == "error":
                    raise RuntimeError(msg)
                warnings.warn(msg, stacklevel=2)
        # SymInts a piece can compute itself are not passed in: a layer that computes one for
        # the later layers then equals them (docs/split.md, "SymInt rematerialization").
        # (_split_graph_ex_gc: split_graph without its own TORCH_TRACE events; the backend
        # writes them below, with the compile events.)
        # The lifted floats' values, read before the split edits gm (for the floats Dynamo's
        # guard cannot specialize soundly: _specialize_lifted_floats).
        float_values = (_float_input_values(gm, example_inputs)
                        if self.compile_with == "inductor" else {})
        split_gm, items, _ = _split_graph_ex_gc(gm, self.splitting_ops, True, True, remat=True)
        keys = {id(item): _share_key(item) for item in items if not item.is_splitting_graph}
        # Dynamo's TensorifyState as it was before this graph (see below), or None.
        forced = _private.tensorify_forced() if self.compile_with == "inductor" else None
        forced_before = set(forced) if forced is not None else None
        specialized = 0
        checks: List[Tuple[int, str, float]] = []  # zero and NaN floats written (see below)
        unspecialized = split_gm  # the split with every float read at run time

        def specialize(restart):
            # Specialize here what Dynamo's restart would, guards included; then split the
            # graph with the values in it (see _specialize_lifted_floats).
            nonlocal specialized
            names: set = set()
            specialized = _specialize_lifted_floats(gm, names, float_values, checks)
            if not specialized:
                raise restart
            if forced is not None:
                # Named as Dynamo's restart would name them, while the pieces compile: a
                # piece's tensorify pass restarts for a specialized float it does not read
                # and that is not named there.
                forced.update(names)
            self.stats["floats_specialized"] += specialized
            self.stats["floats_checked"] += len(checks)
            split, its, _ = _split_graph_ex_gc(gm, self.splitting_ops, True, True, remat=True)
            return split, its, {id(i): _share_key(i) for i in its if not i.is_splitting_graph}

        if self.compile_with == "inductor":
            restart = self._tensorify_precheck(items, keys, forced, _float_symbols(gm))
            if restart is not None:
                split_gm, items, keys = specialize(restart)
        if dump is not None:
            _dump_split(dump, split_gm, items)
        if _trace.enabled():  # TORCH_TRACE: before the pieces are replaced (_trace.py)
            _trace.split(split_gm, items, [_pattern(o) for o in self.splitting_ops], keys)
        try:
            try:
                cache, seconds = self._compile_pieces(call, items, keys, forced,
                                                      _float_symbols(gm))
            except _private.tensorify_restart() as restart:
                if self.compile_with != "inductor" or specialized:
                    raise
                # The pre-check missed it (it is only a shortcut): the same specialization
                # now, rather than Dynamo's restart (which would keep the floats named, and
                # specialize a later -0.0 itself, as 0.0).
                split_gm, items, keys = specialize(restart)
                if dump is not None:
                    _dump_split(dump, split_gm, items)
                cache, seconds = self._compile_pieces(call, items, keys, forced,
                                                      _float_symbols(gm))
        except BaseException as e:
            if entry is not None:
                entry["status"] = f"compilation failed ({type(e).__name__})"
                self._write_index()
            raise  # (a restart keeps the names: Dynamo's next trace specializes them)
        if forced is not None and specialized:
            # No restart: the names go, so that a recompile of the frame (a guard on a float
            # failed) lifts the floats again and this backend sees them (a later -0.0 would
            # otherwise be specialized by Dynamo itself, as 0.0: _guard_unsound).
            forced.intersection_update(forced_before)
        for item in items:
            fn = cache.get(keys.get(id(item)))
            if fn is not None and fn is not item.graph:
                setattr(split_gm, item.submod_name, _Shared(fn, item.graph))
            elif item.is_splitting_graph and self.compile_with == "inductor":
                # The compiled pieces assert their inputs' layouts: hold the fake strides at
                # the eager piece's outputs (see _layout.py).
                specs = _layout.restride_specs(item.graph)
                if any(s is not None for s in specs):
                    setattr(split_gm, item.submod_name,
                            _layout.Restride(item.graph, specs, item.submod_name))
        st = self.stats
        st["graphs"] += 1
        st["pieces"] += len(items)
        st["splitting_pieces"] += sum(1 for i in items if i.is_splitting_graph)
        st["compilations"] += len(cache)
        st["unique_pieces"] += len(cache)
        for h, t in seconds.items():
            st["compile_seconds"][h] = st["compile_seconds"].get(h, 0.0) + t
        why = explain(split_gm)
        st["explain"].append({"graph": call, "text": why.text, "differences": why.differences})
        if entry is not None:
            entry.update(pieces=len(items),
                         splitting=sum(1 for i in items if i.is_splitting_graph),
                         unique=len(cache), seconds=sum(seconds.values()), status="compiled")
            self._write_index()
        split_gm.recompile()
        self.split_modules.append(split_gm)
        if checks:
            # Dynamo's guard on a zero admits both signs and one on NaN never holds: the
            # values written are checked on each call instead (_CheckedFloats).
            unspecialized.recompile()
            return _CheckedFloats(split_gm, unspecialized, checks, self.stats, call)
        return split_gm

    def _compile_pieces(self, call: int, items, keys, forced: Optional[set] = None,
                        graph_floats: frozenset = frozenset()):
        """Compiles the first piece of each share key (`_share_key`); returns
        ({key: artifact}, {hash: seconds}). Prints progress lines (see the module docstring)."""
        users: Dict[tuple, list] = {}
        for item in items:
            if not item.is_splitting_graph:
                users.setdefault(keys[id(item)], []).append(item)
        total = len(users)
        tracing = _trace.enabled()
        cache: Dict[tuple, Callable] = {}
        seconds: Dict[str, float] = {}
        threshold = self.progress
        t_start = time.perf_counter()
        for item in items:
            if item.is_splitting_graph or keys[id(item)] in cache:
                continue
            key = keys[id(item)]
            k = len(cache) + 1
            n = len(users[key])
            if tracing:
                _trace.compile_start(item, users[key], k - 1, total)
            what = (f"piece {k}/{total} (hash {item.hash[:8]}\u2026, used by {n} "
                    f"piece{'s' if n != 1 else ''})")
            t0 = time.perf_counter()
            announced = threshold is not None and t0 - t_start >= threshold
            if announced:
                _progress(f"graph {call}: compiling {what}")
            with _unread_floats_named(forced, graph_floats, item.graph):
                cache[key] = self._compile(item.graph)
            dt = time.perf_counter() - t0
            seconds[item.hash] = seconds.get(item.hash, 0.0) + dt
            if announced or (threshold is not None and dt >= threshold):
                _progress(f"graph {call}: compiled {what} in {dt:.2f} s")
        return cache, seconds

    def _tensorify_precheck(self, items, keys, forced: Optional[set] = None,
                            graph_floats: frozenset = frozenset()) -> Optional[BaseException]:
        """With ``dynamic=True`` Dynamo lifts floats (an RMSNorm eps, an attention scale, an
        embedding's ``norm_type``) to SymFloats; Inductor's tensorify pass raises
        ``TensorifyScalarRestartAnalysis`` for one it cannot keep symbolic (after recording
        which floats to specialize), and Dynamo would then trace the whole graph again with
        them specialized. Met piece by piece, that would be one restart per piece holding such
        a float, each after compiling every piece before it for nothing. So every unique piece
        computing a SymFloat runs the tensorify pass first (AOTAutograd's capture, no code
        generation). Returns the restart one of them raised, or None. (The check only saves
        time: a piece it cannot run on is left to the compile, which raises what it raises.)"""
        TensorifyScalarRestartAnalysis = _private.tensorify_restart()

        firsts: Dict[tuple, object] = {}
        for item in items:
            if not item.is_splitting_graph:
                firsts.setdefault(keys[id(item)], item)
        restart = None
        for item in firsts.values():
            gm = _inductor_input(item.graph)
            if not _needs_tensorify(gm):
                continue
            try:
                with _unread_floats_named(forced, graph_floats, gm):
                    _tensorify_check(gm)
            except TensorifyScalarRestartAnalysis as e:
                restart = e
            except Exception:
                # Only a shortcut: where the capture without Inductor's setup fails (seen on
                # GPT2: a KeyError inside the pass), the compile itself decides.
                continue
        return restart

    # -- report_dir -----------------------------------------------------------------------

    def _report(self, call: int, gm: tfx.GraphModule) -> Optional[dict]:
        """Writes report_dir/graph_<call>.html (the page ``piecewise report`` writes, made
        by the extension: ``_core.render_report``); the index entry. Raises what stopped it
        (the caller warns)."""
        name = f"graph_{call}"
        page = os.path.join(os.path.abspath(self.report_dir), name + ".html")
        # The backend's split rematerializes SymInts: the page shows the same pieces.
        html_page = report_page(gm, self.splitting_ops, name + ".py", rematerialize_symints=True)
        os.makedirs(self.report_dir, exist_ok=True)
        _write(page, html_page)
        self.reports.append(page)
        entry = {"call": call, "file": name + ".html",
                 "nodes": len(gm.graph.nodes), "status": "compiling"}
        self._index.append(entry)
        self._write_index()
        return entry

    def _write_index(self) -> None:
        rows = []
        for e in self._index:
            cells = [f'<a href="{html.escape(e["file"])}">graph {e["call"]}</a>',
                     str(e["nodes"])]
            cells += [str(e[k]) if k in e else "" for k in ("pieces", "splitting", "unique")]
            cells.append(f'{e["seconds"]:.2f}' if "seconds" in e else "")
            cells.append(html.escape(e["status"]))
            rows.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
        ops = ", ".join(html.escape(_pattern(o)) for o in self.splitting_ops) or "(none)"
        page = _INDEX.format(ops=ops, compile_with=html.escape(self.compile_with),
                             rows="\n".join(rows))
        _write(os.path.join(self.report_dir, "index.html"), page)


_INDEX = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>piecewise backend reports</title>
<style>
body {{ font: 14px system-ui, sans-serif; margin: 2em; }}
table {{ border-collapse: collapse; }}
th, td {{ border-bottom: 1px solid #ddd; padding: 4px 12px; text-align: right; }}
th:first-child, td:first-child, th:last-child, td:last-child {{ text-align: left; }}
</style></head><body>
<h1>piecewise backend reports</h1>
<p>One page per Dynamo graph the backend split (<code>piecewise report</code>), splitting ops:
<code>{ops}</code>; pieces compiled with <code>{compile_with}</code>.</p>
<table id="graphs">
<tr><th>graph</th><th>nodes</th><th>pieces</th><th>splitting</th><th>unique compiled</th>
<th>compile s</th><th>status</th></tr>
{rows}
</table></body></html>
"""


_log = logging.getLogger("piecewise")


def _say(line: str) -> None:
    """A warning a server's log shows (the ``piecewise`` logger; with no logging set up,
    Python's last-resort handler prints it to stderr)."""
    _log.warning("piecewise: %s", line)


def report_page(gm: tfx.GraphModule, splitting_ops: Sequence, title: str,
                rematerialize_symints: bool) -> str:
    """The page ``piecewise report`` writes for ``gm`` split at ``splitting_ops``, made by the
    CLI's own driver in the extension (``_core.render_report``: codegen/PlanReport.h), on the
    graph as piecewise.fx imports it (with the custom ops' schemas, nothing printed and
    parsed again). ``gm`` is not changed."""
    ops = [_pattern(o) for o in splitting_ops]
    _fx.custom_schemas(gm)  # the registry learns every custom op's schema, packets' included
    return _fx._core.render_report(_fx.to_ir(gm).core, title=title, splitting_ops=ops,
                                   rematerialize_symints=rematerialize_symints)


def _progress(line: str) -> None:
    print(f"piecewise: {line}", file=sys.stderr, flush=True)


_cli_cache: List[Optional[str]] = []


def find_cli() -> Optional[str]:
    """The ``piecewise`` CLI: ``$PIECEWISE_BIN``, the script installed with this package
    (the scripts directory of this Python), ``piecewise`` on PATH, or the CLI of the build
    tree whose extension was loaded (``<build>/python/piecewise/_core*.so`` ->
    ``<build>/piecewise``). None when there is none."""
    if _cli_cache:
        return _cli_cache[0]
    candidates = []
    env = os.environ.get("PIECEWISE_BIN")
    if env:
        candidates.append(env)
    for scheme in (None, "posix_user"):
        try:
            scripts = sysconfig.get_path("scripts", scheme) if scheme else sysconfig.get_path("scripts")
        except KeyError:
            continue
        if scripts:
            candidates.append(os.path.join(scripts, "piecewise"))
    on_path = shutil.which("piecewise")
    if on_path:
        candidates.append(on_path)
    core = getattr(_fx._core, "__file__", None)
    if core:
        candidates.append(os.path.join(os.path.dirname(os.path.dirname(
            os.path.dirname(os.path.abspath(core)))), "piecewise"))
    found = next((os.path.abspath(c) for c in candidates
                  if os.path.isfile(c) and os.access(c, os.X_OK)), None)
    _cli_cache.append(found)
    return found


def _write(path: str, text: str) -> None:
    # Atomic, also when several processes write the same file (vLLM's workers: the plugin).
    tmp = f"{path}.{os.getpid()}.tmp"
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
            compile_with: str = "eager", dump_dir: Optional[str] = None,
            report_dir: Optional[str] = None,
            progress: Union[float, bool, None] = 1.0,
            check_capture: str = "off", capture_safe: bool = False) -> PiecewiseBackend:
    """A torch.compile backend (see the module docstring)."""
    return PiecewiseBackend(splitting_ops, passes, compile_with, dump_dir, report_dir, progress,
                            check_capture, capture_safe)
