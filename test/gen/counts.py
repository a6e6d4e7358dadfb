# Node counts: 3 + 6 per layer + 1 placeholders; 35 nodes on even layers and 36
# on odd ones (split_with_sizes + 3 getitems instead of 3 slices); embedding,
# final norm (8) and the output.
# RUN: %piecewise gen --layers 0 | %piecewise stats --json - | FileCheck %s --check-prefix=ZERO
# ZERO: "nodes": 14,
# ZERO-NEXT: "placeholders": 4,
# ZERO-NEXT: "outputs": 1,
# RUN: %piecewise gen --layers 3000 | %piecewise stats --json - | FileCheck %s --check-prefix=LARGE
# LARGE: "nodes": 124514,
# LARGE-NEXT: "placeholders": 18004,
# LARGE-NEXT: "outputs": 1,
# LARGE: "aten::slice.Tensor": 10500,
# LARGE: "operator.getitem": 4500,
# LARGE: "vllm::unified_attention_with_output.default": 3000
