"""How torch_cpu_*.out.txt were made (torch 2.13.0, CPU, Inductor).

    python make_torch_outputs.py OUTDIR

Compiles a two-block transformer (LayerNorm, QKV, causal SDPA, MLP) with
torch.compile and writes Inductor's output code: inference with dynamic shapes
and graph_partition on (torch_cpu_block_dynamic.out.txt), and the backward
graph of one training step (torch_cpu_backward.out.txt), both with
graph_partition on. The files are kept
verbatim; the lit tests only read them.
"""
import os
import sys

import torch
from torch._inductor.utils import run_and_get_code


class Block(torch.nn.Module):
    def __init__(self, d=32):
        super().__init__()
        self.ln = torch.nn.LayerNorm(d)
        self.qkv = torch.nn.Linear(d, 3 * d)
        self.o = torch.nn.Linear(d, d)
        self.mlp = torch.nn.Sequential(torch.nn.Linear(d, 4 * d), torch.nn.GELU(),
                                       torch.nn.Linear(4 * d, d))

    def forward(self, x):
        q, k, v = self.qkv(self.ln(x)).chunk(3, -1)
        a = torch.nn.functional.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.o(a)
        return x + self.mlp(x)


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    torch._inductor.config.graph_partition = True
    model = torch.nn.Sequential(Block(), Block()).eval()
    with torch.no_grad():
        _, codes = run_and_get_code(torch.compile(model, dynamic=True), torch.randn(2, 16, 32))
    open(os.path.join(out, "torch_cpu_block_dynamic.out.txt"), "w").write(codes[0])

    torch._dynamo.reset()
    block = Block()
    x = torch.randn(2, 16, 32, requires_grad=True)

    def step(t):
        return block(t).sum()

    def train():
        loss = torch.compile(step)(x)
        loss.backward()
        return loss

    _, codes = run_and_get_code(train)
    open(os.path.join(out, "torch_cpu_backward.out.txt"), "w").write(codes[-1])

if __name__ == "__main__":
    main()
