"""The committed TORCH_TRACE and TORCH_LOGS logs (examples/logs/capture_logs.py, torch 2.13):
every graph `piecewise graphs` lists is selectable by its ID and by its position, every FX
graph lints and splits, every output code passes verify-wrapper, and the two logs, made by
two runs of the same model, hold the same Dynamo graphs."""

import json

import pytest

from conftest import REPO_ROOT, piecewise_bin_path, run_piecewise

LOGS = REPO_ROOT / "examples" / "logs"
FILES = ["llama_trace.log", "llama_torch_logs.txt"]


run = run_piecewise


@pytest.fixture(autouse=True)
def _needs_binary():
    if not piecewise_bin_path().exists():
        pytest.skip("piecewise is not built")


def listing(name):
    return json.loads(run("graphs", "--json", LOGS / name).stdout)["graphs"]


@pytest.mark.parametrize("name", FILES)
def test_every_listed_graph_reads(name, tmp_path):
    graphs = listing(name)
    stages = {g["stage"] for g in graphs}
    assert {"dynamo", "post_grad", "output_code"} <= stages
    assert any(s.startswith("aot") for s in stages)
    for i, g in enumerate(graphs, start=1):
        assert "error" not in g, g
        if g["stage"] == "output_code":
            run("verify-wrapper", LOGS / name, "--graph", g["id"])
            continue
        by_id = run("print", f"{LOGS / name}#{g['id']}").stdout
        by_pos = run("print", LOGS / name, "--graph", str(i)).stdout
        assert by_id == by_pos
        (tmp_path / "g.py").write_text(by_id)
        assert run("stats", "--json", tmp_path / "g.py").returncode == 0
        run("lint", LOGS / name, "--graph", g["id"])
        run("split", LOGS / name, "--graph", g["id"], "--splitting-ops=aten::relu")


def test_the_two_logs_hold_the_same_dynamo_graphs():
    a = {g["id"]: g for g in listing(FILES[0]) if g["stage"] == "dynamo"}
    b = {g["id"]: g for g in listing(FILES[1]) if g["stage"] == "dynamo"}
    assert a.keys() == b.keys() and a
    for gid in a:
        assert a[gid]["nodes"] == b[gid]["nodes"]
        pa = run("print", LOGS / FILES[0], "--graph", gid).stdout
        pb = run("print", LOGS / FILES[1], "--graph", gid).stdout
        assert pa == pb


def test_a_log_needs_a_choice_and_names_the_choices():
    r = run("lint", LOGS / FILES[0], check=False)
    assert r.returncode == 1
    assert "pick one with --graph ID" in r.stderr and "0/0:dynamo" in r.stderr
