# A flag that skips a check never changes the result: --no-verify still builds the op
# registry, so split, partition and codegen see the same schemas (views, in-place writes,
# frees) and print the same thing with and without it.
# RUN: %piecewise split %examples/llama2_makefx.py --splitting-ops=vllm.unified_attention_with_output --json > %t.split
# RUN: %piecewise --no-verify split %examples/llama2_makefx.py --splitting-ops=vllm.unified_attention_with_output --json | diff %t.split -
# RUN: %piecewise split %examples/llama2_makefx.py --splitting-ops=vllm.unified_attention_with_output -o %t.split.py
# RUN: %piecewise --no-verify split %examples/llama2_makefx.py --splitting-ops=vllm.unified_attention_with_output -o - | diff %t.split.py -
# RUN: %piecewise partition %examples/seed_cpu_roundtrip.py --json > %t.partition
# RUN: %piecewise partition --no-verify %examples/seed_cpu_roundtrip.py --json | diff %t.partition -
# RUN: %piecewise codegen %examples/seed_cpu_roundtrip.py --cudagraph > %t.codegen
# RUN: %piecewise --no-verify codegen %examples/seed_cpu_roundtrip.py --cudagraph | diff %t.codegen -
# RUN: %piecewise opt --passes=dce,cse %examples/llama2_makefx.py > %t.opt
# RUN: %piecewise --no-verify opt --passes=dce,cse %examples/llama2_makefx.py | diff %t.opt -
# The plan does free buffers (the registry was used): not a vacuous comparison.
# RUN: FileCheck %s < %t.codegen
# CHECK: del
