#!/usr/bin/env python3
"""Capture the Dynamo graphs of Hugging Face models outside the decoder-only family, built
from their ``transformers`` config classes (random weights, nothing downloaded), with
``dynamic=True``, as the torch.compile backend receives them:

    python3 examples/hf/capture_families.py          # rewrites examples/hf/<family>_dynamic.py

One file per family of python/tests/hf_families.py that has a lifted zero float (every
dropout rate 0.0, as most configs people load): T5 (cross-attention, relative position
buckets), Whisper (conv front-end) and BERT. Each is what ``print_readable(include_stride=True,
include_device=True)`` prints (TORCH_LOGS=graph_code's form), behind ``#`` lines saying how it
was made and how many ``scaled_dot_product_attention`` calls it holds (counted in eager mode),
which python/tests/test_family_captures.py checks ``piecewise split`` against.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")

import torch  # noqa: E402

HERE = Path(__file__).resolve().parent
REPO_ROOT = HERE.parent.parent
sys.path.insert(0, str(REPO_ROOT / "python" / "tests"))

import hf_families as H  # noqa: E402

CAPTURED = ("t5", "whisper", "bert")


def capture(family: str) -> str:
    model = H.build(family, layers=2, dropout=0.0)
    kw = H.inputs(family)
    graphs = []

    def backend(gm, example_inputs):
        graphs.append(gm)
        return gm.forward

    torch._dynamo.reset()
    with torch.no_grad():
        torch.compile(lambda kw: H.run(model, family, kw), backend=backend, dynamic=True,
                      fullgraph=True)(kw)
    assert len(graphs) == 1, family
    calls = H.sdpa_calls(lambda: H.run(model, family, kw))
    text = graphs[0].print_readable(print_output=False, include_stride=True,
                                    include_device=True)
    text = text.replace(str(REPO_ROOT) + os.sep, "")
    site = os.path.dirname(os.path.dirname(torch.__file__)) + os.sep
    text = text.replace(site, "")  # transformers' paths in `# File:` comments, made relative
    header = (f"# Made by examples/hf/capture_families.py with torch {torch.__version__} and "
              f"transformers {H.transformers.__version__}:\n"
              f"# the Dynamo graph (dynamic=True) of {H._CLASSES[family]} built from its config "
              "class, 2 layers,\n"
              f"# every dropout rate 0.0. scaled_dot_product_attention calls: {calls}\n")
    return header + text


def main() -> None:
    for family in CAPTURED:
        out = HERE / f"{family}_dynamic.py"
        tmp = out.with_suffix(".tmp")
        tmp.write_text(capture(family))
        os.replace(tmp, out)
        print(out.relative_to(REPO_ROOT))


if __name__ == "__main__":
    main()
