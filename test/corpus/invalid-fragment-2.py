# Another fragment of pytorch issue #140835, cut at both ends.
# REQUIRES: shared
# RUN: %not %piecewise lint %shared/corpus/invalid/pt140835_splitws_viewdtype_frag2.py.txt 2>&1 | FileCheck %s
# CHECK: pt140835_splitws_viewdtype_frag2.py.txt:1:43: error: name 'alias_30' is used before it is defined
