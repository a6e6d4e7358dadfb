# The vLLM Qwen2 graph of the corpus is an AOT (functionalized) graph: the attention op is
# wrapped in auto_functionalized, which copies what the op writes and returns the copies. Split
# there, the piece after it reads a fresh element: exactly the copy vLLM avoids by splitting the
# Dynamo graph, before functionalization, where the op writes its `output` buffer in place.
# REQUIRES: shared
# RUN: %not %piecewise --schema-file %data/custom_schemas/vllm.txt check-capture %shared/corpus/graphs/entangle_vllm_qwen2_tp1_aot.py.txt --splitting-ops=vllm.unified_attention_with_output 2>&1 | FileCheck %s
# CHECK: entangle_vllm_qwen2_tp1_aot.py.txt:78:9: error: captured piece submod_2 reads 'getitem_27' at an address replay does not keep: the eager op 'higher_order::auto_functionalized' returns fresh tensors (multi-output) and 'getitem_27' is one of them
# CHECK: entangle_vllm_qwen2_tp1_aot.py.txt:80:9: note: submod_2 is captured and reads 'getitem_27' here ('view_7')
# CHECK: not capture-safe: 1 unstable read(s) in 1 of 2 captured piece(s)
# RUN: %not %piecewise --schema-file %data/custom_schemas/vllm.txt check-capture %shared/corpus/graphs/entangle_vllm_qwen2_tp1_aot.py.txt --splitting-ops=vllm.unified_attention_with_output --json 2>/dev/null | FileCheck %s --check-prefix=JSON
# JSON: "target": "higher_order::auto_functionalized",
# JSON: "contract": "fresh",
# JSON: "cause": "fresh-element",
# The bundled Llama examples call the op directly (Dynamo and make_fx graphs): capture-safe.
# RUN: %piecewise check-capture %examples/llama2_dynamo.py --splitting-ops=vllm::unified_attention_with_output | FileCheck %s --check-prefix=SAFE
# RUN: %piecewise check-capture %examples/llama2_makefx.py --splitting-ops=vllm::unified_attention_with_output | FileCheck %s --check-prefix=SAFE
# SAFE: capture-safe: 3 captured piece(s) read only stable memory (2 eager op(s))
