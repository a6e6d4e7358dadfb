"""Runs two code-form dumps (a graph and a `piecewise split -o` module of it) in torch on
the same random inputs made from the first one's annotations (python/tests/fxload.py) and
asserts equal outputs and equal in-place effects on the inputs. Prints `same`.

    python3 compare_dumps.py ORIGINAL.py SPLIT.py"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "python" / "tests"))

import fxload  # noqa: E402

fxload.run_and_compare(fxload.load(sys.argv[1]), fxload.load(sys.argv[2]), rtol=0, atol=0)
print("same")
