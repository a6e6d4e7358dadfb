"""Runs the capture simulation (capture_sim.py) on graph files, in its own process.

    python capture_files.py CASES.json PIECEWISE_BIN SCHEMA_FILE [cuda] > RESULT.json

Each case is ``{"file": PATH, "ops": [OP, ...]}``. For each: ``piecewise split FILE
--splitting-ops=OPS -o`` writes the split module and ``--json`` says which pieces are
splitting; fxload loads the module and makes inputs from FILE's annotations; the simulation
captures and replays it. A file whose inputs are annotated ``cuda`` is run with its
``cuda`` devices as ``cpu:0``, standing for the accelerator (its ``cpu`` inputs stand for
the host: capture_sim._Devices). The result maps each case's index to
``{"moved": [[piece, input], ...], "metadata_only": [...], "baked": [...],
"uncapturable": {piece: [cause, node]}}`` (capture_sim.Simulation), or to {"skip": reason}
when the file cannot be run here.

With ``cuda`` (python/tests/gpu/: a CUDA device is needed), the captured pieces are captured
for real instead, as ``torch.cuda.CUDAGraph``s that keep the tensors they were captured with
(a runtime that does not copy its inputs, as vLLM's piecewise CUDA graphs), and replayed;
the result maps each case to ``{"raised": {piece: message}, "stale": bool}``: the pieces
whose capture raised, and whether the replayed step's outputs differ from the original
graph run eagerly on the same inputs. It is a process of its own because it registers CPU versions of the vLLM ops that
the test inputs call (``vllm::unified_attention`` and friends, with the schemas of
data/custom_schemas/vllm.txt), which must not leak into the other tests' torch.

    python capture_files.py --fix CASES.json PIECEWISE_BIN SCHEMA_FILE > RESULT.json

checks `check-capture --fix` outputs: each case is ``{"file": ORIGINAL, "fixed": FIXED,
"ops": [...], "static": "all"|"none", "breakable": bool}``. The fixed file is split (the
eager ops, and the copies with them, run eagerly), captured and replayed by address
(capture_sim.replay); the result per case is ``{"moved": [...], "exact": None or what
differs between the replayed step and the original file run on the same inputs, "same":
None or what differs between the fixed and the original file run in torch}``.
"""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples"))

import capture_sim  # noqa: E402
import demo_ops  # noqa: E402,F401  (the examples' vllm::unified_attention_with_output)
import fxload  # noqa: E402
import piecewise  # noqa: E402,F401  (registers torch.ops.piecewise.capture_copy)


def file_cases(repo_root: Path, shared_dir: Path) -> list:
    """The cases of the file tests (test_capture.py, gpu/test_capture_cuda.py): each bundled
    example (split at vLLM's attention when it calls it, and at two of its aten ops picked
    with a fixed seed), each lit input of test/capture/ (at the ops of its first RUN line),
    each corpus graph (at two of its aten ops)."""
    cases = []
    rng = random.Random(7)
    skip = {"make_examples.py", "demo_ops.py"}
    for p in sorted(p for p in (repo_root / "examples").glob("*.py") if p.name not in skip):
        text = p.read_text()
        ops_ = ["vllm::unified_attention_with_output"] if "unified_attention" in text else []
        found = sorted(set(re.findall(r"torch\.ops\.aten\.(\w+)\.(\w+)\(", text)))
        ops_ += [f"aten::{a}.{b}" for a, b in rng.sample(found, min(2, len(found)))]
        if ops_:
            cases.append({"file": str(p), "ops": ops_})
    for p in sorted((repo_root / "test" / "capture").glob("*.py")):
        text = p.read_text()
        if not text.startswith("class "):
            continue  # a test of files elsewhere (corpus.py)
        m = re.search(r"--(?:splitting|break)-ops=([A-Za-z_][\w:.,]*)", text)
        if m:
            cases.append({"file": str(p), "ops": m.group(1).split(",")})
    corpus = shared_dir / "corpus" / "graphs"
    for p in sorted(corpus.glob("*")) if corpus.is_dir() else []:
        text = p.read_text(errors="replace")
        found = sorted(set(re.findall(r"torch\.ops\.aten\.(\w+)\.(\w+)[(\]]", text)))
        if found:
            cases.append({"file": str(p),
                          "ops": [f"aten::{a}.{b}" for a, b in rng.sample(found, min(2, len(found)))]})
    return cases


# The test ops run on the CPU and, for python/tests/gpu, on CUDA.
_ANY_DEVICE = "CompositeExplicitAutograd"


def _register_vllm_ops(schema_file: str) -> list:
    """CPU (and CUDA) versions of the schema file's ops that torch does not have yet (the values they
    compute do not matter here, only which memory they return or write)."""
    impls = {
        "unified_attention_with_output": lambda q, k, v, output, *a, **kw: output.copy_(q + k * v),
        "unified_attention": lambda query, key, value, layer_name: query + key * value,
        "all_reduce": lambda *a: a[0].clone() if isinstance(a[0], torch.Tensor) else a[2].copy_(a[1]),
        "moe_forward": lambda h, r, name: h * 2,
        "moe_forward_shared": lambda h, r, name: (h * 2, h * 3),
        "outplace_fused_experts": lambda h, *a: h * 2,
        "inplace_fused_experts": lambda h, *a: h.mul_(2),
        "rms_norm": lambda result, x, w, eps: result.copy_(x * w),
        "fused_add_rms_norm": lambda x, res, w, eps: (res.add_(x), x.copy_(res * w)),
        "rotary_embedding": lambda pos, q, k, *a: q.mul_(1.0),
        "silu_and_mul": lambda result, x: result.copy_(x[..., : x.shape[-1] // 2]),
    }
    libs = {}
    for line in open(schema_file):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        qualified = line.split("(", 1)[0]
        ns, name = qualified.split("::")
        try:
            getattr(getattr(torch.ops, ns), name)
            continue  # already registered (examples/demo_ops.py)
        except (AttributeError, RuntimeError):
            pass
        if name not in impls:
            continue
        lib = libs.get(ns)
        if lib is None:
            lib = libs[ns] = torch.library.Library(ns, "FRAGMENT")
        lib.define(line.split("::", 1)[1])
        lib.impl(name, _wrap(impls[name], line), _ANY_DEVICE)
    return list(libs.values())


def _register_mylib_ops():
    """test/capture/unknown-schema.py's op (piecewise has no schema for it, the point of that
    test; torch needs one to run it; it returns new memory), test/capture/data-dependent-shape.py's
    ``mylib::select_positive`` (no schema for piecewise either; its fake kernel, what torch
    knows of it, gives it a data-dependent size), and the corpus graph's ``mylib::foo`` with
    the schema of PyTorch's auto_functionalize test (writes x, y, z)."""
    lib = torch.library.Library("mylib", "FRAGMENT")
    lib.define("custom_attention(Tensor q, Tensor k, Tensor v) -> Tensor")
    lib.impl("custom_attention", lambda q, k, v: q + k * v, _ANY_DEVICE)
    lib.define("select_positive(Tensor x) -> Tensor")
    lib.impl("select_positive", lambda x: x[x > 0].clone(), _ANY_DEVICE)

    def select_positive_fake(x):
        return x.new_empty(torch.library.get_ctx().new_dynamic_size())

    torch.library.register_fake("mylib::select_positive", select_positive_fake, lib=lib)
    lib.define("foo(Tensor(a!) x, Tensor(b!)[] y, Tensor(c!) z, SymInt w, Tensor n) -> ()")

    def foo(x, y, z, w, n):
        x.add_(n)
        for t in y:
            t.add_(n)
        z.add_(w)

    lib.impl("foo", foo, _ANY_DEVICE)
    return lib


def _code_form(path: str, cli: str, tmp: str, i: int) -> str:
    """`path` itself, or its code form (`piecewise print`) when it is in graph form."""
    if not fxload._is_graph_form(fxload.read_text(path)):
        return path
    out = os.path.join(tmp, f"input_{i}.py")
    with open(out, "w") as f:
        subprocess.run([cli, "print", path], check=True, stdout=f)
    return out


def _wrap(impl, schema: str):
    returns_nothing = schema.rstrip().endswith("-> ()")

    def call(*args, **kwargs):
        out = impl(*args, **kwargs)
        return None if returns_nothing else out

    return call


class _GraphPiece(torch.nn.Module):
    """One captured piece under real CUDA graph capture (see the module docstring)."""

    def __init__(self, name: str, piece: torch.nn.Module, raised: dict):
        super().__init__()
        self.name, self.piece, self.raised = name, piece, raised
        self.graph = None
        self.failed = False
        self.kept: list = []
        self.static: tuple = ()

    def forward(self, *args):
        if self.failed:
            return tuple(self.piece(*args))
        if self.graph is not None:
            self.graph.replay()
            return self.static
        self.kept = list(args)  # the addresses the graph reads stay taken
        side = torch.cuda.Stream()
        side.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(side):  # warm-up (library handles, lazy initialization)
            warm = tuple(self.piece(*args))
        torch.cuda.current_stream().wait_stream(side)
        torch.cuda.synchronize()
        graph = torch.cuda.CUDAGraph()
        try:
            with torch.cuda.graph(graph):
                self.static = tuple(self.piece(*args))
        except Exception as e:  # what a capture rejects: a host sync, a copy to the host
            self.raised[self.name] = f"{type(e).__name__}: {e}"[:300]
            self.failed = True
            torch.cuda.synchronize()
            return warm
        self.graph = graph
        graph.replay()
        return self.static


def _run_cuda(module, reference, captured, inputs, seed) -> dict:
    """Captures and replays `module` for real; compares the replayed step with `reference`."""
    raised: dict = {}
    for name in captured:
        capture_sim._set_child(module, name, _GraphPiece(name, getattr(module, name), raised))
    args = [a.clone() if isinstance(a, torch.Tensor) else a for a in inputs]
    torch.manual_seed(seed)
    with torch.no_grad():
        module(*args)
        g = torch.Generator().manual_seed(seed + 1)
        for a in args:  # the next step's values, in the same static inputs
            if isinstance(a, torch.Tensor) and a.is_floating_point():
                a.copy_(torch.randn(a.shape, generator=g).to(a.dtype))
        ref_args = [fxload.clone_input(a) for a in args]
        torch.manual_seed(seed)
        got = module(*args)
        torch.manual_seed(seed)
        want = reference(*ref_args)
    torch.cuda.synchronize()
    try:
        fxload.assert_same(want, got, 1e-3, 1e-4)
        stale = False
    except AssertionError:
        stale = True
    return {"raised": raised, "stale": stale}


def _register_demo_op_on_cuda():
    """examples/demo_ops.py registers its attention for the CPU; the same on CUDA."""
    lib = torch.library.Library("vllm", "IMPL")

    def impl(q, k, v, output, layer_name, output_scale=None, output_block_scale=None):
        output.copy_(demo_ops._causal_attention(q, k, v))

    lib.impl("unified_attention_with_output", impl, "CUDA")
    return lib


def _difference(fn) -> "str | None":
    try:
        fn()
    except AssertionError as e:
        return str(e)[:2000]
    return None


def _fix_case(i: int, case: dict, cli: str, schema_file: str, tmp: str) -> dict:
    original, fixed = case["file"], case["fixed"]
    out = os.path.join(tmp, f"split_{i}.py")
    ops = "--splitting-ops=" + ",".join(case["ops"])
    base = [cli, "--schema-file", schema_file, "split", fixed, ops]
    if case["breakable"]:
        base.append("--no-merge-empty")
    proc = subprocess.run(base + ["--json"], capture_output=True, text=True)
    if proc.returncode != 0:
        return {"skip": "split failed: " + proc.stderr[-500:]}
    items = json.loads(proc.stdout)["items"]
    subprocess.run(base + ["-o", out], check=True, capture_output=True)
    captured = [it["submod_name"] for it in items if not it["is_splitting_graph"]]
    module = fxload.load(out)
    inputs = fxload.make_inputs(original, seed=i)
    static = [case["static"] == "all"] * len(inputs)
    rep = capture_sim.replay(module, captured, inputs, static, seed=i)
    reference = fxload.load(original)

    def exact():
        args = [fxload.clone_input(x) for x in rep.before]
        torch.manual_seed(i)
        with torch.no_grad():
            expected = reference(*args)
        fxload.assert_same(expected, rep.outputs, what="replayed output")
        fxload.assert_same(args, rep.after, what="replayed input after the call")

    def same():
        a, a_after = fxload.run(reference, inputs)
        b, b_after = fxload.run(fxload.load(fixed), inputs)
        fxload.assert_same(a, b)
        fxload.assert_same(a_after, b_after, what="input after the call")

    return {"moved": sorted([list(x) for x in rep.moved]), "exact": _difference(exact),
            "same": _difference(same)}


def main() -> int:
    fix = sys.argv[1] == "--fix"
    if fix:
        del sys.argv[1]
    cases = json.load(open(sys.argv[1]))
    cli, schema_file = sys.argv[2], sys.argv[3]
    if fix:
        keep = _register_vllm_ops(schema_file) + [_register_mylib_ops()]  # noqa: F841
        with tempfile.TemporaryDirectory() as tmp:
            results = {i: _fix_case(i, case, cli, schema_file, tmp) for i, case in enumerate(cases)}
        json.dump(results, sys.stdout)
        return 0
    cuda = len(sys.argv) > 4 and sys.argv[4] == "cuda"
    keep_cuda = _register_demo_op_on_cuda() if cuda else None  # noqa: F841 (kept alive)
    keep = _register_vllm_ops(schema_file) + [_register_mylib_ops()]  # noqa: F841 (kept alive)
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        for i, case in enumerate(cases):
            path = _code_form(case["file"], cli, tmp, i)
            reason = fxload.not_runnable_reason(path)
            if reason is not None:
                results[i] = {"skip": reason}
                continue
            out = os.path.join(tmp, f"split_{i}.py")
            ops = "--splitting-ops=" + ",".join(case["ops"])
            base = [cli, "--schema-file", schema_file, "split", path, ops]
            proc = subprocess.run(base + ["--json"], capture_output=True, text=True)
            if proc.returncode != 0:
                results[i] = {"skip": "split failed: " + proc.stderr[-500:]}
                continue
            items = json.loads(proc.stdout)["items"]
            subprocess.run(base + ["-o", out], check=True, capture_output=True)
            captured = [it["submod_name"] for it in items if not it["is_splitting_graph"]]
            try:
                devices = [getattr(spec, "device", None) or "" for _, spec in fxload.input_specs(path)]
            except fxload.NotRunnable as e:  # a graph-form dump has no input annotations
                results[i] = {"skip": str(e)}
                continue
            accelerator = any(d.startswith("cuda") for d in devices)
            if cuda:  # the dump's devices as written; a CPU dump runs on the GPU
                device_map = None if accelerator else {"cpu": "cuda"}
            else:
                device_map = {"cuda": "cpu:0"} if accelerator else "auto"
            module = fxload.load(out, device_map=device_map)
            try:
                inputs = fxload.make_inputs(path, seed=i, device_map=device_map)
            except fxload.NotRunnable as e:
                results[i] = {"skip": str(e)}
                continue
            static = [case.get("static", "all") == "all"] * len(inputs)
            if cuda:
                try:
                    results[i] = _run_cuda(module, fxload.load(path, device_map=device_map),
                                           captured, inputs, seed=i)
                except Exception as e:
                    results[i] = {"skip": f"does not run here: {type(e).__name__}: {e}"[:500]}
                continue
            try:
                sim = capture_sim.simulate(module, captured, inputs, static, seed=i,
                                           accelerator=accelerator,
                                           host_inputs=[d.startswith("cpu") for d in devices],
                                           source_text=module.fxload_text)
            except Exception as e:  # an op torch cannot run on this CPU (float8 scaled mm)
                results[i] = {"skip": f"does not run here: {type(e).__name__}: {e}"[:500]}
                continue
            results[i] = {"moved": sorted([list(x) for x in sim.moved]),
                          "metadata_only": sorted([list(x) for x in sim.metadata_only]),
                          "baked": sorted([list(x) for x in sim.baked]),
                          "uncapturable": {p: [e.cause, e.node] for p, e in sim.uncapturable.items()}}
    json.dump(results, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
