"""Runs verify-wrapper over torch's own Inductor, FX and Dynamo sources.

    check_torch_sources.py PIECEWISE

Every non-empty module must be clean (exit 0, no output). Prints the count, or
the first report and exits 1.
"""
import glob
import importlib.util
import os
import subprocess
import sys


def main():
    exe = sys.argv[1]
    root = os.path.dirname(importlib.util.find_spec("torch").origin)
    files = []
    for sub in ("_inductor", "_inductor/codegen", "fx", "fx/passes", "_dynamo"):
        files += sorted(glob.glob(os.path.join(root, sub, "*.py")))
    count = 0
    for path in files:
        if os.path.getsize(path) == 0:
            continue
        proc = subprocess.run([exe, "verify-wrapper", path], capture_output=True, text=True)
        if proc.returncode != 0 or proc.stdout or proc.stderr:
            print(f"{path}: exit {proc.returncode}\n{proc.stderr[:2000]}")
            return 1
        count += 1
    print(f"all {count} modules clean")
    return 0


if __name__ == "__main__":
    sys.exit(main())
