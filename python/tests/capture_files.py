"""Runs the capture simulation (capture_sim.py) on graph files, in its own process.

    python capture_files.py CASES.json PIECEWISE_BIN SCHEMA_FILE > RESULT.json

Each case is ``{"file": PATH, "ops": [OP, ...]}``. For each: ``piecewise split FILE
--splitting-ops=OPS -o`` writes the split module and ``--json`` says which pieces are
splitting; fxload loads the module and makes inputs from FILE's annotations; the simulation
captures and replays it. The result maps each case's index to the sorted list of
[piece, input] pairs whose address moved, or to {"skip": reason} when the file cannot be run
here. It is a process of its own because it registers CPU versions of the vLLM ops that
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
import subprocess
import sys
import tempfile

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "examples"))

import capture_sim  # noqa: E402
import demo_ops  # noqa: E402,F401  (the examples' vllm::unified_attention_with_output)
import fxload  # noqa: E402
import piecewise  # noqa: E402,F401  (registers torch.ops.piecewise.capture_copy)


def _register_vllm_ops(schema_file: str) -> list:
    """CPU versions of the schema file's ops that torch does not have yet (the values they
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
        lib.impl(name, _wrap(impls[name], line), "CPU")
    return list(libs.values())


def _register_mylib_ops():
    """test/capture/unknown-schema.py's op (piecewise has no schema for it, the point of that
    test; torch needs one to run it; it returns new memory), and the corpus graph's
    ``mylib::foo`` with the schema of PyTorch's auto_functionalize test (writes x, y, z)."""
    lib = torch.library.Library("mylib", "FRAGMENT")
    lib.define("custom_attention(Tensor q, Tensor k, Tensor v) -> Tensor")
    lib.impl("custom_attention", lambda q, k, v: q + k * v, "CPU")
    lib.define("foo(Tensor(a!) x, Tensor(b!)[] y, Tensor(c!) z, SymInt w, Tensor n) -> ()")

    def foo(x, y, z, w, n):
        x.add_(n)
        for t in y:
            t.add_(n)
        z.add_(w)

    lib.impl("foo", foo, "CPU")
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
            module = fxload.load(out)
            try:
                inputs = fxload.make_inputs(path, seed=i)
            except fxload.NotRunnable as e:  # a graph-form dump has no input annotations
                results[i] = {"skip": str(e)}
                continue
            static = [case.get("static", "all") == "all"] * len(inputs)
            try:
                moved = capture_sim.simulate(module, captured, inputs, static, seed=i)
            except Exception as e:  # an op torch cannot run on this CPU (float8 scaled mm)
                results[i] = {"skip": f"does not run here: {type(e).__name__}: {e}"[:500]}
                continue
            results[i] = sorted([list(x) for x in moved])
    json.dump(results, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
