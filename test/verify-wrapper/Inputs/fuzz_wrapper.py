"""Mutation fuzzing of `piecewise verify-wrapper` (never crash, never hang).

    fuzz_wrapper.py PIECEWISE SEED ITERATIONS FILE...

Each iteration takes one of FILEs and mutates it at random: lines deleted,
duplicated, swapped, re-indented, cut in the middle, bytes flipped, brackets
and quotes inserted, the file truncated. verify-wrapper must exit with 0 or 1
(never a signal, never 2) within 10 seconds. Prints the failing input's path
and exits 1 on the first failure.
"""
import os
import random
import subprocess
import sys
import tempfile

NOISE = ["(", ")", "[", "]", "{", "}", "'", '"', "'''", '"""', "\\", "#", ":", "=", ",", ".",
         "del ", "return ", "lambda: ", " for x in ", "def f(a):", "class C:", "if x:", "else:",
         "with a as b:", "\t", "\r", "\n", "    ", "async ", "@", "*", "**", ":=", "global g",
         "from m import *", "import a.b as c", "\x00", "\xff", "é"]


def mutate(rng, text):
    lines = text.split("\n")
    for _ in range(rng.randint(1, 6)):
        if not lines:
            lines = [""]
        op = rng.randrange(9)
        i = rng.randrange(len(lines))
        if op == 0:
            del lines[i]
        elif op == 1:
            lines.insert(i, lines[rng.randrange(len(lines))])
        elif op == 2:
            j = rng.randrange(len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == 3:
            lines[i] = " " * rng.choice([0, 1, 2, 4, 8, 12, 16]) + lines[i].lstrip()
        elif op == 4:
            cut = rng.randrange(len(lines[i]) + 1)
            lines[i] = lines[i][:cut]
        elif op == 5:
            pos = rng.randrange(len(lines[i]) + 1)
            lines[i] = lines[i][:pos] + rng.choice(NOISE) + lines[i][pos:]
        elif op == 6:
            lines = lines[: i + 1]
        elif op == 7:
            lines.insert(i, " " * rng.choice([0, 4, 8]) + "del " + rng.choice(["buf0", "arg0_1", "x", "args"]))
        else:
            lines = lines[i:]
    return "\n".join(lines)


def main():
    exe, seed, iterations, files = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4:]
    rng = random.Random(seed)
    counts = {0: 0, 1: 0}
    sources = [open(f, encoding="utf-8", errors="surrogateescape").read() for f in files]
    for n in range(iterations):
        text = mutate(rng, rng.choice(sources))
        with tempfile.NamedTemporaryFile("wb", suffix=".py", delete=False) as f:
            f.write(text.encode("utf-8", errors="surrogateescape"))
            path = f.name
        try:
            proc = subprocess.run([exe, "verify-wrapper", path], capture_output=True, timeout=10)
        except subprocess.TimeoutExpired:
            print(f"iteration {n}: timeout on {path}")
            return 1
        if proc.returncode not in (0, 1):
            print(f"iteration {n}: exit status {proc.returncode} on {path}")
            print(proc.stderr.decode(errors="replace")[-2000:])
            return 1
        if proc.returncode == 1 and b": error: " not in proc.stderr:
            print(f"iteration {n}: exit status 1 without a diagnostic on {path}")
            return 1
        if proc.returncode == 0 and (proc.stderr or proc.stdout):
            print(f"iteration {n}: clean but printed something on {path}")
            return 1
        os.unlink(path)
        counts[proc.returncode] += 1
    print(f"{iterations} mutated inputs: ok ({counts[0]} clean, {counts[1]} with violations)",
          file=sys.stderr)
    print(f"{iterations} mutated inputs: ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
