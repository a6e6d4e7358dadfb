#!/usr/bin/env python3
"""Installs the piecewise package with pip into a fresh virtual environment and uses it.

The pytest suite imports the package from the source tree next to the freshly built
extension; this check is what a user does instead: `pip install .`, then `import piecewise`
from anywhere. The venv sees the system's torch (--system-site-packages) and builds with the
system's scikit-build-core/pybind11 (--no-build-isolation, so no network is needed);
scikit-build-core keeps its CMake build under BUILD_DIR/pkg-build, so a second run is
incremental.

Usage: check_installed_package.py SOURCE_DIR BUILD_DIR
"""
import os
import subprocess
import sys
import tempfile
import textwrap

USE = textwrap.dedent(
    """
    import os, sys
    import torch
    import piecewise

    here = os.path.dirname(os.path.abspath(piecewise.__file__))
    assert here.startswith(sys.prefix), (here, sys.prefix)
    assert "site-packages" in here, here
    assert piecewise._core.__file__.startswith(here), piecewise._core.__file__

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
    assert find_cli() == os.path.join(sys.prefix, "bin", "piecewise"), (find_cli(), sys.prefix)
    print("installed piecewise", piecewise.__version__, "at", here, ":", len(items), "pieces")
    """
)

# The CLI comes with the package, on the venv's PATH.
CLI = textwrap.dedent(
    """
    set -e
    test "$(command -v piecewise)" = "$VIRTUAL_ENV/bin/piecewise"
    piecewise gen --layers 2 -o gen.py
    piecewise split gen.py --splitting-ops=vllm.unified_attention_with_output --json > split.json
    grep -q '"num_items": 5' split.json
    echo "installed CLI: $(command -v piecewise)"
    """
)


def run(cmd, **kw):
    print("+", " ".join(cmd), flush=True)
    subprocess.run(cmd, check=True, **kw)


def main():
    source, build = (os.path.abspath(p) for p in sys.argv[1:3])
    venv = os.path.join(build, "pkg-venv")
    run([sys.executable, "-m", "venv", "--clear", "--system-site-packages", venv])
    python = os.path.join(venv, "bin", "python")
    run([python, "-m", "pip", "install", "-q", "--no-build-isolation", "--no-deps",
         "-C", f"build-dir={os.path.join(build, 'pkg-build')}", source])
    # Run from an empty directory, with no PYTHONPATH: only the installed package can answer.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    with tempfile.TemporaryDirectory() as cwd:
        run([python, "-c", USE], cwd=cwd, env=env)
        env["VIRTUAL_ENV"] = venv
        env["PATH"] = os.path.join(venv, "bin") + os.pathsep + env.get("PATH", "")
        run(["bash", "-c", CLI], cwd=cwd, env=env)


if __name__ == "__main__":
    main()
