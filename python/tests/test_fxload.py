"""The oracle helper itself: it must load what dumps look like, and it must fail loudly
when two programs differ."""

import pytest
import torch

import fxload
from conftest import EXAMPLES_DIR

SIMPLE = '''
class GraphModule(torch.nn.Module):
    def forward(self, a: "f32[s0, 4][4, 1]cuda:0", n: "Sym(s0)", idx: "i64[3][1]cpu", m: "b8[s0][1]cpu"):
        add: "f32[s0, 4][4, 1]cuda:0" = torch.ops.aten.add.Tensor(a, 1)
        sel: "f32[3, 4][4, 1]cuda:0" = torch.ops.aten.index.Tensor(add, [idx])
        return (sel, n, None)
'''


def test_parse_annotation():
    t = fxload.parse_annotation("f32[s0, 64][64, 1]cuda:0")
    assert isinstance(t, fxload.TensorSpec)
    assert (t.dtype, t.sizes, t.strides, t.device) == (torch.float32, ["s0", "64"], ["64", "1"], "cuda:0")
    t = fxload.parse_annotation("i64[32]")
    assert (t.dtype, t.sizes, t.strides, t.device) == (torch.int64, ["32"], None, None)
    t = fxload.parse_annotation("bf16[][]cpu")
    assert (t.sizes, t.strides, t.device) == ([], [], "cpu")
    t = fxload.parse_annotation("f32[u0, ((s96 + 1)//2)][Max(1, ((s96 + 1)//2)), 1]cpu")
    assert t.sizes == ["u0", "((s96 + 1)//2)"] and t.strides == ["Max(1, ((s96 + 1)//2))", "1"]
    assert fxload.eval_sym(t.strides[0], {"s96": 5}) == 3
    assert fxload.parse_annotation("f8e4m3fn[2, 3]").dtype == torch.float8_e4m3fn
    assert isinstance(fxload.parse_annotation("Sym(s0)"), fxload.SymSpec)
    assert fxload.parse_annotation("Sym(2*s0 + 1)").expr == "2*s0 + 1"
    assert fxload.parse_annotation("xyz[2]") is None
    assert fxload.parse_annotation(None) is None


def test_make_inputs_symbols_ints_bools_devices():
    ins = fxload.make_inputs(SIMPLE, seed=0, device_map={"cuda": "cpu"})
    a, n, idx, m = ins
    assert n == fxload.DEFAULT_SYM and a.shape == (n, 4) and m.shape == (n,)
    assert a.device.type == "cpu" and a.stride() == (4, 1)
    assert idx.dtype == torch.int64 and (idx >= 0).all() and (idx < n).all()
    assert m.dtype == torch.bool
    ins7 = fxload.make_inputs(SIMPLE, seed=0, device_map={"cuda": "cpu"}, sym_values={"s0": 7})
    assert ins7[1] == 7 and ins7[0].shape == (7, 4) and ins7[3].shape == (7,)
    # Deterministic per seed, different across seeds.
    again = fxload.make_inputs(SIMPLE, seed=0, device_map={"cuda": "cpu"})
    assert torch.equal(again[0], a)
    assert not torch.equal(fxload.make_inputs(SIMPLE, seed=1, device_map={"cuda": "cpu"})[0], a)


def test_make_inputs_honours_strides_and_float8():
    text = '''
class M(torch.nn.Module):
    def forward(self, x: "f32[3, 5][1, 3]cpu", y: "f8e4m3fn[2, 2][2, 1]cpu", z: "f32[4, 2][0, 1]cpu"):
        return (x, y, z)
'''
    x, y, z = fxload.make_inputs(text)
    assert x.stride() == (1, 3) and y.dtype == torch.float8_e4m3fn and z.stride() == (0, 1)
    out, after = fxload.run(fxload.load(text), [x, y, z])
    assert out[0].stride() == (1, 3) and out[2].stride() == (0, 1)
    fxload.assert_same(out, (x, y, z), rtol=0, atol=0)


def test_device_map_rewrites_device_calls():
    text = '''
class M(torch.nn.Module):
    def forward(self, x: "f32[2][1]cuda:0"):
        c: "f32[2][1]cpu" = torch.ops.aten._to_copy.default(x, device = device(type='cpu'))
        g: "f32[2][1]cuda:0" = torch.ops.aten._to_copy.default(c, device = device(type='cuda', index=0))
        return (g,)
'''
    m = fxload.load(text, device_map={"cuda": "cpu"})
    (g,), _ = fxload.run(m, fxload.make_inputs(m))
    assert g.device.type == "cpu"
    assert fxload.map_device("cuda:1", {"cuda:1": "cpu"}).type == "cpu"
    assert fxload.map_device("cuda:0", {"cuda:1": "cpu"}).type == "cuda"
    assert fxload.map_device("cpu", {"cuda": "cpu"}).type == "cpu"


def test_lambda_class_bare_forward_and_trailing_code():
    lam = '''import torch
from torch import device
f32: type
class <lambda>(torch.nn.Module):
    def forward(self, arg0_1: "f32[2][1]cpu") -> _torch_Tensor_:
        mul: "f32[2][1]cpu" = torch.ops.aten.mul.Tensor(arg0_1, 2);  arg0_1 = None
        return (mul,)
'''
    m = fxload.load(lam)
    x = torch.tensor([1.0, 2.0])
    assert torch.equal(m(x)[0], 2 * x)
    bare = '''import torch
torch._dynamo.config.this_does_not_exist = True

def forward(self, arg0_1: "f32[2][1]cpu"):
    neg = torch.ops.aten.neg.default(arg0_1)
    return (neg,)


raise RuntimeError("repro code after the graph must not run")
'''
    m = fxload.load(bare)
    assert torch.equal(m(x)[0], -x)


def test_nested_submodules_are_instances():
    text = '''
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[3]"):
        submod_0 = self.submod_0(x)
        getitem = submod_0[0];  submod_0 = None
        submod_1 = self.submod_1(getitem, x)
        return (submod_1[0],)

    class submod_0(torch.nn.Module):
        def forward(self, x: "f32[3]"):
            return (torch.ops.aten.add.Tensor(x, 1),)

    class submod_1(torch.nn.Module):
        def forward(self, a: "f32[3]", x: "f32[3]"):
            inner = self.inner(a)
            return (torch.ops.aten.mul.Tensor(inner, x),)

        class inner(torch.nn.Module):
            def forward(self, a):
                return torch.ops.aten.neg.default(a)
'''
    m = fxload.load(text)
    assert isinstance(m.submod_1.inner, torch.nn.Module)
    x = torch.tensor([1.0, 2.0, 3.0])
    assert torch.equal(m(x)[0], -(x + 1) * x)


def test_not_runnable_reasons():
    get_attr = '''
class M(torch.nn.Module):
    def forward(self, x: "f32[2]"):
        _tensor_constant0 = self._tensor_constant0
        return (torch.ops.aten.add.Tensor(x, _tensor_constant0),)
'''
    assert "self._tensor_constant0" in fxload.not_runnable_reason(get_attr)
    with pytest.raises(fxload.NotRunnable):
        fxload.load(get_attr)
    unknown = '''
class M(torch.nn.Module):
    def forward(self, x: "f32[2]"):
        r = torch.ops.nosuchns.nosuchop.default(x)
        return (r,)
'''
    assert "torch.ops.nosuchns.nosuchop" in fxload.not_runnable_reason(unknown)
    coll = '''
class M(torch.nn.Module):
    def forward(self, x: "f32[2]"):
        r = torch.ops._c10d_functional.all_reduce.default(x, 'sum', '0')
        return (r,)
'''
    assert "process group" in fxload.not_runnable_reason(coll)
    graph_form = "graph():\n    %x : [num_users=1] = placeholder[target=x]\n    return (x,)\n"
    assert "graph form" in fxload.not_runnable_reason(graph_form)
    fragment = '    add = torch.ops.aten.add.Tensor(x, 1\n'
    assert fxload.not_runnable_reason(fragment) is not None
    unannotated = '''
class M(torch.nn.Module):
    def forward(self, primals, tangents):
        return (primals,)
'''
    assert fxload.not_runnable_reason(unannotated) is None  # loads...
    with pytest.raises(fxload.NotRunnable, match="primals"):
        fxload.make_inputs(unannotated)  # ...but inputs cannot be made


BASE = '''
class M(torch.nn.Module):
    def forward(self, x: "f32[4, 4][4, 1]cpu", buf: "f32[4, 4][4, 1]cpu"):
        add: "f32[4, 4][4, 1]cpu" = torch.ops.aten.add.Tensor(x, 1)
        copy_ = torch.ops.aten.copy_.default(buf, add)
        return (add, None)
'''


def test_run_and_compare_accepts_equal_programs():
    renamed = (
        BASE.replace("add:", "plus:")
        .replace("(add", "(plus")
        .replace(", add)", ", plus)")
        .replace("class M", "class Other")
    )
    assert "plus" in renamed and "aten.add" in renamed
    fxload.run_and_compare(BASE, renamed, seed=3)


@pytest.mark.parametrize(
    "changed,what",
    [
        (BASE.replace("Tensor(x, 1)", "Tensor(x, 1.001)"), "output"),
        (BASE.replace("copy_.default(buf, add)", "copy_.default(buf, x)"), "input after the call"),
        (BASE.replace("return (add, None)", "return (add,)"), "output"),
        (BASE.replace("return (add, None)", "return (add, add)"), "output"),
    ],
)
def test_run_and_compare_detects_differences(changed, what):
    with pytest.raises(AssertionError, match=r"^" + what.split()[0]):
        fxload.run_and_compare(BASE, changed, seed=3)


def test_assert_same_float8_is_bitwise_and_nan_equal():
    a = torch.tensor([1.0, float("nan")])
    fxload.assert_same(a, a.clone(), rtol=0, atol=0)
    f8 = torch.tensor([1.0, 2.0]).to(torch.float8_e4m3fn)
    g8 = torch.tensor([1.0, 2.5]).to(torch.float8_e4m3fn)
    fxload.assert_same(f8, f8.clone(), rtol=0, atol=0)
    with pytest.raises(AssertionError):
        fxload.assert_same(f8, g8)
    with pytest.raises(AssertionError, match="dtype"):
        fxload.assert_same(a, a.double())


def test_perturbed_example_is_caught():
    # An example dump with one constant changed must not compare equal to the original.
    src = (EXAMPLES_DIR / "llama2_makefx.py").read_text()
    changed = src.replace("torch.ops.aten.add.Tensor(mean_3, 1e-06)", "torch.ops.aten.add.Tensor(mean_3, 1.0)")
    assert changed != src
    with pytest.raises(AssertionError):
        fxload.run_and_compare(src, changed, seed=0)
