# A graph printed from an error log: %permute and %full_default are used
# before they are defined.
# REQUIRES: shared
# RUN: %not %piecewise lint %shared/corpus/invalid/codeidx_vllm_autofunc_nontopo_error.fx.txt 2>&1 | FileCheck %s
# CHECK: codeidx_vllm_autofunc_nontopo_error.fx.txt:6:178: error: name 'permute' is used before it is defined
# CHECK-NEXT: %auto_functionalized_2 : [num_users=2] = call_function
