# The generated graph is real torch: run it on the CPU (device mapped off
# cuda:0, a reference attention op registered) and check every annotation
# (dtype, sizes, strides, device) against the value torch computes.
# REQUIRES: torch
# RUN: %piecewise gen --layers 3 > %t.static.py
# RUN: %python %S/../Inputs/run_gen_graph.py %t.static.py | FileCheck %s
# RUN: %piecewise gen --layers 3 --dynamic > %t.dynamic.py
# RUN: %python %S/../Inputs/run_gen_graph.py %t.dynamic.py | FileCheck %s
# CHECK: ok: 111 values checked
