"""`piecewise print` keeps semantics: the printed code form of every example computes the
same outputs (and the same in-place input updates) as the original dump, on the same random
inputs. Also: printing is a fixed point, print(print(x)) == print(x).

Needs the CLI: PIECEWISE_BIN, default build/piecewise. Skips while it is missing or while its
`print` command does not print yet.
"""

import subprocess

import pytest

import fxload
from conftest import example_paths

EXAMPLES = {p.name: p for p in example_paths()}

PROBE = '''class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[2, 3][3, 1]cpu"):
        add: "f32[2, 3][3, 1]cpu" = torch.ops.aten.add.Tensor(x, 1);  x = None
        return (add,)
'''


def _print(piecewise_bin, path=None, stdin=None, *extra):
    cmd = [str(piecewise_bin), "print", *extra, str(path) if path is not None else "-"]
    return subprocess.run(cmd, input=stdin, capture_output=True, text=True, timeout=60)


@pytest.fixture(scope="session")
def printer(piecewise_bin, tmp_path_factory):
    """The CLI, once `piecewise print` works on a trivial graph."""
    probe = tmp_path_factory.mktemp("probe") / "probe.py"
    probe.write_text(PROBE)
    r = _print(piecewise_bin, probe)
    if r.returncode == 2 or (r.returncode == 0 and not r.stdout.strip()):
        pytest.skip(
            f"`piecewise print` not implemented in {piecewise_bin} yet "
            f"(exit {r.returncode}, {len(r.stdout)} bytes of output)"
        )
    return piecewise_bin


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_print_keeps_semantics(printer, name, tmp_path):
    path = EXAMPLES[name]
    r = _print(printer, path)
    assert r.returncode == 0, f"piecewise print {name} failed:\n{r.stderr}"
    printed = r.stdout
    assert printed.strip(), "empty output"
    (tmp_path / name).write_text(printed)  # kept for debugging a failure
    reason = fxload.not_runnable_reason(printed)
    assert reason is None, f"printed text does not load: {reason}"
    # Same signature shape: the printed forward takes the same inputs.
    orig_specs = fxload.input_specs(path)
    new_specs = fxload.input_specs(printed)
    assert len(new_specs) == len(orig_specs)
    for (n0, s0), (n1, s1) in zip(orig_specs, new_specs):
        assert type(s0) is type(s1), (n0, n1)
        if isinstance(s0, fxload.TensorSpec):
            assert (s0.dtype, s0.sizes) == (s1.dtype, s1.sizes), (n0, n1)
    for seed in (0, 1):
        fxload.run_and_compare(path, printed, seed=seed, rtol=0, atol=0)


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_print_is_a_fixed_point(printer, name):
    first = _print(printer, EXAMPLES[name])
    assert first.returncode == 0, first.stderr
    second = _print(printer, None, first.stdout)
    assert second.returncode == 0, second.stderr
    assert second.stdout == first.stdout
