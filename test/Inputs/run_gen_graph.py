"""Runs a `piecewise gen` graph in torch on the CPU and checks every annotation.

    run_gen_graph.py FILE

The generated code targets `cuda:0`; this script maps the device to the CPU,
registers a reference `vllm::unified_attention_with_output` (causal attention
over 4 heads of 16, written into `output`) when vLLM is not present, executes
the GraphModule on random inputs and, after every annotated statement, checks
that the value's dtype, sizes, strides and device match the annotation. Prints
`ok: N values checked` and exits 0, or reports the first mismatch and exits 1.
"""
import re
import sys

import torch

HEADS, HEAD_DIM = 4, 16

DTYPES = {"bf16": torch.bfloat16, "f32": torch.float32, "i64": torch.int64}
ANNOTATION = re.compile(r"^(\w+)\[([^\]]*)\]\[([^\]]*)\](\S+)$")
STATEMENT = re.compile(r'^(\s+)(\w+): "([^"]*)" = ')


def register_attention_op():
    if hasattr(torch.ops, "vllm") and hasattr(torch.ops.vllm, "unified_attention_with_output"):
        return
    lib = torch.library.Library("vllm", "FRAGMENT")
    lib.define("unified_attention_with_output(Tensor q, Tensor k, Tensor v, Tensor(a!) output, "
               "str layer_name, Tensor? output_scale=None, Tensor? output_block_scale=None) -> ()")

    def impl(q, k, v, output, layer_name, output_scale=None, output_block_scale=None):
        t = q.shape[0]
        qh, kh, vh = (x.reshape(t, HEADS, HEAD_DIM).transpose(0, 1).float() for x in (q, k, v))
        out = torch.nn.functional.scaled_dot_product_attention(qh, kh, vh, is_causal=True)
        output.copy_(out.transpose(0, 1).reshape(t, HEADS * HEAD_DIM).to(output.dtype))

    lib.impl("unified_attention_with_output", impl, "CompositeExplicitAutograd")
    register_attention_op.lib = lib  # keep the registration alive


def parse_dims(text, tokens):
    return [tokens if d.strip() == "s0" else int(d) for d in text.split(",") if d.strip()]


def main():
    path = sys.argv[1]
    src = open(path).read().replace("cuda:0", "cpu").replace("type='cuda', index=0", "type='cpu'")
    tokens = 16

    # Inputs from the forward signature.
    header = re.search(r"def forward\(self, (.*)\):\n", src).group(1)
    inputs = []
    for name, ann in re.findall(r'(\w+): "([^"]*)"', header):
        if ann.startswith("Sym("):
            inputs.append(tokens)
            continue
        m = ANNOTATION.match(ann)
        dtype, sizes = DTYPES[m.group(1)], parse_dims(m.group(2), tokens)
        if dtype == torch.int64:
            inputs.append(torch.randint(0, 128, sizes))
        else:
            inputs.append((torch.randn(sizes) * 0.1).to(dtype))

    # After each annotated statement, check the value against its annotation.
    lines = []
    for line in src.splitlines():
        lines.append(line)
        m = STATEMENT.match(line)
        if m and "def forward" not in line:
            lines.append(f'{m.group(1)}_check("{m.group(2)}", {m.group(2)}, "{m.group(3)}")')
    checked = [0]

    def _check(name, value, ann):
        m = ANNOTATION.match(ann)
        want = (DTYPES[m.group(1)], parse_dims(m.group(2), tokens), parse_dims(m.group(3), tokens),
                m.group(4))
        got = (value.dtype, list(value.shape), list(value.stride()), str(value.device))
        if got != want:
            raise SystemExit(f"{path}: '{name}' is {got}, annotated {want}")
        checked[0] += 1

    register_attention_op()
    namespace = {"torch": torch, "device": torch.device, "_check": _check}
    exec(compile("\n".join(lines), path, "exec"), namespace)
    (result,) = namespace["GraphModule"]().forward(*inputs)
    if not torch.isfinite(result.float()).all():
        raise SystemExit(f"{path}: non-finite output")
    print(f"ok: {checked[0]} values checked")


if __name__ == "__main__":
    main()
