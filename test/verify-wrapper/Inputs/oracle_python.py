"""Differential test against Python itself.

    oracle_python.py PIECEWISE SEED COUNT [--branches]

Generates random straight-line wrapper functions (parameters, assignments,
tuple unpacking, `del` lists, `with` blocks, nested helper defs, reads of
module names, a tuple return) and runs each in Python. For straight-line code
the check is exact: verify-wrapper must report a violation exactly when
running the function raises NameError/UnboundLocalError, at the line where
Python raised it.

With --branches the functions also hold `if cN:` / `else:` blocks and `for`
loops, and run once for every combination of the flags. The check is then
conservative: whenever verify-wrapper reports a violation at a line, every run
that executes that line must raise NameError/UnboundLocalError (a reported
violation is definite on the paths that reach it).
Prints a summary; exits 1 on the first disagreement.
"""
import json
import os
import random
import subprocess
import sys
import tempfile
import traceback

NAMES = ["a", "b", "c", "buf0", "buf1", "arg0_1"]
FLAGS = ["c0", "c1", "c2"]
BRANCHES = False
PRELUDE = """\
import contextlib
def op(*xs):
    return 0
guard = contextlib.nullcontext
gl = 1
FLAGS_ = globals().get("FLAGS_", (0, 0, 0))
"""


def pick(rng, bound, k):
    """k distinct names, mostly ones that are bound (so most programs are clean)."""
    pool = sorted(bound) if bound and rng.random() < 0.97 else NAMES
    return rng.sample(pool, min(k, len(pool)))


def gen_body(rng, indent, depth, lines, bound):
    for _ in range(rng.randint(1, 5)):
        k = rng.randrange(10)
        pad = " " * indent
        if k <= 2:
            target = rng.choice(NAMES)
            reads = ", ".join(pick(rng, bound, rng.randint(0, 2)) + (["gl"] if k == 0 else []))
            lines.append(f"{pad}{target} = op({reads})")
            bound.add(target)
        elif k == 3:
            t = rng.sample(NAMES, 2)
            lines.append(f"{pad}{t[0]}, {t[1]} = op(), op()")
            bound.update(t)
        elif k == 4:
            t = rng.choice(NAMES)
            lines.append(f"{pad}({t},) = [op({', '.join(pick(rng, bound, 1))})]")
            bound.add(t)
        elif k <= 6:
            names = pick(rng, bound, rng.randint(1, 2))
            if names:
                lines.append(f"{pad}del " + ", ".join(names))
                bound.difference_update(names)
        elif k == 7 and depth < 2:
            lines.append(f"{pad}with guard():")
            gen_body(rng, indent + 4, depth + 1, lines, bound)
        elif k == 8 and BRANCHES and depth < 2 and rng.random() < 0.6:
            flag = rng.choice(FLAGS)
            before = set(bound)
            if rng.random() < 0.3:
                lines.append(f"{pad}for _i in range({rng.randint(0, 2)}):")
                gen_body(rng, indent + 4, depth + 1, lines, bound)
                bound.update(before)  # a loop may run zero times
                continue
            lines.append(f"{pad}if {flag}:")
            gen_body(rng, indent + 4, depth + 1, lines, bound)
            then = set(bound)
            if rng.random() < 0.5:
                bound.clear()
                bound.update(before)
                lines.append(f"{pad}else:")
                gen_body(rng, indent + 4, depth + 1, lines, bound)
            bound.update(then | before)
        elif k == 8:
            two = pick(rng, bound, 2) + ["gl", "gl"]
            lines.append(f"{pad}op({two[0]},")
            lines.append(f"{pad}   {two[1]})  # two lines")
        else:
            lines.append(f"{pad}def helper():")
            lines.append(f"{pad}    return op(gl)")
            lines.append(f"{pad}helper()")


def gen(rng):
    params = rng.sample(NAMES, rng.randint(0, 4)) + (FLAGS if BRANCHES else [])
    lines = PRELUDE.split("\n")[:-1]
    lines.append(f"def partition_0({', '.join(params)}):")
    bound = set(params) - set(FLAGS)
    gen_body(rng, 4, 0, lines, bound)
    ret = pick(rng, bound, rng.randint(0, 2))
    lines.append(f"    return ({', '.join(ret)}, )" if ret else "    return ()")
    args = ["0"] * (len(params) - (len(FLAGS) if BRANCHES else 0))
    lines.append(f"partition_0({', '.join(args + (['*FLAGS_'] if BRANCHES else []))})")
    return "\n".join(lines) + "\n"


def python_verdict(src, flags=(0, 0, 0), executed=None):
    """The line of the NameError the program raises, or None. Lines executed
    go to `executed` when given."""
    env = {"__name__": "gen"}
    env["FLAGS_"] = flags

    def tracer(frame, event, arg):
        if frame.f_code.co_filename == "<gen>" and event == "line":
            executed.add(frame.f_lineno)
        return tracer

    if executed is not None:
        sys.settrace(tracer)
    try:
        exec(compile(src, "<gen>", "exec"), env)
    except NameError as e:
        return traceback.extract_tb(e.__traceback__)[-1].lineno
    finally:
        sys.settrace(None)
    return None


def main():
    global BRANCHES
    exe, seed, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    BRANCHES = "--branches" in sys.argv[4:]
    rng = random.Random(seed)
    errors = 0
    reported = 0
    for n in range(count):
        src = gen(rng)
        if BRANCHES:
            runs = []
            for i in range(8):
                executed = set()
                runs.append((python_verdict(src, (i & 1, i >> 1 & 1, i >> 2 & 1), executed),
                             executed))
            with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
                f.write(src)
                path = f.name
            proc = subprocess.run([exe, "verify-wrapper", "--json", path], capture_output=True,
                                  text=True)
            found = json.loads(proc.stdout)["violations"]
            line = found[0]["line"] if found else None
            if found and any(err is None and line in seen for err, seen in runs):
                print(f"program {n} ({path}): reported {found} but a run executes line {line} "
                      f"without a NameError")
                print(src)
                return 1
            os.unlink(path)
            reported += bool(found)
            errors += any(err is not None for err, _ in runs)
            continue
        expected = python_verdict(src)
        with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
            f.write(src)
            path = f.name
        proc = subprocess.run([exe, "verify-wrapper", "--json", path], capture_output=True, text=True)
        found = json.loads(proc.stdout)["violations"]
        got = found[0]["line"] if found else None
        if got != expected or proc.returncode != (1 if found else 0):
            print(f"program {n} ({path}): python says {expected}, verify-wrapper says {found}")
            print(src)
            return 1
        os.unlink(path)
        errors += expected is not None
    if BRANCHES:
        print(f"{count} programs with branches: every reported violation is definite "
              f"({reported} reported, {errors} fail on some path)")
        return 0
    print(f"{count} programs agree with Python ({errors} with a NameError)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
