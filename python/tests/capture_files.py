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


def _wrap(impl, schema: str):
    returns_nothing = schema.rstrip().endswith("-> ()")

    def call(*args, **kwargs):
        out = impl(*args, **kwargs)
        return None if returns_nothing else out

    return call


def main() -> int:
    cases = json.load(open(sys.argv[1]))
    cli, schema_file = sys.argv[2], sys.argv[3]
    keep = _register_vllm_ops(schema_file)  # noqa: F841 (the libraries must stay alive)
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        for i, case in enumerate(cases):
            path = case["file"]
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
            inputs = fxload.make_inputs(path, seed=i)
            static = [case.get("static", "all") == "all"] * len(inputs)
            moved = capture_sim.simulate(module, captured, inputs, static, seed=i)
            results[i] = sorted([list(x) for x in moved])
    json.dump(results, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
