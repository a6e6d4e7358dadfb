"""A simulated CUDA-graph capture/replay runtime on CPU: the oracle of test_capture.py.

A real runtime (vLLM's piecewise CUDA graphs, breakable capture) captures each compiled
piece once and afterwards replays it: the graph reads the addresses its inputs had at
capture, uses the values its scalar inputs had at capture, and the capture itself fails on
anything that makes the host wait for the device. This simulation runs a split module
twice:

- capture: every captured piece is called normally; its wrapper records the ``data_ptr()``
  of every tensor it is given and keeps those tensors alive (so no later allocation can
  reuse their memory and fake a match), the value of every scalar and the sizes of every
  tensor it is given, and keeps its outputs as the piece's static outputs. While a piece is
  captured, a dispatch mode raises ``Uncapturable`` on what a CUDA graph capture rejects, by
  torch's own knowledge of its ops: an op torch tags ``data_dependent_output``
  (``aten._local_scalar_dense``, ``aten.item``, ``aten.equal``: a host sync), an op tagged
  ``dynamic_output_shape`` whose output, run under a FakeTensorMode with a ShapeEnv, has an
  unbacked size (``nonzero``, ``masked_select``, a boolean-mask ``index``,
  ``repeat_interleave`` without ``output_size``; the same probe for ops outside aten), a
  ``Tensor.tolist()`` (which dispatches no op on CPU), and, in a graph whose tensors stand
  for accelerator tensors, a copy to the host of a tensor that is not on the host (see
  ``_Devices``). The piece is then run again without the mode, so the simulation goes on.
- replay (three steps): the static graph inputs get new values copied into the same
  tensors (a non-static input is a new tensor), and the module runs again. A captured piece whose
  input pointer differs from the one recorded at capture would read stale memory: that
  (piece, input) moved, unless the piece reads only the input's metadata: it is then run
  on a copy of its inputs whose storage holds other values (same sizes, strides, offset,
  dtype) and, when every output and every input after the call is the same, the move is
  harmless (``metadata_only``). A scalar input whose value differs from the capture, or a
  tensor input whose sizes differ, is baked: the piece runs with the scalar of the capture
  (as a replayed graph would), and the pair is reported in ``baked``. The piece then runs
  on what it is given, and returns its static outputs (a real graph writes into the same
  output memory each replay), except an output that shares storage with one of the piece's
  inputs, which is returned as computed (a view of an input follows that input's address,
  as a captured view of a moved tensor would point at the old one: the next piece sees the
  difference).

Eager pieces (splitting ops, break ops) run normally both times. What this cannot see: a
real GPU's memory pool may hand an eager op the same block at replay by chance (reuse
between graphs), and then a real replay reads the right memory by luck; whether the data at
a stable address is what the piece expects (ordering of writes is not checked); and an
`aten.to` to the device a tensor is already on dispatches nothing to copy (the dumps here
write `_to_copy`). python/tests/gpu/ replays the same cases under real CUDA graph capture.

``replay`` goes one step further, to check values: at replay each captured piece runs on
the tensors it was given at capture (the memory a CUDA graph reads, whatever it is given
now) and the scalars it was given then (baked), writes its results into its capture-time
outputs and returns those. A piece whose input moved then computes from stale memory, as a
real replay would, and the step's outputs show it; a capture-safe plan gives exactly what
the original graph computes on the replayed inputs.
"""

from __future__ import annotations

import inspect
import linecache
import re
import sys
import warnings
from dataclasses import dataclass, field
from typing import Any, Dict, Iterable, List, Optional, Sequence, Set, Tuple

import torch
import torch.utils._pytree as pytree
from torch.overrides import TorchFunctionMode
from torch.utils._python_dispatch import TorchDispatchMode
from torch.utils.weak import WeakTensorKeyDictionary

aten = torch.ops.aten


class Uncapturable(RuntimeError):
    """What a CUDA graph capture raises on: ``cause`` is ``host-sync``,
    ``data-dependent-shape`` or ``device-to-host``; ``op`` the op; ``node`` the name the
    statement that called it assigns (None when it cannot be told)."""

    def __init__(self, cause: str, op: str, node: Optional[str]):
        super().__init__(f"{cause}: {op} ({node})")
        self.cause, self.op, self.node = cause, op, node


def _is_host(device: Any) -> bool:
    """A device that stands for the host: ``cpu`` without an index (``cpu:0`` stands for an
    accelerator: what ``device_map={"cuda": "cpu:0"}`` makes of a dump's ``cuda``)."""
    if isinstance(device, str):
        device = torch.device(device)
    return isinstance(device, torch.device) and device.type == "cpu" and device.index is None


class _Devices:
    """Which tensors stand for host tensors, in a graph whose other tensors stand for
    accelerator tensors (all of them run on the CPU here). Host tensors: the inputs the
    dump annotates as ``cpu``, what an op makes with an explicit host device, and what an
    op computes from host tensors only. Without ``accelerator`` there is no device."""

    def __init__(self, accelerator: bool):
        self.accelerator = accelerator
        self.host = WeakTensorKeyDictionary()

    def on_device(self, t: Any) -> bool:
        return self.accelerator and isinstance(t, torch.Tensor) and t not in self.host

    def note(self, args, kwargs, out) -> None:
        if not self.accelerator:
            return
        dest = _named_device(args, kwargs)
        if dest is not None:
            host = _is_host(dest)
        else:
            tensors = [t for t in pytree.tree_leaves((args, kwargs)) if isinstance(t, torch.Tensor)]
            host = bool(tensors) and all(t in self.host for t in tensors)
        if host:
            for o in pytree.tree_leaves(out):
                if isinstance(o, torch.Tensor):
                    self.host[o] = True

    def copies_to_host(self, func, args, kwargs) -> bool:
        """True when an aten op copies a device tensor to the host."""
        if not self.accelerator or not args:
            return False
        packet = getattr(func, "overloadpacket", None)
        if packet in (aten._to_copy, aten.to):
            dest = _named_device(args, kwargs)
            return dest is not None and _is_host(dest) and self.on_device(args[0])
        if packet in (aten.copy_, aten.copy) and len(args) > 1:
            return not self.on_device(args[0]) and self.on_device(args[1])
        return False


def _named_device(args, kwargs) -> Any:
    if kwargs.get("device") is not None:
        return kwargs["device"]
    for a in args[1:]:
        if isinstance(a, torch.device) or (isinstance(a, str) and re.match(r"^(cpu|cuda)", a)):
            return a
    return None


_STATEMENT = re.compile(r"^\s*([A-Za-z_]\w*)\s*(?::\s*\"[^\"]*\"\s*)?=(?!=)")


def _statement_name(texts: Dict[str, str]) -> Optional[str]:
    """The name the innermost running statement of a graph's forward assigns (fx's
    generated code, or a dump loaded by fxload, whose text is in ``texts``)."""
    frame = sys._getframe(1)
    while frame is not None:
        code = frame.f_code
        if code.co_name == "forward":
            name = code.co_filename
            if name in texts:
                lines = texts[name].splitlines()
                line = lines[frame.f_lineno - 1] if frame.f_lineno <= len(lines) else ""
            else:
                line = linecache.getline(name, frame.f_lineno)
            if line and (name in texts or name.startswith("<eval_with_key>")):
                m = _STATEMENT.match(line)
                return m.group(1) if m else None
        frame = frame.f_back
    return None


class _CaptureModes:
    """The dispatch mode and the function mode of the simulation: they follow which tensors
    are on the host, and while ``capturing`` is set, raise ``Uncapturable``."""

    def __init__(self, devices: _Devices, texts: Dict[str, str]):
        self.devices = devices
        self.texts = texts
        self.capturing: Optional[str] = None
        self._fake = None
        outer = self

        class Dispatch(TorchDispatchMode):
            # auto_functionalized (an out-of-place call of a mutating op) and the other
            # higher-order ops come through here too: run them as they are.
            supports_higher_order_operators = True

            def __torch_dispatch__(self, func, types, args=(), kwargs=None):
                kwargs = kwargs or {}
                if outer.capturing is not None:
                    cause = outer.hazard(func, args, kwargs)
                    if cause is not None:
                        raise Uncapturable(cause, str(func), _statement_name(outer.texts))
                out = func(*args, **kwargs)
                outer.devices.note(args, kwargs, out)
                return out

        class Function(TorchFunctionMode):
            def __torch_function__(self, func, types, args=(), kwargs=None):
                kwargs = kwargs or {}
                if outer.capturing is not None and args:
                    cause = None
                    if func is torch.Tensor.tolist:
                        cause = "host-sync"
                    elif func in (torch.Tensor.cpu, torch.Tensor.numpy) or (
                            func is torch.Tensor.to and _named_device(args, kwargs) is not None
                            and _is_host(_named_device(args, kwargs))):
                        if outer.devices.on_device(args[0]):
                            cause = "device-to-host"
                    if cause is not None:
                        raise Uncapturable(cause, getattr(func, "__name__", str(func)),
                                           _statement_name(outer.texts))
                return func(*args, **kwargs)

        self.dispatch = Dispatch()
        self.function = Function()

    def hazard(self, func, args, kwargs) -> Optional[str]:
        tags = getattr(func, "tags", ())
        if torch.Tag.data_dependent_output in tags:
            return "host-sync"
        if self.devices.copies_to_host(func, args, kwargs):
            return "device-to-host"
        namespace = getattr(func, "namespace", "aten")
        if (torch.Tag.dynamic_output_shape in tags or namespace not in ("aten", "prim", "prims")) \
                and self._unbacked_output(func, args, kwargs):
            return "data-dependent-shape"
        return None

    def _unbacked_output(self, func, args, kwargs) -> bool:
        """Runs `func` on fake copies of its arguments (torch's FakeTensorMode with a
        ShapeEnv): True when an output has a size (or value) the data decides."""
        from torch._subclasses.fake_tensor import FakeTensorMode
        from torch.fx.experimental.symbolic_shapes import ShapeEnv, free_unbacked_symbols

        if self._fake is None:
            self._fake = FakeTensorMode(shape_env=ShapeEnv())
        try:
            with self._fake:
                fa, fk = pytree.tree_map_only(torch.Tensor, self._fake.from_tensor, (args, kwargs))
                out = func(*fa, **fk)
        except Exception:  # no fake kernel (a custom op), or one that cannot say
            return False
        return bool(free_unbacked_symbols(out))

    def __enter__(self):
        self.function.__enter__()
        self.dispatch.__enter__()
        return self

    def __exit__(self, *exc):
        self.dispatch.__exit__(*exc)
        self.function.__exit__(*exc)


@dataclass
class Simulation:
    """What a capture and a replay saw."""

    #: (piece, input) pairs whose address moved and whose data the piece reads.
    moved: Set[Tuple[str, str]] = field(default_factory=set)
    #: (piece, input) pairs whose address moved, read for their metadata only.
    metadata_only: Set[Tuple[str, str]] = field(default_factory=set)
    #: piece -> the first Uncapturable its capture raised.
    uncapturable: Dict[str, Uncapturable] = field(default_factory=dict)
    #: (piece, input) pairs whose scalar value or tensor sizes differ from the capture.
    baked: Set[Tuple[str, str]] = field(default_factory=set)
    #: The replayed step's inputs (a copy, taken before it ran) and outputs.
    replay_inputs: List = field(default_factory=list)
    outputs: Any = None
    #: The last replayed step's inputs after it ran (in-place writes show).
    replay_after: List = field(default_factory=list)


def _storage_extent(t: torch.Tensor) -> int:
    if t.numel() == 0:
        return 0
    return 1 + sum((n - 1) * abs(s) for n, s in zip(t.shape, t.stride()))


def _rebuild(args: Sequence, i: int, perturb: bool, variant: int) -> List:
    """`args` on storages of their own, the same data (aliasing between them kept, except
    for args[i], which gets a storage of its own: what another input sees of it does not
    change with it), and with `perturb`, other values in args[i] (variant 0: random, 1:
    negated, 2: NaN)."""
    storages: Dict[int, Any] = {}
    out = []
    for k, a in enumerate(args):
        if not isinstance(a, torch.Tensor):
            out.append(a)
            continue
        key = a.untyped_storage().data_ptr() if k != i else -1
        if key not in storages:
            storages[key] = a.untyped_storage().clone()
        t = torch.empty(0, dtype=a.dtype, device=a.device)
        t.set_(storages[key], a.storage_offset(), a.size(), a.stride())
        out.append(t)
    if perturb and isinstance(out[i], torch.Tensor) and out[i].numel():
        t = out[i]
        g = torch.Generator().manual_seed(1234 + variant)
        with torch.no_grad():
            # Its own elements (another input may view the gaps between them); all the
            # memory it spans when it overlaps itself (an expanded tensor cannot be written).
            region = t
            try:
                t.copy_(t.clone())
            except RuntimeError:
                region = t.as_strided((_storage_extent(t),), (1,), t.storage_offset())
            if region.dtype == torch.bool:
                region.copy_(torch.rand(region.shape, generator=g) < 0.3 if variant == 0 else ~region)
            elif region.is_floating_point() or region.is_complex():
                if variant == 2:  # NaN: no multiplication by zero hides it
                    region.fill_(float("nan"))
                else:
                    other = torch.randn(region.shape, generator=g) * 3 + 1 if variant == 0 \
                        else -region.float() - 1
                    region.copy_(other.to(region.dtype))
            elif variant != 1:  # other valid indices, most often
                hi = int(region.abs().max()) + 2
                region.copy_(torch.randint(0, hi, region.shape, generator=g).to(region.dtype))
            else:  # the other sign
                region.copy_(-region - 1)
    return out


def _same(x: Any, y: Any) -> bool:
    if isinstance(x, (tuple, list)):
        return isinstance(y, (tuple, list)) and len(x) == len(y) and all(map(_same, x, y))
    if isinstance(x, torch.Tensor):
        if not isinstance(y, torch.Tensor) or x.shape != y.shape or x.dtype != y.dtype:
            return False
        a, b = x.detach(), y.detach()
        if a.is_floating_point() or a.is_complex():
            return bool(((a == b) | (a.isnan() & b.isnan())).all())
        return torch.equal(a, b)
    return x == y


def _reads_data(piece: torch.nn.Module, args: Sequence, i: int) -> bool:
    """Whether `piece` uses the memory of args[i]: it writes it, or its outputs, or its
    inputs after the call, change when that input's storage holds other values (three
    variants). Uninitialized memory is filled (torch.utils.deterministic), the RNG is
    replayed for each run. (A captured write into the old address writes memory the
    runtime may have handed to another tensor.)"""
    state = torch.get_rng_state()
    det = torch.are_deterministic_algorithms_enabled()
    fill = torch.utils.deterministic.fill_uninitialized_memory
    try:
        torch.use_deterministic_algorithms(True, warn_only=True)
        torch.utils.deterministic.fill_uninitialized_memory = True
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")

            def run(perturb, variant):
                a = _rebuild(args, i, perturb, variant)
                before = a[i].clone() if isinstance(a[i], torch.Tensor) else None
                torch.set_rng_state(state)
                with torch.no_grad():
                    out = piece(*a)
                wrote = before is not None and not _same(before, a[i])
                return out, [x for k, x in enumerate(a) if k != i], wrote

            base = run(False, 0)
            if base[2]:
                return True
            base = base[:2]
            for variant in (0, 1, 2):
                try:
                    other = run(True, variant)[:2]
                except Exception:  # other values made it fail: it reads them
                    return True
                if not _same(base, other):
                    return True
            return False
    finally:
        torch.use_deterministic_algorithms(det)
        torch.utils.deterministic.fill_uninitialized_memory = fill
        torch.set_rng_state(state)


class _Captured(torch.nn.Module):
    """Wraps one captured piece (see the module docstring)."""

    def __init__(self, name: str, piece: torch.nn.Module, input_names: Sequence[str],
                 sim: Simulation, modes: "_CaptureModes", by_address: bool = False):
        super().__init__()
        self.name = name
        self.piece = piece
        self.input_names = list(input_names)
        self.sim = sim
        self.modes = modes
        self.by_address = by_address
        self.replaying = False
        self.pointers: List = []
        self.kept: List = []
        self.captured_args: List = []
        self.static: tuple = ()

    def _capture(self, args):
        self.modes.capturing = self.name
        try:
            return self.piece(*args)
        except Uncapturable as e:
            self.sim.uncapturable.setdefault(self.name, e)
        finally:
            self.modes.capturing = None
        # The capture failed; run the piece as is (its other findings still count).
        return self.piece(*args)

    def forward(self, *args):
        if not self.replaying:
            self.pointers = [a.data_ptr() if isinstance(a, torch.Tensor) else None for a in args]
            self.kept = list(args)
            self.captured_args = [tuple(a.shape) if isinstance(a, torch.Tensor) else a for a in args]
            out = self._capture(args)
            self.static = tuple(out)
            return out
        args = list(args)
        for i, a in enumerate(args):
            then = self.captured_args[i]
            if isinstance(a, torch.Tensor):
                if tuple(a.shape) != then:
                    self.sim.baked.add((self.name, self.input_names[i]))
                pair = (self.name, self.input_names[i])
                if a.data_ptr() != self.pointers[i] and pair not in self.sim.moved \
                        and pair not in self.sim.metadata_only:
                    if _reads_data(self.piece, args, i):
                        self.sim.moved.add(pair)
                    else:
                        self.sim.metadata_only.add(pair)
            elif a is not None and a != then:
                self.sim.baked.add((self.name, self.input_names[i]))
                args[i] = then  # the graph replays the value of the capture
        if self.by_address:
            return self._replay_by_address()
        out = tuple(self.piece(*args))
        storages = {a.untyped_storage().data_ptr() for a in args if isinstance(a, torch.Tensor)}
        result = []
        for o, s in zip(out, self.static):
            if not isinstance(o, torch.Tensor) or not isinstance(s, torch.Tensor) \
                    or o.untyped_storage().data_ptr() in storages:
                result.append(o)
                continue
            try:
                with torch.no_grad():
                    s.copy_(o)
            except RuntimeError:
                pass  # expanded, or other sizes than at capture: the graph keeps its own
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
             static: Sequence[bool], seed: int = 0, accelerator: bool = False,
             host_inputs: Sequence[bool] = (), source_text: Optional[str] = None,
             replays: int = 3, by_address: bool = False) -> Simulation:
    """Captures and replays `split_module` (its children named in `captured` are the
    captured pieces), `replays` times, each step with other values (so that a value the
    data decides differs from the capture's in at least one step, but by a very unlikely
    chance). `static[i]` says whether input i is kept in place between runs. With
    `accelerator`, tensors stand for accelerator tensors except the inputs `host_inputs`
    marks (and what is computed from them, or made on the host); devices written `cpu:0`
    in the module stand for the accelerator. `source_text`: the text of a module fxload
    loaded (to name the statement an uncapturable op is in). With `by_address`, each replay
    computes as a CUDA graph replay does (``replay``)."""
    sim = Simulation()
    devices = _Devices(accelerator)
    modes = _CaptureModes(devices, {"<fx dump>": source_text} if source_text else {})
    wrappers: Dict[str, _Captured] = {}
    for name in captured:
        piece = getattr(split_module, name)
        w = _Captured(name, piece, input_names_of(piece), sim, modes, by_address)
        _set_child(split_module, name, w)
        wrappers[name] = w
    args = [a.clone() if isinstance(a, torch.Tensor) else a for a in inputs]
    for a, host in zip(args, host_inputs):
        if host and isinstance(a, torch.Tensor):
            devices.host[a] = True
    try:
        with modes:
            torch.manual_seed(seed)
            with torch.no_grad():
                split_module(*args)
            for w in wrappers.values():
                w.replaying = True
            for step in range(1, replays + 1):
                g = torch.Generator().manual_seed(seed + step)
                replay = []
                for a, keep in zip(args, static):
                    if not isinstance(a, torch.Tensor):
                        replay.append(a)
                        continue
                    new = a.clone()
                    if new.is_floating_point():
                        new.copy_(torch.randn(new.shape, generator=g).to(new.dtype))
                    if a in devices.host:
                        devices.host[new] = True
                    if keep:
                        a.copy_(new)
                        replay.append(a)
                    else:
                        replay.append(new)
                sim.replay_inputs = [a.clone() if isinstance(a, torch.Tensor) else a for a in replay]
                torch.manual_seed(seed)
                with torch.no_grad():
                    sim.outputs = split_module(*replay)
                sim.replay_after = replay
    finally:
        for name, w in wrappers.items():
            _set_child(split_module, name, w.piece)
        args.clear()
    return sim


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
    sim = simulate(split_module, captured, inputs, static, seed=seed, replays=1, by_address=True)
    return Replay(sim.moved, sim.replay_inputs, sim.replay_after, sim.outputs)
