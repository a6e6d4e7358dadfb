"""The fast paths (switched in piecewise/_fast_paths.py) are probed against torch's public API
(piecewise/_probe.py): a torch whose bookkeeping changes (a new find_nodes key, an extra index,
another module state, another node layout, another fake device) turns the path that disagrees
off, and split_graph then gives what torch's public API gives. The oracle is torch:
``find_nodes``, ``lint``, the graphs' own indexes and the outputs of running the pieces."""

import operator

import pytest
import torch
import torch.fx as tfx

piecewise = pytest.importorskip("piecewise")
from piecewise import _fast_paths as FP  # noqa: E402
from piecewise import _private as P  # noqa: E402
from piecewise import _probe as PR  # noqa: E402

from torch.fx.experimental.symbolic_shapes import DimDynamic, ShapeEnv, StatelessSymbolicContext  # noqa: E402
from torch._subclasses.fake_tensor import FakeTensorMode  # noqa: E402
from torch.fx.passes.fake_tensor_prop import FakeTensorProp  # noqa: E402

ALL = set(FP.NAMES)


@pytest.fixture
def torch_patch():
    """A monkeypatch of torch whose undo is followed by a new probe (the paths come back)."""
    mp = pytest.MonkeyPatch()
    yield mp
    mp.undo()
    PR.probe_fast_paths()
    assert {p.name for p in piecewise.fast_paths() if p.on} == ALL


def on():
    return {p.name for p in piecewise.fast_paths() if p.on}


def model_gm(buffer=True):
    """A small Dynamo-style model graph: methods (size, view, add with alpha, sum), chunk
    and its getitems, a constant (``buffer``: a get_attr node), two splitting ops; dim 0
    symbolic."""

    class M(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.register_buffer("scale", torch.full((4,), 0.5))

        def forward(self, x, y):
            a, b = torch.chunk(x, 2, dim=1)
            s = b.size()
            v = y.view(s)
            h = torch.sigmoid(a) + b
            h = h.mul(self.scale if buffer else 0.5)
            g = torch.sigmoid(h.add(v, alpha=2))
            return g.sum(dim=1, keepdim=True), h.view(s), v.relu()

    torch.manual_seed(0)
    gm = tfx.symbolic_trace(M())
    mode = FakeTensorMode(shape_env=ShapeEnv(), allow_non_fake_inputs=True)
    ctx = StatelessSymbolicContext(dynamic_sizes=[DimDynamic.DYNAMIC, DimDynamic.STATIC])
    fx_ = mode.from_tensor(torch.randn(3, 8), symbolic_context=ctx)
    with mode:
        fy_ = torch.empty(fx_.shape[0], 4)
    FakeTensorProp(gm, mode).propagate(fx_, fy_)
    for n in gm.graph.nodes:
        if "val" in n.meta:
            n.meta["example_value"] = n.meta.pop("val")
    return gm


INPUTS = (torch.randn(3, 8, generator=torch.Generator().manual_seed(1)),
          torch.randn(3, 4, generator=torch.Generator().manual_seed(2)))


def split(gm):
    return piecewise.split_graph(gm, [torch.sigmoid])


def graphs_of(gm, split_gm, items):
    return [gm.graph, split_gm.graph] + [it.graph.graph for it in items]


def unseen_by_find_nodes(g):
    """The nodes of ``g`` that torch's find_nodes does not return for their op and target."""
    missing = []
    for n in g.nodes:
        if n not in g.find_nodes(op=n.op, target=n.target):
            missing.append(n.name)
        elif n.op != "call_function" and n not in g.find_nodes(op=n.op):
            missing.append(n.name)
    return missing


def check_torch_agrees(gm, split_gm, items):
    expected = model_gm()(*INPUTS)
    for g in graphs_of(gm, split_gm, items):
        assert unseen_by_find_nodes(g) == []
        g.lint()
        assert len(g.nodes) == sum(1 for _ in g.nodes)
    got = split_gm(*INPUTS)
    assert all(torch.equal(a, b) for a, b in zip(got, expected))


@pytest.mark.fast_paths
def test_every_path_is_on_on_a_tested_torch():
    assert torch.__version__.split("+")[0] in P.TESTED_TORCH
    paths = piecewise.fast_paths()
    assert [p.name for p in paths] == list(FP.NAMES)
    assert all(p.on and p.why == "" for p in paths), [str(p) for p in paths]
    gm = model_gm()
    check_torch_agrees(gm, *split(gm))


@pytest.mark.fast_paths
def test_every_path_ran_in_the_probe():
    """A path is on only when the probe reached it (USED counts its runs)."""
    before = dict(FP.USED)
    PR.probe_fast_paths()
    assert all(FP.USED[k] > before[k] for k in FP.NAMES if k != "node_fields")


def test_env_turns_paths_off(monkeypatch, torch_patch):
    monkeypatch.setenv("PIECEWISE_FAST_PATHS", "0")
    PR.probe_fast_paths()
    assert on() == set()
    assert all("PIECEWISE_FAST_PATHS" in p.why for p in piecewise.fast_paths())
    gm = model_gm()
    check_torch_agrees(gm, *split(gm))

    monkeypatch.setenv("PIECEWISE_FAST_PATHS", "build_split,erase_nodes")
    PR.probe_fast_paths()
    assert on() == ALL - {"build_split", "erase_nodes"}

    monkeypatch.setenv("PIECEWISE_FAST_PATHS", "build_split,no_such_path")
    with pytest.warns(RuntimeWarning, match="no_such_path"):
        PR.probe_fast_paths()
    assert on() == ALL - {"build_split"}
    monkeypatch.delenv("PIECEWISE_FAST_PATHS")


def _key_call_method_by_target(mp):
    """torch keys call_method nodes by target too (``_key`` and ``find_nodes`` together: a
    consistent change torch could ship)."""
    from torch.fx.graph import _FindNodesLookupTable as T

    original = T.find_nodes

    def _key(self, node):
        return (node.op, node.target if node.op in ("call_function", "call_method") else None)

    def find_nodes(self, *, op, target=None):
        if op == "call_method":
            if target is not None:
                return [*self.table[(op, target)].keys()]
            return [n for (o, _), b in list(self.table.items()) if o == op for n in b]
        return original(self, op=op, target=target)

    mp.setattr(T, "_key", _key)
    mp.setattr(T, "find_nodes", find_nodes)


@pytest.mark.fast_paths
def test_a_new_find_nodes_key_turns_the_graph_writers_off(torch_patch):
    """The issue's reproduction: with call_method nodes keyed by target, the C++ writers'
    inlined key would file every created call_method node where find_nodes never looks (and
    erase_nodes would look for the erased `size` node in the wrong bucket). sync_edits, which
    creates only call_function nodes in a split (decompose-size's sym_size.int), agrees."""
    _key_call_method_by_target(torch_patch)
    PR.probe_fast_paths()
    off = ALL - on()
    assert {"build_split", "erase_nodes"} <= off
    why = {p.name: p.why for p in piecewise.fast_paths()}
    assert "differs from torch's public API" in why["build_split"], why
    gm = model_gm()
    out = split(gm)
    check_torch_agrees(gm, *out)
    assert any(n.op == "call_method" for it in out[1] for n in it.graph.graph.nodes)

    # What the probe prevents: the C++ builder forced on files nodes find_nodes cannot see.
    FP.apply({**FP.ON, "build_split": True})
    try:
        gm = model_gm(buffer=False)  # no get_attr: the C++ builder's graphs
        split_gm, items = split(gm)
        assert any(unseen_by_find_nodes(it.graph.graph) for it in items)
    finally:
        PR.probe_fast_paths()


@pytest.mark.fast_paths
def test_an_extra_index_turns_the_node_makers_off(torch_patch):
    """torch keeps one more index (nodes by name, in create_node and erase_node): every path
    that makes or erases nodes without those two is off, and each graph's index is whole."""
    real_create, real_erase = tfx.Graph.create_node, tfx.Graph.erase_node

    def create_node(self, *args, **kwargs):
        n = real_create(self, *args, **kwargs)
        self.__dict__.setdefault("_by_name", {})[n.name] = n
        return n

    def erase_node(self, n):
        real_erase(self, n)
        self.__dict__.setdefault("_by_name", {}).pop(n.name, None)

    torch_patch.setattr(tfx.Graph, "create_node", create_node)
    torch_patch.setattr(tfx.Graph, "erase_node", erase_node)
    PR.probe_fast_paths()
    assert {"build_split", "sync_edits", "erase_nodes"} <= ALL - on()
    gm = model_gm()
    split_gm, items = split(gm)
    check_torch_agrees(gm, split_gm, items)
    for g in graphs_of(gm, split_gm, items):
        assert {n.name for n in g.nodes} == set(g._by_name), "an index misses nodes"


@pytest.mark.fast_paths
def test_another_module_state_turns_the_module_template_off(torch_patch):
    """torch's GraphModule gains state the C++ template cannot copy (a non-empty dict):
    lazy_module is off and every piece is made by torch and has it."""
    real_init = tfx.GraphModule.__init__

    def init(self, *args, **kwargs):
        real_init(self, *args, **kwargs)
        self._piecewise_test_state = {"made_by": "torch"}

    torch_patch.setattr(tfx.GraphModule, "__init__", init)
    PR.probe_fast_paths()
    assert "lazy_module" not in on()
    gm = model_gm()
    split_gm, items = split(gm)
    check_torch_agrees(gm, split_gm, items)
    for m in [split_gm] + [it.graph for it in items]:
        assert m._piecewise_test_state == {"made_by": "torch"}


@pytest.mark.fast_paths
def test_a_shadowed_node_field_turns_the_slot_access_off(torch_patch):
    """torch.fx.Node defines ``meta`` in Python (a property in front of the slot): the
    slots are no longer what Node reads, node_fields is off, and every meta write goes
    through the property."""
    slot = torch._C._NodeBase.__dict__["meta"]
    writes = []

    def set_meta(self, v):
        writes.append(self)
        slot.__set__(self, v)

    torch_patch.setattr(tfx.Node, "meta", property(slot.__get__, set_meta), raising=False)
    PR.probe_fast_paths()
    assert "node_fields" not in on()
    gm = model_gm()
    writes.clear()
    split_gm, items = split(gm)
    check_torch_agrees(gm, split_gm, items)
    made = [n for g in graphs_of(gm, split_gm, items)[1:] for n in g.nodes]
    assert set(made) <= set(writes)


@pytest.mark.fast_paths
def test_another_fake_device_turns_the_cxx_meta_reader_off(torch_patch):
    """A FakeTensor reports its device differently from the slot the C++ reader reads: the
    C++ meta tuples would differ from the Python reference's, node_meta is off."""
    from torch._subclasses.fake_tensor import FakeTensor

    real = FakeTensor.__dict__["fake_device"]
    torch_patch.setattr(FakeTensor, "fake_device",
                        property(lambda self: torch.device("meta"), real.fset))
    PR.probe_fast_paths()
    assert "node_meta" not in on()
    gm = model_gm()
    check_torch_agrees(gm, *split(gm))


@pytest.mark.fast_paths
def test_untested_torch_warns_once(torch_patch):
    _key_call_method_by_target(torch_patch)
    torch_patch.setattr(torch, "__version__", "2.99.0")
    torch_patch.setattr(PR, "_warned", False)
    with pytest.warns(RuntimeWarning, match="2.99.0 is not one piecewise was tested on"):
        PR.probe_fast_paths()
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        PR.probe_fast_paths()  # once


@pytest.mark.fast_paths
def test_fast_paths_str():
    p = piecewise.fast_paths()[0]
    assert str(p) == f"{p.name}: on"
    assert operator.attrgetter("name", "on", "why", "what")(p)


@pytest.mark.fast_paths
def test_a_probe_that_cannot_run_leaves_every_path_off(torch_patch):
    """When torch's public API itself fails on the probe, nothing is proven: all paths off,
    and split_graph (public API throughout) still gives torch's answer."""
    def broken(*a, **k):
        raise RuntimeError("a torch the probe cannot build its graph on")

    torch_patch.setattr(PR, "_observe_split", broken)
    PR.probe_fast_paths()
    assert on() == set()
    assert all("could not run" in p.why for p in piecewise.fast_paths())
    gm = model_gm()
    check_torch_agrees(gm, *split(gm))


def test_private_torch_is_spelled_in_private_only():
    """The one-place rule, read by Python's own ast: outside _private.py, no module of the
    package imports a private torch module or reads a private attribute through ``torch.``
    (vllm_reference.py is exempt: it mirrors vLLM's own code, private spellings included).
    A dunder (``torch.__version__``) is public."""
    import ast
    import pathlib

    def private(name):
        return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))

    pkg = pathlib.Path(P.__file__).parent
    found = []
    for path in sorted(pkg.glob("*.py")):
        if path.name in ("_private.py", "vllm_reference.py"):
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("torch"):
                if any(private(part) for part in node.module.split(".")):
                    found.append(f"{path.name}:{node.lineno}: from {node.module} import")
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.startswith("torch") and any(
                            private(p) for p in alias.name.split(".")):
                        found.append(f"{path.name}:{node.lineno}: import {alias.name}")
            elif isinstance(node, ast.Attribute):
                chain, cur = [], node
                while isinstance(cur, ast.Attribute):
                    chain.append(cur.attr)
                    cur = cur.value
                if isinstance(cur, ast.Name) and cur.id == "torch" and any(
                        private(a) for a in chain):
                    found.append(f"{path.name}:{node.lineno}: torch.{'.'.join(reversed(chain))}")
    assert not found, "private torch outside _private.py:\n" + "\n".join(sorted(set(found)))


def test_names_are_registered_as_create_name_registers_them():
    """build_split's C++ writer registers each name in the graph's namespace itself (used
    names, each base's count) when create_name would keep it: every name form (suffixes with
    leading zeros or past 64 bits, a base ending in `_`, `_1`, a builtin's name, non-ASCII)
    leaves each graph's namespace as torch's own create_node leaves it, and the names torch
    makes next in those graphs are the same."""
    forms = ["x", "add", "add_1", "add_01", "a__7", "_1", "max", "input", "sum_3", "l_x_",
             "y_99999999999999999999999", "n9", "add_2", "caf\u00e9_1"]

    def build():
        g = tfx.Graph()
        nodes = [g.placeholder("x")]
        for i in range(len(forms) - 1):
            nodes.append(g.call_function(torch.relu if i % 3 else torch.sigmoid, (nodes[-1],)))
        g.output(nodes[-1])
        for n, name in zip(nodes, forms):
            n.name = name
        return tfx.GraphModule(torch.nn.Module(), g)

    def state(g):
        ns = g._graph_namespace
        return ([n.name for n in g.nodes], sorted(ns._used_names), list(ns._base_count.items()),
                [ns.create_name(c, None) for c in ("add", "max", "a_", "y", "x", "caf_")])

    def run():
        split_gm, items = split(build())
        return [state(split_gm.graph)] + [state(it.graph.graph) for it in items]

    before = FP.USED["build_split"]
    fast = run()
    assert FP.USED["build_split"] > before  # the C++ writer made these graphs
    FP.apply({k: False for k in FP.NAMES})
    try:
        public = run()
    finally:
        PR.probe_fast_paths()
    assert fast == public
    assert any(("y", 99999999999999999999999) in s[2] for s in fast)


def _by_name(n):
    return n.name


def _made_nodes(gm, split_gm, items):
    return [n for g in graphs_of(gm, split_gm, items)[1:] for n in g.nodes]


@pytest.mark.fast_paths
def test_node_init_gives_the_nodes_torchs_initializer_gives():
    """node_init writes a new node's fields itself (the recipe learned from torch's
    _NodeBase.__init__): every node it made has the state, slots and bookkeeping the same
    split gives with torch's initializer called, and the one torch's public API gives."""
    from piecewise import _core

    assert _core.learn_node_init(tfx.Node, P.node_initializer(),
                                 (tfx.Graph(), "n", "placeholder", "t", int)) == ""
    PR.probe_fast_paths()

    def observe(config):
        FP.apply(config)
        gm = model_gm(buffer=False)  # no get_attr: every piece graph is made in C++
        before = _core.node_init_uses()
        split_gm, items = split(gm)
        used = _core.node_init_uses() - before
        check_torch_agrees(gm, split_gm, items)
        graphs = [PR._observe_graph(g) for g in graphs_of(gm, split_gm, items)]
        return graphs, used

    try:
        fast, used = observe(dict(FP.ON))
        called, not_used = observe({**FP.ON, "node_init": False})
        public, _ = observe({k: False for k in FP.NAMES})
    finally:
        PR.probe_fast_paths()
    assert used > 0 and not_used == 0
    assert PR._first_difference(fast, called) is None
    assert PR._first_difference(fast, public) is None


def _initializer_that(extra):
    """torch's node initializer followed by ``extra(node)``: a torch whose initializer writes
    one more thing."""
    real = P.node_initializer()

    def init(node, *args):
        real(node, *args)
        extra(node)

    return lambda: init


@pytest.mark.fast_paths
def test_an_initializer_the_recipe_cannot_copy_turns_node_init_off(torch_patch):
    """torch's initializer gives each node a value node_init cannot make (a function in
    _repr_fn): node_init learns nothing and is off, the other paths stay on."""
    torch_patch.setattr(P, "node_initializer",
                        _initializer_that(lambda n: setattr(n, "_repr_fn", _by_name)))
    PR.probe_fast_paths()
    assert on() == ALL - {"node_init"}
    why = {p.name: p.why for p in piecewise.fast_paths()}
    assert "_repr_fn" in why["node_init"], why
    from piecewise import _core

    before = _core.node_init_uses()
    gm = model_gm(buffer=False)
    check_torch_agrees(gm, *split(gm))
    assert _core.node_init_uses() == before


@pytest.mark.fast_paths
def test_a_learned_recipe_that_disagrees_with_torch_is_off(torch_patch):
    """The recipe is learned from an initializer that marks each node erased (a value the
    recipe can copy): the split node_init would make is not torch's public API's (its code
    skips the "erased" nodes, so the probe's run of it fails), the probe turns node_init off;
    the nodes split_graph makes are torch's."""
    torch_patch.setattr(P, "node_initializer",
                        _initializer_that(lambda n: setattr(n, "_erased", True)))
    PR.probe_fast_paths()
    assert on() == ALL - {"node_init"}
    why = {p.name: p.why for p in piecewise.fast_paths()}
    assert why["node_init"].startswith(("the probe failed with it", "the probe differs",
                                        "the probe with get_attr differs")), why
    gm = model_gm(buffer=False)
    out = split(gm)
    check_torch_agrees(gm, *out)
    assert not any(n._erased for n in _made_nodes(gm, *out))


@pytest.mark.fast_paths
def test_a_changed_node_constructor_turns_the_node_makers_off(torch_patch):
    """torch's Node.__init__ (which Graph.create_node runs) sets one more field: every C++
    node maker, node_init with them, is off, and every node made has the field."""
    real = tfx.Node.__init__

    def init(self, *args, **kwargs):
        real(self, *args, **kwargs)
        self._repr_fn = _by_name

    torch_patch.setattr(tfx.Node, "__init__", init)
    PR.probe_fast_paths()
    assert {"build_split", "sync_edits", "node_init"} <= ALL - on()
    gm = model_gm()
    out = split(gm)
    check_torch_agrees(gm, *out)
    assert all(n._repr_fn is _by_name for n in _made_nodes(gm, *out))


@pytest.mark.fast_paths
def test_a_fake_tensor_with_a_live_torch_function_is_read_through_it(torch_patch):
    """The C++ meta reader reads an exact FakeTensor with subclass torch functions off only
    while its __torch_function__ is torch's disabled one. Give FakeTensor a live one that
    changes what ``dtype`` says: the reader goes through it (as the Python reference does),
    node_meta stays on, and every meta tuple is the Python reference's."""
    from torch._subclasses.fake_tensor import FakeTensor
    from piecewise import _core, fx as pfx

    seen = []

    @classmethod
    def torch_function(cls, func, types, args=(), kwargs=None):
        seen.append(func)
        with torch._C.DisableTorchFunctionSubclass():
            out = func(*args, **(kwargs or {}))
        if func == torch.Tensor.dtype.__get__:
            return torch.float64
        return out

    gm = model_gm()
    torch_patch.setattr(FakeTensor, "__torch_function__", torch_function)
    PR.probe_fast_paths()
    assert "node_meta" in on()
    nodes = [n for n in gm.graph.nodes if isinstance(n.meta.get("example_value"), FakeTensor)]
    assert nodes
    seen.clear()
    got = [_core.node_meta(n) for n in nodes]
    assert torch.Tensor.dtype.__get__ in seen  # the reader went through it
    assert got == [pfx._node_meta(n) for n in nodes]
    assert all(m[1] == "float64" for m in got), got


#: The extension's calls that set a fast path's C++ state (python/src: TorchPrivate.cpp,
#: FxBuilder.cpp, LazyModule.cpp).
CXX_SWITCHES = ("set_node_fields", "set_node_init", "configure_fx_builder",
                "configure_lazy_module", "learn_node_init")


def switch_problems(pkg):
    """Where the package switches a fast path other than through ``_fast_paths``, read with
    ``ast``: a call that sets a path's C++ state outside ``_fast_paths.py``; an attribute of
    one of the package's modules written from another (``_fx._NODE_META_CPP = ...``,
    ``setattr(split, ...)``); ``ON`` or ``WHY`` changed outside ``_fast_paths.py``."""
    import ast

    modules = {p.stem for p in pkg.glob("*.py")} | {"_core"}
    found = []
    for path in sorted(pkg.glob("*.py")):
        tree = ast.parse(path.read_text())
        aliases = set()  # names this file binds to a module of the package
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module is None:
                aliases |= {a.asname or a.name for a in node.names if a.name in modules}
        switch = path.name == "_fast_paths.py"

        def where(node):
            return f"{path.name}:{node.lineno}:{node.col_offset + 1}"

        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr in CXX_SWITCHES and not switch:
                found.append(f"{where(node)}: {node.attr} outside _fast_paths.py")
            targets = []
            if isinstance(node, (ast.Assign, ast.Delete)):
                targets = node.targets
            elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
                targets = [node.target]
            for t in targets:
                if isinstance(t, ast.Attribute) and isinstance(t.value, ast.Name) \
                        and t.value.id in aliases:
                    found.append(f"{where(t)}: writes {t.value.id}.{t.attr}")
                if isinstance(t, ast.Subscript) and isinstance(t.value, ast.Attribute) \
                        and t.value.attr in ("ON", "WHY") and not switch:
                    found.append(f"{where(t)}: writes an item of {t.value.attr}")
            if isinstance(node, ast.Call):
                f = node.func
                if isinstance(f, ast.Name) and f.id in ("setattr", "delattr") and node.args \
                        and isinstance(node.args[0], ast.Name) and node.args[0].id in aliases:
                    found.append(f"{where(node)}: {f.id} on {node.args[0].id}")
                if isinstance(f, ast.Attribute) and isinstance(f.value, ast.Attribute) \
                        and f.value.attr in ("ON", "WHY") and not switch \
                        and f.attr in ("update", "clear", "pop", "popitem", "setdefault"):
                    found.append(f"{where(node)}: {f.value.attr}.{f.attr}")
    return found


def test_one_switch_for_the_fast_paths():
    """A fast path is switched in one place: ``_fast_paths.apply`` sets ``ON`` (which fx.py
    and split.py read at the call) and the C++ side together. No module writes another's
    globals, and only _fast_paths.py calls the extension's fast-path setters."""
    import pathlib

    pkg = pathlib.Path(P.__file__).parent
    found = switch_problems(pkg)
    assert not found, "fast paths switched outside _fast_paths:\n" + "\n".join(found)


@pytest.mark.fast_paths
def test_configured_switches_both_sides_and_restores():
    """``_fast_paths.configured`` turns a path off for its body only, on both sides: the
    Python consumer (split.py reads ON) and the C++ side (node_init's setter)."""
    from piecewise import _core

    assert on() == ALL
    with FP.configured(node_init=False, build_split=False):
        assert on() == ALL - {"node_init", "build_split"}
        before = (FP.USED["build_split"], _core.node_init_uses())
        gm = model_gm(buffer=False)  # no get_attr: build_split would take it
        check_torch_agrees(gm, *split(gm))
        assert (FP.USED["build_split"], _core.node_init_uses()) == before
    assert on() == ALL
    before = (FP.USED["build_split"], _core.node_init_uses())
    gm = model_gm(buffer=False)
    check_torch_agrees(gm, *split(gm))
    assert FP.USED["build_split"] > before[0] and _core.node_init_uses() > before[1]
    with pytest.raises(ValueError, match="no fast path named"):
        with FP.configured(no_such_path=False):
            pass
