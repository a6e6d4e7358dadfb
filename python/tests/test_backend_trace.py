"""TORCH_TRACE: the backend and split_graph leave the artifacts that tlparse reads.

A child process (the structured trace is set up from TORCH_TRACE at import) compiles a
3-layer model with the backend under TORCH_TRACE; the real ``tlparse`` (PyPI) parses the log
and its ``compile_directory.json`` must list the split graph, the plan, and one dump and one
compile start per unique compiled piece; the plan tlparse extracted must agree with the
backend's own stats and the split module; ``piecewise graphs`` must list the dumps and read
each as a graph. ``split_graph`` alone writes the split graph, the plan and the pieces.
"""

import json
import os
import shutil
import subprocess
import sys
import textwrap

import pytest

pytest.importorskip("piecewise")

HERE = os.path.dirname(os.path.abspath(__file__))

CHILD = textwrap.dedent("""
    import json, sys
    import torch, torch.nn.functional as F
    import piecewise

    class M(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.l = torch.nn.ModuleList(torch.nn.Linear(16, 16) for _ in range(3))

        def forward(self, x):
            for l in self.l:
                h = l(x).view(1, -1, 2, 8).transpose(1, 2)
                a = F.scaled_dot_product_attention(h, h, h)
                x = a.transpose(1, 2).reshape(1, -1, 16) + x
            return x

    torch.manual_seed(0)
    m = M()
    if sys.argv[1] == "backend":
        be = piecewise.backend(splitting_ops=[F.scaled_dot_product_attention])
        c = torch.compile(m, backend=be, dynamic=True)
        x = torch.randn(1, 5, 16)
        assert torch.equal(c(x), m(x))
        sm = be.split_modules[0]
        print(json.dumps({"stats": {k: v for k, v in be.stats.items() if k != "compile_seconds"},
                          "children": sorted(n for n, _ in sm.named_children())}))
    else:
        gm = torch.fx.symbolic_trace(lambda x: torch.relu(x + 1).sin() * 2)
        split_gm, items = piecewise.split_graph(gm, ["torch.relu"])
        print(json.dumps({"items": [i.submod_name for i in items]}))
""")


def _run(tmp_path, what):
    trace = tmp_path / "trace"
    env = dict(os.environ, TORCH_TRACE=str(trace))
    env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)
    r = subprocess.run([sys.executable, "-c", CHILD, what], capture_output=True, text=True,
                       env=env, timeout=600)
    assert r.returncode == 0, r.stderr[-3000:]
    logs = list(trace.glob("*.log"))
    assert len(logs) == 1, logs
    return json.loads(r.stdout.strip().splitlines()[-1]), logs[0]


def _tlparse(log, out):
    exe = shutil.which("tlparse")
    if exe is None:
        pytest.fail("tlparse is not installed (pip install tlparse; the Makefile's "
                    "PIP_PACKAGES has it)")
    r = subprocess.run([exe, str(log), "-o", str(out), "--no-browser", "--overwrite"],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-3000:]
    directory = json.loads((out / "compile_directory.json").read_text())
    arts = [a for v in directory.values() for a in v["artifacts"]]
    return {a["name"]: out / a["url"] for a in arts}


def _base(name):
    """``vllm_submod_2_7.txt`` -> ``vllm_submod_2`` (tlparse appends its artifact number)."""
    return name.rsplit(".", 1)[0].rsplit("_", 1)[0]


def test_backend_trace_is_read_by_tlparse(tmp_path):
    child, log = _run(tmp_path, "backend")
    files = _tlparse(log, tmp_path / "tl")
    names = [_base(n) for n in files]
    assert names.count("vllm_piecewise_split_graph") == 1, names
    assert names.count("piecewise_split_plan") == 1, names
    stats = child["stats"]
    unique = stats["unique_pieces"]
    assert names.count("vllm_piecewise_compile_start") == unique, names
    dumps = sorted(n for n in names if n.startswith("vllm_submod_"))
    assert len(dumps) == unique, names  # each unique piece once

    plan = json.loads(next(p for n, p in files.items()
                           if _base(n) == "piecewise_split_plan").read_text())
    assert plan["num_pieces"] == stats["pieces"] == len(plan["pieces"])
    assert plan["num_splitting"] == stats["splitting_pieces"]
    compiled = [u for u in plan["unique"] if u["kind"] != "splitting"]
    assert len(compiled) == unique
    assert sorted(p["submod_name"] for p in plan["pieces"]) == child["children"]
    # Each dump is the first piece of its group; the group's pieces share it.
    assert sorted(f"vllm_{u['pieces'][0]}" for u in compiled) == dumps
    by_name = {p["submod_name"]: p for p in plan["pieces"]}
    for u in plan["unique"]:
        assert {by_name[s]["hash"] for s in u["pieces"]} == {u["hash"]}
        assert all(by_name[s]["shares"] == u["pieces"][0] for s in u["pieces"])
    for p in plan["pieces"]:
        assert p["inputs"] and p["outputs"]
        assert p["is_splitting_graph"] == (p["kind"] == "splitting")
    starts = [json.loads(p.read_text()) for n, p in files.items()
              if _base(n) == "vllm_piecewise_compile_start"]
    assert sorted(s["piecewise_index"] for s in starts) == list(range(unique))
    assert all(s["total_piecewise_compiles"] == unique for s in starts)
    assert sorted(s["submod_name"] for s in starts) == [d[len("vllm_"):] for d in dumps]

    # piecewise graphs reads the dumps back, each as a graph.
    cli = os.environ.get("PIECEWISE_BIN")
    if cli:
        r = subprocess.run([cli, "graphs", str(log), "--json"], capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        listed = {g["stage"]: g for g in json.loads(r.stdout)["graphs"]}
        for name in ["vllm_piecewise_split_graph"] + dumps:
            assert name in listed, (name, listed)
            assert "error" not in listed[name], listed[name]
            assert listed[name]["nodes"] > 0
            assert listed[name]["id"] == f"0/0:{name}"


def test_split_graph_trace(tmp_path):
    child, log = _run(tmp_path, "split")
    text = log.read_text()
    assert '"graph_dump": {"name": "vllm_piecewise_split_graph"}' in text
    assert '"name": "piecewise_split_plan"' in text
    compiled = [i for i in child["items"] if i != "submod_1"]
    for name in compiled:
        assert f'"graph_dump": {{"name": "vllm_{name}"}}' in text
    assert "vllm_submod_1" not in text  # the splitting piece is in the split graph only
    assert "vllm_piecewise_compile_start" not in text  # nothing is compiled
