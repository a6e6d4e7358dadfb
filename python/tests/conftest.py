"""pytest wiring for python/tests.

- Puts python/tests (fxload, demo_ops) and examples/ (make_examples, demo_ops) on sys.path.
- Registers the custom ops the examples use (``vllm::unified_attention_with_output``).
- Fixtures: ``repo_root``, ``examples_dir``, ``example_files``, ``shared_dir`` (env
  PIECEWISE_SHARED_DIR, else ../shared next to the repository; tests that need it skip when
  it is missing), ``piecewise_bin`` (env PIECEWISE_BIN, else build/piecewise; skips when
  missing).
- Marker ``fast_paths``: a test that examines the fast paths themselves (that they are on,
  what they build, how the probes turn them off); skipped when the user turned paths off
  with PIECEWISE_FAST_PATHS (the rest of the suite must pass either way: ``make test``
  under ``PIECEWISE_FAST_PATHS=0`` runs it on torch's public API alone).
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

TESTS_DIR = Path(__file__).resolve().parent
REPO_ROOT = TESTS_DIR.parent.parent
EXAMPLES_DIR = REPO_ROOT / "examples"

for p in (TESTS_DIR, EXAMPLES_DIR):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

import demo_ops  # noqa: E402,F401  (registers the examples' custom ops)


def pytest_configure(config):
    config.addinivalue_line(
        "markers", "fast_paths: examines the fast paths; skipped under PIECEWISE_FAST_PATHS")


def pytest_collection_modifyitems(config, items):
    if "PIECEWISE_FAST_PATHS" not in os.environ:
        return
    skip = pytest.mark.skip(reason="PIECEWISE_FAST_PATHS turns off the paths this test examines")
    for item in items:
        if item.get_closest_marker("fast_paths"):
            item.add_marker(skip)


def example_paths():
    """Every dump in examples/ (the *.py files that are not the generator or op modules)."""
    skip = {"make_examples.py", "demo_ops.py"}
    return sorted(p for p in EXAMPLES_DIR.glob("*.py") if p.name not in skip)


def shared_dir_path():
    env = os.environ.get("PIECEWISE_SHARED_DIR")
    return Path(env) if env else REPO_ROOT.parent / "shared"


def piecewise_bin_path():
    env = os.environ.get("PIECEWISE_BIN")
    return Path(env) if env else REPO_ROOT / "build" / "piecewise"


def run_piecewise(*args, check=True):
    """Runs the CLI with ``args``; with ``check``, fails the test (showing stderr) unless it
    exits 0."""
    r = subprocess.run([str(piecewise_bin_path()), *map(str, args)], capture_output=True,
                       text=True)
    if check:
        assert r.returncode == 0, f"piecewise {' '.join(map(str, args))}:\n{r.stderr}"
    return r


@pytest.fixture(scope="session")
def repo_root():
    return REPO_ROOT


@pytest.fixture(scope="session")
def examples_dir():
    return EXAMPLES_DIR


@pytest.fixture(scope="session")
def shared_dir():
    d = shared_dir_path()
    if not d.is_dir():
        pytest.skip(f"shared directory {d} is missing (set PIECEWISE_SHARED_DIR)")
    return d


@pytest.fixture(scope="session")
def piecewise_bin():
    b = piecewise_bin_path()
    if not (b.is_file() and os.access(b, os.X_OK)):
        pytest.skip(f"piecewise CLI not built at {b} (set PIECEWISE_BIN)")
    return b
