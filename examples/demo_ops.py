"""Custom ops used by the bundled examples, registered through ``torch.library``.

Imported by ``examples/make_examples.py`` (before capturing) and by the pytest suite
(``python/tests/conftest.py`` puts ``examples/`` on ``sys.path``) so that the dumps in
``examples/`` can be executed. Importing this module twice is harmless.

The op mirrors vLLM's attention entry point, with the same schema as
``vllm::unified_attention_with_output``::

    vllm::unified_attention_with_output(Tensor q, Tensor k, Tensor v, Tensor(a!) output,
        str layer_name, Tensor? output_scale=None, Tensor? output_block_scale=None) -> ()

It writes its result into ``output`` in place and returns nothing. q, k, v and output are
``[num_tokens, num_heads * head_dim]``; ``head_dim`` is fixed at ``HEAD_DIM`` (16) for the
demo models. The CPU kernel is plain causal softmax attention over the tokens; the fake
(meta) kernel does nothing, since the op has no outputs.
"""

import torch

HEAD_DIM = 16

SCHEMA = (
    "unified_attention_with_output(Tensor q, Tensor k, Tensor v, Tensor(a!) output, "
    "str layer_name, Tensor? output_scale=None, Tensor? output_block_scale=None) -> ()"
)


def _causal_attention(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor) -> torch.Tensor:
    """Causal softmax attention; q/k/v are [T, H*D] with D = HEAD_DIM."""
    t = q.shape[0]
    h = q.shape[1] // HEAD_DIM
    qh = q.reshape(t, h, HEAD_DIM).transpose(0, 1).float()
    kh = k.reshape(t, h, HEAD_DIM).transpose(0, 1).float()
    vh = v.reshape(t, h, HEAD_DIM).transpose(0, 1).float()
    scores = qh @ kh.transpose(1, 2) / (HEAD_DIM**0.5)
    mask = torch.ones(t, t, dtype=torch.bool, device=q.device).triu(1)
    scores = scores.masked_fill(mask, float("-inf"))
    out = torch.softmax(scores, dim=-1) @ vh
    return out.transpose(0, 1).reshape(t, h * HEAD_DIM).to(q.dtype)


def _register() -> None:
    # Guard against double registration (the module may be imported under two names).
    if hasattr(torch.ops.vllm, "unified_attention_with_output"):
        return
    lib = torch.library.Library("vllm", "FRAGMENT")
    lib.define(SCHEMA)

    def cpu_impl(q, k, v, output, layer_name, output_scale=None, output_block_scale=None):
        output.copy_(_causal_attention(q, k, v))

    def fake_impl(q, k, v, output, layer_name, output_scale=None, output_block_scale=None):
        return None

    lib.impl("unified_attention_with_output", cpu_impl, "CPU")
    lib.impl("unified_attention_with_output", fake_impl, "Meta")
    torch.library.register_fake("vllm::unified_attention_with_output", fake_impl, lib=lib)
    # Keep the Library object alive for the life of the process.
    globals()["_LIB"] = lib


_register()
