#!/usr/bin/env python3
"""The big-graph check run before a change lands: `piecewise split -o` of the 30,000-layer dump.

`piecewise gen --layers 30000` (1,245,014 nodes, 124 MB) split at vLLM's attention op into
60,001 pieces and written as a runnable module (`make bench-split`). Reports, best of
--repeat whole-process runs: wall time, peak RSS, the `--timing` phases of the best run,
and the load average around the runs (this machine is shared: say how loaded it was).
With --instructions, one more run under `perf stat -e instructions:u` (or callgrind when
perf cannot count): an instruction count does not move with the load, so it shows a
regression that wall time on a busy machine hides.

With --against OTHER (repeatable; another piecewise binary, e.g. a build of an older
commit), each OTHER runs alternately with --bin on the same dump, so that all see the same
load; their walls are listed after --bin's and their outputs must be byte-identical to it.
--out-dir puts the split module there (a tmpfs such as /dev/shm leaves the disk out).

Exits 1 when --max-seconds or --max-rss-mib is given and the best run exceeds it, or when an
--against binary writes different bytes.
"""
import filecmp
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def run_once(binary, path, out):
    t0 = time.perf_counter()
    r = subprocess.run(["/usr/bin/time", "-f", "MAXRSS %M", binary, "split", path,
                        "--splitting-ops=vllm.unified_attention_with_output", "-o", out,
                        "--timing"], capture_output=True, text=True)
    wall = time.perf_counter() - t0
    if r.returncode != 0:
        sys.exit(f"piecewise split failed ({r.returncode}):\n{r.stderr}")
    rss = int(re.search(r"MAXRSS (\d+)", r.stderr).group(1)) / 1024
    phases = [line.strip() for line in r.stderr.splitlines() if re.match(r"\s*[\d.]+ ms  ", line)]
    return wall, rss, phases


def instructions(binary, path, out):
    cmd = [binary, "split", path, "--splitting-ops=vllm.unified_attention_with_output",
           "-o", out]
    if shutil.which("perf"):
        r = subprocess.run(["perf", "stat", "-x,", "-e", "instructions:u", *cmd],
                           capture_output=True, text=True)
        m = re.search(r"^(\d+),,instructions", r.stderr, re.M)
        if r.returncode == 0 and m:
            return int(m.group(1)), "perf stat instructions:u"
    return None, "perf could not count instructions here"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=os.environ.get("PIECEWISE_BIN",
                                                    os.path.join(ROOT, "build", "piecewise")))
    ap.add_argument("--layers", type=int, default=30000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--instructions", action="store_true")
    ap.add_argument("--max-seconds", type=float)
    ap.add_argument("--max-rss-mib", type=float)
    ap.add_argument("--against", action="append", default=[], metavar="OTHER")
    ap.add_argument("--out-dir")
    args = ap.parse_args()

    with tempfile.TemporaryDirectory() as tmp, \
            tempfile.TemporaryDirectory(dir=args.out_dir) as out_dir:
        path = os.path.join(tmp, f"gen{args.layers}.py")
        out = os.path.join(out_dir, "split.py")
        subprocess.run([args.bin, "gen", "--layers", str(args.layers), "-o", path], check=True)
        load_before = os.getloadavg()
        runs = []
        others = {b: [] for b in args.against}
        for _ in range(args.repeat):
            runs.append(run_once(args.bin, path, out))
            for b in args.against:
                other_out = os.path.join(out_dir, "other.py")
                others[b].append(run_once(b, path, other_out))
                if not filecmp.cmp(out, other_out, shallow=False):
                    sys.exit(f"FAIL: {b} wrote a different split module than {args.bin}")
                os.remove(other_out)
        load_after = os.getloadavg()
        best = min(runs, key=lambda r: r[0])
        print(f"piecewise split -o, {args.layers} layers ({os.path.getsize(path) / 1e6:.0f} MB in, "
              f"{os.path.getsize(out) / 1e6:.0f} MB out), best of {args.repeat}:")
        print(f"  wall        {best[0]:.3f} s   (all runs: "
              f"{', '.join(f'{r[0]:.3f}' for r in runs)})")
        print(f"  peak RSS    {max(r[1] for r in runs):.0f} MiB")
        for p in best[2]:
            print(f"    {p}")
        for b, rs in others.items():
            print(f"  against {b}: wall {min(r[0] for r in rs):.3f} s best (all runs: "
                  f"{', '.join(f'{r[0]:.3f}' for r in rs)}), peak RSS "
                  f"{max(r[1] for r in rs):.0f} MiB, same bytes; ratio "
                  f"{min(r[0] for r in rs) / best[0]:.2f}x")
        print(f"  load average {load_before[0]:.1f} before, {load_after[0]:.1f} after "
              f"({os.cpu_count()} cores)")
        if args.instructions:
            n, how = instructions(args.bin, path, out)
            print(f"  instructions {n:,} ({how})" if n else f"  instructions: {how}")
    failed = False
    if args.max_seconds is not None and best[0] > args.max_seconds:
        print(f"FAIL: {best[0]:.3f} s > {args.max_seconds} s")
        failed = True
    if args.max_rss_mib is not None and max(r[1] for r in runs) > args.max_rss_mib:
        print(f"FAIL: peak RSS above {args.max_rss_mib} MiB")
        failed = True
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
