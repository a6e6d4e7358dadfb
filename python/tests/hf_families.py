"""The model families users bring beyond decoder-only LLMs, built from their ``transformers``
config classes (random init, nothing downloaded): encoder-decoder with cross-attention and
relative position buckets (T5, BART), speech with a conv front-end (Whisper), vision-text
(CLIP), a masked autoencoder (ViT-MAE, its random ``noise`` input fixed), encoder-only
(BERT, RoBERTa). Every attention goes through ``F.scaled_dot_product_attention``.

- ``build(family, layers, dropout)``: the model in eval mode, every dropout rate of its config
  set to ``dropout`` (0.0, -0.0, 0.1, ...).
- ``inputs(family, seed)``: the keyword arguments of one call; ``run(model, family, kw)``: the
  output tensor.
- ``set_dropout(model, rate)``: the rate changed on a built model (config and modules), as a
  user editing it between calls would.
- ``sdpa_calls(fn)``: how many times ``F.scaled_dot_product_attention`` runs in ``fn()``,
  counted in eager mode (the number of splitting pieces a split at it must give).
"""

import os

os.environ.setdefault("HF_HUB_OFFLINE", "1")

import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402
from torch.overrides import TorchFunctionMode  # noqa: E402

transformers = __import__("transformers")

FAMILIES = ("t5", "bart", "whisper", "clip", "vit_mae", "bert", "roberta")

# The config fields holding a dropout rate, per family (all set by build and set_dropout).
_DROPOUT_FIELDS = ("dropout_rate", "dropout", "attention_dropout", "activation_dropout",
                   "classifier_dropout", "hidden_dropout_prob", "attention_probs_dropout_prob")


def _dropouts(rate: float) -> dict:
    return {f: rate for f in _DROPOUT_FIELDS}


def config(family: str, layers: int, dropout: float):
    t = transformers
    d = _dropouts(dropout)
    if family == "t5":
        return t.T5Config(vocab_size=128, d_model=64, d_kv=16, d_ff=128, num_layers=layers,
                          num_decoder_layers=layers, num_heads=4,
                          relative_attention_num_buckets=8, relative_attention_max_distance=16,
                          decoder_start_token_id=0, pad_token_id=0, **d)
    if family == "bart":
        return t.BartConfig(vocab_size=128, d_model=64, encoder_layers=layers,
                            decoder_layers=layers, encoder_attention_heads=4,
                            decoder_attention_heads=4, encoder_ffn_dim=128, decoder_ffn_dim=128,
                            max_position_embeddings=64, **d)
    if family == "whisper":
        return t.WhisperConfig(vocab_size=128, num_mel_bins=16, d_model=64,
                               encoder_layers=layers, decoder_layers=layers,
                               encoder_attention_heads=4, decoder_attention_heads=4,
                               encoder_ffn_dim=128, decoder_ffn_dim=128,
                               max_source_positions=16, max_target_positions=32,
                               pad_token_id=0, bos_token_id=1, eos_token_id=2,
                               decoder_start_token_id=1, suppress_tokens=[],
                               begin_suppress_tokens=[], **d)
    if family == "clip":
        text = dict(vocab_size=128, hidden_size=64, intermediate_size=128,
                    num_hidden_layers=layers, num_attention_heads=4, max_position_embeddings=32,
                    pad_token_id=0, bos_token_id=1, eos_token_id=2, attention_dropout=dropout)
        vision = dict(hidden_size=64, intermediate_size=128, num_hidden_layers=layers,
                      num_attention_heads=4, image_size=16, patch_size=4,
                      attention_dropout=dropout)
        return t.CLIPConfig(text_config=text, vision_config=vision, projection_dim=32)
    if family == "vit_mae":
        return t.ViTMAEConfig(hidden_size=64, num_hidden_layers=layers, num_attention_heads=4,
                              intermediate_size=128, image_size=16, patch_size=4,
                              num_channels=3, decoder_hidden_size=32,
                              decoder_num_hidden_layers=layers, decoder_num_attention_heads=4,
                              decoder_intermediate_size=64, mask_ratio=0.5, **d)
    if family == "bert":
        return t.BertConfig(vocab_size=128, hidden_size=64, num_hidden_layers=layers,
                            num_attention_heads=4, intermediate_size=128,
                            max_position_embeddings=64, **d)
    if family == "roberta":
        return t.RobertaConfig(vocab_size=128, hidden_size=64, num_hidden_layers=layers,
                               num_attention_heads=4, intermediate_size=128,
                               max_position_embeddings=64, pad_token_id=1, **d)
    raise ValueError(family)


_CLASSES = {"t5": "T5ForConditionalGeneration", "bart": "BartForConditionalGeneration",
            "whisper": "WhisperForConditionalGeneration", "clip": "CLIPModel",
            "vit_mae": "ViTMAEForPreTraining", "bert": "BertModel", "roberta": "RobertaModel"}


def build(family: str, layers: int = 2, dropout: float = 0.0, seed: int = 0):
    cfg = config(family, layers, dropout)
    cfg._attn_implementation = "sdpa"
    for sub in ("text_config", "vision_config"):
        if hasattr(cfg, sub):
            getattr(cfg, sub)._attn_implementation = "sdpa"
    torch.manual_seed(seed)
    return getattr(transformers, _CLASSES[family])(cfg).eval()


def inputs(family: str, seed: int = 1) -> dict:
    g = torch.Generator().manual_seed(seed)

    def ids(n, low=3):
        return torch.randint(low, 128, (1, n), generator=g)

    if family in ("t5", "bart"):
        return {"input_ids": ids(7), "decoder_input_ids": ids(5)}
    if family == "whisper":
        return {"input_features": torch.randn(1, 16, 32, generator=g),
                "decoder_input_ids": ids(5)}
    if family == "clip":
        return {"input_ids": ids(6), "pixel_values": torch.randn(2, 3, 16, 16, generator=g)}
    if family == "vit_mae":
        # The masking's random noise as an input: eager and compiled mask the same patches.
        return {"pixel_values": torch.randn(1, 3, 16, 16, generator=g),
                "noise": torch.rand(1, 16, generator=g)}
    return {"input_ids": ids(9)}


def run(model, family: str, kw: dict) -> torch.Tensor:
    out = model(**kw)
    if family == "clip":
        return out.logits_per_image
    if family in ("bert", "roberta"):
        return out.last_hidden_state
    return out.logits


def set_dropout(model, rate: float) -> None:
    cfgs = [model.config] + [getattr(model.config, s) for s in ("text_config", "vision_config")
                             if getattr(model.config, s, None) is not None]
    for cfg in cfgs:
        for f in _DROPOUT_FIELDS:
            if getattr(cfg, f, None) is not None:
                setattr(cfg, f, rate)
    for m in model.modules():
        if isinstance(m, torch.nn.Dropout):
            m.p = rate
        for f in ("dropout", "attention_dropout", "activation_dropout", "dropout_rate"):
            if isinstance(getattr(m, f, None), float):
                setattr(m, f, rate)


class _CountSdpa(TorchFunctionMode):
    def __init__(self):
        super().__init__()
        self.calls = 0

    def __torch_function__(self, func, types, args=(), kwargs=None):
        if func in (F.scaled_dot_product_attention, torch._C._nn.scaled_dot_product_attention):
            self.calls += 1
        return func(*args, **(kwargs or {}))


def sdpa_calls(fn) -> int:
    with _CountSdpa() as mode, torch.no_grad():
        fn()
    return mode.calls
