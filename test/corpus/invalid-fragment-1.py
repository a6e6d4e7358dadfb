# A fragment pasted in pytorch issue #140835: starts mid-graph (undefined names).
# REQUIRES: shared
# RUN: %not %piecewise lint %shared/corpus/invalid/pt140835_splitws_viewdtype_frag1.py.txt 2>&1 | FileCheck %s
# CHECK: pt140835_splitws_viewdtype_frag1.py.txt:1:17: error: name 'arg0_1' is used before it is defined
# CHECK-NEXT: mul_1 = 4 * arg0_1
