"""The mutation stress run (tools/stress/stress.py), fixed seed, a few hundred cases.

`make stress` runs thousands (STRESS_CASES, STRESS_SEED); this is the CI-sized slice of the
same run: mutated bundled, lit and corpus graphs through lint, print, opt, split -o, partition
and codegen, checking exit status, located errors, valid emitted Python with a sound name
scope, clean lint of emitted graphs and print's fixed point. See docs/ROBUSTNESS.md.
"""

import os
import sys

from conftest import REPO_ROOT

sys.path.insert(0, str(REPO_ROOT / "tools" / "stress"))

import stress  # noqa: E402

CASES = int(os.environ.get("PIECEWISE_STRESS_CASES", "300"))
SEED = 20251201


def test_mutation_stress(piecewise_bin, tmp_path):
    summary = stress.stress(piecewise_bin, CASES, SEED, jobs=max(2, os.cpu_count() or 2),
                            keep_dir=tmp_path)
    assert summary["cases"] == CASES
    # Every command ran on every case, and some mutants are still valid graphs.
    for label, counts in summary["exits"].items():
        assert sum(counts.values()) == CASES, label
    assert summary["exits"]["print"].get("0", 0) > 0
    assert not summary["failures"], (
        stress.format_summary(summary)
        + f"\nreplay one: tools/stress/stress.py --seed {SEED} --case N --keep DIR")


def test_scope_checker_catches_each_violation():
    import ast
    bad = {
        "def f(a):\n    b = c\n    c = 1\n": "before it is defined",
        "def f(a):\n    a = None\n    return a\n": "after it is cleared",
        "def f(a):\n    del a\n    return a\n": "after it is deleted",
        "def f(a):\n    return torch.relu(b)\n": "never defined",
    }
    for src, what in bad.items():
        try:
            stress.check_scopes(ast.parse(src), "t")
        except stress.ScopeError as e:
            assert what in str(e), (src, e)
        else:
            raise AssertionError(f"not caught: {src!r}")
    ok = "import torch\ninf = 1\ndef f(a, *args):\n    b = torch.x(a, inf, [i for i in args])\n" \
         "    del a\n    return foo.bar(b)\n"
    stress.check_scopes(ast.parse(ok), "t")
