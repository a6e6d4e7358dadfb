#!/usr/bin/env python3
"""Runs two `piecewise` binaries over the same inputs and reports every difference.

A refactor that claims "output byte-identical" is checked with it: build the base commit's
binary in a second worktree, build the branch, and compare.

    tools/compare_outputs.py --old BASE/build/piecewise --new build/piecewise [--lit build]

compares stdout, stderr, the exit status and every file written with `-o`, for each input
and each command below, and prints one line per difference (none: exit status 0).

Inputs: examples/ (and its subfolders), every file under test/ (the lit inputs, whole), the
shared corpus (../shared/corpus), `gen --layers 200` and `gen --layers 200 --dynamic` dumps
(written by the old binary; the new binary's `gen` output is compared too), and --mutants
hostile mutants of those graphs (tools/stress/stress.py's mutations: flipped bytes, cut
lines, bad UTF-8, CRLF, tabs, nested dict and call arguments, keyword names), which take the
parsers through their error paths.

Commands per input: `print`, `print --graph-form`, `lint`, `split -o`, `split --json`,
`split --explain`, `check-capture --json`, `report -o`, and `opt` with every pass; each
`split`/`check-capture`/`report` runs once per splitting-op set in SPLIT_OP_SETS. A mutant
gets `print`, `print --graph-form`, `lint`, `opt`, and `split -o`/`--json` at an op its
graph calls.

The lit suite can be run through both binaries as well: `--lit BUILD_DIR` runs lit with
`%piecewise` replaced by this script in `wrap` mode, which runs the old and the new binary on
the same arguments and standard input, compares everything above, logs each difference and
hands lit the new binary's result (so the suite still checks the new binary).
"""
import argparse
import concurrent.futures
import json
import os
import resource
import shlex
import shutil
import stat
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.dirname(HERE)
SHARED = os.path.normpath(os.path.join(SOURCE, "..", "shared"))

# Splitting-op sets: the attention ops the bundled and generated graphs hold, and a dense one
# (every matmul) that makes many pieces.
SPLIT_OP_SETS = [
    "vllm::unified_attention_with_output,vllm::unified_attention,"
    "aten::_scaled_dot_product_flash_attention_for_cpu,"
    "aten::_scaled_dot_product_efficient_attention,aten::scaled_dot_product_attention",
    "aten::mm,aten::addmm,aten::bmm",
]
ALL_PASSES = "split-coalescing,noop-elimination,dce,cse,decompose-size"


def commands(path, mutant_op=None):
    """(name, args, output file name or None) for one input."""
    out = [
        ("print", ["print", path], None),
        ("print-graph-form", ["print", "--graph-form", path], None),
        ("lint", ["lint", path], None),
        ("opt", ["opt", "--passes=" + ALL_PASSES, path], None),
    ]
    if mutant_op:
        so = "--splitting-ops=" + mutant_op
        return out + [("split-o", ["split", path, so, "-o", "OUT/split.py"], "split.py"),
                      ("split-json", ["split", path, so, "--json"], None)]
    for i, ops in enumerate(SPLIT_OP_SETS):
        so = "--splitting-ops=" + ops
        out += [
            (f"split-o.{i}", ["split", path, so, "-o", "OUT/split.py"], "split.py"),
            (f"split-json.{i}", ["split", path, so, "--json"], None),
            (f"split-explain.{i}", ["split", path, so, "--explain"], None),
            (f"check-capture.{i}", ["check-capture", path, so, "--json"], None),
            (f"report.{i}", ["report", path, so, "-o", "OUT/report.html"], "report.html"),
        ]
    return out


def run(binary, args, stdin_bytes=None, timeout=300):
    try:
        p = subprocess.run([binary] + args, input=stdin_bytes, capture_output=True,
                           timeout=timeout)
    except subprocess.TimeoutExpired:
        return "timeout", b"", b""
    return p.returncode, p.stdout, p.stderr


def describe(a, b):
    """Where two byte strings first differ."""
    n = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    line = a[:n].count(b"\n") + 1
    return f"first difference at byte {n} (line {line}): {a[n:n + 60]!r} vs {b[n:n + 60]!r}"


def compare_one(old, new, name, args, outfile, workdir):
    """Runs both binaries; returns a list of difference strings."""
    diffs = []
    results = []
    for binary in (old, new):
        outdir = os.path.join(workdir, "OUT")
        shutil.rmtree(outdir, ignore_errors=True)
        os.makedirs(outdir)
        real_args = [a.replace("OUT/", outdir + "/") for a in args]
        rc, so, se = run(binary, real_args)
        written = snapshot(os.path.join(outdir, outfile)) if outfile else None
        results.append((rc, so, se, written))
    (rc0, so0, se0, w0), (rc1, so1, se1, w1) = results
    if rc0 != rc1:
        diffs.append(f"exit status {rc0} vs {rc1}")
    if so0 != so1:
        diffs.append("stdout: " + describe(so0, so1))
    if se0 != se1:
        diffs.append("stderr: " + describe(se0, se1))
    if w0 != w1:
        if w0 is None or w1 is None:
            diffs.append(f"{outfile}: written by one binary only")
        elif w0[0] == "file" and w1[0] == "file":
            diffs.append(f"{outfile}: " + describe(w0[1], w1[1]))
        else:
            diffs.append(f"{outfile}: the folders differ")
    return [f"{name} {' '.join(args)}: {d}" for d in diffs]


def inputs(gen_dir, old, new):
    files = []
    for root in (os.path.join(SOURCE, "examples"), os.path.join(SOURCE, "test"),
                 os.path.join(SHARED, "corpus")):
        for dirpath, _, names in os.walk(root):
            for n in sorted(names):
                if n.endswith((".md", ".cfg.py", ".in")) or n.startswith("lit."):
                    continue
                files.append(os.path.join(dirpath, n))
    diffs = []
    for dynamic in (False, True):
        args = ["gen", "--layers", "200"] + (["--dynamic"] if dynamic else [])
        rc0, so0, _ = run(old, args)
        rc1, so1, _ = run(new, args)
        if (rc0, so0) != (rc1, so1):
            diffs.append(f"{' '.join(args)}: outputs differ")
        p = os.path.join(gen_dir, "gen200" + ("-dynamic" if dynamic else "") + ".py")
        with open(p, "wb") as f:
            f.write(so0)
        files.append(p)
    return sorted(files), diffs


def mutants(work, count):
    """[(path, splitting op)] of `count` stress mutants (deterministic: seed 'compare')."""
    if count <= 0:
        return []
    sys.path.insert(0, os.path.join(HERE, "stress"))
    import stress  # tools/stress/stress.py

    sources = [(p, p.read_bytes()) for p in stress.candidate_inputs()]
    out = []
    os.makedirs(os.path.join(work, "mutants"))
    for i in range(count):
        path, data, _, op = stress.make_case("compare", i, sources)
        suffix = ".fx.txt" if stress.is_graph_form(data) else ".py"
        p = os.path.join(work, "mutants", f"m{i}{suffix}")
        with open(p, "wb") as f:
            f.write(data)
        out.append((p, op))
    return out


def matrix(args):
    work = tempfile.mkdtemp(prefix="compare-outputs-")
    try:
        files, diffs = inputs(work, args.old, args.new)
        tasks = []
        for f in files:
            for name, cmd, outfile in commands(f):
                tasks.append((name, cmd, outfile))
        hostile = mutants(work, args.mutants)
        for f, op in hostile:
            for name, cmd, outfile in commands(f, op):
                tasks.append((name, cmd, outfile))
        print(f"{len(files)} inputs and {len(hostile)} mutants, {len(tasks)} command runs per "
              "binary", flush=True)
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            futures = []
            for i, (name, cmd, outfile) in enumerate(tasks):
                d = os.path.join(work, f"t{i}")
                os.makedirs(d)
                futures.append(pool.submit(compare_one, args.old, args.new, name, cmd, outfile, d))
            for fut in futures:
                diffs += fut.result()
        for d in diffs:
            print(d)
        print(f"{len(diffs)} difference(s) in {len(tasks)} comparisons")
        return 1 if diffs else 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


#===------------------------------------------------------------------------===#
# wrap mode: one `%piecewise` invocation of a lit test, through both binaries
#===------------------------------------------------------------------------===#


def output_target(argv):
    """The `-o` target of a command line, or None."""
    for i, a in enumerate(argv):
        if a in ("-o", "--output") and i + 1 < len(argv):
            return argv[i + 1]
        if a.startswith("--output="):
            return a[len("--output="):]
        if a.startswith("-o") and len(a) > 2 and not a.startswith("--"):
            return a[2:]
    return None


def snapshot(path):
    """The state of a path: None (absent), ('file', bytes, mode) or ('dir', {name: bytes})."""
    if not os.path.lexists(path):
        return None
    st = os.lstat(path)
    if stat.S_ISREG(st.st_mode):
        return ("file", open(path, "rb").read(), stat.S_IMODE(st.st_mode))
    if stat.S_ISDIR(st.st_mode):
        out = {}
        for dirpath, _, names in os.walk(path):
            for n in names:
                p = os.path.join(dirpath, n)
                if os.path.isfile(p) and not os.path.islink(p):
                    out[os.path.relpath(p, path)] = open(p, "rb").read()
        return ("dir", out)
    return ("other",)


def restore(path, state):
    if os.path.isdir(path) and not os.path.islink(path):
        shutil.rmtree(path)
    elif os.path.lexists(path):
        os.unlink(path)
    if state is None:
        return
    if state[0] == "file":
        with open(path, "wb") as f:
            f.write(state[1])
        os.chmod(path, state[2])
    elif state[0] == "dir":
        os.makedirs(path)
        for rel, data in state[1].items():
            p = os.path.join(path, rel)
            os.makedirs(os.path.dirname(p), exist_ok=True)
            with open(p, "wb") as f:
                f.write(data)


def wrap(argv):
    old, new, log = os.environ["COMPARE_OLD"], os.environ["COMPARE_NEW"], os.environ["COMPARE_LOG"]

    def passthrough(why):
        with open(log, "a") as f:
            f.write(f"SKIP ({why}): {' '.join(argv)}\n")
        os.execv(new, [new] + argv)

    # Under an address-space limit (the out-of-memory tests) or with a special output target
    # (a symlink, a FIFO, a device) the command runs once, unwrapped.
    if resource.getrlimit(resource.RLIMIT_AS)[0] != resource.RLIM_INFINITY:
        passthrough("memory limit")
    if "--timing" in argv:
        passthrough("timings")
    target = output_target(argv)
    if target and target != "-" and os.path.lexists(target):
        mode = os.lstat(target).st_mode
        if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
            passthrough("special output target")
    stdin_bytes = b"" if sys.stdin is None or sys.stdin.isatty() else sys.stdin.buffer.read()
    before = snapshot(target) if target and target != "-" else None
    results = []
    for binary in (old, new):
        if target and target != "-":
            restore(target, before)
        p = subprocess.run([binary] + argv, input=stdin_bytes, capture_output=True)
        after = snapshot(target) if target and target != "-" else None
        results.append((p.returncode, p.stdout, p.stderr, after))
    (rc0, so0, se0, w0), (rc1, so1, se1, w1) = results
    diffs = []
    if rc0 != rc1:
        diffs.append(f"exit status {rc0} vs {rc1}")
    if so0 != so1:
        diffs.append("stdout: " + describe(so0, so1))
    # (A message that names the binary's own path names a different one.)
    n0, n1 = se0.replace(old.encode(), b"BIN"), se1.replace(new.encode(), b"BIN")
    if n0 != n1:
        diffs.append("stderr: " + describe(n0, n1))
    if w0 != w1:
        diffs.append(f"-o {target}: differs")
    with open(log, "a") as f:
        for d in diffs:
            f.write(f"DIFF {' '.join(argv)}: {d}\n")
        f.write(f"RUN {' '.join(argv)}\n")
    sys.stdout.buffer.write(so1)
    sys.stdout.flush()
    sys.stderr.buffer.write(se1)
    sys.stderr.flush()
    return rc1


def lit(args):
    """Runs the lit suite of `args.lit` (a build dir) with %piecewise going through wrap()."""
    work = tempfile.mkdtemp(prefix="compare-lit-")
    log = os.path.join(work, "compare.log")
    wrapper = os.path.join(work, "piecewise")
    # lit hands tests a clean environment: the wrapper carries the paths itself.
    with open(wrapper, "w") as f:
        f.write(f"#!/bin/sh\n"
                f"COMPARE_OLD={shlex.quote(os.path.abspath(args.old))} "
                f"COMPARE_NEW={shlex.quote(os.path.abspath(args.new))} "
                f"COMPARE_LOG={shlex.quote(log)} "
                f"exec {shlex.quote(sys.executable)} {shlex.quote(os.path.abspath(__file__))} "
                f"wrap \"$@\"\n")
    os.chmod(wrapper, 0o755)
    site = open(os.path.join(args.lit, "test", "lit.site.cfg.py")).read()
    real_dir = os.path.dirname(os.path.abspath(os.path.join(args.lit, "piecewise")))
    site = site.replace(f'os.path.dirname("{real_dir}/piecewise")', repr(work))
    os.makedirs(os.path.join(work, "test"))
    with open(os.path.join(work, "test", "lit.site.cfg.py"), "w") as f:
        f.write(site)
    lit_py = "/usr/lib/llvm-14/build/utils/lit/lit.py"
    rc = subprocess.call([sys.executable, lit_py, "-q", f"-j{args.jobs}",
                          os.path.join(work, "test")])
    lines = open(log).read().splitlines() if os.path.exists(log) else []
    runs = sum(1 for l in lines if l.startswith("RUN "))
    skips = [l for l in lines if l.startswith("SKIP ")]
    diffs = [l for l in lines if l.startswith("DIFF ")]
    for l in skips + diffs:
        print(l)
    print(f"lit exit status {rc}; {runs} piecewise runs compared, {len(skips)} run once "
          f"(not comparable), {len(diffs)} difference(s)")
    shutil.rmtree(work, ignore_errors=True)
    return 1 if diffs or rc else 0


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "wrap":
        return wrap(sys.argv[2:])
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--old", required=True, help="the base commit's piecewise binary")
    ap.add_argument("--new", required=True, help="the branch's piecewise binary")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--mutants", type=int, default=500,
                    help="hostile mutants of the inputs to compare on as well (default 500)")
    ap.add_argument("--lit", metavar="BUILD_DIR",
                    help="also run the lit suite of BUILD_DIR through both binaries")
    ap.add_argument("--no-matrix", action="store_true",
                    help="skip the input x command matrix (with --lit: the lit suite only)")
    args = ap.parse_args()
    rc = 0 if args.no_matrix else matrix(args)
    if args.lit:
        rc |= lit(args)
    return rc


if __name__ == "__main__":
    sys.exit(main())
