"""Small Hugging Face architectures built from their ``transformers`` config classes (random
init, nothing downloaded), for the torch.compile backend tests and benchmark.

- ``build(arch, layers, attn)``: ``arch`` is ``llama``, ``gpt2``, ``qwen3_moe`` or ``vit``
  (``ARCHS``), one of the MoE models ``mixtral``, ``qwen2_moe`` (``MOE_ARCHS``), or ``phi3``
  (in neither list: its fused ``qkv_proj`` case is tested on its own);
  hidden size 64; ``attn`` is ``"sdpa"`` (stock attention: Dynamo-level graphs call
  ``torch._C._nn.scaled_dot_product_attention``) or ``"custom"`` (the attention runs as the
  custom op ``piecewise_test::attention``, registered here, through transformers'
  ``AttentionInterface``).
- ``example_input(arch, seq)``: token ids ``[1, seq]``, or for ViT pixels whose patch count
  is ``seq`` (image ``8 x 4*seq``, patch 4).
- ``run(model, arch, x)``: the output tensor (logits or last hidden state).
"""

import os

os.environ.setdefault("HF_HUB_OFFLINE", "1")

import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402

transformers = __import__("transformers")

CUSTOM_ATTN = "piecewise_test::attention"
SDPA = "torch._C._nn.scaled_dot_product_attention"
ARCHS = ("llama", "gpt2", "qwen3_moe", "vit")
MOE_ARCHS = ("mixtral", "qwen2_moe")


def _register_op() -> None:
    if hasattr(torch.ops.piecewise_test, "attention"):
        return
    lib = torch.library.Library("piecewise_test", "FRAGMENT")
    lib.define("attention(Tensor q, Tensor k, Tensor v, Tensor? mask, float scale, bool causal) "
               "-> Tensor")

    def impl(q, k, v, mask, scale, causal):
        out = F.scaled_dot_product_attention(q, k, v, attn_mask=mask, scale=scale,
                                             is_causal=causal and mask is None)
        return out.contiguous()  # the layout the fake kernel promises

    def fake(q, k, v, mask, scale, causal):
        return q.new_empty(q.shape[:-1] + (v.shape[-1],))

    lib.impl("attention", impl, "CompositeExplicitAutograd")
    torch.library.register_fake("piecewise_test::attention", fake, lib=lib)
    _register_op.lib = lib  # keep the library alive


def _custom_attention(module, query, key, value, attention_mask, scaling=None, dropout=0.0,
                      **kwargs):
    """transformers' attention-function contract: q/k/v ``[b, heads, seq, d]`` in,
    ``([b, seq, heads, d], None)`` out."""
    groups = getattr(module, "num_key_value_groups", 1)
    if groups > 1:
        key = key.repeat_interleave(groups, dim=1)
        value = value.repeat_interleave(groups, dim=1)
    mask = attention_mask
    if mask is not None and mask.dtype != torch.bool and mask.dtype != query.dtype:
        mask = mask.to(query.dtype)
    scale = float(scaling) if scaling is not None else query.shape[-1] ** -0.5
    causal = bool(getattr(module, "is_causal", False))
    out = torch.ops.piecewise_test.attention(query, key, value, mask, scale, causal)
    return out.transpose(1, 2).contiguous(), None


def _register_attention() -> None:
    _register_op()
    from transformers import AttentionInterface
    from transformers.masking_utils import ALL_MASK_ATTENTION_FUNCTIONS, sdpa_mask

    AttentionInterface.register("piecewise_custom", _custom_attention)
    ALL_MASK_ATTENTION_FUNCTIONS.register("piecewise_custom", sdpa_mask)


_register_attention()


def config(arch: str, layers: int):
    t = transformers
    if arch == "llama":
        return t.LlamaConfig(vocab_size=128, hidden_size=64, intermediate_size=128,
                             num_hidden_layers=layers, num_attention_heads=4,
                             num_key_value_heads=2, max_position_embeddings=128)
    if arch == "gpt2":
        return t.GPT2Config(vocab_size=128, n_embd=64, n_layer=layers, n_head=4, n_positions=128,
                            bos_token_id=0, eos_token_id=0,
                            resid_pdrop=0.0, embd_pdrop=0.0, attn_pdrop=0.0)
    if arch == "qwen3_moe":
        return t.Qwen3MoeConfig(vocab_size=128, hidden_size=64, intermediate_size=128,
                                moe_intermediate_size=32, num_experts=4, num_experts_per_tok=2,
                                num_hidden_layers=layers, num_attention_heads=4,
                                num_key_value_heads=2, head_dim=16, max_position_embeddings=128)
    if arch == "mixtral":
        return t.MixtralConfig(vocab_size=128, hidden_size=64, intermediate_size=128,
                               num_hidden_layers=layers, num_attention_heads=4,
                               num_key_value_heads=2, num_local_experts=4,
                               num_experts_per_tok=2, max_position_embeddings=128)
    if arch == "qwen2_moe":
        return t.Qwen2MoeConfig(vocab_size=128, hidden_size=64, intermediate_size=128,
                                moe_intermediate_size=32, shared_expert_intermediate_size=64,
                                num_experts=4, num_experts_per_tok=2, num_hidden_layers=layers,
                                num_attention_heads=4, num_key_value_heads=2,
                                max_position_embeddings=128)
    if arch == "phi3":  # fused qkv_proj sliced into q, k, v
        return t.Phi3Config(vocab_size=128, hidden_size=64, intermediate_size=128,
                            num_hidden_layers=layers, num_attention_heads=4,
                            num_key_value_heads=2, max_position_embeddings=128,
                            pad_token_id=0, bos_token_id=1, eos_token_id=2)
    if arch == "vit":
        return t.ViTConfig(hidden_size=64, num_hidden_layers=layers, num_attention_heads=4,
                           intermediate_size=128, image_size=32, patch_size=4, num_channels=3,
                           hidden_dropout_prob=0.0, attention_probs_dropout_prob=0.0)
    raise ValueError(arch)


def build(arch: str, layers: int = 2, attn: str = "sdpa", seed: int = 0) -> torch.nn.Module:
    cfg = config(arch, layers)
    cfg._attn_implementation = "piecewise_custom" if attn == "custom" else "sdpa"
    torch.manual_seed(seed)
    t = transformers
    cls = {"llama": t.LlamaForCausalLM, "gpt2": t.GPT2LMHeadModel,
           "qwen3_moe": t.Qwen3MoeForCausalLM, "vit": t.ViTModel,
           "mixtral": t.MixtralForCausalLM, "qwen2_moe": t.Qwen2MoeForCausalLM,
           "phi3": t.Phi3ForCausalLM}[arch]
    if arch == "vit":
        model = cls(cfg, add_pooling_layer=False)
    else:
        model = cls(cfg)
    return model.eval()


def _region_of(base):
    @torch.compiler.nested_compile_region
    def forward(self, *args, **kwargs):
        return base(self, *args, **kwargs)

    return forward


def mark_nested_regions(model: torch.nn.Module, part: str = "layer") -> torch.nn.Module:
    """Runs each decoder layer's forward (``part="layer"``), each layer's MLP (``"mlp"``), or
    both (``"both"``: MLP regions nested in layer regions) as a nested compile region, as
    torchtitan and the regional-compilation recipes mark them: Dynamo then calls the
    region with ``torch.ops.higher_order.invoke_subgraph`` and traces it once. The marked
    function is a wrapper of this model's own (``nested_compile_region`` marks the function
    object: marking the class's would mark every model of the process), in a subclass the
    modules are moved to (marking each module's bound ``forward`` instead makes torch 2.13
    pass the first MLP's weights to every MLP region call)."""
    layers = model.model.layers
    wrap = []
    if part in ("layer", "both"):
        wrap.append(list(layers))
    if part in ("mlp", "both"):
        wrap.append([layer.mlp for layer in layers])
    if not wrap:
        raise ValueError(part)
    for modules in wrap:
        cls = type(modules[0])
        marked = type(cls.__name__, (cls,), {"forward": _region_of(cls.forward)})
        for m in modules:
            m.__class__ = marked
    return model


def example_input(arch: str, seq: int, seed: int = 1) -> torch.Tensor:
    g = torch.Generator().manual_seed(seed)
    if arch == "vit":
        return torch.randn(1, 3, 8, 4 * seq, generator=g)
    return torch.randint(0, 128, (1, seq), generator=g)


def run(model, arch: str, x: torch.Tensor) -> torch.Tensor:
    if arch == "vit":
        return model(pixel_values=x, interpolate_pos_encoding=True).last_hidden_state
    return model(input_ids=x, use_cache=False).logits
