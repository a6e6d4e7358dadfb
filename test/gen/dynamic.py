# `gen --dynamic`: a symbolic token count s0, passed first as a SymInt.
# RUN: %piecewise gen --layers 2 --dynamic > %t.py
# RUN: %piecewise lint %t.py
# RUN: FileCheck %s < %t.py
# CHECK: def forward(self, s0: "Sym(s0)", input_ids: "i64[s0][1]cuda:0", positions: "i64[s0][1]cuda:0", embed_tokens_weight:
# CHECK: embedding: "bf16[s0, 64][64, 1]cuda:0" = torch.ops.aten.embedding.default(embed_tokens_weight, input_ids)
# CHECK: mean: "f32[s0, 1][1, 1]cuda:0" = torch.ops.aten.mean.dim(pow_1, [-1], True)
# CHECK: slice_1: "bf16[s0, 64][192, 1]cuda:0" = torch.ops.aten.slice.Tensor(mm, -1, 0, 64)
# CHECK: empty: "bf16[s0, 64][64, 1]cuda:0" = torch.ops.aten.empty.memory_format([s0, 64], dtype = torch.bfloat16
# CHECK: getitem: "bf16[s0, 64][192, 1]cuda:0" = split_with_sizes[0]
# CHECK: return (mul_11,)
# The Sym placeholder has users (the empty buffers' sizes).
# RUN: %piecewise stats --json %t.py | FileCheck %s --check-prefix=STATS
# STATS: "nodes": 98,
# STATS: "placeholders": 17,
