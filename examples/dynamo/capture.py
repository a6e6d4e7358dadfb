#!/usr/bin/env python3
"""Capture the Dynamo-level graphs in this folder with torch 2.13 (CPU is enough).

    python3 examples/dynamo/capture.py

Each model below is written here in the style of the real one it stands for, with
random weights, and compiled with ``torch.compile(model, backend=<capturing backend>)``;
the graph Dynamo hands the backend is written with ``print_readable(include_stride=True,
include_device=True)``, as TORCH_LOGS=graph_code prints it. Dynamo-level constructs the
other examples lack, and that piecewise must read:

- ``hf_llama_sdpa*.py``: a Hugging Face-style Llama (rotary embeddings, RMSNorm, GQA)
  calling stock ``F.scaled_dot_product_attention`` (``torch._C._nn.scaled_dot_product_attention``
  at this level); static and ``dynamic=True`` (RMSNorm's eps and the sizes become symbols).
- ``qwen3_moe_dynamic.py``: Qwen3-MoE-style top-k routing whose token permutation is
  inverted by subscript assignment (``inv_perm[perm] = arange_1``: an operator.setitem node).
- ``eagle_head.py``: an EAGLE-style draft head writing a strided slice in place
  (``clone[(Ellipsis, slice(1, 33, 3))] = ...``).
- ``augmented_assignment.py``: in-place residual updates written ``h += x`` / ``h *= 0.5`` and a
  cache slice updated with ``cache[:, :4] += h[:, :4]`` (``operator.iadd`` / ``operator.imul``
  nodes FX prints as augmented assignments, then an operator.setitem).
- ``opaque_layer_name_dynamic.py``: a vLLM-style attention op taking the layer's name
  as an opaque object (torch's ``register_opaque_type``, as vLLM's ``LayerName``): the
  placeholder is annotated with the class, unquoted.

``python/tests/test_dynamo_captures.py`` re-runs these captures and checks piecewise's
reading of the committed files against them.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import Callable, Dict, List, Tuple

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch._library.opaque_object import register_opaque_type

HERE = Path(__file__).resolve().parent
REPO_ROOT = HERE.parent.parent

HIDDEN, HEADS, KV_HEADS, HEAD_DIM, INTER, VOCAB = 64, 4, 2, 16, 128, 128


class RMSNorm(nn.Module):
    def __init__(self, dim: int, eps: float = 1e-6):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(dim))
        self.variance_epsilon = eps

    def forward(self, x):
        var = x.pow(2).mean(-1, keepdim=True)
        return self.weight * (x * torch.rsqrt(var + self.variance_epsilon))


def rotate_half(x):
    x1, x2 = x[..., : x.shape[-1] // 2], x[..., x.shape[-1] // 2:]
    return torch.cat((-x2, x1), dim=-1)


class Attention(nn.Module):
    def __init__(self):
        super().__init__()
        self.q_proj = nn.Linear(HIDDEN, HEADS * HEAD_DIM, bias=False)
        self.k_proj = nn.Linear(HIDDEN, KV_HEADS * HEAD_DIM, bias=False)
        self.v_proj = nn.Linear(HIDDEN, KV_HEADS * HEAD_DIM, bias=False)
        self.o_proj = nn.Linear(HEADS * HEAD_DIM, HIDDEN, bias=False)

    def forward(self, x, cos, sin):
        b, t, _ = x.shape
        q = self.q_proj(x).view(b, t, HEADS, HEAD_DIM).transpose(1, 2)
        k = self.k_proj(x).view(b, t, KV_HEADS, HEAD_DIM).transpose(1, 2)
        v = self.v_proj(x).view(b, t, KV_HEADS, HEAD_DIM).transpose(1, 2)
        q = q * cos + rotate_half(q) * sin
        k = k * cos + rotate_half(k) * sin
        k = k.repeat_interleave(HEADS // KV_HEADS, dim=1)
        v = v.repeat_interleave(HEADS // KV_HEADS, dim=1)
        o = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return self.o_proj(o.transpose(1, 2).reshape(b, t, HEADS * HEAD_DIM))


class MLP(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate_proj = nn.Linear(HIDDEN, INTER, bias=False)
        self.up_proj = nn.Linear(HIDDEN, INTER, bias=False)
        self.down_proj = nn.Linear(INTER, HIDDEN, bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class MoE(nn.Module):
    """Qwen3-MoE-style routing: sort tokens by expert, run each expert on its run, and
    invert the permutation with a subscript assignment."""

    def __init__(self, experts: int = 4, top_k: int = 2):
        super().__init__()
        self.gate = nn.Linear(HIDDEN, experts, bias=False)
        self.experts = nn.ModuleList(MLP() for _ in range(experts))
        self.top_k = top_k

    def forward(self, x):
        shape = x.shape
        x = x.reshape(-1, HIDDEN)
        weights, idx = torch.topk(F.softmax(self.gate(x), dim=-1), self.top_k, dim=-1)
        weights = weights / weights.sum(dim=-1, keepdim=True)
        flat = idx.reshape(-1)
        perm = torch.argsort(flat, stable=True)
        inv_perm = torch.empty_like(perm)
        inv_perm[perm] = torch.arange(perm.numel(), device=perm.device)
        tokens = x.repeat_interleave(self.top_k, dim=0)[perm]
        expert_of = flat[perm]
        out = torch.zeros_like(tokens)
        for e, expert in enumerate(self.experts):
            mask = (expert_of == e).unsqueeze(-1)
            out = out + mask * expert(tokens)
        out = out[inv_perm].view(-1, self.top_k, HIDDEN)
        return (out * weights.unsqueeze(-1)).sum(dim=1).reshape(shape)


class Layer(nn.Module):
    def __init__(self, moe: bool):
        super().__init__()
        self.input_layernorm = RMSNorm(HIDDEN)
        self.self_attn = Attention()
        self.post_attention_layernorm = RMSNorm(HIDDEN)
        self.mlp = MoE() if moe else MLP()

    def forward(self, x, cos, sin):
        x = x + self.self_attn(self.input_layernorm(x), cos, sin)
        return x + self.mlp(self.post_attention_layernorm(x))


class Decoder(nn.Module):
    def __init__(self, layers: int = 2, moe: bool = False):
        super().__init__()
        self.embed_tokens = nn.Embedding(VOCAB, HIDDEN)
        self.layers = nn.ModuleList(Layer(moe) for _ in range(layers))
        self.norm = RMSNorm(HIDDEN)
        inv = 1.0 / (10000 ** (torch.arange(0, HEAD_DIM, 2).float() / HEAD_DIM))
        self.register_buffer("inv_freq", inv, persistent=False)

    def forward(self, input_ids):
        t = input_ids.shape[1]
        pos = torch.arange(t, device=input_ids.device).float()
        freqs = torch.outer(pos, self.inv_freq)
        emb = torch.cat((freqs, freqs), dim=-1)
        cos, sin = emb.cos()[None, None], emb.sin()[None, None]
        x = self.embed_tokens(input_ids)
        for layer in self.layers:
            x = layer(x, cos, sin)
        return self.norm(x)


class EagleHead(nn.Module):
    """EAGLE-style draft head: fuse features, then overwrite a strided slice in place."""

    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(2 * HIDDEN, HIDDEN)

    def forward(self, hidden, embeds):
        h = self.fc(torch.cat((hidden, embeds), dim=-1))
        out = h.clone()
        out[..., 1:33:3] = h[..., :11] * 2
        return out


class AugmentedAssignment(nn.Module):
    """Residual updates in place and a cache slice updated by augmented assignment."""

    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(HIDDEN, HIDDEN)

    def forward(self, x, cache):
        h = self.proj(x)
        h += x
        h *= 0.5
        cache[:, :4] += h[:, :4]
        return h, cache


class LayerName:
    """A layer's name as an opaque value, like vLLM's LayerName."""

    def __init__(self, name: str):
        self.name = name

    def __eq__(self, other):
        return isinstance(other, LayerName) and other.name == self.name

    def __hash__(self):
        return hash(self.name)

    def __fx_repr__(self):
        return f"LayerName({self.name!r})", {"LayerName": LayerName}


register_opaque_type(LayerName, typ="value", hoist=True)


@torch.library.custom_op("piecewise_demo::attention_by_name", mutates_args=("out",))
def attention_by_name(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, out: torch.Tensor,
                      layer_name: LayerName) -> None:
    out.copy_(F.scaled_dot_product_attention(q, k, v))


@attention_by_name.register_fake
def _(q, k, v, out, layer_name):
    return None


class OpaqueNameAttention(nn.Module):
    def __init__(self):
        super().__init__()
        self.qkv = nn.Linear(HIDDEN, 3 * HIDDEN)
        self.o = nn.Linear(HIDDEN, HIDDEN)
        self.layer_name = LayerName("model.layers.0.self_attn.attn")

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        out = torch.empty_like(q)
        torch.ops.piecewise_demo.attention_by_name(q, k, v, out, self.layer_name)
        return self.o(out)


# --- capture ---------------------------------------------------------------------------------

def capture(model: nn.Module, args: Tuple, dynamic: bool) -> Tuple[torch.fx.GraphModule, List]:
    """The graph Dynamo hands a backend, and the inputs it was called with."""
    torch._dynamo.reset()
    seen: List = []

    def backend(gm, example_inputs):
        seen.append(gm)

        def run(*inputs):
            seen.append(list(inputs)) if len(seen) == 1 else None
            return gm.forward(*inputs)
        return run

    compiled = torch.compile(model, backend=backend, dynamic=dynamic, fullgraph=True)
    compiled(*args)
    assert len(seen) == 2, "expected one graph"
    return seen[0], seen[1]


def cases() -> Dict[str, Tuple[str, Callable[[], Tuple[nn.Module, Tuple]], bool]]:
    def llama():
        torch.manual_seed(0)
        return Decoder(2).eval(), (torch.randint(0, VOCAB, (2, 8)),)

    def moe():
        torch.manual_seed(0)
        return Decoder(1, moe=True).eval(), (torch.randint(0, VOCAB, (2, 8)),)

    def eagle():
        torch.manual_seed(0)
        return EagleHead().eval(), (torch.randn(2, 8, HIDDEN), torch.randn(2, 8, HIDDEN))

    def augmented():
        torch.manual_seed(0)
        return AugmentedAssignment().eval(), (torch.randn(2, 8, HIDDEN), torch.randn(2, 8, HIDDEN))

    def opaque():
        torch.manual_seed(0)
        return OpaqueNameAttention().eval(), (torch.randn(2, 8, HIDDEN),)

    def nested():
        torch.manual_seed(0)
        return NestedRegionLlama(4).eval(), (torch.randint(0, VOCAB, (1, 8)),)

    return {
        "hf_llama_nested_regions_dynamic.py": (
            "a 4-layer Hugging Face Llama (transformers, random weights) whose decoder layers "
            "are nested compile regions, stock SDPA, dynamic=True", nested, True),
        "hf_llama_sdpa.py": ("a 2-layer HF-style Llama with stock SDPA, static shapes", llama, False),
        "hf_llama_sdpa_dynamic.py": ("the same Llama with dynamic=True", llama, True),
        "qwen3_moe_dynamic.py": ("a 1-layer Qwen3-MoE-style decoder, dynamic=True", moe, True),
        "eagle_head.py": ("an EAGLE-style draft head, static shapes", eagle, False),
        "augmented_assignment.py": ("in-place updates by augmented assignment, static shapes",
                                    augmented, False),
        "opaque_layer_name_dynamic.py": ("attention taking an opaque LayerName, dynamic=True",
                                         opaque, True),
    }


# (Defined after cases(), so that the `# File:` lines of the other dumps keep their numbers.)
class NestedRegionLlama(nn.Module):
    """``hf_llama_nested_regions_dynamic.py``'s model: a Hugging Face Llama (transformers' ``LlamaForCausalLM`` built from its config class,
    random weights, nothing downloaded) whose decoder layers run as nested compile regions,
    as torchtitan and the regional-compilation recipes mark them: Dynamo traces the layer
    once and calls it per layer with ``torch.ops.higher_order.invoke_subgraph``. The layers
    are moved to a subclass whose ``forward`` is marked, so no other model is affected. The
    dump has one ``class subgraph_0`` (the layer) and four calls of it, whose SDPA a split
    must see (``piecewise split`` inlines the region)."""

    def __init__(self, layers: int = 4):
        super().__init__()
        import transformers

        cfg = transformers.LlamaConfig(vocab_size=VOCAB, hidden_size=HIDDEN,
                                       intermediate_size=INTER, num_hidden_layers=layers,
                                       num_attention_heads=HEADS, num_key_value_heads=KV_HEADS,
                                       max_position_embeddings=128)
        cfg._attn_implementation = "sdpa"
        self.lm = transformers.LlamaForCausalLM(cfg)
        cls = type(self.lm.model.layers[0])
        base = cls.forward

        @torch.compiler.nested_compile_region
        def forward(self, *args, **kwargs):
            return base(self, *args, **kwargs)

        marked = type(cls.__name__, (cls,), {"forward": forward})
        for layer in self.lm.model.layers:
            layer.__class__ = marked

    def forward(self, input_ids):
        return self.lm(input_ids=input_ids, use_cache=False).logits


def dump(gm: torch.fx.GraphModule, how: str) -> str:
    text = gm.print_readable(print_output=False, include_stride=True, include_device=True)
    text = text.replace(str(REPO_ROOT) + "/", "")
    # transformers' own files (the nested-regions Llama): relative to site-packages.
    text = text.replace(str(Path(torch.__file__).resolve().parents[1]) + "/", "")
    head = (f"# {how}.\n# Captured at the Dynamo level with torch {torch.__version__} by "
            f"examples/dynamo/capture.py.\n")
    return head + text


def main() -> int:
    with torch.no_grad():
        for name, (how, make, dynamic) in cases().items():
            model, args = make()
            gm, _ = capture(model, args, dynamic)
            (HERE / name).write_text(dump(gm, how))
            print(f"wrote examples/dynamo/{name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
