"""Load FX code-form dumps into torch and run them: the numerical oracle for the tests.

A code-form dump (``GraphModule.print_readable()``, TORCH_LOGS ``graph_code``/``aot_graphs``,
or piecewise's own printer) is Python source. This module turns such text into a runnable
``torch.nn.Module``, builds random inputs from the forward signature's annotations, and
compares two programs on the same inputs.

API
---
``load(src, device_map="auto") -> torch.nn.Module``
    Exec the dump and instantiate its top-level class (in a print_readable() dump, nested
    classes become submodules, so ``self.submod_0(...)`` works; a class with its own
    ``__init__``, such as a ``piecewise split -o`` module, is instantiated as written). A
    bare top-level ``def forward(self, ...)`` is wrapped in a module. Raises ``NotRunnable`` (with the reason) for graph-form text, fragments that do
    not compile, unknown ops (``torch.ops.ns.op`` not registered), collectives, and
    ``self._tensor_constant0``-style attributes whose values a dump does not carry.
``not_runnable_reason(src) -> Optional[str]``
    The same checks without raising: None when the dump can be loaded and fed inputs.
``make_inputs(src_or_module, seed=0, device_map="auto", sym_values=None) -> list``
    Random inputs from the annotations: ``"f32[s0, 64][64, 1]cuda:0"``, ``"Sym(s0)"``,
    ``"i64[32]"``. Every symbol gets a concrete value (``sym_values`` or ``DEFAULT_SYM``),
    the same across arguments; strides in the annotation are honoured (``as_strided`` over a
    random buffer). Floats: normal, with standard deviation ``1/sqrt(last dim)`` for rank
    >= 2 (so chains of matmuls over random weights stay O(1) instead of saturating), 1 for
    rank 1, and ``|x| + 0.5`` for 0-dim tensors (usually lifted Python scalars such as
    ``eps``); ints: uniform in ``[0, bound)`` with ``bound``
    the smallest first dim among the float inputs (so they are valid indices); bools:
    random; float8 and other narrow floats: made in float32, then converted.
``run(module, inputs)``
    Calls the module on copies of the inputs (same sizes and strides), returns
    ``(outputs, inputs_after_call)`` so in-place mutation of inputs can be compared.
``run_and_compare(a, b, seed=0, rtol=1e-4, atol=1e-5, device_map="auto", sym_values=None,
inputs=None)``
    Runs both programs on the same inputs (built from ``a``'s signature unless ``inputs``
    is given) and asserts the outputs, and the inputs after the call, are equal.
``assert_same(x, y, rtol, atol, what)``
    The comparison itself: nested tuples/lists, None, Python scalars, tensors (dtype and
    shape must match; float8 compared bit for bit; NaN equals NaN).

``src`` may be the text itself or a path (``str`` without a newline, or ``pathlib.Path``).
``device_map``: ``"auto"`` maps every ``cuda`` device to ``cpu`` when torch has no CUDA
(and maps nothing otherwise); a dict maps ``"cuda"`` (any index) or ``"cuda:1"`` (one
device) to a target device string; ``None`` maps nothing. It applies to annotations (where
inputs are made) and to ``device(...)`` calls inside the dump.
"""

from __future__ import annotations

import ast
import builtins
import inspect
import math
import operator
import os
import re
from pathlib import Path
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple, Union

import torch
import torch.utils._pytree as pytree

DEFAULT_SYM = 4

# Short dtype names used in annotations (torch/fx/graph.py's dtype_abbrs).
DTYPES: Dict[str, torch.dtype] = {
    "b8": torch.bool,
    "u8": torch.uint8,
    "i8": torch.int8,
    "i16": torch.int16,
    "i32": torch.int32,
    "i64": torch.int64,
    "f16": torch.float16,
    "bf16": torch.bfloat16,
    "f32": torch.float32,
    "f64": torch.float64,
    "c32": torch.complex32,
    "c64": torch.complex64,
    "c128": torch.complex128,
}
for _name, _attr in [
    ("u16", "uint16"),
    ("u32", "uint32"),
    ("u64", "uint64"),
    ("f8e4m3fn", "float8_e4m3fn"),
    ("f8e5m2", "float8_e5m2"),
    ("f8e4m3fnuz", "float8_e4m3fnuz"),
    ("f8e5m2fnuz", "float8_e5m2fnuz"),
    ("f8e8m0fnu", "float8_e8m0fnu"),
    ("f4e2m1fn_x2", "float4_e2m1fn_x2"),
]:
    if hasattr(torch, _attr):
        DTYPES[_name] = getattr(torch, _attr)

_FLOAT8 = {d for n, d in DTYPES.items() if n.startswith("f8") or n.startswith("f4")}

# Op namespaces that exist in torch but cannot run in a single CPU process.
_NEEDS_PROCESS_GROUP = {"_c10d_functional", "c10d", "_c10d_functional_autograd", "_dtensor"}

_TENSOR_RE = re.compile(
    r"^\s*(?P<dtype>\w+)\[(?P<sizes>[^\]]*)\](?:\[(?P<strides>[^\]]*)\])?(?P<device>[A-Za-z_]+(?::\d+)?)?\s*$"
)
_SYM_RE = re.compile(r"^\s*Sym\((?P<expr>.*)\)\s*$")
_IDENT_RE = re.compile(r"[A-Za-z_]\w*")
# Names that may appear in sympy-printed size expressions and are functions, not symbols.
_SYM_FUNCS = {
    "Max": max,
    "Min": min,
    "floor": math.floor,
    "ceiling": math.ceil,
    "ceil": math.ceil,
    "FloorDiv": lambda a, b: a // b,
    "CeilDiv": lambda a, b: -(-a // b),
    "Mod": lambda a, b: a % b,
    "PythonMod": lambda a, b: a % b,
    "CleanDiv": lambda a, b: a // b,
    "IntTrueDiv": lambda a, b: a / b,
    "FloatTrueDiv": lambda a, b: a / b,
    "TruncToInt": int,
    "CeilToInt": math.ceil,
    "FloorToInt": math.floor,
    "Abs": abs,
    "sqrt": math.sqrt,
    "True": True,
    "False": False,
}

Src = Union[str, Path]


class NotRunnable(Exception):
    """The dump cannot be executed by torch here; ``str(e)`` says why."""


# ---------------------------------------------------------------------------------------
# Reading and checking the text
# ---------------------------------------------------------------------------------------


def read_text(src: Src) -> str:
    if isinstance(src, Path):
        return src.read_text()
    if "\n" not in src and len(src) < 4096 and os.path.isfile(src):
        return Path(src).read_text()
    return src


def _preprocess(text: str) -> str:
    # `class <lambda>(torch.nn.Module):` is what make_fx prints for lambdas and *args
    # functions; it is not valid Python, so give the class a usable name.
    return re.sub(r"^(\s*class\s+)<(\w+)>", r"\1_\2", text, flags=re.M)


def _is_graph_form(text: str) -> bool:
    for line in text.splitlines():
        s = line.strip()
        if not s or s.startswith("#"):
            continue
        return bool(re.match(r"^graph\s*\(", s))
    return False


def _parse(text: str) -> ast.Module:
    if _is_graph_form(text):
        raise NotRunnable("graph form (print(gm.graph)) is not Python; only the code form runs")
    try:
        tree = ast.parse(_preprocess(text))
    except SyntaxError as e:
        raise NotRunnable(f"not valid Python (line {e.lineno}): {e.msg}") from None
    keep: List[ast.stmt] = []
    for stmt in tree.body:
        # Keep definitions, imports and `f32: type` stubs; drop module-level code such as
        # repro lines (`torch.compile(forward)(...)`) or config assignments.
        if isinstance(stmt, (ast.ClassDef, ast.FunctionDef, ast.Import, ast.ImportFrom)):
            keep.append(stmt)
        elif isinstance(stmt, ast.AnnAssign) and stmt.value is None:
            keep.append(stmt)
    tree.body = keep
    for node in ast.walk(tree):
        # Return annotations (`-> _torch_Tensor_`) name nothing that exists at exec time.
        if isinstance(node, ast.FunctionDef):
            node.returns = None
    if not any(isinstance(s, (ast.ClassDef, ast.FunctionDef)) for s in tree.body):
        raise NotRunnable("no class or forward function in the text")
    return tree


def _dotted(node: ast.AST) -> Optional[str]:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return ".".join(reversed(parts))
    return None


def _op_problems(tree: ast.Module) -> List[str]:
    problems = []
    seen = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute):
            continue
        dotted = _dotted(node)
        if not dotted or not dotted.startswith("torch.ops."):
            continue
        parts = dotted.split(".")
        if len(parts) < 4:
            continue
        ns, op = parts[2], parts[3]
        if (ns, op) in seen:
            continue
        seen.add((ns, op))
        if ns in _NEEDS_PROCESS_GROUP:
            problems.append(f"torch.ops.{ns}.{op} needs a process group")
            continue
        try:
            getattr(getattr(torch.ops, ns), op)
        except (AttributeError, RuntimeError):
            problems.append(f"unknown op torch.ops.{ns}.{op}")
    return problems


def _module_classes(cls_node: ast.ClassDef) -> set:
    return {s.name for s in cls_node.body if isinstance(s, ast.ClassDef)}


def _attr_problems(scope: ast.AST, nested: set) -> List[str]:
    """`self.X` reads in a forward where X is not a nested module class: a get_attr whose
    value (a constant tensor or parameter) the dump does not carry."""
    problems = []
    for node in ast.walk(scope):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "self"
            and node.attr not in nested
            and node.attr not in ("forward", "training")
        ):
            problems.append(f"get_attr self.{node.attr} has no value in the dump")
    return problems


def _structure_problems(tree: ast.Module) -> List[str]:
    problems: List[str] = []

    def visit_class(c: ast.ClassDef):
        nested = _module_classes(c)
        for s in c.body:
            # Only forward holds graph nodes (get_attr); an __init__ (a split module's,
            # which instantiates its pieces) sets attributes up instead.
            if isinstance(s, ast.FunctionDef) and s.name == "forward":
                problems.extend(_attr_problems(s, nested))
            elif isinstance(s, ast.ClassDef):
                visit_class(s)

    for s in tree.body:
        if isinstance(s, ast.ClassDef):
            visit_class(s)
        elif isinstance(s, ast.FunctionDef):
            problems.extend(_attr_problems(s, set()))
    return sorted(set(problems))


def _global_problems(tree: ast.Module) -> List[str]:
    """Names a `forward` reads that nothing defines: not bound in the dump (assigned, a
    parameter, a def, a class, an import), not in the namespace it is run in, not a builtin;
    calling it would stop at a NameError (a graph calling `mylib.normalize(z)`, a library
    absent here)."""
    bound = set(_namespace(None)) | set(dir(builtins))
    loads = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            bound.add(node.id)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            bound.add(node.name)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.add(node.name)
            if node.name == "forward":
                loads.update(n.id for n in ast.walk(node)
                             if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load))
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            bound.update((a.asname or a.name).split(".")[0] for a in node.names)
    return [f"unknown global {name}" for name in sorted(loads - bound)]


def not_runnable_reason(src: Src) -> Optional[str]:
    """Why ``src`` cannot be loaded and run here, or None if it can."""
    try:
        tree = _parse(read_text(src))
    except NotRunnable as e:
        return str(e)
    problems = _op_problems(tree) + _structure_problems(tree) + _global_problems(tree)
    if problems:
        return "; ".join(problems)
    return None


# ---------------------------------------------------------------------------------------
# Devices
# ---------------------------------------------------------------------------------------

DeviceMap = Union[None, str, Mapping[str, str]]


def _resolve_device_map(device_map: DeviceMap) -> Dict[str, str]:
    if device_map is None:
        return {}
    if isinstance(device_map, str):
        if device_map != "auto":
            raise ValueError(f"device_map must be 'auto', None or a dict, not {device_map!r}")
        return {} if torch.cuda.is_available() else {"cuda": "cpu"}
    return dict(device_map)


def map_device(dev: Union[str, torch.device, None], device_map: DeviceMap = "auto") -> torch.device:
    d = torch.device(dev if dev is not None else "cpu")
    table = _resolve_device_map(device_map)
    full = str(d) if d.index is not None else f"{d.type}"
    for key in (full, d.type):
        if key in table:
            return torch.device(table[key])
    if d.type == "cuda" and d.index is None and "cuda:0" in table:
        return torch.device(table["cuda:0"])
    return d


# ---------------------------------------------------------------------------------------
# Loading
# ---------------------------------------------------------------------------------------


def _namespace(device_map: DeviceMap) -> Dict[str, Any]:
    def device(*args, **kwargs):
        return map_device(torch.device(*args, **kwargs), device_map)

    ns: Dict[str, Any] = {
        "__name__": "fxload_dump",
        "__builtins__": builtins,
        "torch": torch,
        "device": device,
        "inf": math.inf,
        "nan": math.nan,
        "operator": operator,
        "builtins": builtins,
        "math": math,
        "pytree": pytree,
        "fx_pytree": _fx_pytree(),
        "Sym": type,
        "NoneType": type(None),
    }
    for name in DTYPES:
        ns[name] = type
    # The globals FX's own code defines for operator functions it prints as calls
    # (`_operator_is_not(a, b)`: the sanitized qualified name `_operator.is_not`).
    for name in dir(operator):
        if not name.startswith("_"):
            ns["_operator_" + name] = getattr(operator, name)
    return ns


def _fx_pytree():
    try:
        import torch.fx._pytree as fx_pytree

        return fx_pytree
    except ImportError:  # pragma: no cover
        return pytree


def _instantiate(cls: type) -> torch.nn.Module:
    """An instance of a dump's module class. A class that defines ``__init__`` (the split
    module ``piecewise split -o`` writes) instantiates its own submodules: it is run as
    written. A print_readable() dump has none; its nested classes become submodules here."""
    if "__init__" in vars(cls):
        return cls()
    inst = cls()
    for name, value in list(vars(cls).items()):
        if isinstance(value, type) and issubclass(value, torch.nn.Module):
            sub = _instantiate(value)
            inst._modules[name] = sub  # add_module refuses: the class attribute exists
            # The nested class is a class attribute of the same name and would shadow the
            # registered submodule; an instance attribute wins over both.
            inst.__dict__[name] = sub
    return inst


def load(src: Src, device_map: DeviceMap = "auto") -> torch.nn.Module:
    """Exec a code-form dump and return an instance of its top-level module."""
    text = read_text(src)
    tree = _parse(text)
    problems = _op_problems(tree) + _structure_problems(tree)
    if problems:
        raise NotRunnable("; ".join(problems))
    ns = _namespace(device_map)
    code = compile(tree, "<fx dump>", "exec", dont_inherit=True)
    exec(code, ns)
    # `from torch import device` in the dump rebinds `device`; put the mapping one back.
    ns["device"] = _namespace(device_map)["device"]

    top = None
    for stmt in tree.body:
        if isinstance(stmt, ast.ClassDef):
            cand = ns.get(stmt.name)
            if isinstance(cand, type) and issubclass(cand, torch.nn.Module) and hasattr(cand, "forward"):
                top = cand
                break
    if top is None:
        fns = [s.name for s in tree.body if isinstance(s, ast.FunctionDef)]
        if "forward" in fns:
            top = type("BareForward", (torch.nn.Module,), {"forward": ns["forward"]})
        else:
            raise NotRunnable("no torch.nn.Module class and no top-level forward")
    module = _instantiate(top)
    module.fxload_text = text
    module.fxload_device_map = device_map
    return module.eval()


# ---------------------------------------------------------------------------------------
# Inputs
# ---------------------------------------------------------------------------------------


class TensorSpec:
    def __init__(self, dtype: torch.dtype, sizes: List[str], strides: Optional[List[str]], device: Optional[str]):
        self.dtype = dtype
        self.sizes = sizes
        self.strides = strides
        self.device = device

    def __repr__(self) -> str:
        return f"TensorSpec({self.dtype}, {self.sizes}, {self.strides}, {self.device})"


class SymSpec:
    def __init__(self, expr: str):
        self.expr = expr

    def __repr__(self) -> str:
        return f"SymSpec({self.expr})"


def _split_list(s: str) -> List[str]:
    s = s.strip()
    if not s:
        return []
    out, depth, cur = [], 0, ""
    for ch in s:
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
            continue
        depth += ch in "([{"
        depth -= ch in ")]}"
        cur += ch
    out.append(cur.strip())
    return out


def parse_annotation(ann: Any) -> Union[TensorSpec, SymSpec, None]:
    """``"f32[s0, 64][64, 1]cuda:0"`` -> TensorSpec; ``"Sym(s0)"`` -> SymSpec; else None."""
    if not isinstance(ann, str):
        return None
    m = _SYM_RE.match(ann)
    if m:
        return SymSpec(m.group("expr"))
    m = _TENSOR_RE.match(ann)
    if not m or m.group("dtype") not in DTYPES:
        return None
    strides = m.group("strides")
    return TensorSpec(
        DTYPES[m.group("dtype")],
        _split_list(m.group("sizes")),
        _split_list(strides) if strides is not None else None,
        m.group("device"),
    )


def _symbols(expr: str) -> List[str]:
    return [t for t in _IDENT_RE.findall(expr) if t not in _SYM_FUNCS and not t.isdigit()]


def eval_sym(expr: str, values: Mapping[str, int]) -> Any:
    env = dict(_SYM_FUNCS)
    env.update(values)
    return eval(expr, {"__builtins__": {}}, env)  # noqa: S307 (size expressions only)


def _forward_of(obj: Union[Src, torch.nn.Module]) -> Tuple[Any, DeviceMap]:
    if isinstance(obj, torch.nn.Module):
        return type(obj).forward, getattr(obj, "fxload_device_map", "auto")
    return load(obj, device_map=None).__class__.forward, "auto"


def input_specs(obj: Union[Src, torch.nn.Module]) -> List[Tuple[str, Any]]:
    """(name, TensorSpec | SymSpec) for each forward parameter; NotRunnable if one has no
    usable annotation."""
    fwd, _ = _forward_of(obj)
    specs = []
    for i, (name, p) in enumerate(inspect.signature(fwd).parameters.items()):
        if i == 0 and name == "self":
            continue
        if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
            raise NotRunnable(f"forward takes *{name}; inputs cannot be made from annotations")
        spec = parse_annotation(p.annotation)
        if spec is None:
            ann = "no annotation" if p.annotation is inspect.Parameter.empty else repr(p.annotation)
            raise NotRunnable(f"input {name}: {ann}; cannot make a value for it")
        specs.append((name, spec))
    return specs


def _storage_extent(sizes: Sequence[int], strides: Sequence[int]) -> int:
    if any(s == 0 for s in sizes):
        return 0
    return 1 + sum((s - 1) * st for s, st in zip(sizes, strides))


def _contiguous_strides(sizes: Sequence[int]) -> List[int]:
    strides, acc = [], 1
    for s in reversed(sizes):
        strides.append(acc)
        acc *= max(s, 1)
    return list(reversed(strides))


def make_inputs(
    obj: Union[Src, torch.nn.Module],
    seed: int = 0,
    device_map: DeviceMap = "auto",
    sym_values: Optional[Mapping[str, int]] = None,
) -> List[Any]:
    """Random inputs for the forward of a dump (text, path, or a module from ``load``)."""
    specs = input_specs(obj)
    if isinstance(obj, torch.nn.Module) and device_map == "auto":
        device_map = getattr(obj, "fxload_device_map", "auto")

    values: Dict[str, int] = {}
    for _, spec in specs:
        exprs = [spec.expr] if isinstance(spec, SymSpec) else spec.sizes + (spec.strides or [])
        for e in exprs:
            for sym in _symbols(e):
                if sym not in values:
                    values[sym] = (sym_values or {}).get(sym, DEFAULT_SYM)

    concrete: List[Tuple[Any, Any, Any]] = []
    for _, spec in specs:
        if isinstance(spec, SymSpec):
            concrete.append((spec, eval_sym(spec.expr, values), None))
            continue
        sizes = [int(eval_sym(s, values)) for s in spec.sizes]
        strides = (
            [int(eval_sym(s, values)) for s in spec.strides]
            if spec.strides is not None and len(spec.strides) == len(sizes)
            else _contiguous_strides(sizes)
        )
        concrete.append((spec, sizes, strides))

    first_dims = [
        sizes[0]
        for spec, sizes, _ in concrete
        if isinstance(spec, TensorSpec) and (spec.dtype.is_floating_point or spec.dtype.is_complex)
        and sizes and sizes[0] > 0
    ]
    int_bound = min(first_dims) if first_dims else 2

    g = torch.Generator().manual_seed(seed)
    inputs: List[Any] = []
    for spec, sizes, strides in concrete:
        if isinstance(spec, SymSpec):
            inputs.append(sizes)
            continue
        dev = map_device(spec.device, device_map)
        n = _storage_extent(sizes, strides)
        dt = spec.dtype
        if dt == torch.bool:
            base = torch.randint(0, 2, (n,), generator=g).bool()
        elif dt.is_complex:
            base = torch.randn(n, generator=g, dtype=torch.complex64).to(dt)
        elif dt.is_floating_point:
            base = torch.randn(n, generator=g, dtype=torch.float32)
            if not sizes:
                base = base.abs() + 0.5
            elif len(sizes) >= 2 and sizes[-1] > 1:
                base = base / math.sqrt(sizes[-1])
            base = base.to(dt)
        else:
            base = torch.randint(0, max(int_bound, 1), (n,), generator=g, dtype=torch.int64).to(dt)
        t = base.as_strided(sizes, strides) if n else torch.empty_strided(sizes, strides, dtype=dt)
        inputs.append(t.to(dev) if dev.type != "cpu" else t)
    return inputs


# ---------------------------------------------------------------------------------------
# Running and comparing
# ---------------------------------------------------------------------------------------


def clone_input(x: Any) -> Any:
    """A copy of ``x`` with the same sizes and strides (also for overlapping strides)."""
    if not isinstance(x, torch.Tensor):
        return x
    if x.numel() == 0:
        return x.clone()
    n = _storage_extent(x.size(), x.stride())
    region = torch.as_strided(x, (n,), (1,), x.storage_offset())
    return region.clone().as_strided(x.size(), x.stride(), 0)


def run(module: torch.nn.Module, inputs: Sequence[Any]) -> Tuple[Any, List[Any]]:
    args = [clone_input(x) for x in inputs]
    with torch.no_grad():
        out = module(*args)
    return out, args


def _bits(t: torch.Tensor) -> torch.Tensor:
    return t.view(torch.uint8) if t.dtype in _FLOAT8 else t


def assert_same(x: Any, y: Any, rtol: float = 1e-4, atol: float = 1e-5, what: str = "output") -> None:
    if isinstance(x, (tuple, list)) or isinstance(y, (tuple, list)):
        assert isinstance(x, (tuple, list)) and isinstance(y, (tuple, list)), (
            f"{what}: {type(x).__name__} vs {type(y).__name__}"
        )
        assert len(x) == len(y), f"{what}: {len(x)} vs {len(y)} elements"
        for i, (a, b) in enumerate(zip(x, y)):
            assert_same(a, b, rtol, atol, f"{what}[{i}]")
        return
    if x is None or y is None:
        assert x is None and y is None, f"{what}: {x!r} vs {y!r}"
        return
    if isinstance(x, torch.Tensor) or isinstance(y, torch.Tensor):
        assert isinstance(x, torch.Tensor) and isinstance(y, torch.Tensor), (
            f"{what}: {type(x).__name__} vs {type(y).__name__}"
        )
        assert x.dtype == y.dtype, f"{what}: dtype {x.dtype} vs {y.dtype}"
        assert x.shape == y.shape, f"{what}: shape {tuple(x.shape)} vs {tuple(y.shape)}"
        a, b = _bits(x.detach().cpu()), _bits(y.detach().cpu())
        if a.dtype.is_floating_point or a.dtype.is_complex:
            torch.testing.assert_close(a, b, rtol=rtol, atol=atol, equal_nan=True, msg=lambda m: f"{what}: {m}")
        else:
            assert torch.equal(a, b), f"{what}: values differ"
        return
    if isinstance(x, float) and isinstance(y, float) and math.isnan(x) and math.isnan(y):
        return
    assert x == y, f"{what}: {x!r} vs {y!r}"


def run_and_compare(
    a: Union[Src, torch.nn.Module],
    b: Union[Src, torch.nn.Module],
    seed: int = 0,
    rtol: float = 1e-4,
    atol: float = 1e-5,
    device_map: DeviceMap = "auto",
    sym_values: Optional[Mapping[str, int]] = None,
    inputs: Optional[Sequence[Any]] = None,
) -> Tuple[Any, Any]:
    """Run ``a`` and ``b`` on the same inputs; assert outputs and post-call inputs match.

    Returns the two outputs.
    """
    ma = a if isinstance(a, torch.nn.Module) else load(a, device_map=device_map)
    mb = b if isinstance(b, torch.nn.Module) else load(b, device_map=device_map)
    if inputs is None:
        inputs = make_inputs(ma, seed=seed, device_map=device_map, sym_values=sym_values)
    out_a, after_a = run(ma, inputs)
    out_b, after_b = run(mb, inputs)
    assert_same(out_a, out_b, rtol, atol, "output")
    assert_same(after_a, after_b, rtol, atol, "input after the call")
    return out_a, out_b


__all__ = [
    "DEFAULT_SYM",
    "DTYPES",
    "NotRunnable",
    "SymSpec",
    "TensorSpec",
    "assert_same",
    "clone_input",
    "eval_sym",
    "input_specs",
    "load",
    "make_inputs",
    "map_device",
    "not_runnable_reason",
    "parse_annotation",
    "read_text",
    "run",
    "run_and_compare",
]
