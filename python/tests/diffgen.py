"""Random FX graphs for the differential test (test_differential.py).

``generate(seed)`` writes a random Python function over a few fixed inputs and returns a
``Program``: its source, its inputs and the statements. ``Program.trace(mode)`` turns it into
a real ``torch.fx.GraphModule``:

- ``"fx"``: ``torch.fx.symbolic_trace``. Tensor methods stay ``call_method`` nodes
  (``x.add_(1)``, ``x.view(-1)``, ``x.chunk(2)``), torch functions stay ``call_function``
  (``torch.sin``, ``operator.add``), and ``a[i] = v`` is an ``operator.setitem`` node, the
  way Dynamo records subscript assignment (symbolic_trace cannot trace a Proxy subscript
  assignment, so the source calls a wrapped ``subscript_assign`` leaf whose nodes are retargeted to
  ``operator.setitem``). ShapeProp fills in the meta, so the dump has annotations.
- ``"aten"``: ``make_fx`` (real tracing, no functionalization): aten overloads with the
  in-place ops kept (``aten.add_.Tensor``, ``aten.copy_.default``, ``aten.index_put_``).

The function is built statement by statement and each statement is executed on the inputs
as it is generated (a sandbox run), so every statement is valid (shapes broadcast, views are
viewable, no in-place write to an expanded tensor) and the generator knows every value's
shape. What it generates, on purpose:

- pure ops (unary, binary with broadcasting, reductions, cat, matmul, softmax, where) on
  float and int64 tensors (int64 results compare exactly);
- views and views of views: view / reshape / transpose / t / permute / slice / select /
  narrow / expand / unsqueeze / squeeze / flatten / detach, and the methods that return
  their input itself (``contiguous()``, ``float()``, ``to(torch.float32)``);
- multi-output views: ``torch.split`` (int and sizes), ``unbind``, ``chunk`` with getitems;
  complete slice partitions (what split-coalescing rewrites), duplicate splits;
- in-place writes: ``add_`` / ``mul_`` / ``copy_`` / ``index_put_`` / ``clamp_`` / ``zero_``
  as methods, ``torch.ops.aten.add_.Tensor`` / ``mul_.Tensor`` called directly, and
  ``a[idx] = v`` subscript assignment (int, slice, tuple of slices, tensor index), on inputs,
  on views of inputs, on views of intermediates, and on the value an in-place method returned;
- duplicate subexpressions (a pure statement repeated verbatim, often after one of its
  operands was written in place: cse must not merge those), dead code (values nothing reads,
  dead allocations), no-ops (``a + 0``, ``a * 1``, ``a.view(<same shape>)``, ``a[:]``,
  ``a.reshape(<same shape>)``, ``clone``) often written in place right after;
- random ops (``rand_like``, ``randn``, ``dropout``, ``bernoulli``), some dead: the oracle
  reseeds the RNG before each run, so erasing or merging one changes what later ones draw;
- two custom ``torch.library`` ops: ``difftest::attn(q, k, v, out, layer_name) -> ()`` writes
  ``out`` in place (vLLM's ``unified_attention_with_output`` shape, used as the splitting op
  and the cudagraph-unsafe op), its output buffer fresh (``empty_like``) or a view of a live
  tensor; and the pure ``difftest::scale(x, s) -> Tensor``.

Everything is a function of the seed (``random.Random(seed)`` and torch generators seeded
from it); the same seed gives the same source, graph and inputs in every run.
"""

from __future__ import annotations

import operator
import random
import textwrap
from dataclasses import dataclass, field
from typing import Callable, Dict, List, Optional, Sequence, Tuple

import torch
import torch.fx
from torch.fx.passes.shape_prop import ShapeProp

# --------------------------------------------------------------------------------------
# Custom ops
# --------------------------------------------------------------------------------------

ATTN = "difftest::attn"
SCALE = "difftest::scale"
SCHEMAS = (
    "difftest::attn(Tensor q, Tensor k, Tensor v, Tensor(a!) out, str layer_name) -> ()\n"
    "difftest::scale(Tensor x, float s) -> Tensor\n"
)


def _register_ops() -> None:
    if hasattr(torch.ops, "difftest") and hasattr(torch.ops.difftest, "attn"):
        return
    lib = torch.library.Library("difftest", "DEF")
    lib.define("attn(Tensor q, Tensor k, Tensor v, Tensor(a!) out, str layer_name) -> ()")
    lib.define("scale(Tensor x, float s) -> Tensor")

    def attn(q, k, v, out, layer_name):
        # Elementwise stand-in for attention: reads q, k, v, writes out.
        out.copy_(q * torch.sigmoid(k) + v)

    def attn_fake(q, k, v, out, layer_name):
        return None

    def scale(x, s):
        return x * s

    lib.impl("attn", attn, "CPU")
    lib.impl("attn", attn_fake, "Meta")
    lib.impl("scale", scale, "CPU")
    lib.impl("scale", lambda x, s: torch.empty_like(x), "Meta")
    globals()["_LIB"] = lib


_register_ops()


def subscript_assign(a, i, v):
    a[i] = v


def inplace_add(a, b):
    a += b
    return a


def inplace_mul(a, b):
    a *= b
    return a


# Leaves of the "fx" trace retargeted to the operator Dynamo records for them.
LEAVES = {subscript_assign: operator.setitem, inplace_add: operator.iadd, inplace_mul: operator.imul}


# --------------------------------------------------------------------------------------
# Inputs
# --------------------------------------------------------------------------------------

INPUT_SIGNATURE = ["x", "y", "z", "w", "n", "idx"]


def make_inputs(seed: int) -> List[torch.Tensor]:
    """x, y: f32[4, 8]; z: f32[8]; w: f32[8, 8]; n: i64[4, 8]; idx: i64[3] (distinct rows)."""
    g = torch.Generator().manual_seed(seed)
    return [
        torch.randn(4, 8, generator=g),
        torch.randn(4, 8, generator=g),
        torch.randn(8, generator=g),
        torch.randn(8, 8, generator=g) / 3,
        torch.randint(-50, 50, (4, 8), generator=g),
        torch.randperm(4, generator=g)[:3],
    ]


def clone_inputs(inputs: Sequence[torch.Tensor]) -> List[torch.Tensor]:
    return [t.clone() for t in inputs]


# --------------------------------------------------------------------------------------
# The generator
# --------------------------------------------------------------------------------------


@dataclass
class Program:
    seed: int
    statements: List[str]
    outputs: List[str]
    inputs: List[torch.Tensor]
    features: Dict[str, int] = field(default_factory=dict)

    def source(self, statements: Optional[Sequence[str]] = None,
               outputs: Optional[Sequence[str]] = None) -> str:
        stmts = self.statements if statements is None else statements
        outs = self.outputs if outputs is None else outputs
        body = "".join(f"    {s}\n" for s in stmts)
        ret = ", ".join(outs)
        return f"def forward({', '.join(INPUT_SIGNATURE)}):\n{body}    return ({ret},)\n"

    def function(self, statements=None, outputs=None) -> Callable:
        ns = {"torch": torch, "operator": operator, **{f.__name__: f for f in LEAVES}}
        exec(compile(self.source(statements, outputs), f"<diffgen seed {self.seed}>", "exec"), ns)
        return ns["forward"]

    def trace(self, mode: str, statements=None, outputs=None) -> torch.fx.GraphModule:
        """The GraphModule; its `diff_inputs` are the inputs to call it with (Dynamo lifts
        only the inputs the graph uses)."""
        gm = trace(self.function(statements, outputs), mode, self.inputs)
        if not hasattr(gm, "diff_inputs"):
            gm.diff_inputs = list(self.inputs)
        return gm


def trace(fn: Callable, mode: str, inputs: Sequence[torch.Tensor]) -> torch.fx.GraphModule:
    if mode == "dynamo":
        # torch.compile with a backend that keeps the graph Dynamo captured (one graph:
        # fullgraph) and the inputs it is called with.
        import importlib

        dynamo = importlib.import_module("torch._dynamo")
        got = {}

        def backend(gm, example_inputs):
            got["gm"] = gm
            got["inputs"] = [t.clone() if isinstance(t, torch.Tensor) else t for t in example_inputs]
            return gm.forward

        dynamo.reset()
        torch.manual_seed(0)
        torch.compile(fn, backend=backend, fullgraph=True, dynamic=False)(*clone_inputs(inputs))
        gm = got["gm"]
        gm.diff_inputs = got["inputs"]
        return gm
    if mode == "fx":
        tracer = torch.fx.Tracer(autowrap_functions=tuple(LEAVES))
        graph = tracer.trace(fn)
        gm = torch.fx.GraphModule(tracer.root, graph, fn.__name__)
        for node in gm.graph.nodes:
            if node.op == "call_function" and node.target in LEAVES:
                node.target = LEAVES[node.target]
        gm.recompile()
        torch.manual_seed(0)
        ShapeProp(gm).propagate(*clone_inputs(inputs))
        return gm
    if mode in ("aten", "aten-symbolic"):
        from torch.fx.experimental.proxy_tensor import make_fx

        torch.manual_seed(0)
        tracing = "symbolic" if mode == "aten-symbolic" else "real"
        return make_fx(fn, tracing_mode=tracing)(*clone_inputs(inputs))
    raise ValueError(mode)


class _Gen:
    def __init__(self, seed: int):
        self.seed = seed
        self.rng = random.Random(seed)
        self.inputs = make_inputs(seed)
        self.env: Dict[str, object] = dict(zip(INPUT_SIGNATURE, clone_inputs(self.inputs)))
        self.env.update({"torch": torch, "operator": operator, **{f.__name__: f for f in LEAVES}})
        self.statements: List[str] = []
        self.floats: List[str] = ["x", "y", "z", "w"]
        self.ints: List[str] = ["n"]
        self.pure: List[Tuple[str, str]] = []  # (right-hand side, kind) of pure statements
        self.counter = 0
        self.features: Dict[str, int] = {}
        torch.manual_seed(seed)

    # -- helpers ----------------------------------------------------------------------

    def fresh(self, prefix: str) -> str:
        self.counter += 1
        return f"{prefix}{self.counter}"

    def shape(self, name: str) -> Tuple[int, ...]:
        return tuple(self.env[name].shape)

    def pick(self, names: Sequence[str], recent: float = 0.6) -> str:
        # Bias towards recent values so chains (views of views) form.
        if self.rng.random() < recent and len(names) > 2:
            return self.rng.choice(names[-4:])
        return self.rng.choice(names)

    def partner(self, shape: Tuple[int, ...], exclude: Sequence[str] = ()) -> Optional[str]:
        """A float value whose shape broadcasts to `shape` (for in-place writes)."""
        names = [v for v in self.floats if v not in exclude]
        self.rng.shuffle(names)
        for v in names:
            try:
                if torch.broadcast_shapes(self.shape(v), shape) == torch.Size(shape):
                    return v
            except RuntimeError:
                pass
        return None

    def try_emit(self, lines: Sequence[str], feature: str, new_floats=(), new_ints=(),
                 pure_rhs: Optional[str] = None) -> bool:
        """Runs `lines` in the sandbox; keeps them if they run and give the declared kinds."""
        snapshot = {k: (v.clone() if isinstance(v, torch.Tensor) else v) for k, v in self.env.items()}
        try:
            for line in lines:
                exec(line, self.env)
            for v in new_floats:
                t = self.env[v]
                if not (isinstance(t, torch.Tensor) and t.dtype == torch.float32 and t.numel() > 0):
                    raise TypeError("not a non-empty float tensor")
            for v in new_ints:
                t = self.env[v]
                if not (isinstance(t, torch.Tensor) and t.dtype == torch.int64 and t.numel() > 0):
                    raise TypeError("not a non-empty int tensor")
        except Exception:
            # Restore values (a failing in-place statement may have written part of a tensor).
            for k, v in snapshot.items():
                if isinstance(v, torch.Tensor):
                    cur = self.env.get(k)
                    if isinstance(cur, torch.Tensor) and cur.shape == v.shape:
                        try:
                            cur.copy_(v)
                        except Exception:
                            pass
            for k in list(self.env):
                if k not in snapshot:
                    del self.env[k]
            return False
        self.statements.extend(lines)
        self.floats.extend(new_floats)
        self.ints.extend(new_ints)
        if pure_rhs is not None:
            self.pure.append((pure_rhs, "int" if new_ints else "float"))
        self.features[feature] = self.features.get(feature, 0) + 1
        return True

    # -- statement kinds --------------------------------------------------------------

    def pure_float(self) -> bool:
        a = self.pick(self.floats)
        b = self.pick(self.floats)
        r = self.rng
        templates = [
            "torch.sin({a})", "torch.relu({a})", "torch.tanh({a})", "torch.neg({a})",
            "torch.sigmoid({a})", "{a}.abs()", "torch.add({a}, {b})", "{a} - {b}",
            "{a} * {b}", "torch.mul({a}, 0.5)", "{a} + 1.5", "torch.maximum({a}, {b})",
            "torch.where({a} > 0, {a}, {b})", "{a}.sum(0)", "{a}.mean(-1, keepdim=True)",
            "{a}.amax(-1)", "torch.cat([{a}, {b}], 0)", "torch.softmax({a}, -1)",
            "{a} @ {b}", "torch.matmul({a}, {b}.t())", "{a}.clone()", "torch.zeros_like({a})",
            "torch.ones_like({a}) * 2", "torch.ops.difftest.scale({a}, 0.5)",
            "{n}.float() * {a}", "torch.ops.aten.add.Tensor({a}, {b})",
            "torch.ops.aten.mul.Tensor({a}, 3)",
        ]
        rhs = r.choice(templates).format(a=a, b=b, n=self.pick(self.ints))
        v = self.fresh("p")
        feature = "custom scale" if "scale" in rhs else "pure"
        return self.try_emit([f"{v} = {rhs}"], feature, new_floats=[v], pure_rhs=rhs)

    def pure_int(self) -> bool:
        a = self.pick(self.ints)
        b = self.pick(self.ints)
        rhs = self.rng.choice([
            "{a} + {b}", "{a} * 3", "{a} - 7", "torch.bitwise_xor({a}, {b})", "{a} & 15",
            "{a} // 3", "torch.maximum({a}, {b})", "{a}.sum(0)", "{a}.t()", "{a}[1:3]",
            "{a}.view(-1)", "{a}.clone()",
        ]).format(a=a, b=b)
        v = self.fresh("i")
        return self.try_emit([f"{v} = {rhs}"], "int", new_ints=[v],
                             pure_rhs=rhs if "[" not in rhs and "view" not in rhs and ".t(" not in rhs else None)

    def view(self) -> bool:
        a = self.pick(self.floats, recent=0.75)
        s = self.shape(a)
        r = self.rng
        n = 1
        for d in s:
            n *= d
        cands = ["{a}.view(-1)", "{a}.flatten()", "{a}.unsqueeze(0)", "{a}.detach()",
                 "{a}.contiguous()", "{a}.float()", "{a}.to(torch.float32)"]
        if len(s) >= 2:
            cands += ["{a}.transpose(0, 1)", "{a}.t()", "{a}.permute(1, 0)",
                      f"{{a}}[:, {r.randrange(s[1])}:{s[1]}]", f"{{a}}.select(1, {r.randrange(s[1])})",
                      f"{{a}}.view({s[1]}, {s[0]})" if s[0] != s[1] else "{a}.view(-1)",
                      f"{{a}}.reshape({n // 2}, 2)" if n % 2 == 0 else "{a}.reshape(-1)"]
        if len(s) >= 1 and s[0] > 1:
            lo = r.randrange(s[0])
            cands += [f"{{a}}[{lo}:{s[0]}]", f"{{a}}[{lo}]", f"{{a}}.narrow(0, {lo}, {s[0] - lo})",
                      f"{{a}}.unsqueeze(0).expand(2, {', '.join(map(str, s))})",
                      f"{{a}}.view({s[0]}, -1)"]
        if n % 4 == 0:
            cands.append(f"{{a}}.view(4, {n // 4})")
        rhs = r.choice(cands).format(a=a)
        v = self.fresh("v")
        return self.try_emit([f"{v} = {rhs}"], "view", new_floats=[v])

    def multi_view(self) -> bool:
        a = self.pick(self.floats, recent=0.7)
        s = self.shape(a)
        if not s:
            return False
        r = self.rng
        dim = r.randrange(len(s))
        size = s[dim]
        m = self.fresh("m")
        kind = r.randrange(5)
        if kind == 0 and size >= 2:
            k = r.choice([d for d in range(1, size) if size % d == 0] or [1])
            call = f"torch.split({a}, {k}, {dim})"
            count = size // k
        elif kind == 1 and size >= 2:
            cut = r.randrange(1, size)
            call = f"torch.split({a}, [{cut}, {size - cut}], {dim})"
            count = 2
        elif kind == 2 and size <= 8:
            call = f"{a}.unbind({dim})"
            count = size
        elif kind == 3 and size >= 2 and size % 2 == 0:
            call = f"{a}.chunk(2, {dim})"
            count = 2
        else:
            return False
        picks = sorted(r.sample(range(count), k=min(count, r.randint(1, 3))))
        lines = [f"{m} = {call}"]
        outs = []
        for i in picks:
            g = self.fresh("g")
            lines.append(f"{g} = {m}[{i}]")
            outs.append(g)
        return self.try_emit(lines, "multi-output view", new_floats=outs)

    def slice_partition(self) -> bool:
        """A complete slice partition of one dim (what split-coalescing canonicalizes),
        sometimes twice (duplicate splits), sometimes written through one slice."""
        a = self.pick(self.floats, recent=0.7)
        s = self.shape(a)
        dims = [d for d in range(len(s)) if s[d] >= 3]
        if not dims:
            return False
        r = self.rng
        dim = r.choice(dims)
        size = s[dim]
        c1 = r.randrange(1, size - 1)
        c2 = r.randrange(c1 + 1, size)
        pre = ", ".join([":"] * dim)
        pre = pre + ", " if pre else ""
        last = r.choice([str(size), "", "9223372036854775807"])
        bounds = [("", c1), (c1, c2), (c2, last)]
        lines, names = [], []
        for _ in range(r.choice([1, 1, 2])):
            for lo, hi in bounds:
                nm = self.fresh("q")
                lines.append(f"{nm} = {a}[{pre}{lo}:{hi}]")
                names.append(nm)
        if r.random() < 0.4:
            lines.append(f"{r.choice(names)}.mul_(3)")
        return self.try_emit(lines, "slice partition", new_floats=names)

    def inplace(self) -> bool:
        r = self.rng
        t = self.pick(self.floats, recent=0.5)
        if torch._debug_has_internal_overlap(self.env[t]) != 0:
            return False  # writing an expanded tensor: undefined
        s = self.partner(self.shape(t)) or self.pick(self.floats)
        stmt = r.choice([
            "{t}.add_({s})", "{t}.mul_(2.0)", "{t}.mul_({s})", "{t}.copy_({s})",
            "{t}.clamp_(-1.0, 1.0)", "{t}.zero_()", "{t}.sub_(1)",
            "torch.ops.aten.add_.Tensor({t}, {s})", "torch.ops.aten.mul_.Tensor({t}, {s})",
            "{t}.index_put_((idx,), {s})", "{t}.index_put_((idx,), {s}, True)",
            "SETITEM", "SETITEM", "SETITEM",
            # inplace_add / inplace_mul (operator.iadd / imul, `x += y` in the dump) only in
            # HOSTILE until piecewise reads augmented assignment (differential_repros/).
        ])
        if stmt == "SETITEM":
            sh = self.shape(t)
            if not sh:
                return False
            idx = r.choice(["0", f"slice(1, {sh[0]})", "idx"] +
                           ([f"(slice(None), slice(1, {sh[1]}))", f"(0, slice(0, {sh[1] // 2 or 1}))"]
                            if len(sh) >= 2 else []))
            try:
                target = self.env[t][eval(idx, {"idx": self.env["idx"]})]
            except Exception:
                return False
            s = self.partner(tuple(target.shape), exclude=[t]) or s
            lines = [f"subscript_assign({t}, {idx}, {s})"]
            feature = "setitem"
        else:
            line = stmt.format(t=t, s=s)
            if r.random() < 0.3 and not line.startswith("torch.ops"):
                # Keep the returned alias and use it later.
                ret = self.fresh("r")
                ok = self.try_emit([f"{ret} = {line}"], "in-place (result kept)", new_floats=[ret])
                return ok
            lines = [line]
            feature = "in-place aten" if line.startswith("torch.ops") else "in-place method"
        return self.try_emit(lines, feature)

    def duplicate(self) -> bool:
        if not self.pure:
            return False
        rhs, kind = self.rng.choice(self.pure[-6:])
        v = self.fresh("d")
        if kind == "int":
            return self.try_emit([f"{v} = {rhs}"], "duplicate", new_ints=[v])
        return self.try_emit([f"{v} = {rhs}"], "duplicate", new_floats=[v])

    def noop(self) -> bool:
        a = self.pick(self.floats, recent=0.7)
        s = self.shape(a)
        r = self.rng
        cands = ["{a} + 0", "{a} * 1", "{a}.clone()", "{a}[:]", "{a} - 0", "{a}.reshape(-1)"]
        if s:
            cands += [f"{{a}}.view({', '.join(map(str, s))})", f"{{a}}.reshape({', '.join(map(str, s))})",
                      f"{{a}}[0:{s[0]}]"]
        rhs = r.choice(cands).format(a=a)
        v = self.fresh("o")
        lines = [f"{v} = {rhs}"]
        if r.random() < 0.5:
            lines.append(f"{v}.add_(1)")  # mutate the result of the no-op
            feature = "no-op then write"
        else:
            feature = "no-op"
        return self.try_emit(lines, feature, new_floats=[v])

    def random_op(self) -> bool:
        a = self.pick(self.floats)
        s = self.shape(a)
        rhs = self.rng.choice([
            "torch.rand_like({a})", "torch.randn({shape}, dtype={a}.dtype)", "torch.nn.functional.dropout({a}, 0.5, True)",
            "torch.bernoulli(torch.sigmoid({a}))", "torch.randn_like({a}) * {a}",
        ]).format(a=a, shape=", ".join(map(str, s)) or "1")
        v = self.fresh("rnd")
        return self.try_emit([f"{v} = {rhs}"], "random", new_floats=[v])

    def dead(self) -> bool:
        a = self.pick(self.floats)
        v = self.fresh("dead")
        rhs = self.rng.choice(["torch.cos({a})", "torch.empty_like({a})", "{a}.view(-1)",
                               "torch.rand_like({a})", "{a}.clone()", "torch.zeros_like({a})"]).format(a=a)
        # Named like dead code, but only dead if nothing picks it later: not added to floats.
        return self.try_emit([f"{v} = {rhs}"], "dead")

    def attention(self) -> bool:
        r = self.rng
        q = self.pick(self.floats)
        s = self.shape(q)
        same = [v for v in self.floats if self.shape(v) == s]
        k, v = r.choice(same), r.choice(same)
        lines = []
        mode = r.randrange(3)
        if mode == 0 or len(same) < 2:
            out = self.fresh("out")
            lines.append(f"{out} = torch.empty_like({q})")
            new = [out]
            feature = "custom attn (fresh out)"
        elif mode == 1:
            out = r.choice(same)  # an existing tensor (maybe an input, maybe a view)
            new = []
            feature = "custom attn (existing out)"
        else:
            base = r.choice([b for b in self.floats if len(self.shape(b)) >= 1 and self.shape(b)[0] > 1]
                            or self.floats)
            out = self.fresh("outv")
            lines.append(f"{out} = {base}[1:]")
            new = [out]
            q = k = v = None
            feature = "custom attn (view out)"
        if q is None:
            lines_ok = self.try_emit(lines, "view", new_floats=new)
            if not lines_ok:
                return False
            same = [x for x in self.floats if self.shape(x) == self.shape(out) and x != out]
            if not same:
                same = [out]
            q, k, v = r.choice(same), r.choice(same), r.choice(same)
            lines = []
            new = []
        layer = f"layers.{self.counter}.attn"
        lines.append(f"torch.ops.difftest.attn({q}, {k}, {v}, {out}, {layer!r})")
        return self.try_emit(lines, feature, new_floats=new)

    # -- driver -----------------------------------------------------------------------

    def run(self, steps: int) -> Program:
        kinds = [
            (self.pure_float, 14), (self.pure_int, 4), (self.view, 14), (self.multi_view, 6), (self.slice_partition, 4),
            (self.inplace, 14), (self.duplicate, 6), (self.noop, 6), (self.random_op, 3),
            (self.dead, 3), (self.attention, 4),
        ]
        fns = [k for k, _ in kinds]
        weights = [w for _, w in kinds]
        done = 0
        tries = 0
        while done < steps and tries < steps * 8:
            tries += 1
            if self.rng.choices(fns, weights)[0]():
                done += 1
        # Outputs: a few recent values, sometimes an input or an int value.
        pool = self.floats[4:] or ["x"]
        outs = self.rng.sample(pool, k=min(len(pool), self.rng.randint(1, 3)))
        if self.rng.random() < 0.3:
            outs.append(self.rng.choice(self.floats[:4]))
        if len(self.ints) > 1 and self.rng.random() < 0.5:
            outs.append(self.ints[-1])
        outs = list(dict.fromkeys(outs))
        return Program(self.seed, self.statements, outs, self.inputs, self.features)


def generate(seed: int, steps: Optional[int] = None) -> Program:
    rng = random.Random(seed * 7919 + 1)
    return _Gen(seed).run(steps if steps is not None else rng.randint(6, 22))


# --------------------------------------------------------------------------------------
# Running what piecewise writes
# --------------------------------------------------------------------------------------


def code_form_namespace() -> dict:
    """What a code-form dump (print_readable(), piecewise opt/print output) assumes is
    imported: torch, device, operator, builtins, math, inf, nan."""
    import builtins
    import math

    return {"torch": torch, "device": torch.device, "operator": operator, "builtins": builtins,
            "math": math, "inf": math.inf, "nan": math.nan, "__name__": "dump"}


def load_code_form(text: str, filename: str = "<dump>") -> torch.nn.Module:
    """Execs a flat code-form module (one class with a forward, as print_readable() and
    `piecewise opt` print it) and returns an instance."""
    import ast

    ns = code_form_namespace()
    exec(compile(text, filename, "exec"), ns)
    tree = ast.parse(text)
    classes = [s.name for s in tree.body if isinstance(s, ast.ClassDef)]
    assert classes, "no class in the printed module"
    return ns[classes[0]]()


def run_seeded(fn: Callable, inputs: Sequence[torch.Tensor], rng_seed: int = 1234):
    """Calls fn on clones of inputs with the RNG reseeded; returns (outputs, inputs after)."""
    args = clone_inputs(inputs)
    torch.manual_seed(rng_seed)
    with torch.no_grad():
        out = fn(*args)
    if not isinstance(out, (tuple, list)):
        out = (out,)
    return tuple(out), args


def assert_same(expected, got, what: str) -> None:
    assert len(expected) == len(got), f"{what}: {len(expected)} values expected, got {len(got)}"
    for i, (e, g) in enumerate(zip(expected, got)):
        if isinstance(e, torch.Tensor):
            assert isinstance(g, torch.Tensor), f"{what} {i}: expected a tensor, got {type(g)}"
            if e.dtype.is_floating_point:
                torch.testing.assert_close(g, e, rtol=1e-5, atol=1e-6, equal_nan=True,
                                           msg=lambda m, i=i: f"{what} {i}: {m}")
            else:
                torch.testing.assert_close(g, e, rtol=0, atol=0, msg=lambda m, i=i: f"{what} {i}: {m}")
        else:
            assert e == g, f"{what} {i}: {e!r} != {g!r}"


def describe(prog: Program) -> str:
    return textwrap.indent(prog.source(), "    ")


# --------------------------------------------------------------------------------------
# Hand-written hostile programs
# --------------------------------------------------------------------------------------

# name -> (statements, outputs). Each aims at one way an alias, effect or RNG rule can go
# wrong in dce / cse / noop-elimination / split-coalescing / split / partition + reorder.
HOSTILE = {
    # A method that returns its input itself, then a write through it: cse must not merge
    # the two reads of x.
    "contiguous-alias-write": (["a = torch.sin(x)", "c = x.contiguous()", "c.add_(1)",
                                "b = torch.sin(x)"], ["a", "b"]),
    "float-alias-write": (["a = torch.sin(x)", "c = x.float()", "c.mul_(2)", "b = torch.sin(x)"],
                          ["a", "b"]),
    "to-alias-write": (["a = torch.sin(x)", "c = x.to(torch.float32)", "c.mul_(2)",
                        "b = torch.sin(x)"], ["a", "b"]),
    "detach-alias-write": (["a = torch.sin(x)", "c = x.detach()", "c.add_(1)", "b = torch.sin(x)"],
                           ["a", "b"]),
    "reshape-alias-write": (["a = torch.sin(x)", "c = x.reshape(32)", "c.add_(1)",
                             "b = torch.sin(x)"], ["a", "b"]),
    "getattr-T-write": (["a = torch.cos(w)", "t = w.T", "t.add_(1)", "b = torch.cos(w)"],
                        ["a", "b"]),
    "iadd-then-read": (["a = torch.sin(x)", "inplace_add(x, 1)", "b = torch.sin(x)"], ["a", "b"]),
    "iadd-result-unused": (["inplace_add(y, x)", "r = torch.relu(x)"], ["r"]),
    "imul-on-view": (["v = x[1:3]", "a = x.sum(0)", "inplace_mul(v, 3)", "b = x.sum(0)"],
                     ["a", "b"]),
    "out-kwarg-write": (["a = torch.cos(y)", "torch.sin(x, out=y)", "b = torch.cos(y)"],
                        ["a", "b"]),
    # The earlier result itself is written: a later identical expression must not reuse it.
    "clone-written-then-clone": (["c1 = x.clone()", "c1.add_(1)", "c2 = x.clone()"],
                                 ["c1", "c2"]),
    "zeros-written-then-zeros": (["z1 = torch.zeros_like(x)", "z1.add_(1)",
                                  "z2 = torch.zeros_like(x)"], ["z1", "z2"]),
    "pure-result-written-then-recomputed": (["a = torch.sin(x)", "a.add_(1)", "b = torch.sin(x)"],
                                            ["a", "b"]),
    "view-of-result-written": (["a = x * 2", "v = a.view(-1)", "v.add_(1)", "b = x * 2"],
                               ["a", "b"]),
    # No-ops whose result is written: the write must not reach the input.
    "noop-add-then-write": (["o = x + 0", "o.add_(1)"], ["x", "o"]),
    "noop-mul-then-setitem": (["o = x * 1", "subscript_assign(o, 0, z)"], ["o"]),
    "noop-sub-then-iadd": (["o = x - 0", "inplace_add(o, y)"], ["o"]),
    "noop-clone-then-write": (["c = x.clone()", "c.mul_(0)"], ["x", "c"]),
    "noop-view-then-write": (["v = x.view(4, 8)", "v.mul_(2)", "s = torch.sin(x)"], ["s"]),
    "full-slice-scatter-then-write": (["r = torch.slice_scatter(x, y, 0, 0, 4)", "r.add_(1)"],
                                      ["r"]),
    "full-slice-then-write": (["s = x[0:4]", "s.add_(1)", "t = x + 0"], ["t"]),
    # Writes through views of inputs, read back through the base.
    "setitem-on-slice-of-input": (["s = x[1:3]", "subscript_assign(s, 0, z)", "a = x.sum(0)"],
                                  ["a"]),
    "cse-across-setitem": (["a = x[0] * 2", "subscript_assign(x, 0, z)", "b = x[0] * 2"],
                           ["a", "b"]),
    "cse-across-index-put": (["a = x + 1", "x.index_put_((idx,), z)", "b = x + 1"], ["a", "b"]),
    "dce-view-only-written": (["v = x[1:3]", "v.zero_()", "r = y + 1"], ["r"]),
    "dce-view-of-view-written": (["v = x.view(-1)", "u = v[2:10]", "u.fill_(3.0)", "r = y + 1"],
                                 ["r"]),
    "unbind-element-written": (["a = torch.sin(x)", "u = x.unbind(0)", "e = u[2]", "e.add_(1)",
                                "b = torch.sin(x)"], ["a", "b"]),
    "split-part-written": (["a = x.sum(1)", "p = torch.split(x, 2)", "q = p[1]", "q.zero_()",
                            "b = x.sum(1)"], ["a", "b"]),
    "chunk-duplicate-written": (["c1 = x.chunk(2, 1)", "a = c1[0]", "c2 = x.chunk(2, 1)",
                                 "b = c2[0]", "b.mul_(2)"], ["a", "b", "x"]),
    "slice-partition-written": (["q = x[:, :2]", "k = x[:, 2:5]", "v = x[:, 5:]", "k.mul_(3)",
                                 "r = q + 1"], ["r", "x", "v"]),
    "slice-partition-then-base-written": (["q = x[:, :3]", "k = x[:, 3:]", "a = q * 1",
                                           "x.add_(1)", "b = k + 0"], ["a", "b"]),
    "in-place-result-alias": (["r = x.add_(1)", "a = torch.sin(x)", "r.mul_(2)",
                               "b = torch.sin(x)"], ["a", "b"]),
    "int-writes": (["a = n * 2", "n.add_(n)", "b = n * 2", "m = n.view(-1)", "m.mul_(3)",
                    "c = n & 15"], ["a", "b", "c"]),
    # Random ops: never merged, never dropped, never reordered among themselves.
    "two-rand-like": (["r1 = torch.rand_like(x)", "r2 = torch.rand_like(x)"], ["r1", "r2"]),
    "dead-rand-before-live": (["d = torch.rand_like(x)", "r = torch.rand_like(x)"], ["r"]),
    "two-dropouts": (["a = torch.nn.functional.dropout(x, 0.5, True)",
                      "b = torch.nn.functional.dropout(x, 0.5, True)"], ["a", "b"]),
    "rand-across-unsafe": (["a = torch.sin(x)", "r1 = torch.rand_like(a)", "r2 = torch.rand_like(y)"],
                           ["r1", "r2"]),
    "rand-around-attn": (["r1 = torch.rand_like(x)", "o = torch.empty_like(x)",
                          "torch.ops.difftest.attn(x, y, r1, o, 'l0')", "r2 = torch.rand_like(y)"],
                         ["o", "r2"]),
    # --reorder may group the safe ops (the rand_likes) together; their draws must keep
    # their order: r2 must not be drawn before r1.
    "rand-reorder-across-unsafe": (["r0 = torch.rand_like(y)", "a = torch.sin(x)",
                                    "r1 = torch.rand_like(a)", "b = torch.sin(y)",
                                    "r2 = torch.rand_like(y)", "c = r1 + b"], ["r0", "c", "r2"]),
    "empty-graph": ([], ["x"]),
    "return-input-twice-and-view": (["x.add_(1)", "v = x.view(-1)"], ["x", "x", "v"]),
    "setitem-tensor-index-on-view": (["v = w[1:5]", "subscript_assign(v, idx[:2], z)",
                                      "a = w * 2"], ["a"]),
    # matmul of a 3-d tensor is view + mm + _unsafe_view in aten; _unsafe_view's schema has
    # no alias annotation, yet its result shares mm's storage: a write through it writes
    # the mm, so a second, identical mm must not be merged with the first.
    "matmul-3d-written-then-recomputed": (["a3 = x.view(2, 2, 8)", "y1 = a3 @ w", "y1.add_(1)",
                                           "y2 = a3 @ w"], ["y1", "y2"]),
    "unsafe-view-written": (["m = torch.mm(x, w)", "u = torch.ops.aten._unsafe_view.default(m, [32])",
                             "a = m * 2", "u.add_(1)", "b = m * 2"], ["a", "b"]),
    "unsafe-view-of-input-written": (["u = torch.ops.aten._unsafe_view.default(x, [32])",
                                      "a = torch.sin(x)", "u.mul_(2)", "b = torch.sin(x)"],
                                     ["a", "b"]),
    # A reshape of a non-contiguous tensor copies: a reshape chain that ends at the
    # original shape is not the original tensor.
    "reshape-chain-through-copy": (["t = x.t()", "r1 = torch.ops.aten.reshape.default(t, [32])",
                                    "r2 = torch.ops.aten.reshape.default(r1, [8, 4])", "r2.add_(1)"],
                                   ["x", "r2"]),
    "reshape-method-chain-through-copy": (["t = x.t()", "r1 = t.reshape(32)", "r2 = r1.reshape(8, 4)",
                                           "r2.add_(1)"], ["x", "r2"]),
    "contiguous-of-transpose-written": (["t = x.t()", "c = t.contiguous()", "c.add_(1)"], ["x", "c"]),
    "view-chain-back-to-shape-written": (["v1 = x.view(32)", "v2 = v1.view(8, 4)", "v3 = v2.view(4, 8)",
                                          "v3.add_(1)", "a = torch.sin(x)"], ["a"]),
    "expand-same-shape-written": (["e = x.expand(4, 8)", "e.mul_(2)", "a = x + 1"], ["a"]),
    "alias-op-written": (["al = torch.ops.aten.alias.default(x)", "a = torch.sin(x)", "al.add_(1)",
                          "b = torch.sin(x)"], ["a", "b"]),
    "split-getitem-view-after-write": (["t = torch.sin(x)", "torch.ops.difftest.attn(y, y, y, t, 'l0')",
                                        "g = t[1:3]", "h = g + 0"], ["h"]),
    "scale-result-written-after-split": (["s = torch.ops.difftest.scale(x, 2.0)", "a = s + 1",
                                          "s.mul_(3)", "b = s + 1"], ["a", "b"]),
    "full-slice-scatter-src-written-after": (["r = torch.slice_scatter(x, y, 0, 0, 4)", "y.add_(1)",
                                              "s = r * 1"], ["s", "y"]),
    "operator-add-result-written": (["a = x + y", "a.add_(1)", "b = x + y"], ["a", "b"]),
    "index-getitem-across-write": (["a = x[idx]", "x.add_(1)", "b = x[idx]"], ["a", "b"]),
    "index-getitem-result-written": (["a = x[idx]", "a.mul_(2)", "b = x[idx]"], ["a", "b", "x"]),
    "int-index-getitem-across-setitem": (["a = n[idx] * 1", "subscript_assign(n, idx, n[0] + 1)",
                                          "b = n[idx] * 1"], ["a", "b"]),
    "to-copy-same-dtype-written": (["c = torch.ops.aten._to_copy.default(x, dtype=torch.float32)",
                                    "c.add_(1)"], ["x", "c"]),
    "arange-written-then-recomputed": (["a = torch.arange(8, dtype=x.dtype)", "a.add_(1)",
                                        "b = torch.arange(8, dtype=x.dtype)", "c = x + b"],
                                       ["a", "c"]),
    "attn-writes-input-then-index": (["torch.ops.difftest.attn(y, y, y, x, 'l0')", "g = x[idx]"],
                                     ["g"]),
    "index-of-split-part-after-attn": (["t = torch.sin(x)", "p = torch.split(t, 2)", "q = p[0]",
                                        "torch.ops.difftest.attn(y, y, y, t, 'l0')", "r = q[idx[:1]]"],
                                       ["r"]),
    "bool-mask-getitem": (["t = torch.sin(x)", "m = t[t > 0]", "s = m.sum()", "r = y * s"], ["r"]),
    "item-scalar": (["v = x.sum().item()", "r = y * v"], ["r"]),
    # The custom in-place op: a splitting / unsafe op that writes.
    "attn-writes-input-read-before-and-after": (["a = torch.cos(x)",
                                                 "torch.ops.difftest.attn(y, y, y, x, 'l0')",
                                                 "b = torch.cos(x)"], ["a", "b"]),
    "attn-writes-view-base-read-after": (["t = torch.sin(x)", "o = t[0:2]",
                                          "torch.ops.difftest.attn(y[0:2], y[0:2], y[0:2], o, 'l0')",
                                          "b = t + 1"], ["b"]),
    "attn-out-read-by-index-after": (["t = torch.sin(x)", "torch.ops.difftest.attn(y, y, y, t, 'l0')",
                                      "g = t[idx]"], ["g"]),
    "attn-out-read-by-int-after": (["t = torch.sin(x)", "torch.ops.difftest.attn(y, y, y, t, 'l0')",
                                    "g = t[1]", "h = g * 1"], ["h"]),
    "attn-twice-chained": (["o1 = torch.empty_like(x)", "torch.ops.difftest.attn(x, y, x, o1, 'l0')",
                            "o2 = torch.empty_like(x)",
                            "torch.ops.difftest.attn(o1, o1, y, o2, 'l1')",
                            "s = torch.ops.difftest.scale(o2, 2.0)", "o1.add_(s)"], ["o1", "o2"]),
    "attn-out-unused": (["o = x[1:3]", "torch.ops.difftest.attn(y[0:2], y[0:2], y[0:2], o, 'l0')"],
                        ["z"]),
    "write-after-split-op-read-before": (["v = x.view(-1)", "a = x + 1",
                                          "s = torch.ops.difftest.scale(y, 3.0)", "v.mul_(2)",
                                          "b = a + s"], ["b", "x"]),
    "reorder-write-between-reads": (["v = x.view(-1)", "a = torch.sin(y)", "v.add_(1)",
                                     "b = torch.cos(x)", "c = torch.sin(b)"], ["a", "c"]),
}


def hostile(name: str) -> Program:
    stmts, outs = HOSTILE[name]
    return Program(seed=0, statements=list(stmts), outputs=list(outs), inputs=make_inputs(0),
                   features={"hostile": 1})
