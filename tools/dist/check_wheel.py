#!/usr/bin/env python3
"""ctest python-wheel-install: the release artifacts, installed and used as a user would.

    check_wheel.py --version X.Y.Z [--work DIR]

1. Builds the sdist and, from it, the manylinux wheel (build_dist.py: the same steps as
   `make wheel`; the CMake build tree under WORK/cmake is kept, so a second run compiles
   only what changed).
2. Checks the sdist: it holds every tracked file of what the build reads (CMakeLists.txt,
   cmake/, include/, lib/, data/, tools/piecewise/, python/piecewise/, python/src/) and
   LICENSE, NOTICE, README.md; none of the tests, benchmarks or build trees.
3. Checks the wheel: a manylinux tag, the name `piecewise-fx` and the version X.Y.Z (CMake's
   project version) in its metadata, the Apache-2.0 license expression and both license
   files, the `vllm.general_plugins` entry point `piecewise`, the extension and the CLI, and
   no C++ sources, headers or static libraries.
4. Installs the wheel with pip into a fresh venv (--system-site-packages for the torch
   already installed: nothing is downloaded, `--no-index`) with a PATH that holds only the
   venv's bin/ (no compiler, no cmake), then, from an empty directory and without
   PYTHONPATH, uses it: the versions agree (`importlib.metadata`, `piecewise.__version__`,
   `piecewise --version`), the entry point is listed, split_graph splits a live
   GraphModule into pieces that compute what torch computes, and the CLI lints and splits
   an example.
"""
from __future__ import annotations

import argparse
import email.parser
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import textwrap
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import build_dist  # noqa: E402

SOURCE = build_dist.SOURCE

# Folders and files the build reads: every tracked file under them must be in the sdist.
SDIST_NEEDS = ["CMakeLists.txt", "pyproject.toml", "cmake", "include", "lib", "data",
               "tools/piecewise", "python/piecewise", "python/src",
               "LICENSE", "NOTICE", "README.md"]
# ... and nothing under these.
SDIST_EXCLUDES = ["build", "dist", "test", "unittests", "bench", "fuzz", "python/tests", "Makefile",
                  "tools/dist", "tools/stress", ".ci"]

COMPILERS = ["cc", "c++", "gcc", "g++", "clang", "clang++", "ld", "cmake", "ninja", "make"]

USE = textwrap.dedent(
    """
    import importlib.metadata as md
    import json, os, shutil, subprocess, sys
    import torch
    import piecewise

    expected, example, compilers = sys.argv[1], sys.argv[2], sys.argv[3].split(",")
    # No compiler could have built anything here.
    found = {c: shutil.which(c) for c in compilers if shutil.which(c)}
    assert not found, found

    # The installed package, not a source tree.
    here = os.path.dirname(os.path.abspath(piecewise.__file__))
    assert here.startswith(sys.prefix) and "site-packages" in here, (here, sys.prefix)
    assert piecewise._core.__file__.startswith(here), piecewise._core.__file__

    # One version number everywhere.
    cli = shutil.which("piecewise")
    assert cli == os.path.join(sys.prefix, "bin", "piecewise"), (cli, sys.prefix)
    cli_version = subprocess.run([cli, "--version"], check=True, capture_output=True,
                                 text=True).stdout.strip()
    versions = (md.version("piecewise-fx"), piecewise.__version__, cli_version)
    assert versions == (expected, expected, "piecewise " + expected), versions

    # vLLM finds the plugin by this entry point (importlib.metadata, group
    # vllm.general_plugins); it is not loaded here (vLLM is not installed).
    eps = [ep for ep in md.entry_points(group="vllm.general_plugins") if ep.name == "piecewise"]
    assert [(ep.value, ep.dist.name) for ep in eps] == [
        ("piecewise.vllm_plugin:register", "piecewise-fx")], eps

    # split_graph on a live GraphModule; torch is the oracle.
    torch.library.define("pwcheck::attn", "(Tensor q, Tensor(a!) out) -> ()")

    @torch.library.impl("pwcheck::attn", "CompositeExplicitAutograd")
    def _attn(q, out):
        out.copy_(q.sin())

    def f(x, w):
        y = torch.ops.aten.mm.default(x, w)
        out = torch.ops.aten.empty_like.default(y)
        torch.ops.pwcheck.attn.default(y, out)
        return (torch.ops.aten.relu.default(out) + x,)

    gm = torch.fx.experimental.proxy_tensor.make_fx(f)(torch.randn(4, 4), torch.randn(4, 4))
    split_gm, items = piecewise.split_graph(gm, ["pwcheck::attn"])
    kinds = [item.is_splitting_graph for item in items]
    assert kinds == [False, True, False], kinds
    x, w = torch.randn(4, 4), torch.randn(4, 4)
    torch.testing.assert_close(split_gm(x, w), f(x, w))

    # The backend's report_dir finds the CLI installed with the package.
    os.environ.pop("PIECEWISE_BIN", None)
    from piecewise.backend import find_cli
    assert find_cli() == cli, (find_cli(), cli)

    # The CLI: lint (silent, exit 0) and split of a bundled example, from this empty folder.
    lint = subprocess.run([cli, "lint", example], capture_output=True, text=True)
    assert (lint.returncode, lint.stdout, lint.stderr) == (0, "", ""), lint
    split = subprocess.run([cli, "split", example, "--json",
                            "--splitting-ops=vllm::unified_attention_with_output"],
                           check=True, capture_output=True, text=True)
    plan = json.loads(split.stdout)
    assert [i["is_splitting_graph"] for i in plan["items"]] == [False, True, False, True, False], plan
    assert os.listdir(".") == [], os.listdir(".")
    print("installed piecewise-fx", expected, "at", here, ":", len(items), "pieces;",
          "the CLI split the example into", len(plan["items"]))
    """
)


def run(cmd, **kw):
    print("+", " ".join(str(c) for c in cmd), flush=True)
    subprocess.run([str(c) for c in cmd], check=True, **kw)


def tracked_files() -> list[str] | None:
    """git's list of tracked files, or None outside a git checkout."""
    try:
        out = subprocess.run(["git", "-C", str(SOURCE), "ls-files", "-z"], check=True,
                             capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    return [f for f in out.split("\0") if f]


def under(path: str, roots) -> bool:
    return any(path == r or path.startswith(r + "/") for r in roots)


def check_sdist(sdist: Path, version: str) -> None:
    with tarfile.open(sdist) as tar:
        names = [m.name for m in tar.getmembers() if m.isfile()]
    top = f"piecewise_fx-{version}/"
    assert all(n.startswith(top) for n in names), [n for n in names if not n.startswith(top)]
    files = {n[len(top):] for n in names}
    for required in ["LICENSE", "NOTICE", "README.md", "CMakeLists.txt", "pyproject.toml",
                     "PKG-INFO"]:
        assert required in files, f"the sdist lacks {required}"
    stray = sorted(f for f in files if under(f, SDIST_EXCLUDES))
    assert not stray, f"the sdist holds files it should not: {stray[:10]}"
    tracked = tracked_files()
    if tracked is None:
        print("(not a git checkout: the sdist's list is not compared with git's)")
    else:
        missing = sorted(f for f in tracked if under(f, SDIST_NEEDS) and f not in files
                         and os.path.exists(SOURCE / f))
        assert not missing, f"the sdist lacks files the build reads: {missing[:10]}"
    print(f"sdist ok: {len(files)} files")


def check_wheel(wheel: Path, version: str) -> None:
    assert wheel.name.startswith(f"piecewise_fx-{version}-"), wheel.name
    assert "manylinux_" in wheel.name, f"not a manylinux wheel: {wheel.name}"
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        info = f"piecewise_fx-{version}.dist-info/"
        meta = email.parser.Parser().parsestr(z.read(info + "METADATA").decode())
        entry_points = z.read(info + "entry_points.txt").decode()
    assert (meta["Name"], meta["Version"]) == ("piecewise-fx", version), (meta["Name"],
                                                                           meta["Version"])
    assert meta["License-Expression"] == "Apache-2.0", meta["License-Expression"]
    assert sorted(meta.get_all("License-File")) == ["LICENSE", "NOTICE"], meta.get_all(
        "License-File")
    for f in ("LICENSE", "NOTICE"):
        assert info + "licenses/" + f in names, f"the wheel lacks {f}"
    assert "[vllm.general_plugins]\npiecewise = piecewise.vllm_plugin:register" in entry_points, \
        entry_points
    assert any(n.startswith("piecewise/_core.") and n.endswith(".so") for n in names), names
    # The CLI is the ELF executable itself (auditwheel grafted no library, so it did not move
    # it behind a Python shim), and nothing was grafted.
    cli = f"piecewise_fx-{version}.data/scripts/piecewise"
    assert cli in names, names
    with zipfile.ZipFile(wheel) as z:
        assert z.read(cli)[:4] == b"\x7fELF", "the wheel's CLI is not an ELF executable"
    grafted = [n for n in names if n.startswith(("piecewise_fx.libs/", "piecewise_fx.scripts/"))]
    assert not grafted, f"auditwheel grafted libraries into the wheel: {grafted}"
    assert "piecewise/__init__.py" in names, names
    bad = [n for n in names if n.endswith((".cpp", ".h", ".a", ".cmake"))]
    assert not bad, f"the wheel holds build files: {bad[:10]}"
    print(f"wheel ok: {wheel.name}, {len(names)} files")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--version", required=True, help="CMake's project version")
    parser.add_argument("--work", type=Path, default=SOURCE / "build" / "dist")
    args = parser.parse_args()
    work = args.work.resolve()

    sdist, wheel = build_dist.build_wheel(SOURCE, work / "check", work)
    check_sdist(sdist, args.version)
    check_wheel(wheel, args.version)

    venv = work / "venv"
    run([sys.executable, "-m", "venv", "--clear", "--system-site-packages", venv])
    bindir = venv / "bin"
    # Only the venv on PATH: no compiler, no cmake; no PYTHONPATH; no PIECEWISE_BIN.
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PIECEWISE_BIN", "PIECEWISE_SOURCE_DIR", "PIP_CONSTRAINT")}
    env["PATH"] = str(bindir)
    env["VIRTUAL_ENV"] = str(venv)
    assert not [c for c in COMPILERS if shutil.which(c, path=env["PATH"])]
    # Python 3.11's venv puts an old setuptools in the venv, which hides the system's from
    # torch's requirement (setuptools>=77); the venv keeps only pip.
    run([bindir / "python", "-m", "pip", "uninstall", "-y", "-q", "setuptools"], env=env)
    # With its dependencies resolved (torch, from the system's site-packages), offline.
    run([bindir / "python", "-m", "pip", "install", "-q", "--no-index", "--no-cache-dir",
         "--disable-pip-version-check", wheel], env=env)
    example = SOURCE / "examples" / "llama2_makefx.py"
    with tempfile.TemporaryDirectory() as cwd:
        run([bindir / "python", "-c", USE, args.version, example, ",".join(COMPILERS)],
            cwd=cwd, env=env)
    print(f"python-wheel-install: ok ({wheel.name})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
