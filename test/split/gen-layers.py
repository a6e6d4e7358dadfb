# The synthetic decoder (`gen`): 80 layers split at the attention op give 161
# items, 80 of them splitting, compiled and splitting pieces alternating, every
# piece input and output a tensor or a SymInt, and at most 4 distinct compiled
# pieces (the first, the last, and the two kinds of middle piece: even layers
# split qkv with slices, odd ones with split_with_sizes).
# RUN: %piecewise gen --layers 80 > %t.80.py
# RUN: %piecewise split %t.80.py --splitting-ops=vllm.unified_attention_with_output --json > %t.80.json
# RUN: %python %S/Inputs/check_split_json.py --items 161 --splitting 80 --max-unique 4 --kinds tensor,symint --alternating < %t.80.json | FileCheck %s --check-prefix=STATIC
# STATIC: ok: 161 items, 80 splitting, 4 unique
# RUN: FileCheck %s --check-prefix=JSON < %t.80.json
# JSON: {"submod_name": "submod_1", "graph_id": 1, "is_splitting_graph": true, "inputs": [{"name": "slice_1", "kind": "tensor"}, {"name": "slice_2", "kind": "tensor"}, {"name": "slice_3", "kind": "tensor"}, {"name": "empty", "kind": "tensor"}], "outputs": [], "targets": ["vllm::unified_attention_with_output.default"], "hash": "{{[0-9a-f]+}}", "piece_kind": "splitting", "num_nodes": 1, "reason": "splitting op vllm::unified_attention_with_output.default (matches 'vllm.unified_attention_with_output')"}
# JSON: ], "num_items": 161, "num_splitting": 80, "num_unique": 4}
# The human summary.
# RUN: %piecewise split %t.80.py --splitting-ops=vllm::unified_attention_with_output | FileCheck %s --check-prefix=TEXT
# TEXT:      pieces:          161 (80 splitting, 81 compiled)
# TEXT-NEXT: unique pieces:   4 of the 81 compiled pieces are distinct
# TEXT-NEXT: largest piece:   submod_2 (35 nodes)
# TEXT-NEXT: piece inputs:    963 (963 tensor)
# TEXT-NEXT: (161 pieces; --json lists them all)
# Dynamic shapes: the Sym(s0) placeholder enters every piece whose tensors
# mention s0, as a symint.
# RUN: %piecewise gen --layers 80 --dynamic | %piecewise split - --splitting-ops=vllm.unified_attention_with_output --json > %t.80d.json
# RUN: %python %S/Inputs/check_split_json.py --items 161 --splitting 80 --max-unique 4 --kinds tensor,symint --alternating < %t.80d.json | FileCheck %s --check-prefix=DYNAMIC
# DYNAMIC: ok: 161 items, 80 splitting, 4 unique
# RUN: FileCheck %s --check-prefix=DYNJSON < %t.80d.json
# DYNJSON: {"submod_name": "submod_0", "graph_id": 0, "is_splitting_graph": false, "inputs": [{"name": "embed_tokens_weight", "kind": "tensor"}, {"name": "input_ids", "kind": "tensor"}, {"name": "s0", "kind": "symint"},
# The split module of the dynamic graph lints clean and prints to a fixed point.
# RUN: %piecewise gen --layers 3 --dynamic | %piecewise split - --splitting-ops=vllm.unified_attention_with_output -o %t.3d.split.py
# RUN: %piecewise --schema-file %data/custom_schemas/vllm.txt lint %t.3d.split.py 2>&1 | count 0
# RUN: %python %S/Inputs/strip_runnable.py < %t.3d.split.py > %t.3d.code.py
# RUN: %piecewise print %t.3d.split.py | diff %t.3d.code.py -
