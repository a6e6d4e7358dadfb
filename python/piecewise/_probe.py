"""The probe that decides which fast paths are on: each is tried against torch's public API.

At import (``piecewise/__init__.py``) ``probe_fast_paths()`` runs a Dynamo-style probe (a
SymInt placeholder, ``x.size()``, ``torch.chunk(..., dim=1)`` and its getitems, constant
keyword arguments, a ``get_attr`` constant, values with several users, two splitting ops)
through ``split_graph`` with every path off (torch's public API: ``Graph.create_node``,
``Node.args``/``kwargs``, ``Graph.erase_node``, ``_make_graph_module``), then with each path
added in turn, and compares everything observable: every graph's nodes (name, op, target,
args, kwargs, type, meta, users, inputs, order), ``find_nodes`` for every op and every (op,
target), ``lint()``, the generated code, the graphs' and nodes' own bookkeeping (an extra
index torch adds shows up there), the modules' classes and state, the items, and the outputs
of running both. A path whose result differs, that fails, or that the probe did not reach is
off, and the public path runs instead. A path that the probe turns off on a torch outside
``_private.TESTED_TORCH`` warns once (``RuntimeWarning``).

This module sits above ``split`` and ``fx`` (it drives them) and decides; the switch it sets
is ``_fast_paths`` (``apply``: ``ON`` and the C++ side), which they read. Call
``probe_fast_paths()`` again after changing torch.fx (a test's monkeypatch) to probe the
changed torch.
"""

from __future__ import annotations

import operator
import warnings
from typing import Any, Dict, List, Optional, Tuple

import torch
import torch.fx as tfx

from . import _fast_paths
from . import _private
from . import split as _split
from ._fast_paths import NAMES, FastPath, fast_paths


def probe_fast_paths(*, warn: bool = True) -> List[FastPath]:
    """Probes every fast path against torch's public API (see the module comment) and turns
    on those that agree; returns ``fast_paths()``."""
    try:
        return _probe_fast_paths(warn)
    except Exception as e:  # a bug or a torch the probe's own setup cannot handle: all off
        why = f"the probe failed: {type(e).__name__}: {_first_line(e)}"
        try:  # ON and WHY are set before the C++ side, which may fail too
            _fast_paths.apply({k: False for k in NAMES}, why={k: why for k in NAMES})
        except Exception:
            pass
        if warn:
            _warn_untested(dict(_fast_paths.WHY), set())
        return fast_paths()


def _probe_fast_paths(warn: bool) -> List[FastPath]:
    off, unknown = _fast_paths.env_off()
    if unknown:
        warnings.warn(f"piecewise: {_fast_paths.ENV} names no fast path {unknown} "
                      f"(the paths: {', '.join(NAMES)})", RuntimeWarning, stacklevel=2)
    public = {k: False for k in NAMES}
    _fast_paths.apply(public)
    why: Dict[str, str] = {}
    for k in off:
        why[k] = f"turned off by {_fast_paths.ENV}"
    try:
        reference = [_observe_split(g, public) for g in (True, False)]
        probe_error = None
    except Exception as e:  # the probe itself needs a torch API that changed
        reference = None
        probe_error = (f"the probe could not run with torch's public API: "
                       f"{type(e).__name__}: {_first_line(e)}")
    accepted = dict(public)
    for k in NAMES:
        if k in why:
            continue
        if reference is None:
            why[k] = probe_error
            continue
        reason = _fast_paths.prepare(k)
        if reason is None:
            trial = dict(accepted)
            trial[k] = True
            reason = _compare(k, trial, reference)
        if reason is None:
            accepted[k] = True
        else:
            why[k] = reason
    _fast_paths.apply(accepted, why=why)
    if warn:
        _warn_untested(why, off)
    return fast_paths()


def _compare(k: str, trial: Dict[str, bool], reference) -> Optional[str]:
    """Why ``trial`` (the accepted paths and ``k``) is not torch's public API on the probe,
    or None."""
    before = _fast_paths.uses(k)
    try:
        got = [_observe_split(g, trial) for g in (True, False)]
    except Exception as e:
        return f"the probe failed with it: {type(e).__name__}: {_first_line(e)}"
    finally:
        _fast_paths.apply({n: False for n in NAMES})
    for with_attr, mine, ref in zip((True, False), got, reference):
        diff = _first_difference(mine, ref)
        if diff is not None:
            probe = "the probe with get_attr" if with_attr else "the probe"
            return f"{probe} differs from torch's public API at {diff}"
    if k != "node_fields":
        if _fast_paths.uses(k) == before:
            return "the probe did not reach it"
        if k == "node_init":
            _fast_paths.USED[k] += 1
    return None


_warned = False


def _warn_untested(why: Dict[str, str], off: set) -> None:
    global _warned
    version = torch.__version__.split("+")[0]
    probed_off = [k for k in why if k not in off]
    if _warned or not probed_off or version in _private.TESTED_TORCH:
        return
    _warned = True
    warnings.warn(
        f"piecewise: torch {torch.__version__} is not one piecewise was tested on "
        f"({', '.join(_private.TESTED_TORCH)}); these fast paths disagree with its public API "
        f"and are off (the results stay right, only slower): "
        + "; ".join(f"{k}: {why[k]}" for k in probed_off), RuntimeWarning, stacklevel=2)


# --- the probe graph, and what is observed of a split ----------------------------------------

_PROBE_SOURCE: Dict[bool, Any] = {}


def _probe_module(with_attr: bool) -> Tuple[tfx.GraphModule, tuple]:
    """A fresh copy of the probe graph (Dynamo's style: a SymInt placeholder, only
    ``example_value`` meta, Python-level targets) and its real inputs."""
    src = _PROBE_SOURCE.get(with_attr)
    if src is None:
        src = _PROBE_SOURCE[with_attr] = _build_probe(with_attr)
    root, graph, inputs = src
    g = tfx.Graph()
    out = g.graph_copy(graph, {})
    g.output(out)
    return tfx.GraphModule(root, g), inputs


def _build_probe(with_attr: bool):
    from torch.fx.experimental.symbolic_shapes import (DimDynamic, ShapeEnv,
                                                       StatelessSymbolicContext)
    from torch.fx.passes.fake_tensor_prop import FakeTensorProp

    root = torch.nn.Module()
    gen = torch.Generator().manual_seed(0)
    root.weight = torch.nn.Parameter(torch.randn(4, 4, generator=gen), requires_grad=False)
    g = tfx.Graph()
    s0 = g.placeholder("s0")
    x = g.placeholder("L_x_")
    y = g.placeholder("L_y_")
    chunk = g.call_function(torch.chunk, (x, 2), {"dim": 1})
    c0 = g.call_function(operator.getitem, (chunk, 0))
    c1 = g.call_function(operator.getitem, (chunk, 1))
    size = g.call_method("size", (c1,))
    view = g.call_method("view", (y, size))
    sig = g.call_function(torch.sigmoid, (c0,))
    add = g.call_function(operator.add, (sig, c1))
    mul = g.call_function(operator.mul, (add, s0))
    sig2 = g.call_function(torch.sigmoid, (mul,))
    fin = g.call_method("add", (sig2, view), {"alpha": 2})
    total = g.call_method("sum", (mul,), {"dim": 1, "keepdim": True})
    outs = [total, fin, add]
    if with_attr:
        w = g.get_attr("weight")
        outs.append(g.call_function(torch.matmul, (add, w)))
    g.output(tuple(outs))
    gm = tfx.GraphModule(root, g)

    xs = torch.randn(3, 8, generator=gen)
    ys = torch.randn(3, 4, generator=gen)
    mode = _private.FakeTensorMode(shape_env=ShapeEnv(), allow_non_fake_inputs=True)
    ctx = StatelessSymbolicContext(dynamic_sizes=[DimDynamic.DYNAMIC, DimDynamic.STATIC])
    fx_ = mode.from_tensor(xs, symbolic_context=ctx)
    with mode:
        fy_ = torch.empty(fx_.shape[0], 4)
    FakeTensorProp(gm, mode).propagate(fx_.shape[0], fx_, fy_)
    for n in g.nodes:  # Dynamo keeps only example_value
        if "val" in n.meta:
            n.meta["example_value"] = n.meta.pop("val")
        n.meta.pop("tensor_meta", None)
        n.meta["stack_trace"] = f"probe {n.name}"
    return root, g, (3, xs, ys)


def _observe_split(with_attr: bool, config: Dict[str, bool]):
    """Everything observable about split_graph on a fresh probe under ``config``."""
    _fast_paths.apply(config)
    gm, inputs = _probe_module(with_attr)
    expected = gm(*inputs)
    split_gm, items, _ = _split._split_graph_ex(gm, [torch.sigmoid], True, True)
    graphs = [gm.graph, split_gm.graph] + [it.graph.graph for it in items]
    metas = [n.meta for g in graphs for n in g.nodes]
    got = split_gm(*inputs)
    return {
        "input graph (edited in place)": _observe_graph(gm.graph),
        "stitching graph": _observe_graph(split_gm.graph),
        "stitching module": _observe_module(split_gm),
        "items": [(it.submod_name, it.graph_id, it.is_splitting_graph, it.kind, it.reason,
                   it.hash) for it in items],
        "piece graphs": [_observe_graph(it.graph.graph) for it in items],
        "piece modules": [_observe_module(it.graph) for it in items],
        "meta dicts shared between nodes": len(metas) - len({id(m) for m in metas}),
        "outputs": [(tuple(t.shape), t.dtype, t.tolist()) for t in got],
        "outputs equal the unsplit module's": all(torch.equal(a, b) for a, b in
                                                  zip(got, expected)),
    }


_OPS = ("placeholder", "get_attr", "call_function", "call_method", "call_module", "output")


def _observe_graph(g: tfx.Graph):
    nodes = list(g.nodes)
    try:
        g.lint()
        lint = "ok"
    except Exception as e:
        lint = f"{type(e).__name__}: {e}"
    keys = []
    for n in nodes:
        if (n.op, n.target) not in keys:
            keys.append((n.op, n.target))
    found = {}
    for op, target in keys:  # in graph order (a bucket's own order is not kept by torch)
        found[(op, _leaf(target))] = [m.name for m in g.find_nodes(op=op, target=target)]
    for op in _OPS:
        if op != "call_function":  # find_nodes needs its target
            found[op] = [m.name for m in g.find_nodes(op=op)]
    return {
        "nodes": [_observe_node(n, g) for n in nodes],
        "len": len(g.nodes),
        "lint": lint,
        "code": g.python_code("self").src,
        "find_nodes": found,
        "graph state": _snap(dict(vars(g)), 4),
    }


def _observe_node(n: tfx.Node, g: tfx.Graph):
    state = n.__getstate__() if hasattr(n, "__getstate__") else dict(vars(n))
    state = {k: v for k, v in dict(state).items() if k not in ("graph", "_prev", "_next", "meta")}
    # Every C member slot of the node's classes, also one __getstate__ does not list (a
    # field a newer torch's initializer sets).
    for cls in type(n).__mro__:
        for key, d in vars(cls).items():
            if type(d).__name__ == "member_descriptor" and key not in state and key != "meta":
                try:
                    v = d.__get__(n, type(n))
                except AttributeError:
                    v = "<unset>"
                state[key] = ("graph", v is g) if key == "graph" else v
    return {
        "name": n.name, "op": n.op, "target": _leaf(n.target), "type": n.type,
        "class": type(n).__name__, "args": _arg(n.args), "kwargs": _arg(n.kwargs),
        "users": [u.name for u in n.users], "inputs": [a.name for a in n.all_input_nodes],
        "meta": [(k, _value(v)) for k, v in n.meta.items()], "in graph": n.graph is g,
        "prev": n.prev.name, "next": n.next.name, "state": _snap(state, 2),
    }


def _observe_module(m: torch.nn.Module):
    return {
        "class": (type(m).__name__, type(m).__module__,
                  [c.__qualname__ for c in type(m).__mro__[1:]]),
        "dict": [(k, type(v).__name__) for k, v in vars(m).items()],
        "children": [name for name, _ in m.named_children()],
        "buffers and parameters": [name for name, _ in m.named_buffers()] +
                                  [name for name, _ in m.named_parameters()],
        "meta": _snap(getattr(m, "meta", None), 2),
        "graph owner": m.graph.owning_module is m,
        "code": m.code,
    }


def _leaf(a):
    if isinstance(a, (torch.SymInt, torch.SymFloat, torch.SymBool)):
        return ("sym", str(a))
    if isinstance(a, torch.Tensor):
        return ("tensor", tuple(a.shape), str(a.dtype))
    if a is None or isinstance(a, (bool, int, float, str)):
        return a
    if callable(a):
        return ("callable", getattr(a, "__module__", None), getattr(a, "__qualname__", repr(a)))
    return (type(a).__name__, repr(a)[:200])


def _arg(a):
    if isinstance(a, tfx.Node):
        return ("%", a.name)
    if isinstance(a, (tuple, list)):
        return (type(a).__name__, [_arg(x) for x in a])
    if isinstance(a, dict):
        return (type(a).__name__, [(k, _arg(v)) for k, v in a.items()])
    if isinstance(a, slice):
        return ("slice", _arg(a.start), _arg(a.stop), _arg(a.step))
    return _leaf(a)


def _value(v):
    if isinstance(v, torch.Tensor):
        return ("tensor", type(v).__name__, str(v.dtype), [str(s) for s in v.shape],
                [str(s) for s in v.stride()], str(v.device))
    if isinstance(v, (list, tuple)):
        return (type(v).__name__, [_value(x) for x in v])
    if isinstance(v, dict):
        return (type(v).__name__, [(k, _value(x)) for k, x in v.items()])
    return _leaf(v)


def _snap(o, depth: int):
    """A comparable picture of ``o``: nodes by name, modules by class, containers item by
    item (in their order), other objects by their attributes down to ``depth``."""
    if isinstance(o, tfx.Node):
        return ("%", o.name)
    if isinstance(o, torch.nn.Module):
        return ("module", type(o).__name__)
    if isinstance(o, dict):
        items = [(_snap(k, depth), _snap(v, depth)) for k, v in o.items()]
        if type(o).__name__ == "defaultdict":
            # An index (find_nodes' table): neither its keys' nor its buckets' order is
            # observable (torch itself reorders each bucket whenever it sets a node's
            # attribute, as Graph.python_code does for every node).
            items = sorted(((k, (v[0], sorted(v[1], key=repr)) if isinstance(v, tuple) else v)
                            for k, v in items), key=repr)
        return (type(o).__name__, items)
    if isinstance(o, (set, frozenset)):
        return (type(o).__name__, sorted(repr(_snap(x, depth)) for x in o))
    if isinstance(o, (list, tuple)):
        return (type(o).__name__, [_snap(x, depth) for x in o])
    if o is None or isinstance(o, (bool, int, float, str, torch.Tensor)) or callable(o):
        return _leaf(o)
    if type(o).__name__ == "weakref" or type(o).__name__ == "ReferenceType":
        return ("weakref", _snap(o(), depth))
    if depth > 0 and hasattr(o, "__dict__"):
        return (type(o).__name__, _snap(dict(vars(o)), depth - 1))
    return (type(o).__name__,)


def _first_difference(a, b, path: str = "") -> Optional[str]:
    """Where ``a`` and ``b`` first differ (a readable path), None when equal."""
    if isinstance(a, dict) and isinstance(b, dict):
        for k in list(a) + [k for k in b if k not in a]:
            if k not in a or k not in b:
                return f"{path}/{k} (present on one side only)"
            d = _first_difference(a[k], b[k], f"{path}/{k}")
            if d is not None:
                return d
        return None
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        for i, (x, y) in enumerate(zip(a, b)):
            label = x.get("name", i) if isinstance(x, dict) else i
            d = _first_difference(x, y, f"{path}[{label}]")
            if d is not None:
                return d
        if len(a) != len(b):
            return f"{path} (lengths {len(a)} and {len(b)})"
        return None
    try:
        same = a == b
        same = bool(same)
    except Exception:
        same = repr(a) == repr(b)
    if same:
        return None
    return f"{path}: {_short(a)} != {_short(b)} (public)"


def _first_line(e: BaseException) -> str:
    lines = str(e).strip().splitlines()
    return _short(lines[0]) if lines else ""


def _short(v) -> str:
    r = repr(v)
    return r if len(r) <= 120 else r[:117] + "..."


