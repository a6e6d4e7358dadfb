#!/usr/bin/env python3
"""Llama-style decoders captured the way vLLM sees them, for benchmarks and tests.

    PYTHONPATH=build/python:python python3 bench/capture_llama.py --layers 80 [--print]

The model (``VllmLlama``) is shaped like vLLM's Llama forward at the level Dynamo sees it:
per layer an RMSNorm, a fused QKV projection split three ways, rotary embedding on
``positions`` (``x.size()`` / ``.view`` on the token dim, so Dynamo records size queries), a
KV-cache write through ``vllm_like::unified_kv_cache_update(k, v, layer_name)``, attention
through ``vllm_like::unified_attention_with_output(q, k, v, out, layer_name)`` into an
``empty`` buffer, the output projection, a gated MLP. ``layer_name`` is a ``LayerName``
registered as an opaque value type (hoisted: it becomes a graph input), as vLLM does.

Captures:
  - ``dynamo(layers)``: ``torch.compile(model, backend=<record>, fullgraph=True)`` with the
    token dim marked dynamic; torch lifts the parameters into graph inputs. This is the
    graph vLLM's backend receives and splits.
  - ``makefx(layers)``: ``make_fx(fn(input_ids, positions, *params), tracing_mode="fake")``.
Both return ``(gm, example_inputs)``; inputs are real tensors for the placeholders, so the
graph (and its split) can be run.
"""

import argparse
import sys
from typing import List, Tuple

import torch
import torch.nn as nn
import torch.nn.functional as F

HIDDEN = 64
HEADS = 4
HEAD_DIM = HIDDEN // HEADS
INTERMEDIATE = 128
VOCAB = 128
EPS = 1e-6

OPS_NS = "vllm_like"
ATTN = f"{OPS_NS}::unified_attention_with_output"
KV_UPDATE = f"{OPS_NS}::unified_kv_cache_update"
SPLITTING_OPS = [ATTN, KV_UPDATE]


# --- the ops (vLLM's schema, CPU kernels) ------------------------------------------------------

_OPAQUE_KIND = "value"
try:
    from torch._library.opaque_object import OpaqueBase, register_opaque_type
except ImportError:
    try:  # torch 2.14 and 2.15: the same, renamed ("value" types are now "constant")
        from torch._custom_class_base import CustomClassBase as OpaqueBase
        from torch._library.opaque_object import register_custom_class as register_opaque_type
        _OPAQUE_KIND = "constant"
    except ImportError:  # older torch: a plain str layer name
        OpaqueBase, register_opaque_type = object, None


class LayerName(OpaqueBase):
    """A layer's name as an opaque value (vLLM passes its attention layers' names this way)."""

    def __init__(self, name: str):
        self.name = name

    def __eq__(self, other):
        return isinstance(other, LayerName) and other.name == self.name

    def __hash__(self):
        return hash(self.name)

    def __repr__(self):
        return f"LayerName({self.name!r})"

    def __fx_repr__(self):
        return f"LayerName({self.name!r})", {"LayerName": LayerName}


_KV_CACHE = {}


def _register():
    if hasattr(getattr(torch.ops, OPS_NS), "unified_attention_with_output"):
        return
    if register_opaque_type is not None:
        register_opaque_type(LayerName, typ=_OPAQUE_KIND, hoist=True)
    name_t = LayerName if register_opaque_type is not None else str

    def attn(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, output: torch.Tensor,
             layer_name: name_t) -> None:  # type: ignore[valid-type]
        t = q.shape[0]
        qh, kh, vh = (a.reshape(t, HEADS, HEAD_DIM).transpose(0, 1) for a in (q, k, v))
        s = qh @ kh.transpose(1, 2) / HEAD_DIM ** 0.5
        s = s.masked_fill(torch.ones(t, t, dtype=torch.bool).triu(1), float("-inf"))
        output.copy_((s.softmax(-1) @ vh).transpose(0, 1).reshape(t, HIDDEN))

    def kv_update(k: torch.Tensor, v: torch.Tensor, layer_name: name_t) -> None:  # type: ignore
        key = layer_name.name if isinstance(layer_name, LayerName) else layer_name
        _KV_CACHE[key] = (k.detach().clone(), v.detach().clone())

    torch.library.custom_op(ATTN, attn, mutates_args=("output",))
    torch.library.custom_op(KV_UPDATE, kv_update, mutates_args=())
    torch.library.register_fake(ATTN, lambda q, k, v, output, layer_name: None)
    torch.library.register_fake(KV_UPDATE, lambda k, v, layer_name: None)


_register()


# --- the model -----------------------------------------------------------------------------------

class RMSNorm(nn.Module):
    def __init__(self):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(HIDDEN))

    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + EPS) * self.weight


def rotary(x, cos, sin):
    shape = x.size()
    x = x.view(shape[0], HEADS, HEAD_DIM)
    x1, x2 = x.chunk(2, dim=-1)
    rot = torch.cat((-x2, x1), dim=-1)
    return (x * cos + rot * sin).view(shape)


class Layer(nn.Module):
    def __init__(self, i: int):
        super().__init__()
        self.layer_name = LayerName(f"model.layers.{i}.self_attn.attn") \
            if register_opaque_type is not None else f"model.layers.{i}.self_attn.attn"
        self.input_layernorm = RMSNorm()
        self.qkv_proj = nn.Linear(HIDDEN, 3 * HIDDEN, bias=False)
        self.o_proj = nn.Linear(HIDDEN, HIDDEN, bias=False)
        self.post_attention_layernorm = RMSNorm()
        self.gate_up_proj = nn.Linear(HIDDEN, 2 * INTERMEDIATE, bias=False)
        self.down_proj = nn.Linear(INTERMEDIATE, HIDDEN, bias=False)

    def forward(self, h, cos, sin):
        x = self.input_layernorm(h)
        q, k, v = self.qkv_proj(x).split([HIDDEN, HIDDEN, HIDDEN], dim=-1)
        q, k = rotary(q, cos, sin), rotary(k, cos, sin)
        getattr(torch.ops, OPS_NS).unified_kv_cache_update(k, v, self.layer_name)
        out = torch.empty((q.size(0), HIDDEN), dtype=q.dtype, device=q.device)
        getattr(torch.ops, OPS_NS).unified_attention_with_output(q, k, v, out, self.layer_name)
        h = h + self.o_proj(out)
        gate, up = self.gate_up_proj(self.post_attention_layernorm(h)).chunk(2, dim=-1)
        return h + self.down_proj(F.silu(gate) * up)


class VllmLlama(nn.Module):
    def __init__(self, layers: int):
        super().__init__()
        self.embed_tokens = nn.Embedding(VOCAB, HIDDEN)
        self.layers = nn.ModuleList(Layer(i) for i in range(layers))
        self.norm = RMSNorm()
        inv = 1.0 / (10000 ** (torch.arange(0, HEAD_DIM // 2).float() / (HEAD_DIM // 2)))
        self.register_buffer("inv_freq", inv, persistent=False)

    def forward(self, input_ids, positions):
        h = self.embed_tokens(input_ids)
        freqs = positions[:, None].float() * self.inv_freq[None, :]
        emb = torch.cat((freqs, freqs), dim=-1)[:, None, :]
        cos, sin = emb.cos(), emb.sin()
        for layer in self.layers:
            h = layer(h, cos, sin)
        return self.norm(h)


def build(layers: int, seed: int = 0) -> VllmLlama:
    torch.manual_seed(seed)
    m = VllmLlama(layers).eval()
    with torch.no_grad():
        for p in m.parameters():
            p.normal_(0.0, 0.1) if p.dim() > 1 else p.uniform_(0.5, 1.5)
    return m


def example(tokens: int = 8, seed: int = 0) -> Tuple[torch.Tensor, torch.Tensor]:
    g = torch.Generator().manual_seed(seed)
    return torch.randint(0, VOCAB, (tokens,), generator=g), torch.arange(tokens)


# --- captures --------------------------------------------------------------------------------

def dynamo(layers: int, tokens: int = 8, model: VllmLlama = None):
    """The Dynamo graph of ``model(input_ids, positions)`` with a dynamic token count, and
    the real values of its placeholders (parameters, SymInts, LayerNames, inputs) as the
    backend received them."""
    model = model or build(layers)
    ids, pos = example(tokens)
    graphs: List = []
    inputs: List = []

    def record(gm, example_inputs):
        graphs.append(gm)
        # the real values; the SymInts (both are the token count) as ints
        inputs.extend(tokens if isinstance(v, torch.SymInt) else v for v in example_inputs)
        return gm.forward

    torch._dynamo.reset()
    torch._dynamo.mark_dynamic(ids, 0)
    torch._dynamo.mark_dynamic(pos, 0)
    with torch.no_grad():
        torch.compile(model, backend=record, fullgraph=True)(ids, pos)
    assert len(graphs) == 1, len(graphs)
    gm = graphs[0]
    return gm, inputs


def makefx(layers: int, tokens: int = 8, model: VllmLlama = None, mode: str = "fake"):
    """make_fx of ``fn(input_ids, positions, *params_and_buffers)``."""
    from torch.fx.experimental.proxy_tensor import make_fx

    model = model or build(layers)
    ids, pos = example(tokens)
    names = [n for n, _ in model.named_parameters()] + [n for n, _ in model.named_buffers()]
    vals = [p.detach() for _, p in model.named_parameters()] + [b for _, b in model.named_buffers()]

    def fn(i, p, *state):
        return (torch.func.functional_call(model, dict(zip(names, state)), (i, p)),)

    args = (ids, pos, *vals)
    with torch.no_grad():
        gm = make_fx(fn, tracing_mode=mode)(*args)
    return gm, list(args)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--layers", type=int, default=2)
    ap.add_argument("--how", choices=["dynamo", "makefx"], default="dynamo")
    ap.add_argument("--print", action="store_true", help="print the captured graph's code")
    a = ap.parse_args(argv)
    gm, inputs = (dynamo if a.how == "dynamo" else makefx)(a.layers)
    print(f"{a.how}: {a.layers} layers, {len(gm.graph.nodes)} nodes, {len(inputs)} inputs",
          file=sys.stderr)
    if a.print:
        print(gm.print_readable(print_output=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
