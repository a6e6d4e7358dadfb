"""``piecewise.backend`` with Inductor on small Hugging Face models on CUDA.

The models of hf_models.py (random weights from transformers config classes, nothing
downloaded) moved to the GPU and compiled with ``torch.compile(backend=piecewise.backend(
splitting_ops=[attention], compile_with="inductor"))``: the outputs equal eager PyTorch's
on two sequence lengths, and the split is the one the CPU tests check (one splitting piece
per layer).
"""

from __future__ import annotations

import pytest
import torch

# Every test here is skipped, with this reason (pytest -rs prints it), without a CUDA device.
pytestmark = pytest.mark.skipif(
    not torch.cuda.is_available(),
    reason="no CUDA device (torch.cuda.is_available() is False): the GPU check needs one")

piecewise = pytest.importorskip("piecewise")
pytest.importorskip("transformers")

import hf_models as H  # noqa: E402
from fxload import assert_same  # noqa: E402


@pytest.mark.parametrize("arch,attn", [("llama", "sdpa"), ("llama", "custom"), ("gpt2", "sdpa")])
def test_inductor_backend_on_cuda(arch, attn):
    layers = 2
    model = H.build(arch, layers, attn).cuda()
    op = H.CUSTOM_ATTN if attn == "custom" else H.SDPA
    be = piecewise.backend(splitting_ops=[op], compile_with="inductor")
    torch._dynamo.reset()
    compiled = torch.compile(lambda x: H.run(model, arch, x), backend=be, dynamic=False)
    with torch.no_grad():
        for seq in (6, 9):
            x = H.example_input(arch, seq).cuda()
            assert_same(compiled(x), H.run(model, arch, x), 1e-3, 1e-4, f"{arch} seq={seq}")
    st = be.stats
    assert st["splitting_pieces"] == st["graphs"] * layers, st
