# A graph-form fragment from sglang PR #11716 (starts mid-graph, last line cut).
# REQUIRES: shared
# RUN: %not %piecewise lint %shared/corpus/invalid/sglang11716_piecewise_graph_frag.fx.txt 2>&1 | FileCheck %s
# CHECK: sglang11716_piecewise_graph_frag.fx.txt:6:96: error: undefined name 'arg1_1'
