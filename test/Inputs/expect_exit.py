"""Runs a command and succeeds only if it exits with the expected status.

    expect_exit.py N command [args...]

The command's stdout and stderr pass through unchanged, so the output can
still be piped into FileCheck. Used by lit tests that must tell exit status 1
(input errors) from 2 (usage errors); `not` only checks for non-zero.
"""
import subprocess
import sys


def main() -> int:
    if len(sys.argv) < 3:
        print("usage: expect_exit.py N command [args...]", file=sys.stderr)
        return 2
    expected = int(sys.argv[1])
    proc = subprocess.run(sys.argv[2:])
    if proc.returncode != expected:
        print(f"expect_exit: expected exit status {expected}, got {proc.returncode}",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
