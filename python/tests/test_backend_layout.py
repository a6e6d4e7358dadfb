"""The boundary after an eager piece holds the layout the next compiled piece was compiled for.

An eager op may return other strides than its fake (meta) kernel says; Inductor compiles the
next piece for the fake strides and asserts them on entry. These tests build custom ops whose
real strides differ from their meta strides (both ways round), check that torch really
disagrees with itself (the compiled piece's assert fires when the backend's restride is
bypassed), and that with it the outputs equal eager, static and dynamic; an op whose lying
output aliases its input is refused with a clear error, not copied.
"""

import pytest
import torch

piecewise = pytest.importorskip("piecewise")
from piecewise import _layout  # noqa: E402

NS = "piecewise_layout_test"


def _register():
    if hasattr(torch.ops, NS) and hasattr(getattr(torch.ops, NS), "to_t"):
        return
    lib = torch.library.Library(NS, "FRAGMENT")
    # to_t: real output physically [b, d, s] (transposed strides), meta says contiguous.
    lib.define("to_t(Tensor x) -> Tensor")
    # from_t: real output contiguous, meta says physically transposed.
    lib.define("from_t(Tensor x) -> Tensor")
    # view_t: returns a view of its input with strides other than the meta's.
    lib.define("view_t(Tensor(a) x) -> Tensor(a)")

    def to_t(x):
        out = torch.empty(x.shape[0], x.shape[2], x.shape[1], dtype=x.dtype).transpose(1, 2)
        return out.copy_(torch.tanh(x))

    def from_t(x):
        return torch.tanh(x).contiguous()

    def from_t_fake(x):
        return x.new_empty(x.shape[0], x.shape[2], x.shape[1]).transpose(1, 2)

    def view_t(x):
        return x.transpose(1, 2).transpose(1, 2)[:, :, :]  # a view; strides as x's

    def view_t_fake(x):
        return x.new_empty(x.shape[0], x.shape[2], x.shape[1]).transpose(1, 2)

    for name, impl in (("to_t", to_t), ("from_t", from_t), ("view_t", view_t)):
        lib.impl(name, impl, "CompositeExplicitAutograd")
    torch.library.register_fake(f"{NS}::to_t", lambda x: x.new_empty(x.shape), lib=lib)
    torch.library.register_fake(f"{NS}::from_t", from_t_fake, lib=lib)
    torch.library.register_fake(f"{NS}::view_t", view_t_fake, lib=lib)
    _register.lib = lib


_register()


def _model(op):
    def f(x, w):
        h = (x @ w).relu()
        a = op(h)
        b = a * 3.0 + h  # compiled: reads the eager output with the layout it asserts
        return op(b).sum(-1) + b.amax(1, keepdim=True).squeeze(1).sum(-1, keepdim=True)

    return f


def _inputs(seq, seed=0):
    g = torch.Generator().manual_seed(seed)
    return torch.randn(2, seq, 8, generator=g), torch.randn(8, 8, generator=g)


def _op(name):
    return getattr(getattr(torch.ops, NS), name).default


@pytest.mark.parametrize("name", ["to_t", "from_t"])
def test_ops_really_lie(name):
    """The premise: the real strides are not the meta strides."""
    x = torch.randn(2, 5, 8)
    real = _op(name)(x)
    from torch._subclasses.fake_tensor import FakeTensorMode

    with FakeTensorMode() as mode:
        fake = _op(name)(mode.from_tensor(x))
    assert real.shape == fake.shape
    assert real.stride() != fake.stride()


@pytest.mark.parametrize("dynamic", [False, True], ids=["static", "dynamic"])
@pytest.mark.parametrize("name", ["to_t", "from_t"])
def test_restride_keeps_inductor_exact(name, dynamic):
    op = _op(name)
    f = _model(op)
    be = piecewise.backend(splitting_ops=[f"{NS}::{name}"], compile_with="inductor")
    torch._dynamo.reset()
    compiled = torch.compile(f, backend=be, dynamic=dynamic)
    for seq in (5, 7):
        x, w = _inputs(seq)
        torch.testing.assert_close(compiled(x, w), f(x, w), rtol=1e-5, atol=1e-5)
    assert be.stats["splitting_pieces"] == be.stats["graphs"] * 2
    wrappers = [m for sm in be.split_modules for m in sm.children()
                if isinstance(m, _layout.Restride)]
    assert len(wrappers) == be.stats["splitting_pieces"]
    # The first op's output feeds a compiled piece: it was copied on every call.
    assert sum(m.copies for m in wrappers) >= 2


def test_without_restride_inductor_asserts(monkeypatch):
    """The mismatch is real: bypass the restride and the compiled piece's assert fires."""
    monkeypatch.setattr(_layout, "restride_specs", lambda piece: [None])
    f = _model(_op("to_t"))
    be = piecewise.backend(splitting_ops=[f"{NS}::to_t"], compile_with="inductor")
    torch._dynamo.reset()
    compiled = torch.compile(f, backend=be, dynamic=True)
    with pytest.raises(AssertionError, match="expected size"):
        compiled(*_inputs(5))


def test_honest_op_is_not_copied():
    f = _model(torch.tanh)
    be = piecewise.backend(splitting_ops=[torch.tanh], compile_with="inductor")
    torch._dynamo.reset()
    compiled = torch.compile(f, backend=be, dynamic=True)
    x, w = _inputs(6)
    torch.testing.assert_close(compiled(x, w), f(x, w), rtol=1e-5, atol=1e-5)
    wrappers = [m for sm in be.split_modules for m in sm.children()
                if isinstance(m, _layout.Restride)]
    assert wrappers and all(m.copies == 0 for m in wrappers)


def test_aliasing_mismatch_is_refused():
    """A lying output that shares its input's storage is not copied: a clear error."""
    x = torch.randn(2, 5, 8)
    piece = torch.fx.symbolic_trace(lambda t: (_op("view_t")(t),))
    from torch._subclasses.fake_tensor import FakeTensorMode

    with FakeTensorMode() as mode:
        fake = _op("view_t")(mode.from_tensor(x))
    r = _layout.Restride(piece, [_layout.spec_of(fake)], "submod_1")
    with pytest.raises(RuntimeError, match="submod_1 returned output 0 .* shares storage"):
        r(x)


def test_dense_spec_under_symbolic_shapes():
    """A dense permuted layout with symbolic sizes is held through the real sizes."""
    seen = []

    def record(gm, example_inputs):
        out = next(n for n in gm.graph.nodes if n.op == "output")
        seen.append(out.args[0][0].meta["example_value"])
        return gm

    torch._dynamo.reset()
    f = torch.compile(lambda x: (x.transpose(1, 2).contiguous().transpose(1, 2),),
                      backend=record, dynamic=True)
    f(torch.randn(2, 5, 8))
    spec = _layout.spec_of(seen[0])  # physically [b, d, s], sizes symbolic
    assert spec == ("dense", (0, 2, 1))
    real = torch.randn(3, 9, 4)
    assert _layout.expected_strides(real, spec) == [36, 1, 9]
    assert _layout.expected_strides(real.transpose(1, 2).contiguous().transpose(1, 2),
                                    spec) is None
    assert _layout.spec_of(seen[0][:, ::2]) is None  # strided view: not held
