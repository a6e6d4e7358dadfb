#!/usr/bin/env python3
"""Write the bundled example graph dumps in examples/.

Run from anywhere with torch 2.13 (the CPU build is enough):

    python3 examples/make_examples.py

Every dump is written with ``gm.print_readable(print_output=False, include_stride=True,
include_device=True)`` so that annotations carry sizes, strides and devices, behind a header
of ``#`` comment lines saying how it was made. The script is deterministic: rerunning it
rewrites the same files (absolute paths in ``# File:`` comments are made relative to the
repository root).

The model definitions here are also imported by python/tests/test_examples.py, which runs
the dumps and compares them with eager execution of these models. Keep the ``*_flat``
functions' argument order in sync with the captures.

Capture modes used:
- make_fx, tracing_mode="fake": aten level, not functionalized (the custom attention op
  appears as a direct in-place call, like vLLM's post-grad graphs).
- make_fx, tracing_mode="symbolic": the same with a symbolic number of tokens (s0 ...).
- Dynamo (torch.compile with a backend that records the GraphModule): torch level.
- Dynamo + aot_autograd (fw_compiler records the graph): aten level, functionalized, so the
  custom op appears under ``auto_functionalized_v2`` / ``auto_functionalized``.
- The seed function is captured with make_fx inside a FakeTensorMode whose inputs are fake
  *cuda* tensors: FakeTensorMode allows device="cuda" on a CPU-only torch, so the dump
  carries real ``cuda:0`` annotations and ``device(type='cuda', index=0)`` arguments without
  any post-processing.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Callable, Dict, List, Sequence, Tuple

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.fx.experimental.proxy_tensor import make_fx
from torch._subclasses.fake_tensor import FakeTensorMode

EXAMPLES_DIR = Path(__file__).resolve().parent
REPO_ROOT = EXAMPLES_DIR.parent
if str(EXAMPLES_DIR) not in sys.path:
    sys.path.insert(0, str(EXAMPLES_DIR))

import demo_ops  # noqa: E402,F401  (registers vllm::unified_attention_with_output)

SEED = 0

# ---------------------------------------------------------------------------------------
# Model definitions
# ---------------------------------------------------------------------------------------

VOCAB = 128
HIDDEN = 64
HEADS = 4
HEAD_DIM = demo_ops.HEAD_DIM  # 16; HEADS * HEAD_DIM == HIDDEN
INTERMEDIATE = 128
LAYERS = 2
EPS = 1e-6
NUM_TOKENS = 8  # example token count used for tracing


class RMSNorm(nn.Module):
    def __init__(self, dim: int, eps: float = EPS):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))
        self.eps = eps

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        var = x.pow(2).mean(-1, keepdim=True)
        return x * torch.rsqrt(var + self.eps) * self.weight


class DecoderLayer(nn.Module):
    def __init__(self, index: int):
        super().__init__()
        self.layer_name = f"model.layers.{index}.self_attn.attn"
        self.input_layernorm = RMSNorm(HIDDEN)
        self.qkv_proj = nn.Linear(HIDDEN, 3 * HIDDEN, bias=False)
        self.o_proj = nn.Linear(HIDDEN, HIDDEN, bias=False)
        self.post_attention_layernorm = RMSNorm(HIDDEN)
        self.gate_up_proj = nn.Linear(HIDDEN, 2 * INTERMEDIATE, bias=False)
        self.down_proj = nn.Linear(INTERMEDIATE, HIDDEN, bias=False)

    def forward(self, h: torch.Tensor) -> torch.Tensor:
        x = self.input_layernorm(h)
        qkv = self.qkv_proj(x)
        q, k, v = qkv.split([HIDDEN, HIDDEN, HIDDEN], dim=-1)
        attn_out = torch.empty_like(q)
        torch.ops.vllm.unified_attention_with_output(q, k, v, attn_out, self.layer_name)
        h = h + self.o_proj(attn_out)
        x = self.post_attention_layernorm(h)
        gate, up = self.gate_up_proj(x).split([INTERMEDIATE, INTERMEDIATE], dim=-1)
        return h + self.down_proj(F.silu(gate) * up)


class TinyLlama(nn.Module):
    """A two-layer Llama-style decoder over a flat batch of tokens ([T] -> [T, HIDDEN])."""

    def __init__(self, layers: int = LAYERS):
        super().__init__()
        self.embed_tokens = nn.Embedding(VOCAB, HIDDEN)
        self.layers = nn.ModuleList(DecoderLayer(i) for i in range(layers))
        self.norm = RMSNorm(HIDDEN)

    def forward(self, input_ids: torch.Tensor) -> torch.Tensor:
        h = self.embed_tokens(input_ids)
        for layer in self.layers:
            h = layer(h)
        return self.norm(h)


NUM_EXPERTS = 4
TOP_K = 2
MOE_INTERMEDIATE = 32


class TinyMoE(nn.Module):
    """A mixture-of-experts MLP block: router, softmax, top-k, experts, weighted sum.

    Experts are stored stacked ([E, ...]); every token runs through every expert (dense)
    and the top-k results are gathered back, so shapes stay static.
    """

    def __init__(self):
        super().__init__()
        self.gate = nn.Linear(HIDDEN, NUM_EXPERTS, bias=False)
        self.w13 = nn.Parameter(torch.randn(NUM_EXPERTS, 2 * MOE_INTERMEDIATE, HIDDEN) * 0.1)
        self.w2 = nn.Parameter(torch.randn(NUM_EXPERTS, HIDDEN, MOE_INTERMEDIATE) * 0.1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        router_logits = self.gate(x)  # [T, E]
        probs = torch.softmax(router_logits, dim=-1)
        topk_weights, topk_ids = torch.topk(probs, TOP_K, dim=-1)  # [T, K]
        topk_weights = topk_weights / topk_weights.sum(dim=-1, keepdim=True)
        # Dense expert MLPs: [E, T, 2I] -> silu(gate) * up -> [E, T, HIDDEN]
        h13 = torch.einsum("td,eid->eti", x, self.w13)
        gate, up = h13.chunk(2, dim=-1)
        expert_out = torch.einsum("eti,edi->etd", F.silu(gate) * up, self.w2)
        # Gather each token's top-k expert outputs: [T, K, HIDDEN]
        tokens = torch.arange(x.shape[0], device=x.device)
        picked = expert_out[topk_ids, tokens[:, None]]
        return (picked * topk_weights[..., None]).sum(dim=1)


class TinyMoEScatter(TinyMoE):
    """The same MoE block (same parameters) computed sparsely: for each expert, the tokens
    routed to it are found with ``torch.where`` (data-dependent sizes: unbacked u0, u1 ...),
    gathered, run through the expert and scattered back with ``index_add_``."""

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        router_logits = self.gate(x)
        probs = torch.softmax(router_logits, dim=-1)
        topk_weights, topk_ids = torch.topk(probs, TOP_K, dim=-1)
        topk_weights = topk_weights / topk_weights.sum(dim=-1, keepdim=True)
        out = torch.zeros_like(x)
        for e in range(NUM_EXPERTS):
            token_idx, slot = torch.where(topk_ids == e)
            gate, up = (x[token_idx] @ self.w13[e].t()).chunk(2, dim=-1)
            y = (F.silu(gate) * up) @ self.w2[e].t()
            out.index_add_(0, token_idx, y * topk_weights[token_idx, slot, None])
        return out


def seed_roundtrip(x):
    """The seed function: add, reinterpret as float8 bits, go through the CPU and back."""
    y = x + 1
    z = y.view(torch.float8_e4m3fn)
    zc = z.cpu()
    return zc.to(x.device)


def build_llama(layers: int = LAYERS, seed: int = SEED) -> TinyLlama:
    torch.manual_seed(seed)
    model = TinyLlama(layers).eval()
    with torch.no_grad():
        for p in model.parameters():
            p.normal_(0.0, 0.1) if p.dim() > 1 else p.uniform_(0.5, 1.5)
    return model


def build_moe(cls=TinyMoE) -> TinyMoE:
    torch.manual_seed(SEED + 1)
    return cls().eval()


def param_names(model: nn.Module) -> List[str]:
    return [name for name, _ in model.named_parameters()]


def flat_fn(model: nn.Module) -> Callable:
    """``fn(x, *params)`` that runs ``model`` with the given parameters.

    Captured with make_fx, this gives a graph whose placeholders are ``arg0_1`` (the model
    input) followed by one placeholder per parameter in ``named_parameters()`` order, like
    an AOT-compiled vLLM graph; nothing is a get_attr constant, so the dump is runnable.
    """
    names = param_names(model)

    def fn(x, *params):
        return (torch.func.functional_call(model, dict(zip(names, params)), (x,)),)

    return fn


def flat_inputs(model: nn.Module, x: torch.Tensor) -> Tuple[torch.Tensor, ...]:
    return (x, *(p.detach() for p in model.parameters()))


def llama_example_input(num_tokens: int = NUM_TOKENS) -> torch.Tensor:
    g = torch.Generator().manual_seed(SEED)
    return torch.randint(0, VOCAB, (num_tokens,), generator=g)


def moe_example_input(num_tokens: int = NUM_TOKENS) -> torch.Tensor:
    g = torch.Generator().manual_seed(SEED)
    return torch.randn(num_tokens, HIDDEN, generator=g)


def dynamo_placeholder_name(path: str) -> str:
    """The placeholder name Dynamo gives ``self.<path>`` of the compiled module: a
    parameter ``layers.0.qkv_proj.weight`` ->
    ``L_self_modules_layers_modules_0_modules_qkv_proj_parameters_weight_``; a plain float
    attribute (lifted with ``dynamic=True``) ``norm.eps`` -> ``L_self_modules_norm_eps``."""
    *mods, leaf = path.split(".")
    prefix = "L_self_" + "".join(f"modules_{m}_" for m in mods)
    return prefix + leaf


def dynamo_inputs(model: nn.Module, placeholder_names: Sequence[str], x: torch.Tensor) -> List:
    """Values for the placeholders of a Dynamo graph of ``model(x)``, by name: parameters,
    lifted float attributes (as f64 scalars), ``L_x_``-style model inputs and SymInts (the
    sizes of ``x``, in order of appearance)."""
    table: Dict[str, object] = {}
    for name, p in model.named_parameters():
        *mods, leaf = name.split(".")
        table[dynamo_placeholder_name(".".join([*mods, "parameters_" + leaf + "_"]))] = p.detach()
    for mod_name, mod in model.named_modules():
        for attr, value in vars(mod).items():
            if isinstance(value, float):
                path = f"{mod_name}.{attr}" if mod_name else attr
                table[dynamo_placeholder_name(path)] = torch.tensor(value, dtype=torch.float64)
    out = []
    sizes = iter(x.shape)
    for n in placeholder_names:
        if n in table:
            out.append(table[n])
        elif n.startswith("L_") and not n.startswith("L_self_"):
            out.append(x)
        elif n.startswith("s"):
            out.append(next(sizes))
        else:
            raise KeyError(f"no value for Dynamo placeholder {n}")
    return out


# ---------------------------------------------------------------------------------------
# Capturing
# ---------------------------------------------------------------------------------------


def readable(gm: torch.fx.GraphModule) -> str:
    text = gm.print_readable(print_output=False, include_stride=True, include_device=True)
    # Make "# File:" comments independent of where the repository is checked out.
    return text.replace(str(REPO_ROOT) + os.sep, "")


def capture_make_fx(fn: Callable, args: Sequence, mode: str) -> torch.fx.GraphModule:
    torch.manual_seed(SEED)
    with torch.no_grad():
        return make_fx(fn, tracing_mode=mode)(*args)


class Recorder:
    """A torch.compile backend that records every GraphModule it is given."""

    def __init__(self):
        self.graphs: List[torch.fx.GraphModule] = []

    def __call__(self, gm: torch.fx.GraphModule, example_inputs):
        self.graphs.append(gm)
        return gm.forward


def capture_dynamo(model: nn.Module, x: torch.Tensor, dynamic: bool) -> torch.fx.GraphModule:
    torch._dynamo.reset()
    rec = Recorder()
    compiled = torch.compile(model, backend=rec, dynamic=dynamic, fullgraph=True)
    with torch.no_grad():
        compiled(x)
    assert len(rec.graphs) == 1, f"expected one Dynamo graph, got {len(rec.graphs)}"
    return rec.graphs[0]


def capture_aot(model: nn.Module, x: torch.Tensor) -> torch.fx.GraphModule:
    from torch._dynamo.backends.common import aot_autograd

    torch._dynamo.reset()
    graphs: List[torch.fx.GraphModule] = []

    def fw_compiler(gm, example_inputs):
        graphs.append(gm)
        return gm.forward

    backend = aot_autograd(fw_compiler=fw_compiler)
    compiled = torch.compile(model, backend=backend, fullgraph=True)
    with torch.no_grad():
        compiled(x)
    assert len(graphs) == 1, f"expected one AOT forward graph, got {len(graphs)}"
    return graphs[0]


def capture_seed_on_fake_cuda(dynamic: bool = False) -> torch.fx.GraphModule:
    """make_fx of seed_roundtrip on a fake *cuda* input (no GPU needed).

    FakeTensorMode lets a CPU-only torch create fake tensors on device "cuda"; tracing
    inside that mode records real cuda:0 devices in the meta and in the _to_copy calls.
    With ``dynamic``, the mode gets a ShapeEnv and the input's first dim is a symbol taken
    from a symbolic fake CPU tensor.
    """
    from torch.fx.experimental.symbolic_shapes import (
        DimDynamic,
        ShapeEnv,
        StatelessSymbolicContext,
    )

    mode = FakeTensorMode(allow_non_fake_inputs=True, shape_env=ShapeEnv() if dynamic else None)
    rows = 4
    if dynamic:
        sym = mode.from_tensor(
            torch.empty(4, 8),
            symbolic_context=StatelessSymbolicContext(
                dynamic_sizes=[DimDynamic.DYNAMIC, DimDynamic.STATIC]
            ),
        )
        rows = sym.shape[0]
    with mode:
        x = torch.empty(rows, 8, dtype=torch.float32, device="cuda")
    with mode, torch.no_grad():
        return make_fx(seed_roundtrip, tracing_mode="real")(x)


def capture_unbacked(fn: Callable, args: Sequence) -> torch.fx.GraphModule:
    """make_fx with static input shapes but a ShapeEnv, so that data-dependent output sizes
    (nonzero, torch.where) become unbacked symbols u0, u1, ..."""
    from torch.fx.experimental.symbolic_shapes import ShapeEnv

    mode = FakeTensorMode(shape_env=ShapeEnv(), static_shapes=True)
    fake_args = [mode.from_tensor(a) for a in args]
    with mode, torch.no_grad():
        return make_fx(fn, tracing_mode="real")(*fake_args)


# ---------------------------------------------------------------------------------------
# Examples
# ---------------------------------------------------------------------------------------


def header(how: str) -> str:
    lines = [
        f"# Generated by examples/make_examples.py with torch {torch.__version__}; do not edit.",
        f"# Capture: {how}",
        "# Regenerate: python3 examples/make_examples.py",
    ]
    return "\n".join(lines) + "\n"


def examples() -> Dict[str, Tuple[str, Callable[[], torch.fx.GraphModule]]]:
    llama = build_llama()
    moe = build_moe()
    moe_scatter = build_moe(TinyMoEScatter)
    ids = llama_example_input()
    hx = moe_example_input()
    return {
        "llama2_makefx.py": (
            "make_fx(tracing_mode='fake') of TinyLlama (2 layers) as fn(input_ids, *params); "
            "aten level, not functionalized, static 8 tokens",
            lambda: capture_make_fx(flat_fn(llama), flat_inputs(llama, ids), "fake"),
        ),
        "llama2_makefx_dynamic.py": (
            "make_fx(tracing_mode='symbolic') of TinyLlama (2 layers) as fn(input_ids, *params); "
            "aten level, not functionalized, symbolic token count s0",
            lambda: capture_make_fx(flat_fn(llama), flat_inputs(llama, ids), "symbolic"),
        ),
        "llama2_dynamo.py": (
            "torch.compile(TinyLlama, backend=<recorder>, fullgraph=True): the Dynamo "
            "graph (torch level), static 8 tokens",
            lambda: capture_dynamo(llama, ids, dynamic=False),
        ),
        "llama2_dynamo_dynamic.py": (
            "torch.compile(TinyLlama, backend=<recorder>, dynamic=True, fullgraph=True): "
            "the Dynamo graph (torch level) with SymInt placeholders",
            lambda: capture_dynamo(llama, ids, dynamic=True),
        ),
        "llama2_aot.py": (
            "torch.compile(TinyLlama, backend=aot_autograd(fw_compiler=<recorder>)) under "
            "no_grad: the AOT inference graph (aten level, functionalized)",
            lambda: capture_aot(llama, ids),
        ),
        "moe_makefx.py": (
            "make_fx(tracing_mode='fake') of TinyMoE as fn(x, *params): router, softmax, "
            "topk, dense experts (einsum), gather by index, weighted sum",
            lambda: capture_make_fx(flat_fn(moe), flat_inputs(moe, hx), "fake"),
        ),
        "moe_scatter_makefx.py": (
            "make_fx in a FakeTensorMode with a ShapeEnv and static inputs, of "
            "TinyMoEScatter as fn(x, *params): per-expert torch.where (nonzero, unbacked "
            "sizes u0..u3), index, index_add_",
            lambda: capture_unbacked(flat_fn(moe_scatter), flat_inputs(moe_scatter, hx)),
        ),
        "seed_cpu_roundtrip.py": (
            "make_fx inside FakeTensorMode on fake cuda tensors (CPU-only torch, no "
            "post-processing): y = x + 1; z = y.view(float8_e4m3fn); z.cpu().to(x.device)",
            lambda: capture_seed_on_fake_cuda(dynamic=False),
        ),
        "seed_cpu_roundtrip_dynamic.py": (
            "as seed_cpu_roundtrip.py, with a symbolic first dim (fake cuda tensor in a "
            "FakeTensorMode with a ShapeEnv)",
            lambda: capture_seed_on_fake_cuda(dynamic=True),
        ),
    }


def main(argv: Sequence[str]) -> int:
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=EXAMPLES_DIR, help="output folder (default: examples/)")
    ap.add_argument("only", nargs="*", help="file names to write (default: all)")
    args = ap.parse_args(argv[1:])
    args.out.mkdir(parents=True, exist_ok=True)
    for fname, (how, capture) in examples().items():
        if args.only and fname not in args.only:
            continue
        gm = capture()
        text = header(how) + readable(gm)
        if not text.endswith("\n"):
            text += "\n"
        (args.out / fname).write_text(text)
        print(f"wrote {args.out / fname} ({text.count(chr(10))} lines)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
