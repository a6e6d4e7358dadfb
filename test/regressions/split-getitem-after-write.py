# A getitem of a tensor stays after a splitting op that writes the tensor in place
# (found by python/tests/test_differential.py; vLLM would move it and read stale rows).
# RUN: echo 'difftest::attn(Tensor q, Tensor k, Tensor v, Tensor(a!) out, str layer_name) -> ()' > %t.schema
# RUN: %piecewise --schema-file %t.schema split %s --splitting-ops=difftest::attn -o %t.py
# RUN: FileCheck %s < %t.py
# CHECK: class submod_1(torch.nn.Module):
# CHECK: torch.ops.difftest.attn
# CHECK: class submod_2(torch.nn.Module):
# CHECK-NEXT: def forward(self, sin: "f32[4, 8]", idx: "i64[3]"):
# CHECK-NEXT: getitem: "f32[3, 8]" = sin[idx]
#
# Repro (test_differential.py, test_hostile[fx-attn-out-read-by-index-after-split] and
# -codegen-split): a miscompile of `piecewise split` / `codegen --splitting-ops`.
#
#   $ piecewise --schema-file difftest.txt split split-getitem-moved-before-write.py \
#         --splitting-ops=difftest::attn -o split.py
#   (difftest.txt: difftest::attn(Tensor q, Tensor k, Tensor v, Tensor(a!) out, str layer_name) -> ())
#
# `getitem = sin[idx]` is tensor indexing: a gather that copies. The splitting-op
# partitioner puts every getitem in its producer's piece (submod_0), i.e. before the
# splitting op in submod_1 that writes `sin` in place, so the split module returns rows of
# sin(x) instead of rows of what attn wrote. torch and the original graph: rows of the
# attention output. docs/split.md documents the move as vLLM's behaviour; the result is
# still a different answer. Only a getitem of a multi-output node (tuple unpacking) or a
# view can safely move; a tensor-indexing getitem must stay where it is (or depend on the
# write).
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4, 8]", y: "f32[4, 8]", idx: "i64[3]"):
        sin: "f32[4, 8]" = torch.sin(x);  x = None
        attn = torch.ops.difftest.attn(y, y, y, sin, 'l0');  y = attn = None
        getitem: "f32[3, 8]" = sin[idx];  sin = idx = None
        return (getitem,)
