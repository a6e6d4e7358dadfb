"""Random FX argument values and their Python spellings, for the literal property tests.

`random_value(rng)` draws a value of one literal class (int, big int, float, complex, str,
bytes, bool, None, Ellipsis, dtype, device, layout, memory format, slice, list, tuple);
`spellings(rng, v)` writes it the ways Python and torch do (`1_000`, `0x1F`, `1e-6`,
`device('hip:0')`, `r'...'`, `b'\xff'`, every escape), and `py_value` reads a spelling back with
Python itself (`ast.literal_eval`, or `eval` over the names print_readable's module defines:
`inf`, `nan`, `device`, `torch`). `same` compares values as Python means them: the type too,
`-0.0` apart from `0.0`, and NaN equal to NaN.
"""

import ast
import math
import random
import struct

import warnings

import torch

warnings.filterwarnings("ignore", message=".*mkldnn.*")

# Every device type torch.device accepts (asked of torch, not listed here).
_probe_err = None
try:
    torch.device("no_such_device_type")
except RuntimeError as e:  # "Expected one of cpu, cuda, ... device type at start of ..."
    _probe_err = str(e)
DEVICE_TYPES = [t.strip() for t in
                _probe_err.split("Expected one of ")[1].split(" device type")[0].split(",")]

DTYPES = sorted({getattr(torch, n) for n in dir(torch)
                 if isinstance(getattr(torch, n, None), torch.dtype)}, key=str)
LAYOUTS = sorted({getattr(torch, n) for n in dir(torch)
                  if isinstance(getattr(torch, n, None), torch.layout)}, key=str)
MEMORY_FORMATS = sorted({getattr(torch, n) for n in dir(torch)
                         if isinstance(getattr(torch, n, None), torch.memory_format)}, key=str)

NAMESPACE = {"__builtins__": {}, "inf": math.inf, "nan": math.nan, "device": torch.device,
             "torch": torch, "slice": slice, "Ellipsis": Ellipsis, "complex": complex}


def py_value(text):
    """What Python reads for an expression: literal_eval where it applies, else eval over
    the names print_readable's module defines."""
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return eval(text, dict(NAMESPACE))  # noqa: S307  (our own test text)


def same(a, b):
    if type(a) is not type(b):
        return False
    if isinstance(a, float):
        if math.isnan(a):
            return math.isnan(b)
        return a == b and math.copysign(1, a) == math.copysign(1, b)
    if isinstance(a, complex):
        return same(a.real, b.real) and same(a.imag, b.imag)
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, slice):
        return same(a.start, b.start) and same(a.stop, b.stop) and same(a.step, b.step)
    return a == b


def _random_float(rng):
    r = rng.random()
    if r < 0.15:
        return rng.choice([math.inf, -math.inf, math.nan, -0.0, 0.0, 1e-6, 1e16, 1e-5, 0.1,
                           5e-324, 1.7976931348623157e308, 1e22, 123456789.125])
    if r < 0.55:
        return rng.choice([1, -1]) * rng.randint(0, 10**6) / rng.choice([1, 2, 8, 10, 1000, 3])
    bits = rng.getrandbits(64)
    return struct.unpack("<d", struct.pack("<Q", bits))[0]


def _random_string(rng):
    pool = ["a", "Z", "_", " ", "'", '"', "\\", "\n", "\r", "\t", "\x00", "\x07", "\x7f", "\x85",
            "\xa0", "\xe9", "\u2028", "\u200b", "\ufeff", "\u4e2d", "\U0001f600", "\U000e0001",
            ":", ",", "(", "%", "#", "0", "1", ".", "-", "{", "}", "[", "]", "=", "é"]
    n = rng.randint(0, 8)
    s = "".join(rng.choice(pool) for _ in range(n))
    if rng.random() < 0.3:
        s = rng.choice(["cuda:0", "hip", "1_000", "None", "inf", "1e-6", "torch.float32",
                        "model.layers.0.attn", "aten.add.Tensor", "x", "True", "..."])
    return s


def _random_bytes(rng):
    pool = [b"a", b"Z", b" ", b"'", b'"', b"\\", b"\n", b"\r", b"\t", b"\x00", b"\x7f",
            b"\x80", b"\xff", b"\\u", b"\\N{DASH}", b"%", b",", b":", b"0"]
    return b"".join(rng.choice(pool) for _ in range(rng.randint(0, 6)))


def random_value(rng, depth=0):
    kind = rng.choice(["int", "int", "bigint", "float", "float", "complex", "str", "str",
                       "bytes", "bool", "none", "ellipsis", "dtype", "device", "device", "layout",
                       "memory_format", "slice", "list", "tuple"])
    if depth >= 2 and kind in ("slice", "list", "tuple"):
        kind = "int"
    if kind == "int":
        return rng.choice([0, 1, -1, 1000, 2**63 - 1, -2**63, rng.randint(-10**9, 10**9)])
    if kind == "bigint":
        return rng.choice([1, -1]) * (2**63 + rng.getrandbits(rng.randint(1, 100)))
    if kind == "float":
        return _random_float(rng)
    if kind == "complex":
        return complex(_random_float(rng) if rng.random() < 0.7 else rng.choice([0.0, -0.0]),
                       _random_float(rng))
    if kind == "str":
        return _random_string(rng)
    if kind == "bytes":
        return _random_bytes(rng)
    if kind == "bool":
        return rng.random() < 0.5
    if kind == "none":
        return None
    if kind == "ellipsis":
        return Ellipsis
    if kind == "dtype":
        return rng.choice(DTYPES)
    if kind == "device":
        t = rng.choice(DEVICE_TYPES)
        return torch.device(t, rng.randint(0, 12)) if rng.random() < 0.6 else torch.device(t)
    if kind == "layout":
        return rng.choice(LAYOUTS)
    if kind == "memory_format":
        return rng.choice(MEMORY_FORMATS)
    if kind == "slice":
        parts = [rng.choice([None, rng.randint(-5, 100)]) for _ in range(3)]
        return slice(*parts)
    items = [random_value(rng, depth + 1) for _ in range(rng.randint(0, 3))]
    return items if kind == "list" else tuple(items)


# --- spellings --------------------------------------------------------------------------

def _underscored(digits, rng):
    out = digits[0]
    for d in digits[1:]:
        if rng.random() < 0.3:
            out += "_"
        out += d
    return out


def _int_spelling(rng, v):
    sign = "-" if v < 0 else ""
    m = abs(v)
    form = rng.choice(["dec", "dec", "us", "hex", "oct", "bin"])
    if form == "hex":
        body = rng.choice(["0x", "0X"]) + (format(m, "x") if rng.random() < 0.5 else format(m, "X"))
    elif form == "oct":
        body = "0o" + format(m, "o")
    elif form == "bin":
        body = "0b" + format(m, "b")
    elif form == "us":
        body = _underscored(str(m), rng)
    else:
        body = str(m)
    return sign + body


def _float_spelling(rng, v):
    if math.isnan(v):
        return "nan"
    if math.isinf(v):
        return "inf" if v > 0 else "-inf"
    text = repr(v)
    r = rng.random()
    if r < 0.3 and "e" in text:
        mant, exp = text.split("e")
        text = mant + rng.choice(["e", "E"]) + str(int(exp))  # 1e-06 -> 1e-6
    elif r < 0.5 and "e" not in text and "." in text:
        whole, frac = text.lstrip("-").split(".")
        text = ("-" if text.startswith("-") else "") + _underscored(whole, rng) + "." + frac
        if whole == "0" and rng.random() < 0.5:
            text = text.replace("0.", ".", 1)
    return text


def _complex_spelling(rng, v):
    # repr (`2j`, `(1+2j)`, `(inf+0j)`) where Python reads it back; repr loses signed zeros
    # (`(-0-0j)` is 0j) and writes `nanj`/`infj`, so else the constructor call.
    text = repr(v)
    try:
        if same(py_value(text), v):
            return text
    except NameError:
        pass
    return f"complex({v.real!r}, {v.imag!r})"


def _string_spelling(rng, s):
    r = rng.random()
    if r < 0.15 and "\\" not in s and "\n" not in s and "\r" not in s and "'" not in s \
            and s.isprintable():
        return rng.choice(["r", "R"]) + "'" + s + "'"
    if r < 0.5:
        # Every character escaped one of the ways Python allows.
        out = []
        for ch in s:
            cp = ord(ch)
            how = rng.random()
            if ch in "'\\":
                out.append("\\" + ch)
            elif cp < 0x100 and how < 0.3:
                out.append(f"\\x{cp:02x}")
            elif cp < 0x200 and how < 0.5:
                # Three digits: `\63` followed by a `2` would read as one escape.
                out.append("\\" + format(cp, "03o"))
            elif cp < 0x10000 and how < 0.7:
                out.append(f"\\u{cp:04X}")
            elif how < 0.85:
                out.append(f"\\U{cp:08x}")
            elif ch.isprintable():
                out.append(ch)
            else:
                out.append(f"\\U{cp:08x}")
        return rng.choice(["", "u"]) + "'" + "".join(out) + "'"
    return repr(s)


def _bytes_spelling(rng, b):
    prefix = rng.choice(["b", "B"])
    r = rng.random()
    if r < 0.2 and all(0x20 <= c < 0x7F and c not in b"'\\" for c in b):
        return rng.choice(["rb", "Rb", "bR", "BR"]) + "'" + b.decode() + "'"
    if r < 0.6:
        # Every byte escaped one of the ways Python allows (`\u` is no escape in bytes).
        out = []
        for c in b:
            how = rng.random()
            if c in b"'\\":
                out.append("\\" + chr(c))
            elif how < 0.4:
                out.append(f"\\x{c:02x}" if how < 0.2 else f"\\x{c:02X}")
            elif how < 0.7:
                out.append("\\" + format(c, "03o"))
            elif 0x20 <= c < 0x7F:
                out.append(chr(c))
            else:
                out.append(f"\\x{c:02x}")
        return prefix + "'" + "".join(out) + "'"
    return repr(b)


def spelling(rng, v):
    """One way Python (and print_readable) writes `v`; py_value of it is `v`."""
    if v is None or v is Ellipsis or isinstance(v, bool):
        return rng.choice(["Ellipsis", "..."]) if v is Ellipsis else repr(v)
    if isinstance(v, int):
        return _int_spelling(rng, v)
    if isinstance(v, float):
        return _float_spelling(rng, v)
    if isinstance(v, complex):
        return _complex_spelling(rng, v)
    if isinstance(v, str):
        return _string_spelling(rng, v)
    if isinstance(v, bytes):
        return _bytes_spelling(rng, v)
    if isinstance(v, torch.device):
        prefix = rng.choice(["", "torch."])
        if v.index is None:
            return prefix + rng.choice([f"device(type='{v.type}')", f"device('{v.type}')"])
        return prefix + rng.choice([f"device(type='{v.type}', index={v.index})",
                                    f"device('{v.type}:{v.index}')",
                                    f"device('{v.type}', {v.index})"])
    if isinstance(v, (torch.dtype, torch.layout, torch.memory_format)):
        return str(v)
    if isinstance(v, slice):
        return f"slice({spelling(rng, v.start)}, {spelling(rng, v.stop)}, {spelling(rng, v.step)})"
    if isinstance(v, list):
        return "[" + ", ".join(spelling(rng, x) for x in v) + "]"
    if isinstance(v, tuple):
        inner = ", ".join(spelling(rng, x) for x in v)
        return "(" + inner + ("," if len(v) == 1 else "") + ")"
    raise TypeError(v)


def rng_for(seed):
    return random.Random(seed)
