#!/usr/bin/env python3
"""ctest cpp-package-consumer: the C++ package, installed and used as a C++ user would.

    check_cpp_package.py --build BUILD_DIR --cli PIECEWISE [--cxx CXX] [--generator G]

1. `cmake --install BUILD_DIR --prefix <fresh temporary prefix>`;
2. checks the prefix: include/piecewise/ holds every public header of the source tree and
   Version.h, lib/ one static library per layer, lib/cmake/piecewise/ the package files,
   bin/ the CLI;
3. configures and builds examples/cpp-consumer/ (its own CMakeLists.txt:
   find_package(piecewise REQUIRED), piecewise::piecewise) against that prefix only, and a
   second small project whose one source includes every installed header;
4. runs the consumer on examples/llama2_makefx.py at vllm::unified_attention_with_output and
   compares its pieces with `piecewise split --json` of the same file (the CLI of this
   build): the same number of pieces, and for each the same name, kind, input and output
   counts and structural hash; its version line is `piecewise --version`'s.
"""
from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

SOURCE = Path(__file__).resolve().parents[2]
EXAMPLE = SOURCE / "examples" / "llama2_makefx.py"
OP = "vllm::unified_attention_with_output"


def run(cmd, **kw) -> str:
    print("+", " ".join(str(c) for c in cmd), flush=True)
    return subprocess.run([str(c) for c in cmd], check=True, text=True, stdout=subprocess.PIPE,
                          **kw).stdout


def configure_and_build(src: Path, build: Path, prefix: Path, args) -> None:
    cmd = [args.cmake, "-S", src, "-B", build, f"-DCMAKE_PREFIX_PATH={prefix}",
           "-DCMAKE_BUILD_TYPE=Release", "-DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF"]
    if args.generator:
        cmd += ["-G", args.generator]
    if args.cxx:
        cmd += [f"-DCMAKE_CXX_COMPILER={args.cxx}"]
    run(cmd)
    run([args.cmake, "--build", build, "-j", "2"])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", type=Path, required=True, help="the piecewise build tree")
    parser.add_argument("--cli", type=Path, required=True, help="its piecewise CLI")
    parser.add_argument("--cmake", default=shutil.which("cmake") or "cmake")
    parser.add_argument("--cxx", help="the C++ compiler (default: CMake's choice)")
    parser.add_argument("--generator", help="the CMake generator (default: CMake's choice)")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="piecewise-cpp-") as tmp:
        tmp = Path(tmp)
        prefix = tmp / "prefix"
        run([args.cmake, "--install", args.build, "--prefix", prefix])

        headers = sorted(p.relative_to(SOURCE / "include")
                         for p in (SOURCE / "include" / "piecewise").rglob("*.h"))
        installed = sorted(p.relative_to(prefix / "include")
                           for p in (prefix / "include" / "piecewise").rglob("*.h"))
        version_h = Path("piecewise/Version.h")
        assert installed == sorted(headers + [version_h]), (
            set(installed) ^ set(headers + [version_h]))
        layers = [d.name for d in sorted((SOURCE / "lib").iterdir()) if d.is_dir()]
        # lib/, or lib64/ or lib/<multiarch>/ where GNUInstallDirs says so.
        packages = list(prefix.glob("lib*/**/cmake/piecewise"))
        assert len(packages) == 1, packages
        package = packages[0]
        libdir = package.parent.parent
        libs = sorted(p.name for p in libdir.glob("libpiecewise_*.a"))
        assert libs == sorted(f"libpiecewise_{layer}.a" for layer in layers), libs
        for f in ("piecewiseConfig.cmake", "piecewiseConfigVersion.cmake",
                  "piecewiseTargets.cmake"):
            assert (package / f).is_file(), f"{package / f} is missing"
        assert (prefix / "bin" / "piecewise").is_file()

        # The example, as its README says, against the fresh prefix.
        consumer = tmp / "consumer"
        configure_and_build(SOURCE / "examples" / "cpp-consumer", consumer, prefix, args)
        cache = (consumer / "CMakeCache.txt").read_text()
        assert f"piecewise_DIR:PATH={package}\n" in cache, "found another piecewise package"

        # Every installed header, in one translation unit: nothing they include is missing.
        headers_src = tmp / "headers"
        headers_src.mkdir()
        (headers_src / "main.cpp").write_text(
            "".join(f'#include "{h.as_posix()}"\n' for h in installed)
            + "int main() { return 0; }\n")
        (headers_src / "CMakeLists.txt").write_text(
            "cmake_minimum_required(VERSION 3.20)\nproject(headers LANGUAGES CXX)\n"
            "find_package(piecewise REQUIRED)\nadd_executable(headers main.cpp)\n"
            "target_link_libraries(headers PRIVATE piecewise::piecewise)\n")
        configure_and_build(headers_src, tmp / "headers-build", prefix, args)

        out = run([consumer / "split_pieces", EXAMPLE, OP]).splitlines()
        cli_version = run([args.cli, "--version"]).strip()
        assert out[0].startswith(cli_version + ":"), (out[0], cli_version)
        plan = json.loads(run([args.cli, "split", EXAMPLE, f"--splitting-ops={OP}", "--json"]))
        want = [(item["submod_name"], "splitting" if item["is_splitting_graph"] else "compiled",
                 len(item["inputs"]), len(item["outputs"]), item["hash"])
                for item in plan["items"]]
        got = []
        for line in out[1:]:
            name, kind, _nodes, _, ins, _, outs, _, digest = line.split()
            got.append((name, kind, int(ins), int(outs), digest))
        assert out[0] == f"{cli_version}: {len(want)} pieces", out[0]
        assert got == want, (got, want)
        assert len(want) == 5, want
        print(f"cpp-package-consumer: ok ({len(installed)} headers, {len(libs)} libraries; "
              f"the consumer's {len(got)} pieces match `piecewise split --json`)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
