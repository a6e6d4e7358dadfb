"""The one switch for the fast paths: which are on now, and the one place that sets the C++
side for them.

A fast path is a C++ (or Python) shortcut that builds or edits FX graphs through the private
surfaces listed in ``_private.SURFACES``. Whether a path is on is ``ON[name]`` and nothing
else:

* the Python consumers (``fx.py``: ``node_meta``, ``sync_edits``, ``erase_nodes``;
  ``split.py``: ``lazy_module``, ``build_split``) read ``ON`` at each call;
* the C++ side keeps process state of its own (``node_fields``, ``node_init``, the builder's
  module maker), and only ``apply`` sets it, in the same step that changes ``ON``;
* ``prepare(name)`` gives the C++ side what a path needs before it can be tried (the lazy
  module template, the node initializer's recipe) or says why the path cannot run here.

Which paths to turn on is decided above this module, by the probe (``_probe.py``, which runs
``split_graph`` with each path on and off); this module holds the decision and the reasons.
``USED`` counts each path's runs (the consumers add to it; the probe checks that a path was
reached before trusting it). ``PIECEWISE_FAST_PATHS`` (read by ``env_off``) names the paths
the user turned off.
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass
from typing import Dict, Iterator, List, Optional, Tuple

import torch
import torch.fx as tfx

from . import _core
from . import _private


@dataclass(frozen=True)
class FastPath:
    """One fast path: whether it is on, and when it is not, why."""

    name: str
    on: bool
    why: str
    what: str

    def __str__(self) -> str:
        return f"{self.name}: {'on' if self.on else 'off (' + self.why + ')'}"


#: The fast paths in probe order (a path is probed with the ones before it that are on).
DESCRIPTIONS: Dict[str, str] = {
    "node_fields": "C++ reads and writes torch.fx.Node's fields at _NodeBase's C slots",
    "node_meta": "C++ reads each node's meta (the twin of piecewise.fx._node_meta)",
    "lazy_module": "C++ makes the pieces' lazy GraphModules from a template of torch's",
    "build_split": "C++ builds every piece graph and the stitching graph "
                   "(the graph's namespace, node list, find_nodes table and length kept there)",
    "sync_edits": "C++ applies split_graph's edits (decompose-size) to the caller's graph",
    "erase_nodes": "C++ erases the nodes split_graph's edits removed (Graph.erase_node's steps)",
    "node_init": "the C++ node makers write a new node's fields as torch's _NodeBase.__init__ "
                 "does (learned from it on a sample node) instead of calling it",
}
NAMES = tuple(DESCRIPTIONS)

#: Whether each path is on now: read by fx.py and split.py at each call, changed by ``apply``.
ON: Dict[str, bool] = {k: False for k in NAMES}
#: Why each path that is off is off (set with ``apply(..., why=...)``).
WHY: Dict[str, str] = {k: "not probed yet" for k in NAMES}
#: How often each path ran (node_init counts in C++: ``_core.node_init_uses()``).
USED: Dict[str, int] = {k: 0 for k in NAMES}

ENV = "PIECEWISE_FAST_PATHS"


def fast_paths() -> List[FastPath]:
    """Each fast path, whether it is on, and why not."""
    return [FastPath(k, ON[k], "" if ON[k] else WHY[k], DESCRIPTIONS[k]) for k in NAMES]


def env_off() -> Tuple[set, List[str]]:
    """The paths ``PIECEWISE_FAST_PATHS`` turns off, and the names it gives that are none:
    unset, ``1``, ``all`` or ``on`` turns none off; ``0``, ``none`` or ``off`` all of them;
    ``name,name`` the named ones."""
    raw = os.environ.get(ENV, "").strip()
    if raw == "" or raw.lower() in ("1", "all", "on"):
        return set(), []
    if raw.lower() in ("0", "none", "off"):
        return set(NAMES), []
    names = [p.strip() for p in raw.split(",") if p.strip()]
    return {n for n in names if n in DESCRIPTIONS}, [n for n in names if n not in DESCRIPTIONS]


def apply(config: Dict[str, bool], why: Optional[Dict[str, str]] = None) -> None:
    """Turns each path on or off as ``config`` says (every name in ``NAMES``): ``ON`` and the
    C++ side's state together. ``why``: the reasons to record for the paths that are off."""
    missing = [k for k in NAMES if k not in config]
    if missing:
        raise ValueError(f"fast path configuration misses {missing}")
    ON.update({k: bool(config[k]) for k in NAMES})  # first: a C++ call below may fail
    if why is not None:
        WHY.clear()
        WHY.update({k: why.get(k, "") for k in NAMES})
    _core.set_node_fields(tfx.Node if ON["node_fields"] else None)
    api = _private.torch_api()
    if api is not None:
        # Without lazy_module the C++ builder asks torch for each piece's module.
        maker = None if ON["lazy_module"] else _public_module
        _core.configure_fx_builder(make_module=maker, **api)
    _core.set_node_init(ON["node_init"])


@contextlib.contextmanager
def configured(**changes: bool) -> Iterator[None]:
    """``apply`` with the paths named turned on or off, for the body of the ``with`` only
    (tests and benchmarks compare a path against its public twin this way)."""
    unknown = [k for k in changes if k not in DESCRIPTIONS]
    if unknown:
        raise ValueError(f"no fast path named {unknown} (the paths: {', '.join(NAMES)})")
    before = dict(ON)
    apply({**before, **changes})
    try:
        yield
    finally:
        apply(before)


def prepare(name: str) -> Optional[str]:
    """Gives the C++ side what path ``name`` needs before it can be tried; why it cannot run on
    this torch, or None."""
    if name == "node_fields":
        if not _core.set_node_fields(tfx.Node):
            return ("torch.fx.Node's fields are not plain writable slots of _NodeBase "
                    "on this torch")
        _core.set_node_fields(tfx.Node if ON["node_fields"] else None)
    elif name in ("build_split", "sync_edits", "erase_nodes") and _private.torch_api() is None:
        return "this torch has no torch._C._NodeBase/_fx_map_arg"
    elif name == "lazy_module":
        template = _private.lazy_module_template()
        if isinstance(template, str):
            return template
        base, module_name, class_name, entries = template
        _core.configure_lazy_module(base=base, module_name=module_name, class_name=class_name,
                                    entries=entries)
    elif name == "node_init":
        if _private.torch_api() is None:
            return "this torch has no torch._C._NodeBase"
        # Five distinct objects: the recipe tells each argument by identity.
        sample = (tfx.Graph(), "piecewise_sample_name", "placeholder",
                  "piecewise_sample_target", int)
        reason = _core.learn_node_init(tfx.Node, _private.node_initializer(), sample)
        return reason or None
    return None


def uses(name: str) -> int:
    """How often path ``name`` ran."""
    return _core.node_init_uses() if name == "node_init" else USED[name]


def _public_module(graph: tfx.Graph) -> torch.nn.Module:
    """A piece's module made by torch (``_make_graph_module``): the C++ builder's maker when
    ``lazy_module`` is off."""
    return _private.make_graph_module({}, graph, "GraphModule")


__all__ = ["FastPath", "DESCRIPTIONS", "NAMES", "ON", "WHY", "USED", "fast_paths", "env_off",
           "apply", "configured", "prepare", "uses"]
