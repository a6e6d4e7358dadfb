# The input check reads 64 bytes at a time, then 8, then one, with NUL, lone CR and
# non-ASCII bytes folded into one vector pass. Whatever the offset of a bad byte within
# those blocks (every offset mod 64, the last bytes of the input), the reported problem
# and its line:col are what a byte-at-a-time reading gives, with Python as the oracle:
# - a NUL anywhere is reported first, at the first NUL, even when an invalid UTF-8 byte
#   or a lone CR comes earlier (in the same 8- or 64-byte block or blocks before);
# - otherwise the first problem is the first lone CR or the byte where Python's UTF-8
#   decoder stops (bytes.decode's UnicodeDecodeError.start), whichever comes first;
# - valid multi-byte characters and CRLF at any offset are no input problem.
# RUN: %python %s %piecewise | FileCheck %s
# CHECK: ok: {{[0-9]+}} inputs, every problem located as Python locates it
import os
import subprocess
import sys
import tempfile

piecewise = sys.argv[1]

BASE = (b"class GraphModule(torch.nn.Module):\n"
        b"    def forward(self, x: \"f32[4][1]cpu\", y: \"f32[4][1]cpu\"):\n"
        b"        add: \"f32[4][1]cpu\" = torch.ops.aten.add.Tensor(x, y)\n"
        b"        return (add,)\n")


def line_col(data, offset):
    line = data.count(b"\n", 0, offset) + 1
    return line, offset - (data.rfind(b"\n", 0, offset) + 1) + 1


def expected(data):
    """(line, col, message start) of the first problem, or None."""
    nul = data.find(b"\0")
    if nul >= 0:
        return line_col(data, nul) + ("input contains a NUL byte",)
    bad = None
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as e:
        bad = e.start
    cr = next((i for i in range(len(data)) if data[i] == 13 and data[i + 1:i + 2] != b"\n"), None)
    if cr is not None and (bad is None or cr < bad):
        return line_col(data, cr) + ("carriage return not followed by a line feed",)
    if bad is not None:
        return line_col(data, bad) + ("input is not valid UTF-8 (byte 0x%02x)" % data[bad],)
    return None


def cases():
    n = len(BASE)
    bad = {"ff": b"\xff", "e9": b"\xe9", "overlong": b"\xc0\xaf", "cut": b"\xe2\x82",
           "surrogate": b"\xed\xa0\x80", "cr": b"\r"}
    good = {"e-acute": "\u00e9".encode(), "euro": "\u20ac".encode(), "emoji": "\U0001F600".encode(),
            "crlf": b"\r\n"}
    ends = list(range(0, 66)) + list(range(124, 132)) + list(range(n - 17, n + 1))
    for offset in ends:  # one bad byte (or one NUL, or one good character) at every offset
        for b in list(bad.values()) + list(good.values()) + [b"\0"]:
            yield BASE[:offset] + b + BASE[offset:]
    # An earlier problem, then a NUL: in the same 8-byte word, the same 64-byte block, the
    # next block, the last byte.
    for first in bad.values():
        for p1 in (0, 7, 63, 64, 127, n - 9):
            for gap in (1, 7, 8, 9, 63, 64, 65):
                p2 = p1 + gap
                if p2 > n:
                    continue
                data = bytearray(BASE)
                data[p2:p2] = b"\0"
                data[p1:p1] = first
                yield bytes(data)
            data = bytearray(BASE)
            data[p1:p1] = first
            yield bytes(data) + b"\0"


count = 0
with tempfile.TemporaryDirectory() as tmp:
    path = os.path.join(tmp, "in.py")
    for data in cases():
        with open(path, "wb") as f:
            f.write(data)
        r = subprocess.run([piecewise, "lint", path], capture_output=True)
        want = expected(data)
        err = r.stderr.decode("utf-8", "replace")
        if want is None:
            # (A character inside a name is a parse error; never an input-check one.)
            if any(m in err for m in ("NUL byte", "carriage return", "not valid UTF-8")):
                sys.exit(f"{data!r}: expected no input problem, got:\n{err}")
        else:
            line, col, message = want
            head = f"{path}:{line}:{col}: error: {message}"
            if r.returncode != 1 or not err.startswith(head):
                sys.exit(f"{data!r}: expected {head!r}, got exit {r.returncode}:\n{err}")
        count += 1
print(f"ok: {count} inputs, every problem located as Python locates it")
