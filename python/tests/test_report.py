"""`piecewise report` pages, opened in headless Chromium.

Each test writes a report with the CLI, lets Chromium load and render it (`--dump-dom` after
`--virtual-time-budget`), checks the rendered DOM against the plan (piece count, hash groups,
the signature with an alias-only input) and saves a screenshot.

Needs the CLI (PIECEWISE_BIN, default build/piecewise) and Debian's `chromium` (installed by
`make deps`); skips when either is missing. With PIECEWISE_REPORT_SCREENSHOTS=DIR the
screenshots are also copied to DIR (how docs/img/report-*.png are made).
"""

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

CHROMIUM = next((shutil.which(n) for n in ("chromium", "chromium-browser", "google-chrome")
                 if shutil.which(n)), None)

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="headless chromium is not installed")

SPLIT_OP = "vllm.unified_attention_with_output"


def chromium(tmp_path, page, *args, width=1280, height=1500):
    """Runs headless Chromium on `page` with `args`; returns its stdout."""
    profile = tmp_path / "chromium-profile"
    cmd = [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
           "--no-first-run", "--no-default-browser-check", "--hide-scrollbars",
           "--disable-extensions", "--disable-background-networking", "--mute-audio",
           f"--user-data-dir={profile}", f"--window-size={width},{height}",
           "--virtual-time-budget=15000", *args, page.as_uri()]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=180)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return proc.stdout


def report(piecewise_bin, tmp_path, source, name, *plan_args, schema_file=None):
    """Writes the report of `source` (named by its file name: the page's title)."""
    out = tmp_path / f"{name}.html"
    globals_ = ["--schema-file", str(schema_file)] if schema_file else []
    proc = subprocess.run([str(Path(piecewise_bin).resolve()), *globals_, "report", source.name, *plan_args,
                           "-o", str(out)], cwd=source.parent, capture_output=True, text=True,
                          timeout=300)
    assert proc.returncode == 0, proc.stderr
    return out


def embedded_data(page):
    text = page.read_text()
    m = re.search(r'<script id="report-data" type="application/json">(.*?)</script>', text, re.S)
    assert m, "no embedded data"
    return json.loads(m.group(1))


def render(tmp_path, page, name, height=1500):
    """The rendered DOM, and a screenshot saved next to the page (and copied on request)."""
    dom = chromium(tmp_path, page, "--dump-dom")
    shot = tmp_path / f"{name}.png"
    chromium(tmp_path, page, f"--screenshot={shot}", height=height)
    assert shot.is_file() and shot.stat().st_size > 10_000, "screenshot missing or blank"
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    dest = os.environ.get("PIECEWISE_REPORT_SCREENSHOTS")
    if dest:
        Path(dest).mkdir(parents=True, exist_ok=True)
        shutil.copy(shot, Path(dest) / f"report-{name}.png")
    return dom


def count(dom, pattern):
    return len(re.findall(pattern, dom))


def check_common(dom, data):
    """What every rendered report shows, read back from the DOM."""
    s = data["summary"]
    assert 'data-ready="1"' in dom, "the page's script did not finish"
    m = re.search(r'id="summary"[^>]*>', dom)
    assert m, "no summary"
    assert f'data-pieces="{s["pieces"]}"' in m.group(0)
    assert f'data-groups="{s["groups"]}"' in m.group(0)
    assert f'data-alias-only="{s["aliasOnlyInputs"]}"' in m.group(0)
    # One legend chip per hash group, labelled as the data says.
    labels = re.findall(r'class="group-chip" data-label="([^"]+)"', dom)
    assert labels == data["groups"]["label"]
    # The table shows the first page of pieces (200 rows at most).
    assert count(dom, r'<tr class="piece-row') == min(s["pieces"], 200)
    # A piece is selected and its code is shown.
    assert re.search(r'id="detail" data-piece="\d+"', dom)
    assert '<pre class="code">' in dom
    # The strips and the memory plot were drawn.
    assert count(dom, r'<rect [^>]*class="band"') == min(s["pieces"], 48)
    assert 'id="mem-with"' in dom and 'id="mem-peak"' in dom


def test_seed_cudagraph(piecewise_bin, examples_dir, tmp_path):
    page = report(piecewise_bin, tmp_path, examples_dir / "seed_cpu_roundtrip.py", "seed",
                  "--cudagraph")
    data = embedded_data(page)
    dom = render(tmp_path, page, "seed", height=1250)
    check_common(dom, data)
    assert data["summary"]["pieces"] == 3 and data["summary"]["unsafe"] == 1
    # The copy's partition: not capturable, with the reason, and `add` and `view` taken only
    # to be freed (PyTorch #165815), marked in its signature card.
    section = re.search(r'<div class="cards" id="signatures">(.*?)</section>', dom, re.S).group(1)
    cards = re.findall(r'<div class="card( unsafe)?" data-piece="(\d)">(.*?)(?=<div class="card|$)',
                       section, re.S)
    assert [c[1] for c in cards] == ["0", "1", "2"]
    unsafe = [c for c in cards if c[0]]
    assert len(unsafe) == 1 and unsafe[0][1] == "1"
    body = unsafe[0][2]
    assert "device copy: aten::_to_copy.default from cuda:0 to cpu" in body
    rows = dict(re.findall(r'<div class="sig"><span class="k">(\w+)</span>(.*?)</div>', body))
    assert set(rows) == {"inputs", "outputs", "frees"}
    values = lambda row: re.findall(r'<span class="(val[^"]*)"[^>]*>([^<]+)<', rows[row])
    assert values("inputs") == [("val freed", "detach"), ("val freed alias-only", "add"),
                                ("val freed alias-only", "view")]
    assert [v for _, v in values("frees")] == ["detach", "add", "view"]
    assert values("outputs") == [("val", "_to_copy")]
    # The page starts on the uncapturable partition.
    assert 'id="detail" data-piece="1"' in dom


def test_split_80_layers(piecewise_bin, repo_root, tmp_path):
    graph = tmp_path / "llama80.py"
    graph.write_text(subprocess.run([str(piecewise_bin), "gen", "--layers", "80"],
                                    capture_output=True, text=True, check=True).stdout)
    # With vLLM's schema the attention op writes its output buffer in place and returns
    # nothing, so no opaque value crosses a boundary.
    page = report(piecewise_bin, tmp_path, graph, "llama80", f"--splitting-ops={SPLIT_OP}",
                  schema_file=repo_root / "data" / "custom_schemas" / "vllm.txt")
    data = embedded_data(page)
    dom = render(tmp_path, page, "llama80", height=1250)
    check_common(dom, data)
    # The same pieces as `piecewise split --json`, grouped by its hashes.
    split = json.loads(subprocess.run(
        [str(piecewise_bin), "split", str(graph), f"--splitting-ops={SPLIT_OP}", "--json"],
        capture_output=True, text=True, check=True).stdout)
    assert data["summary"]["pieces"] == split["num_items"] == 161
    assert data["summary"]["splitting"] == split["num_splitting"] == 80
    assert data["summary"]["compiledGroups"] == split["num_unique"]
    g = data["groups"]
    for k, item in zip(data["pieces"]["group"], split["items"]):
        if item["is_splitting_graph"]:
            # The splitting pieces are one group, S, whatever their hashes.
            assert g["label"][k] == "S"
        else:
            assert g["hash"][k] == item["hash"]
    # gen alternates two forms of layer (slices, split_with_sizes): A (S B S C)x39 S B S D,
    # run-length compressed in the sequence line.
    seq = re.search(r'id="sequence">(.*?)</div>', dom, re.S).group(1)
    labels = re.findall(r'class="seq-label"[^>]*>(\w+)<', seq)
    assert labels == ["A", "S", "B", "S", "C", "S", "B", "S", "D"]
    assert "×39" in seq
    assert "opaque" not in re.search(r'id="detail".*?<pre', dom, re.S).group(0)


def test_aggregated_strip_1000_layers(piecewise_bin, tmp_path):
    """More pieces than pixels: the overview strip is drawn per pixel column, the table pages."""
    graph = tmp_path / "llama1000.py"
    graph.write_text(subprocess.run([str(piecewise_bin), "gen", "--layers", "1000"],
                                    capture_output=True, text=True, check=True).stdout)
    page = report(piecewise_bin, tmp_path, graph, "llama1000", f"--splitting-ops={SPLIT_OP}")
    data = embedded_data(page)
    assert data["summary"]["pieces"] == 2001
    dom = chromium(tmp_path, page, "--dump-dom")
    check_common(dom, data)
    overview = re.search(r'<svg class="strip" id="overview".*?</svg>', dom, re.S).group(0)
    # Drawn per pixel column (no band per piece), and the size of the drawing is bounded by
    # the width, not by the number of pieces.
    assert "data-piece" not in overview
    width = int(re.search(r'viewBox="0 0 (\d+) 46"', overview).group(1))
    assert count(overview, "<rect") < 2 * width
    assert "rows 1–200 of 2,001" in dom
