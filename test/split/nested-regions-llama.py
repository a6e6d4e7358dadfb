# transformers' Llama (4 layers, random weights, dynamic=True) whose decoder layers are
# nested compile regions: each layer is one `invoke_subgraph` call of the nested class
# `subgraph_0`, where its SDPA is. The split inlines the region at every call and cuts at
# each layer's SDPA: 4 splitting pieces, and the inlined layers' pieces hash alike (3
# distinct compiled pieces: first, middle, last), as for the same model without regions.
# The capture is examples/dynamo/hf_llama_nested_regions_dynamic.py (made by
# examples/dynamo/capture.py); the split module must compute what the capture computes.
# RUN: %piecewise split %examples/dynamo/hf_llama_nested_regions_dynamic.py --splitting-ops=torch._C._nn.scaled_dot_product_attention -o %t.py 2>/dev/null | FileCheck %s
# CHECK:      pieces:          9 (4 splitting, 5 compiled)
# CHECK-NEXT: unique pieces:   3 of the 5 compiled pieces are distinct
# CHECK:      submod_0  compiled
# CHECK-NEXT: submod_1  splitting {{.*}} [[SDPA:[0-9a-f]{16}]]  splitting op torch._C._nn.scaled_dot_product_attention
# CHECK-NEXT: submod_2  compiled  {{.*}} [[MIDDLE:[0-9a-f]{16}]]
# CHECK-NEXT: submod_3  splitting {{.*}} [[SDPA]]
# CHECK-NEXT: submod_4  compiled  {{.*}} [[MIDDLE]]
# CHECK-NEXT: submod_5  splitting {{.*}} [[SDPA]]
# CHECK-NEXT: submod_6  compiled  {{.*}} [[MIDDLE]]
# CHECK-NEXT: submod_7  splitting {{.*}} [[SDPA]]
# CHECK-NEXT: submod_8  compiled
# RUN: %piecewise lint %t.py
# RUN: FileCheck %s --check-prefix=MOD < %t.py
# MOD-NOT: invoke_subgraph
# RUN: %python %S/Inputs/compare_dumps.py %examples/dynamo/hf_llama_nested_regions_dynamic.py %t.py | FileCheck %s --check-prefix=RAN
# RAN: same
# REQUIRES: torch
#
# The JSON says the same: every splitting piece holds one SDPA.
# RUN: %piecewise split %examples/dynamo/hf_llama_nested_regions_dynamic.py --splitting-ops=torch._C._nn.scaled_dot_product_attention --json 2>/dev/null | FileCheck %s --check-prefix=JSON
# JSON-COUNT-4: "is_splitting_graph": true, {{.*}}"targets": ["torch._C._nn.scaled_dot_product_attention"]
# JSON-NOT:     "is_splitting_graph": true
