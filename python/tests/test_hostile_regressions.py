"""Regressions from a hostile review (issue 24), each checked against torch or against the
CLI as an independent reader.

- One hash per piece: a piece holding a tuple-valued node (``q.split(...)``) hashes the same
  in the backend (``SplitItem.hash``, ``dump_dir``'s ``piece_<hash>.py`` names), in ``split
  --json`` of the dumped graph, and on the ``report`` page beside them.
- ``split -o`` of a graph with ``torch.cond`` (branches read by ``get_attr``) writes a module
  that runs: executed on inputs that take each branch, it returns what the captured
  GraphModule returns.
- A float input that is -0.0 (``1 / (x * gain)`` with ``gain = -0.0``) under
  ``compile_with="inductor"`` and ``dynamic=True``: torch specializes floats through its
  ShapeEnv, which has no signed zero, and guards ``== 0.0``; the pieces' compiles made every
  lifted float specialized, so the output was ``+inf`` where eager (and plain Inductor) give
  ``-inf``, first call or after a recompile. Checked against eager, sign included.
- ``v = s.item(); s.add_(1.0)`` (a 0-d input read, then written; ``capture_scalar_outputs``):
  the SymInt/scalar rematerialization moved the ``.item()`` right before its first user, past
  the write, so the output used the written value. Checked against eager: output and the
  input's value afterwards. With compile_with="inductor" (and Inductor's caches off) the write
  was lost another way: the ``sin`` piece's tensorify pass restarted Dynamo for the float of
  ``s.item()``, which that piece does not read, and Dynamo's second trace leaves ``add_``
  out. A piece's compile now leaves the floats it does not read to the piece that reads
  them (``_unread_floats_named``).
- ``cos(sin(x)) * s.item() + s`` with a float64 ``s`` and ``capture_scalar_outputs``
  (``compile_with="inductor"``): the backed float of ``s.item()`` (``zf9``; float32 gives an
  unbacked ``zuf0``) crossed into the last piece as a Sym placeholder, the tensorify pass
  wrote ``scalar_tensor(zf9)``, and Inductor's C++ kernel read ``zf9`` without taking it as
  an argument (CppCompileError; plain Inductor, whose graph holds the ``.item()``, compiles
  it). Such an input is now given to the compiled piece as a 0-d float64 tensor read with
  ``.item()``, the form Dynamo gives a lifted float (``_lift_backed_floats``). Checked
  against eager, -0.0 included.
"""

import contextlib
import json
import math
import re

import pytest
import torch

piecewise = pytest.importorskip("piecewise")

from conftest import piecewise_bin_path, run_piecewise  # noqa: E402


@pytest.fixture(autouse=True)
def _needs_binary(monkeypatch):
    if not piecewise_bin_path().exists():
        pytest.skip("piecewise is not built")
    import importlib

    backend_module = importlib.import_module("piecewise.backend")
    monkeypatch.setenv("PIECEWISE_BIN", str(piecewise_bin_path()))
    monkeypatch.setattr(backend_module, "_cli_cache", [])


class SplitLayers(torch.nn.Module):
    """Three identical layers, each with a tuple-valued ``q.split`` and a relu to split at."""

    def __init__(self):
        super().__init__()
        self.lins = torch.nn.ModuleList(torch.nn.Linear(16, 16) for _ in range(3))

    def forward(self, x):
        for lin in self.lins:
            q = lin(x)
            parts = q.split([8, 8], dim=-1)  # one tuple-valued node, read by getitems
            x = torch.relu(torch.cat([torch.sigmoid(parts[0]) * parts[1], parts[0]], -1))
        return x


def test_one_hash_per_piece_with_a_tuple_valued_node(tmp_path):
    torch.manual_seed(0)
    model = SplitLayers()
    x = torch.randn(4, 16)
    be = piecewise.backend(splitting_ops=["torch.relu"], dump_dir=tmp_path / "d",
                           report_dir=tmp_path / "r")
    torch._dynamo.reset()
    with torch.no_grad():
        out = torch.compile(model, backend=be, fullgraph=True)(x)
        torch.testing.assert_close(out, model(x), rtol=0, atol=0)

    # The backend's hashes: the dump's piece files, and split_graph's items on the graph.
    dump = tmp_path / "d" / "graph_0"
    dumped = {p.name[len("piece_"):-len(".py")] for p in dump.glob("piece_*.py")}
    assert dumped, "no piece files"
    split_text = (dump / "split.py").read_text()
    assert "split = " in (dump / "input.py").read_text()  # the tuple node is in the dump

    # The CLI on the dumped graph.
    r = run_piecewise("split", dump / "input.py", "--splitting-ops=torch.relu", "--json")
    cli_items = json.loads(r.stdout)["items"]
    cli = {item["hash"] for item in cli_items}
    assert cli == dumped
    # Three layers: the compiled pieces between the relus are one program.
    compiled = [i["hash"] for i in cli_items if not i["is_splitting_graph"]]
    assert len(compiled) >= 3 and len(set(compiled[1:-1])) == 1, compiled

    # The report page beside them.
    page = (tmp_path / "r" / "graph_0.html").read_text()
    data = json.loads(re.search(r'<script id="report-data" type="application/json">(.*?)'
                                r"</script>", page, re.S).group(1))
    hashes = set()

    def collect(v):
        if isinstance(v, dict):
            for k, e in v.items():
                if k == "hash":
                    hashes.update(e if isinstance(e, list) else [e])
                else:
                    collect(e)
        elif isinstance(v, list):
            for e in v:
                collect(e)

    collect(data)
    assert dumped <= hashes, (dumped, hashes)
    assert split_text  # split.py was written too


class CondModel(torch.nn.Module):
    def forward(self, x, y):
        a = torch.sin(x)

        def t(a, y):
            return a.cos() + y

        def f(a, y):
            return a.sin() * y

        b = torch.cond(a.sum() > 0, t, f, (a, y))
        return torch.relu(b) * 2


def test_split_module_with_cond_branches_runs_like_the_capture(tmp_path):
    captured = []

    def backend(gm, example_inputs):
        captured.append(gm)
        return gm.forward

    torch._dynamo.reset()
    torch.manual_seed(0)
    y = torch.randn(4, 8)
    model = CondModel()
    torch.compile(model, backend=backend, fullgraph=True)(torch.ones(4, 8), y)
    (gm,) = captured
    src = tmp_path / "cond.py"
    src.write_text(gm.print_readable(print_output=False))
    out = tmp_path / "split.py"
    run_piecewise("split", src, "--splitting-ops=torch.relu", "-o", out)
    run_piecewise("lint", out)
    ns = {}
    exec(compile(out.read_text(), str(out), "exec"), ns)
    split = ns["GraphModule"]()
    for x in (torch.ones(4, 8), -torch.ones(4, 8)):  # each branch of the cond
        got = split(x, y)
        expected = gm(x, y)
        assert len(got) == len(expected)
        for g, e in zip(got, expected):
            torch.testing.assert_close(g, e, rtol=0, atol=0)


class _SignedZero(torch.nn.Module):
    """An attention ``scale`` (Inductor cannot keep it symbolic: it is specialized) and a
    ``gain`` the output divides by: with gain = -0.0 the output is -inf, with 0.0 +inf."""

    def __init__(self, gain):
        super().__init__()
        torch.manual_seed(0)
        self.lin = torch.nn.Linear(16, 16)
        self.scale = 0.25
        self.gain = gain

    def forward(self, x):
        b, t, _ = x.shape
        q = self.lin(x).view(b, t, 2, 8).transpose(1, 2)
        a = torch.nn.functional.scaled_dot_product_attention(q, q, q, scale=self.scale)
        return 1.0 / (a.transpose(1, 2).reshape(b, t, 16).abs() * self.gain)


@pytest.mark.parametrize("gains", [(-0.0, 0.0, -0.0), (0.0, -0.0, 0.5),
                                   (0.5, -0.0, 0.0, -0.0, 0.75),
                                   (float("nan"), 0.5, float("nan"))])
def test_negative_zero_float_input_keeps_its_sign(gains):
    # The graph is compiled (not left eager), the zero is written with its sign, and a call
    # with the other sign (which Dynamo's `== 0.0` guard admits) is caught by the backend's
    # own check and runs the pieces eagerly: never the other sign's compiled value.
    model = _SignedZero(gains[0])
    be = piecewise.backend(splitting_ops=[torch.nn.functional.scaled_dot_product_attention],
                           compile_with="inductor", progress=None)
    torch._dynamo.reset()
    compiled = torch.compile(model, backend=be, dynamic=True)
    x = torch.randn(2, 6, 16, generator=torch.Generator().manual_seed(1))
    with torch.no_grad():
        for gain in gains:
            model.gain = gain
            expected, got = model(x), compiled(x)
            if gain == 0.0 or math.isnan(gain):
                assert torch.equal(got, expected) or (
                    torch.isnan(got).equal(torch.isnan(expected))
                    and torch.equal(got.nan_to_num(0.0), expected.nan_to_num(0.0))), (
                        gain, got.flatten()[:2])
            else:
                torch.testing.assert_close(got, expected, rtol=1e-4, atol=1e-5)
    st = be.stats
    assert st["graphs"] >= 1 and st["splitting_pieces"] >= 1, st
    if any(g == 0.0 for g in gains):  # (Dynamo itself writes a NaN into the graph)
        assert st["floats_checked"] >= 1, st
    switches = sum(1 for a, b in zip(gains, gains[1:])
                   if (a == 0.0 and b == 0.0 and math.copysign(1, a) != math.copysign(1, b)))
    assert st["float_check_fallbacks"] >= (1 if switches else 0), st
    torch._dynamo.reset()


@contextlib.contextmanager
def _scalar_outputs_compiled_for_real():
    """``capture_scalar_outputs`` on and the compile caches off (a cache hit skips the
    tensorify pass these tests are about), each through torch's own config ``patch``:
    monkeypatching a config module breaks the aliases torch 2.14 keeps there."""
    with torch._dynamo.config.patch(capture_scalar_outputs=True), \
            torch.compiler.config.patch(force_disable_caches=True):
        yield


def _read_then_write(x, s):
    a = torch.cos(torch.sin(x))
    v = s.item()
    s.add_(1.0)
    return a * v


@pytest.mark.parametrize("dtype", [torch.float64, torch.float32])
@pytest.mark.parametrize("compile_with", ["eager", "inductor"])
def test_item_read_is_not_moved_past_a_write_of_its_tensor(compile_with, dtype):
    be = piecewise.backend(splitting_ops=["torch.cos"], compile_with=compile_with,
                           progress=None)
    torch._dynamo.reset()
    compiled = torch.compile(_read_then_write, backend=be, dynamic=True)
    x = torch.randn(4, generator=torch.Generator().manual_seed(2))
    with _scalar_outputs_compiled_for_real():
        for value in (0.25, 3.0):
            s_eager = torch.tensor(value, dtype=dtype)
            s_compiled = s_eager.clone()
            expected = _read_then_write(x, s_eager)
            got = compiled(x, s_compiled)
            torch.testing.assert_close(got, expected)
            assert s_compiled.item() == s_eager.item() == value + 1.0
    torch._dynamo.reset()


def _item_beside_its_tensor(x, s):
    v = s.item()  # float64: a backed float (zf), not an unbacked one (zuf)
    return torch.cos(torch.sin(x)) * v + s


def test_backed_float_crossing_beside_its_tensor_compiles():
    be = piecewise.backend(splitting_ops=["torch.cos"], compile_with="inductor", progress=None)
    torch._dynamo.reset()
    compiled = torch.compile(_item_beside_its_tensor, backend=be, dynamic=True)
    x = torch.randn(4, generator=torch.Generator().manual_seed(3))
    try:
        with _scalar_outputs_compiled_for_real():
            for value in (0.25, -3.0, -0.0):
                s = torch.tensor(value, dtype=torch.float64)
                expected = _item_beside_its_tensor(x, s)
                got = compiled(x, s.clone())
                torch.testing.assert_close(got, expected)
                assert torch.equal(torch.signbit(got), torch.signbit(expected)), (value, got)
    finally:
        torch._dynamo.reset()
