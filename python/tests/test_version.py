"""One version number: CMakeLists.txt's project(piecewise VERSION ...) is the source; the CLI's
--version, the extension's (and so the package's) __version__, the generated C++ header
piecewise/Version.h and the wheel's metadata (pyproject.toml's regex provider, applied here to
the same file as scikit-build-core applies it) all say the same. ctest python-wheel-install
checks the installed wheel the same way."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

piecewise = pytest.importorskip("piecewise")

SOURCE = Path(__file__).resolve().parents[2]


def cmake_version():
    m = re.search(r"^project\(piecewise VERSION ([0-9]+\.[0-9]+\.[0-9]+)[ )]",
                  (SOURCE / "CMakeLists.txt").read_text(), re.M)
    assert m, "CMakeLists.txt has no project(piecewise VERSION X.Y.Z)"
    return m.group(1)


def wheel_version():
    """What scikit-build-core's regex provider reads for the wheel, with pyproject's settings."""
    if sys.version_info < (3, 11):
        pytest.skip("tomllib")
    import tomllib
    pyproject = tomllib.loads((SOURCE / "pyproject.toml").read_text())
    assert "version" in pyproject["project"]["dynamic"]
    assert "version" not in pyproject["project"]
    settings = pyproject["tool"]["scikit-build"]["metadata"]["version"]
    assert settings["provider"] == "scikit_build_core.metadata.regex"
    m = re.search(settings["regex"], (SOURCE / settings["input"]).read_text(), re.M)
    return m.group("value")


def test_one_version_everywhere():
    version = cmake_version()
    assert wheel_version() == version
    assert piecewise.__version__ == piecewise._core.__version__ == version
    cli = os.environ.get("PIECEWISE_BIN")
    if not cli:
        pytest.skip("PIECEWISE_BIN is not set")
    out = subprocess.run([cli, "--version"], check=True, capture_output=True, text=True).stdout
    assert out == f"piecewise {version}\n"
    header = Path(cli).resolve().parent / "include" / "piecewise" / "Version.h"
    text = header.read_text()
    assert f'#define PIECEWISE_VERSION_STRING "{version}"' in text
    major, minor, patch = version.split(".")
    for name, value in (("MAJOR", major), ("MINOR", minor), ("PATCH", patch)):
        assert f"#define PIECEWISE_VERSION_{name} {value}\n" in text
