# The corpus graph with an attention op (vLLM's Qwen2 layer, AOT: the op sits
# inside auto_functionalized) splits into three pieces, only flat values
# cross, and the split module verifies, lints and prints to a fixed point.
# REQUIRES: shared
# RUN: %piecewise --schema-file %data/custom_schemas/vllm.txt split %shared/corpus/graphs/entangle_vllm_qwen2_tp1_aot.py.txt --splitting-ops=vllm.unified_attention_with_output --json | %python %S/Inputs/check_split_json.py --items 3 --splitting 1 --kinds tensor | FileCheck %s
# CHECK: ok: 3 items, 1 splitting, 2 unique
# RUN: %piecewise --schema-file %data/custom_schemas/vllm.txt split %shared/corpus/graphs/entangle_vllm_qwen2_tp1_aot.py.txt --splitting-ops=vllm.unified_attention_with_output -o %t.qwen2.py | FileCheck %s --check-prefix=TEXT
# TEXT: pieces:          3 (1 splitting, 2 compiled)
# RUN: %piecewise --schema-file %data/custom_schemas/vllm.txt lint %t.qwen2.py 2>&1 | count 0
# RUN: %python %S/Inputs/strip_runnable.py < %t.qwen2.py > %t.qwen2.code.py
# RUN: %piecewise print %t.qwen2.py | diff %t.qwen2.code.py -
# Every other corpus graph, split at any op of its own, stays a valid module;
# without splitting ops each is one piece.
# RUN: %python %S/Inputs/split_every_op.py %piecewise %shared/corpus/graphs | FileCheck %s --check-prefix=EVERY
# EVERY: ok: 9 graphs, {{[1-9][0-9]*}} splits
