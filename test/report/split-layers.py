# A split of a generated 6-layer model. `gen` writes the q/k/v split of even layers as
# three slices and of odd layers as one split_with_sizes, so the pieces between the
# attention ops come in two forms, B and C, each a hash group; the first piece (embedding)
# and the last (final norm) are groups of their own. The splitting pieces are one group,
# S, although their hashes differ (each attention op names its layer), so the sequence
# reads A S B S C S B S C S B S D.
# RUN: %piecewise gen --layers 6 > %t.py
# RUN: %piecewise report %t.py --splitting-ops=vllm.unified_attention_with_output -o %t.html
# RUN: FileCheck %s < %t.html
# RUN: %piecewise opt %t.py --passes=split-coalescing > %t.coalesced.py
# RUN: %piecewise report %t.coalesced.py --splitting-ops=vllm.unified_attention_with_output -o %t.coalesced.html
# RUN: FileCheck %s --check-prefix=COALESCED < %t.coalesced.html
# CHECK: "header": {"title":"{{.*}}","plan":"splitting-ops","splittingOps":["vllm.unified_attention_with_output"],
# CHECK-NEXT: "summary": {{{.*}}"pieces":13,"splitting":6,"unsafe":0,"groups":5,"compiledGroups":4,
# CHECK: "groups": {"label":["A","S","B","C","D"],"hash":[{{.*}}],"kind":[0,1,0,0,0],"count":[1,6,3,2,1],"first":[0,1,2,4,12],"nodes":[15,1,35,34,28],"distinctHashes":[1,6,1,1,1],
# CHECK: "pieces": {"idDelta":[0,1,1,1,1,1,1,1,1,1,1,1,1],"kind":[0,1,0,1,0,1,0,1,0,1,0,1,0],"group":[0,1,2,1,3,1,2,1,3,1,2,1,4],
# After split-coalescing every layer has the same form: A S B S B S B S B S B S C.
# COALESCED: "summary": {{{.*}}"pieces":13,"splitting":6,"unsafe":0,"groups":4,"compiledGroups":3,
# COALESCED: "groups": {"label":["A","S","B","C"],
# The weights of every layer share a name template: layers_#_qkv_proj_weight.
# CHECK: "values": {"template":["embed_tokens_weight","input_ids","layers_#_input_layernorm_weight","layers_#_qkv_proj_weight",
# COALESCED: "pieces": {{{.*}}"group":[0,1,2,1,2,1,2,1,2,1,2,1,3],
# ORACLE: skip
