"""Systematic mutations of real output code: every one must be caught.

    mutate_real.py PIECEWISE FILE...

For each `del NAME` statement: the file with that line duplicated must give a
`deleted-twice` violation on the copy. For each `bufN = ...(...)` assignment
whose name is used later: the file without that line must give a violation
naming bufN. The unmodified file must be clean. Prints a summary; exits 1 on
the first miss.
"""
import json
import os
import re
import subprocess
import sys
import tempfile


def check(exe, text):
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(text)
        path = f.name
    proc = subprocess.run([exe, "verify-wrapper", "--json", path], capture_output=True, text=True)
    os.unlink(path)
    return proc.returncode, json.loads(proc.stdout)["violations"]


def main():
    exe, files = sys.argv[1], sys.argv[2:]
    dups = removals = 0
    for name in files:
        lines = open(name).read().split("\n")
        rc, found = check(exe, "\n".join(lines))
        if rc != 0:
            print(f"{name}: expected clean, got {found}")
            return 1
        for i, line in enumerate(lines):
            m = re.match(r"^\s+del (\w+)$", line)
            if m:
                rc, found = check(exe, "\n".join(lines[: i + 1] + [line] + lines[i + 1 :]))
                if rc != 1 or found[0]["kind"] != "deleted-twice" or found[0]["line"] != i + 2:
                    print(f"{name}:{i + 1}: duplicated '{line.strip()}' not caught: {found}")
                    return 1
                dups += 1
            m = re.match(r"^\s+(buf\d+) = .*\)$", line)
            if m and any(re.search(rf"\b{m.group(1)}\b", x) for x in lines[i + 1 :]):
                rc, found = check(exe, "\n".join(lines[:i] + lines[i + 1 :]))
                if rc != 1 or found[0]["name"] != m.group(1):
                    print(f"{name}:{i + 1}: removed '{line.strip()[:60]}' not caught: {found}")
                    return 1
                removals += 1
    print(f"caught {dups} duplicated dels and {removals} removed assignments")
    return 0


if __name__ == "__main__":
    sys.exit(main())
