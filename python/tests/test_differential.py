"""Differential test: random FX graphs through the `piecewise` CLI, checked against torch.

For each seed, diffgen.py writes a random Python function (views, views of views,
multi-output views, in-place ops on inputs and on views, subscript assignment, duplicate
subexpressions, dead code, no-ops, random ops, a custom in-place "attention" op and a
custom pure op; see its docstring) and traces it into a real `torch.fx.GraphModule` in two
ways: `symbolic_trace` (mode "fx": call_method / torch function / operator nodes) and
`make_fx` (mode "aten": aten overloads, in-place ops kept). The hand-written programs of
diffgen.HOSTILE (each aimed at one alias / effect / RNG rule) are also captured by Dynamo
(mode "dynamo": `torch.compile` with a backend that keeps the graph) and dumped in the graph
form too. The GraphModule is dumped the way a user dumps one
(`print_readable(print_output=False)`; every fifth seed, and the "-graph-form" modes,
`str(gm.graph)`) and run through the CLI exactly as a user would:

- `print`: the canonical code form;
- `opt --passes=dce`, `cse`, `noop-elimination`, `split-coalescing`, and the full pipeline
  `split-coalescing,noop-elimination,dce,cse,decompose-size` (with `--check-no-change`);
- `split --splitting-ops=difftest::attn,difftest::scale -o mod.py`, run with `runpy` and
  `GraphModule()` as docs/split.md says;
- `codegen --cudagraph --cudagraph-unsafe-ops=difftest::attn -o wrapper.py` (also with
  `--reorder` and more unsafe ops, and with `--keep-inputs-alive`) and
  `codegen --splitting-ops=difftest::attn`, run through `call(args)` as docs/partition.md
  says.

All commands but `full-pipeline-no-schemas` get `--schema-file` with the custom ops'
schemas (without it the ops are opaque). The oracle: the live GraphModule and the
transformed program run on clones of the same inputs with the RNG reseeded to the same state; the outputs and the inputs after
the call (in-place writes) must agree (integer tensors exactly). A failure names the seed,
mode and transform (`pytest -k 'aten-17-cse'` reruns it) and prints the generated source,
the dump piecewise read and what it wrote.

Environment: PIECEWISE_DIFF_SEEDS=N runs seeds 0..N-1 (default 30 per mode);
PIECEWISE_DIFF_KEEP=DIR keeps every dump and output under DIR.

Known miscompiles are listed in XFAIL below (strict: they fail today, and the test says so
when they are fixed); a minimal repro of each is in python/tests/differential_repros/.
"""

import functools
import os
import runpy
import subprocess
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")

import diffgen  # noqa: E402  (needs torch)
from conftest import piecewise_bin_path  # noqa: E402

NUM_SEEDS = int(os.environ.get("PIECEWISE_DIFF_SEEDS", "30"))
MODES = ["fx", "aten"]
FULL = "split-coalescing,noop-elimination,dce,cse,decompose-size"

# transform -> (command line after the file; None for the opt pipelines' own handling)
TRANSFORMS = {
    "print": ["print"],
    "dce": ["opt", "--passes=dce", "--check-no-change"],
    "cse": ["opt", "--passes=cse", "--check-no-change"],
    "noop-elimination": ["opt", "--passes=noop-elimination", "--check-no-change"],
    "split-coalescing": ["opt", "--passes=split-coalescing", "--check-no-change"],
    "full-pipeline": ["opt", f"--passes={FULL}", "--check-no-change"],
    "split": ["split", "--splitting-ops=difftest::attn,difftest::scale"],
    "codegen-cudagraph": ["codegen", "--cudagraph", "--cudagraph-unsafe-ops=difftest::attn"],
    "codegen-reorder": ["codegen", "--cudagraph", "--reorder",
                        "--cudagraph-unsafe-ops=difftest::attn,aten::sin,aten::add_"],
    "codegen-split": ["codegen", "--splitting-ops=difftest::attn"],
    "codegen-skip-dynamic": ["codegen", "--cudagraph", "--skip-dynamic-shapes",
                             "--cudagraph-unsafe-ops=difftest::attn"],
    "codegen-keep-inputs-alive": ["codegen", "--cudagraph", "--keep-inputs-alive",
                                  "--cudagraph-unsafe-ops=difftest::attn,difftest::scale"],
    # Without --schema-file the custom ops are opaque (may write and alias every input).
    "full-pipeline-no-schemas": ["opt", f"--passes={FULL}", "--check-no-change"],
}
NO_SCHEMAS = {"full-pipeline-no-schemas"}

# (mode, seed, transform) -> reason. Each is a wrong answer piecewise gives today; the
# minimal repro is in differential_repros/ (see its README).
# Cases expected to fail, (mode, name, transform) -> reason: strict xfails, so a fix
# shows as XPASS. Empty: the miscompiles this test found (differential_repros/) are fixed.
XFAIL = {}


@functools.lru_cache(maxsize=None)
def schema_file() -> Path:
    d = Path(os.environ.get("PIECEWISE_DIFF_KEEP") or _tmpdir())
    d.mkdir(parents=True, exist_ok=True)
    p = d / "difftest_schemas.txt"
    p.write_text(diffgen.SCHEMAS)
    return p


@functools.lru_cache(maxsize=None)
def _tmpdir() -> str:
    import tempfile

    return tempfile.mkdtemp(prefix="piecewise-diff-")


def graph_form(seed: int) -> bool:
    return seed % 5 == 4


class Case:
    """One traced graph: the program, the live GraphModule, the dump and torch's answer.
    `seed` is an int for a generated graph, a name of diffgen.HOSTILE for a hand-written one."""

    def __init__(self, mode: str, seed):
        self.mode, self.seed = mode, seed
        if isinstance(seed, str):
            self.program = diffgen.hostile(seed)
        else:
            self.program = diffgen.generate(seed)
        self.gm = self.program.trace(mode.replace("-graph-form", ""))
        if (isinstance(seed, int) and graph_form(seed)) or mode.endswith("-graph-form"):
            self.dump = str(self.gm.graph)
        else:
            self.dump = self.gm.print_readable(print_output=False)
        self.inputs = self.gm.diff_inputs
        self.expected = diffgen.run_seeded(self.gm, self.inputs)

    def header(self, transform: str, cmd=None) -> str:
        lines = [f"seed {self.seed}, mode {self.mode}, transform {transform}"
                 f" (rerun: pytest python/tests/test_differential.py -k '{self.mode}-{self.seed}-{transform}')"]
        if cmd:
            lines.append("command: " + " ".join(map(str, cmd)))
        lines.append("generated source:\n" + diffgen.describe(self.program))
        lines.append("dump fed to piecewise:\n" + self.dump)
        return "\n".join(lines)


@functools.lru_cache(maxsize=None)
def case(mode: str, seed: int) -> Case:
    return Case(mode, seed)


def run_cli(c: Case, transform: str, workdir: Path):
    keep = os.environ.get("PIECEWISE_DIFF_KEEP")
    if keep:
        workdir = Path(keep) / f"{c.mode}-{c.seed}-{transform}"
        workdir.mkdir(parents=True, exist_ok=True)
    src = workdir / "graph.py"
    src.write_text(c.dump)
    out = workdir / "out.py"
    schemas = [] if transform in NO_SCHEMAS else ["--schema-file", str(schema_file())]
    cmd = [str(piecewise_bin_path()), *schemas, *TRANSFORMS[transform], str(src), "-o", str(out)]
    r = subprocess.run(cmd, capture_output=True, text=True)
    return cmd, r, out


def run_result(c: Case, transform: str, out: Path):
    """Runs what piecewise wrote, as its documentation says to; (outputs, inputs after)."""
    inputs = c.inputs
    text = out.read_text()
    if TRANSFORMS[transform][0] in ("print", "opt"):
        module = diffgen.load_code_form(text, str(out))
        return diffgen.run_seeded(module, inputs)
    if transform == "split":
        split = runpy.run_path(str(out))["GraphModule"]()
        return diffgen.run_seeded(split, inputs)
    # codegen: call(args) takes the inputs as a list (and clears it).
    ns = runpy.run_path(str(out))
    return diffgen.run_seeded(lambda *args: ns["call"](list(args)), inputs)


def check(mode: str, seed, transform: str, workdir: Path) -> None:
    try:
        c = case(mode, seed)
    except Exception as e:  # Dynamo (a graph break) or symbolic tracing may refuse a program
        if mode not in ("dynamo", "aten-symbolic"):
            raise
        pytest.skip(f"{mode} does not capture {seed}: {type(e).__name__}: {e}"[:300])
    cmd, r, out = run_cli(c, transform, workdir)
    assert r.returncode == 0, f"{c.header(transform, cmd)}\npiecewise failed ({r.returncode}):\n{r.stderr}"
    text = out.read_text()
    try:
        got_out, got_inputs = run_result(c, transform, out)
        exp_out, exp_inputs = c.expected
        diffgen.assert_same(exp_out, got_out, "output")
        diffgen.assert_same(exp_inputs, got_inputs, "input after the call")
    except Exception as e:
        raise AssertionError(
            f"{c.header(transform, cmd)}\npiecewise wrote:\n{text}\n{type(e).__name__}: {e}") from e


def params():
    out = []
    for mode in MODES:
        for seed in range(NUM_SEEDS):
            for transform in TRANSFORMS:
                if transform == "codegen-skip-dynamic":
                    continue  # static shapes: the same as codegen-cudagraph
                key = (mode, seed, transform)
                marks = []
                if key in XFAIL:
                    marks.append(pytest.mark.xfail(strict=True, reason=XFAIL[key]))
                out.append(pytest.param(mode, seed, transform, id=f"{mode}-{seed}-{transform}",
                                        marks=marks))
    return out


@pytest.fixture(scope="module")
def workroot():
    """One temporary folder for the module (pytest's tmp_path costs O(tests) per test)."""
    import shutil
    import tempfile

    d = Path(tempfile.mkdtemp(prefix="piecewise-difftest-"))
    yield d
    shutil.rmtree(d, ignore_errors=True)


def workdir(root: Path, *parts) -> Path:
    d = root / "-".join(map(str, parts))
    d.mkdir(parents=True, exist_ok=True)
    return d


@pytest.mark.parametrize("mode,seed,transform", params())
def test_differential(mode, seed, transform, piecewise_bin, workroot):
    check(mode, seed, transform, workdir(workroot, mode, seed, transform))


# The hostile programs also go in as `print(gm.graph)` (the graph form: no meta), and as
# Dynamo captures them (torch.compile with a backend that keeps the graph: l_x_ names,
# `x[i] = v`, `x += y`, only the used inputs), through fewer transforms.
FEWER_TRANSFORMS = {
    "graph-form": ["dce", "cse", "full-pipeline", "split", "codegen-reorder"],
    "dynamo": ["print", "cse", "full-pipeline", "split", "codegen-cudagraph"],
    # make_fx(tracing_mode="symbolic"): sizes are symbols (s0, ...), sym_size nodes.
    "symbolic": ["print", "full-pipeline", "split", "codegen-cudagraph", "codegen-skip-dynamic"],
}


# Programs a mode cannot capture: make_fx(tracing_mode="real") cannot trace .item().
HOSTILE_MODES = {"item-scalar": ("fx", "fx-graph-form", "dynamo", "aten-symbolic")}


def hostile_params():
    out = []
    for mode in MODES + [m + "-graph-form" for m in MODES] + ["dynamo", "aten-symbolic"]:
        kind = {"dynamo": "dynamo", "aten-symbolic": "symbolic"}.get(
            mode, "graph-form" if mode.endswith("graph-form") else None)
        for name in diffgen.HOSTILE:
            if kind == "dynamo" and name == "empty-graph":
                continue  # Dynamo makes no graph of it
            if mode not in HOSTILE_MODES.get(name, (mode,)):
                continue
            for transform in (FEWER_TRANSFORMS[kind] if kind else
                              [t for t in TRANSFORMS if t != "codegen-skip-dynamic"]):
                key = (mode, name, transform)
                marks = []
                if key in XFAIL:
                    marks.append(pytest.mark.xfail(strict=True, reason=XFAIL[key]))
                out.append(pytest.param(mode, name, transform, id=f"{mode}-{name}-{transform}",
                                        marks=marks))
    return out


@pytest.mark.parametrize("mode,name,transform", hostile_params())
def test_hostile(mode, name, transform, piecewise_bin, workroot):
    """The hand-written programs of diffgen.HOSTILE, each aimed at one rule."""
    check(mode, name, transform, workdir(workroot, mode, name, transform))


# --------------------------------------------------------------------------------------
# The oracle is not vacuous
# --------------------------------------------------------------------------------------


def test_generator_is_deterministic():
    a, b = diffgen.generate(11), diffgen.generate(11)
    assert a.source() == b.source()
    assert all(torch.equal(x, y) for x, y in zip(a.inputs, b.inputs))
    assert diffgen.generate(12).source() != a.source()


def test_generator_covers_the_features():
    """Over the seeds a CI run uses, every kind of statement occurs several times."""
    counts = {}
    for seed in range(NUM_SEEDS):
        for k, v in diffgen.generate(seed).features.items():
            counts[k] = counts.get(k, 0) + v
    for feature in ["pure", "int", "view", "multi-output view", "slice partition", "in-place method",
                    "in-place aten", "in-place (result kept)", "setitem", "duplicate", "no-op",
                    "no-op then write", "random", "dead", "custom attn (fresh out)",
                    "custom attn (existing out)", "custom attn (view out)", "custom scale"]:
        assert counts.get(feature, 0) >= 3, (feature, counts)


def test_the_oracle_catches_a_wrong_program():
    """Programs that lose their in-place writes (each `aten.foo_` call made the functional
    `aten.foo`, the result dropped) must fail the comparison on most graphs that write."""
    import re

    writing = caught = 0
    for seed in range(min(NUM_SEEDS, 20)):
        c = case("aten", seed)
        if graph_form(seed):
            continue
        broken, k = re.subn(r"torch\.ops\.aten\.(add|mul|sub|copy|clamp|zero|index_put|fill)_\.", r"torch.ops.aten.\1.", c.dump)
        if k == 0:
            continue
        writing += 1
        got = diffgen.run_seeded(diffgen.load_code_form(broken), c.program.inputs)
        try:
            diffgen.assert_same(c.expected[0], got[0], "output")
            diffgen.assert_same(c.expected[1], got[1], "input after the call")
        except AssertionError:
            caught += 1
    assert writing >= 8 and caught >= writing * 3 // 4, (writing, caught)


@pytest.mark.parametrize("mode", MODES)
def test_passes_change_the_graphs(mode, piecewise_bin, tmp_path):
    """The opt passes really rewrite a good share of the graphs (else the numerics prove
    little)."""
    changed = {p: 0 for p in ["dce", "cse", "noop-elimination", "split-coalescing"]}
    for seed in range(min(NUM_SEEDS, 40)):
        c = case(mode, seed)
        src = tmp_path / "g.py"
        src.write_text(c.dump)
        for p in changed:
            r = subprocess.run([str(piecewise_bin), "--schema-file", str(schema_file()), "opt",
                                str(src), f"--passes={p}", "--stats", "-o", str(tmp_path / "o.py")],
                               capture_output=True, text=True)
            assert r.returncode == 0, r.stderr
            changed[p] += "no changes" not in r.stderr
    if mode == "fx":
        # symbolic_trace slices are `x[a:b]` getitems, which split-coalescing leaves alone
        # (it rewrites aten.slice); it is exercised in aten mode.
        del changed["split-coalescing"]
    assert all(n >= 4 for n in changed.values()), changed
