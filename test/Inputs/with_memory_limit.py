"""Runs a command with its address space limited, passing its exit status through.

    with_memory_limit.py MEGABYTES [--endless-stdin] command [args...]

Used by lit tests that check how piecewise runs out of memory (a one-line error
and exit status 1, never an abort); the lit shell has no `ulimit`. With
--endless-stdin the command's stdin is an endless stream of comment text (`#`
bytes, no NUL, no newline) until it exits.
"""
import resource
import subprocess
import sys


def main() -> int:
    limit = int(sys.argv[1]) << 20
    args = sys.argv[2:]
    endless = args[:1] == ["--endless-stdin"]
    if endless:
        args = args[1:]

    def restrict():
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    proc = subprocess.Popen(args, preexec_fn=restrict, bufsize=0,
                            stdin=subprocess.PIPE if endless else None)
    if endless:
        chunk = b"#" * (1 << 20)
        try:
            while proc.poll() is None:
                proc.stdin.write(chunk)
        except (BrokenPipeError, OSError):
            pass
    status = proc.wait()
    # A signal shows as a negative status: report it as a shell would (128 + N).
    return status if status >= 0 else 128 - status


if __name__ == "__main__":
    sys.exit(main())
