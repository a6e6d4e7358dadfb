"""The layout a compiled piece was compiled for, held at the boundary after an eager piece.

A piece compiled with Inductor asserts, on entry, that each input tensor has the sizes and
strides of its fake (meta) value (``assert_size_stride``). A splitting piece runs eagerly, and
an eager op may return other strides than its meta kernel says: stock SDPA on CPU picks its
kernel (and with it the output layout) from the real inputs, and a custom op's fake kernel
may simply promise another layout than the real one. The compiled piece after it would then
fail with ``AssertionError: expected size 4==4, stride 16==128 at dim=1``.

So the backend wraps each splitting piece whose outputs feed compiled pieces in
``Restride``: after the eager call, every tensor output whose strides differ from its fake
value's (on the dims of size > 1, the dims Inductor checks) is copied into that layout (an
``empty_strided`` of the promised strides, then ``copy_``). The copy is made at the
producer, so every consumer sees the same tensor. When the layouts agree (the common case)
nothing is copied; the check is one ``is_contiguous()`` call for a contiguous promise, a few
integer compares otherwise.

What layouts are promised: with static shapes the fake strides are integers, compared as
they are. With dynamic shapes they are expressions of the sizes; the layout is held when it
is dense in some order of the dims (contiguous, channels-last, any permutation: every
stride the product of the sizes inside it), which is what op outputs are, and the strides
to expect are computed from the real sizes. A promise that is neither (an overlapping or
strided view with symbolic strides) is not held: the compiled piece's own assert then
reports a mismatch loudly, never silently.

An output that aliases one of the piece's inputs or another output is never copied (a copy
would detach a later in-place write from the tensor it is meant for): a mismatch there
raises a RuntimeError naming the piece and the op's layouts.
"""

from __future__ import annotations

from typing import List, Optional, Sequence, Tuple

import torch

#: A promised layout: ("static", strides) or ("dense", perm) (outermost dim first).
Spec = Optional[Tuple[str, tuple]]


def _expr(x):
    import sympy

    if isinstance(x, int):
        return sympy.Integer(x)
    if isinstance(x, torch.SymInt):
        return x.node.expr
    return None


def _hint(x) -> Optional[int]:
    if isinstance(x, int):
        return x
    if isinstance(x, torch.SymInt):
        h = x.node.hint
        return int(h) if h is not None else None
    return None


def spec_of(v) -> Spec:
    """The layout a fake tensor promises, as ``Restride`` checks it; None when there is
    nothing to hold (not a tensor) or it cannot be held (see the module docstring)."""
    if not isinstance(v, torch.Tensor) or v.layout != torch.strided:
        return None
    sizes, strides = tuple(v.shape), tuple(v.stride())
    if all(isinstance(s, int) for s in sizes + strides):
        return ("static", strides)
    size_e = [_expr(s) for s in sizes]
    stride_e = [_expr(s) for s in strides]
    hints = [_hint(s) for s in strides]
    if any(e is None for e in size_e + stride_e) or any(h is None for h in hints):
        return None
    # Outermost first: larger stride outside; a tie (a size-1 dim) keeps the dims' order.
    perm = tuple(sorted(range(len(sizes)), key=lambda d: (-hints[d], d)))
    acc = _expr(1)
    for d in reversed(perm):
        if size_e[d] != 1:
            if (stride_e[d] - acc).expand() != 0:
                return None
            acc = acc * size_e[d]
    return ("dense", perm)


def dense_strides(shape: Sequence[int], perm: Sequence[int]) -> List[int]:
    strides = [0] * len(shape)
    acc = 1
    for d in reversed(perm):
        strides[d] = acc
        acc *= max(shape[d], 1)
    return strides


def expected_strides(t: torch.Tensor, spec: Spec) -> Optional[List[int]]:
    """The strides ``t`` must have to keep ``spec``; None when it already does (on every dim
    of size > 1) or cannot (another rank)."""
    kind, data = spec
    if t.dim() != len(data):
        return None
    if kind == "dense" and data == tuple(range(len(data))):
        return None if t.is_contiguous() else dense_strides(t.shape, data)
    want = list(data) if kind == "static" else dense_strides(t.shape, data)
    have = t.stride()
    shape = t.shape
    for d in range(len(want)):
        if shape[d] > 1 and have[d] != want[d]:
            return want
    return None


class Restride(torch.nn.Module):
    """Runs an eager piece; copies each tensor output whose strides differ from its promise
    into the promised layout (see the module docstring). ``copies`` counts the copies made."""

    def __init__(self, piece: torch.nn.Module, specs: Sequence[Spec], name: str):
        super().__init__()
        self.source = piece  # the eager piece (kept for inspection, as _Shared keeps it)
        self.specs = tuple(specs)
        self.name = name
        self.copies = 0

    def forward(self, *args):
        out = self.source(*args)
        single = not isinstance(out, tuple)
        values = (out,) if single else out
        fixed = None
        for i, spec in enumerate(self.specs):
            if spec is None or i >= len(values):
                continue
            t = values[i]
            if not isinstance(t, torch.Tensor):
                continue
            want = expected_strides(t, spec)
            if want is None:
                continue
            self._check_not_aliased(t, i, values, args, want)
            copy = torch.empty_strided(t.shape, want, dtype=t.dtype, device=t.device)
            copy.copy_(t)
            if fixed is None:
                fixed = list(values)
            fixed[i] = copy
            self.copies += 1
        if fixed is None:
            return out
        return fixed[0] if single else tuple(fixed)

    def _check_not_aliased(self, t, i, values, args, want) -> None:
        ptr = t.untyped_storage().data_ptr()
        others = [a for a in args if isinstance(a, torch.Tensor)]
        others += [v for j, v in enumerate(values) if j != i and isinstance(v, torch.Tensor)]
        if ptr and any(o.untyped_storage().data_ptr() == ptr for o in others):
            raise RuntimeError(
                f"piecewise: the eager piece {self.name} returned output {i} with strides "
                f"{tuple(t.stride())} (sizes {tuple(t.shape)}) where its meta kernel promised "
                f"{tuple(want)}, and the output shares storage with an input or another output, "
                "so it cannot be copied into the promised layout; fix the op's fake (meta) "
                "kernel (torch.library.opcheck finds such mismatches)")


def restride_specs(piece) -> List[Spec]:
    """One Spec per output of ``piece`` (a GraphModule returning a tuple or a value)."""
    out = next(n for n in reversed(piece.graph.nodes) if n.op == "output")
    outs = out.args[0]
    outs = outs if isinstance(outs, (tuple, list)) else (outs,)
    specs = []
    for o in outs:
        v = None
        if isinstance(o, torch.fx.Node):
            v = o.meta.get("val")
            if v is None:
                v = o.meta.get("example_value")
        specs.append(spec_of(v))
    return specs
