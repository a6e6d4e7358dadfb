"""_core.node_meta / _core.encode_meta (python/src/NodeMeta.cpp) against their Python
reference, piecewise.fx._node_meta / encode_meta: the same tuples (types included), the
same exceptions, the same per-import SymInt text cache, on hand-made values and nodes and
on every node of real captures (bench/capture_llama.py, the examples' captures); and the
C++ import and deferred-meta paths give the IR and hashes the Python callbacks give."""

import copy
import gc
import sys
import warnings
from collections import namedtuple
from pathlib import Path

import pytest
import torch
import torch.fx as tfx

piecewise = pytest.importorskip("piecewise")

from piecewise import _fast_paths as FP  # noqa: E402
from piecewise import fx as F  # noqa: E402

_core = piecewise._core
REPO = Path(__file__).resolve().parents[2]
for _p in (REPO / "bench", REPO / "examples" / "dynamo"):
    if str(_p) not in sys.path:
        sys.path.insert(0, str(_p))

pytestmark = pytest.mark.skipif(not FP.ON["node_meta"], reason="the node_meta fast path is off")


def same(a, b) -> bool:
    """Equal, with the same types all the way down (1 and True differ)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, (tuple, list)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b


def outcome(f, x):
    try:
        return ("ok", f(x))
    except BaseException as e:  # noqa: B902 - non-Exception errors must propagate alike
        return ("raise", type(e))


def check(f_py, f_cpp, x):
    a, b = outcome(f_py, x), outcome(f_cpp, x)
    assert a[0] == b[0] and same(a[1], b[1]), (x if not isinstance(x, tfx.Node) else x.name, a, b)
    return a


def check_value(v):
    return check(F.encode_meta, _core.encode_meta, v)


def check_node(n):
    return check(F._node_meta, _core.node_meta, n)


class _Node:
    """What node_meta reads of an fx.Node: ``meta``."""

    def __init__(self, meta):
        self.meta = meta


class _Boom(BaseException):
    pass


class _StrideRaises(torch.Tensor):
    def stride(self, *a):
        raise RuntimeError("no strides")


class _StrideBoom(torch.Tensor):
    def stride(self, *a):
        raise _Boom()


class _OddTuple(tuple):
    def __iter__(self):
        return iter([torch.zeros(1), 7])


class _OddList(list):
    def __iter__(self):
        return iter(["x"])


class _GetDict(dict):
    def get(self, key, default=None):
        return torch.zeros(3) if key == "example_value" else None


class _Weird:
    """isinstance(x, list) by __class__, like a proxy."""

    __class__ = list

    def __iter__(self):
        return iter([1, torch.ones(2)])


def _real_tensors():
    t = torch.arange(24, dtype=torch.float32).reshape(2, 3, 4)
    out = [t, t.transpose(0, 2), t[:, ::2], t.expand(5, 2, 3, 4), torch.tensor(1.5),
           torch.tensor(3), torch.empty(0, 3), torch.zeros(2, 3, 4, 5).to(
               memory_format=torch.channels_last), torch.nn.Parameter(torch.zeros(2)),
           torch.empty(2, 3, device="meta"), torch.zeros(3).to_sparse(),
           torch.quantize_per_tensor(torch.zeros(4), 0.1, 0, torch.quint8),
           torch.zeros(2, 2).as_strided((2, 2), (0, 1))]
    for dt in (torch.bool, torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64,
               torch.float16, torch.bfloat16, torch.float64, torch.complex64,
               torch.float8_e4m3fn, torch.float8_e5m2):
        out.append(torch.zeros(2, 1, dtype=dt))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        out.append(torch.zeros(3, 3).to_sparse_csr())  # stride() raises
        out.append(torch.nested.nested_tensor([torch.zeros(2), torch.zeros(3)]))  # shape raises
        out.append(torch.nested.nested_tensor([torch.zeros(2, 4), torch.zeros(3, 4)],
                                              layout=torch.jagged))
    out.append(torch.Tensor._make_subclass(_StrideRaises, torch.zeros(2, 3)))
    out.append(torch.Tensor._make_subclass(_StrideBoom, torch.zeros(2, 3)))  # propagates
    return out


def _symbolic():
    from torch._dynamo.source import ConstantSource
    from torch._subclasses.fake_tensor import FakeTensorMode
    from torch.fx.experimental.symbolic_shapes import ShapeEnv

    env = ShapeEnv()
    s = env.create_symintnode(env.create_symbol(5, ConstantSource("a")), hint=5)
    u = env.create_unbacked_symint()
    f = env.create_unbacked_symfloat()
    mode = FakeTensorMode(shape_env=env)
    with mode:
        ft = torch.empty(4, 6)
        fakes = [ft, ft.t(), ft[:, 1::2], torch.empty((), dtype=torch.int64),
                 torch.empty(2, 3, device="meta")]
    fake_cuda = FakeTensorMode(allow_non_fake_inputs=True)
    try:
        with fake_cuda:
            fakes.append(torch.empty(2, 3, device="cuda"))  # fake_device cuda:0
    except Exception:
        pass
    syms = [s, s * 2 + 1, -s, s == 3, s > 2, f, f * 2, u, u + s, [s, (u, 3), f]]
    return env, s, u, fakes, syms


def test_values_match_python():
    F._clear_meta_caches()
    env, s, u, fakes, syms = _symbolic()
    t = torch.zeros(2, 3)
    values = _real_tensors() + fakes + syms + [
        None, 0, -3, 2 ** 70, True, 1.5, "s0", b"x", {}, {"a": t}, object(), (), [],
        [t, [t, (t, None)], ()], (1, 2), torch.Size([2, 3]), torch.Size([]),
        tfx.immutable_collections.immutable_list([t, 3]), _OddTuple((1, 2)), _OddList([t]),
        _Weird(), torch.float32, torch.device("cpu"), [[[[[[[[t]]]]]]]]]
    nested = t
    for _ in range(5000):  # RecursionError in both
        nested = [nested]
    values.append(nested)
    seen = {"ok": 0, "raise": 0}
    for v in values:
        seen[check_value(v)[0]] += 1
    assert seen["raise"] >= 3  # the nested-strided tensor, _StrideBoom, the deep list
    assert _core.encode_meta(_real_tensors()[-2])[3] is None  # stride() raised: no strides
    assert _core.encode_meta(s) == (F.META_SYM, F.SYM_INT, str(s))


def test_sym_text_cache_per_import():
    """The SymInt text is cached by SymNode until the next import, in both."""
    F._clear_meta_caches()
    env, s, u, fakes, syms = _symbolic()
    before = check_value(u)
    assert before[1][:2] == (F.META_SYM, F.SYM_INT) and before[1][2] == str(u)
    torch._check(u == 5)  # a replacement: str(u) is now "5"
    assert str(u) == "5"
    stale = check_value(u)
    assert stale == before  # the cached text, in both
    F._clear_meta_caches()
    fresh = check_value(u)
    assert same(fresh[1], (F.META_SYM, F.SYM_INT, 5))  # digits become an int


def test_nodes_match_python():
    F._clear_meta_caches()
    t = torch.zeros(2, 3)
    from torch.fx.passes.shape_prop import TensorMetadata

    env, s, u, fakes, syms = _symbolic()
    tm = TensorMetadata(shape=torch.Size([2, 3]), dtype=torch.float16, requires_grad=False,
                        stride=(3, 1), memory_format=torch.contiguous_format, is_quantized=False,
                        qparams={})
    NoStride = namedtuple("NoStride", "shape dtype stride")

    class ShapeRaises:
        dtype = torch.float32

        @property
        def shape(self):
            raise ValueError("no shape")

    class NoShapeAttr:
        @property
        def shape(self):
            raise AttributeError("shape")

    metas = [{}, {"val": t}, {"example_value": t}, {"val": None, "example_value": [t, s]},
             {"val": 3}, {"val": [t, None]}, {"tensor_meta": tm},
             {"tensor_meta": NoStride((2, s, True), torch.int8, None)},
             {"tensor_meta": NoStride([u, 4], torch.bool, (4, 1))},
             {"tensor_meta": object()}, {"tensor_meta": NoShapeAttr()},
             {"tensor_meta": ShapeRaises()}, {"val": None, "tensor_meta": tm},
             {"val": fakes[1], "tensor_meta": tm}, _GetDict(), {"val": syms}]
    outcomes = [check_node(_Node(m))[0] for m in metas]
    assert outcomes.count("raise") == 1  # ShapeRaises
    with pytest.raises(AttributeError):
        _core.node_meta(object())  # no .meta
    assert check_node(_Node({"tensor_meta": object()}))[1] is None


def _graphs():
    import capture  # examples/dynamo
    import capture_llama as cl
    import make_examples as mx

    yield "capture_llama.dynamo(2)", cl.dynamo(2)[0]
    yield "capture_llama.makefx(2)", cl.makefx(2)[0]
    yield "capture_llama.makefx(2, symbolic)", cl.makefx(2, mode="symbolic")[0]
    for name, (_how, make) in mx.examples().items():
        yield f"examples/{name}", make()
    for name, (_how, make, dynamic) in capture.cases().items():
        with torch.no_grad():
            model, args = make()
            yield f"examples/dynamo/{name}", capture.capture(model, args, dynamic)[0]


def _as_tuples(meta):
    """The same meta with every list a tuple: what the core reads on its general path."""
    if isinstance(meta, (list, tuple)):
        return tuple(_as_tuples(m) for m in meta)
    return meta


def _tuple_import(gm, meta_of):
    items = [(n, F._OP_INDEX[n.op], n.name, F.target_string(n.op, n.target), n.args,
              n.kwargs or None, meta_of(n)) for n in gm.graph.nodes]
    core = _core.IRGraph()
    core.import_nodes(items)
    pieces = core.split([], decompose_size=False, check_flat=False).pieces
    return core.print(), core.print(graph_form=True), [p.hash for p in pieces]


def test_captured_graphs_match_python():
    total = 0
    for name, gm in _graphs():
        F._clear_meta_caches()
        nodes = list(gm.graph.nodes)
        for n in nodes:  # node by node, both caches growing alike
            check_node(n)
        total += len(nodes)
        # The core's C API reading of meta tuples against its general path.
        F._clear_meta_caches()
        fast = _tuple_import(gm, _core.node_meta)
        F._clear_meta_caches()
        general = _tuple_import(gm, lambda n: _as_tuples(_core.node_meta(n)))
        assert fast == general, name
        # The C++ import and deferred-meta paths against the Python callbacks.
        ir_c = F.import_graph(gm.graph, gm)
        text_c = ir_c.print(), ir_c.print(graph_form=True)
        lazy_c = F.import_graph(gm.graph, gm, lazy_meta=True)
        split_c = lazy_c.core.split([], decompose_size=False, check_flat=False,
                                    fetch_meta=lazy_c.meta_source)
        hashes_c = lazy_c.core.hashes(lazy_c.meta_source)
        with FP.configured(node_meta=False):
            ir_p = F.import_graph(gm.graph, gm)
            lazy_p = F.import_graph(gm.graph, gm, lazy_meta=True)
            assert lazy_p.meta_source == lazy_p.fetch_meta
            split_p = lazy_p.core.split([], decompose_size=False, check_flat=False,
                                        fetch_meta=lazy_p.meta_source)
            hashes_p = lazy_p.core.hashes(lazy_p.meta_source)
        assert text_c == (ir_p.print(), ir_p.print(graph_form=True)), name
        assert fast[0] == text_c[0], name
        assert [p.nodes for p in split_c.pieces] == [p.nodes for p in split_p.pieces], name
        assert hashes_c == hashes_p, name
        assert lazy_c.print() == lazy_p.print(), name
        del gm, ir_c, ir_p, lazy_c, lazy_p
        gc.collect()
    assert total > 500


def test_split_graph_uses_the_cpp_meta(monkeypatch):
    """split_graph reads meta in C++ (no Python callback) and gives what the Python
    callbacks give: items, hashes, unique count."""
    import capture_llama as cl
    from piecewise import split as S

    gm, _ = cl.dynamo(2)
    calls = []
    real = F._node_meta
    monkeypatch.setattr(F, "_node_meta", lambda n: calls.append(n) or real(n))
    g1 = tfx.GraphModule(gm, copy.deepcopy(gm.graph))
    _, items_c, unique_c = S.split_graph_ex(g1, cl.SPLITTING_OPS)
    assert calls == []
    g2 = tfx.GraphModule(gm, copy.deepcopy(gm.graph))
    with FP.configured(node_meta=False):  # the hashes too are computed with it off
        _, items_p, unique_p = S.split_graph_ex(g2, cl.SPLITTING_OPS)
        keys_p = [(it.graph_id, it.is_splitting_graph, it.hash) for it in items_p]
    assert calls  # the fallback is the Python reference
    assert unique_c == unique_p
    assert [(it.graph_id, it.is_splitting_graph, it.hash) for it in items_c] == keys_p
