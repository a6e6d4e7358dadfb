# A TORCH_TRACE log (examples/logs/capture_logs.py, torch 2.13) is read directly:
# `graphs` lists its FX graphs and output code, --graph ID / LOG#ID selects one,
# and diagnostics point at the log's own lines.
# RUN: %piecewise graphs %examples/logs/llama_trace.log | FileCheck %s --check-prefix=LIST
# LIST: 14 graphs in {{.*}}llama_trace.log (TORCH_TRACE)
# LIST: 0/0:dynamo                   0/0        dynamo              {{ *}}176  86 nodes
# LIST: 0/0:aot_inference            0/0        aot_inference       {{ *}}1008 {{.*}} nodes
# LIST: 0/0_1:post_grad              0/0_1      post_grad           {{ *}}3815  121 nodes
# LIST: 0/0_1:output_code            0/0_1      output_code         {{ *}}4429  661 lines
# LIST: 2/0:output_code
#
# RUN: %piecewise lint %examples/logs/llama_trace.log --graph 0/0_1:post_grad
# RUN: %piecewise lint "%examples/logs/llama_trace.log#0/0:dynamo"
# RUN: %piecewise lint %examples/logs/llama_trace.log --graph 2
# RUN: %piecewise print %examples/logs/llama_trace.log --graph 0/0:aot_inference | FileCheck %s --check-prefix=AOT
# AOT: class GraphModule(torch.nn.Module):
# AOT-NEXT: def forward(self, arg0_1: "Sym(s70)", arg1_1: "i64[1, s70][s70, 1]cpu",
# RUN: %piecewise verify-wrapper %examples/logs/llama_trace.log
# RUN: %piecewise verify-wrapper %examples/logs/llama_trace.log --graph 0/0_1:output_code
# RUN: %piecewise split %examples/logs/llama_trace.log --graph 2/0:post_grad --splitting-ops=aten::relu | FileCheck %s --check-prefix=SPLIT
# SPLIT: pieces: 2 (1 splitting, 1 compiled)
#
# RUN: %not %piecewise lint %examples/logs/llama_trace.log 2>&1 | FileCheck %s --check-prefix=PICK
# PICK: llama_trace.log: error: this log holds 11 graphs: pick one with --graph ID or FILE#ID (`piecewise graphs FILE` lists them): 0/0:dynamo, 0/0:aot_inference,
# RUN: %not %piecewise lint %examples/logs/llama_trace.log --graph 9/9:dynamo 2>&1 | FileCheck %s --check-prefix=NONE
# NONE: llama_trace.log: error: no graph '9/9:dynamo' in this log; it holds: 0/0:dynamo,
# The ID comes from the command line, not from a line of the log: the errors above name
# the log without a line (they pointed at 1:1 before).
#
# A graph event whose payload is missing (a cut log) is not listed, with a note at its line.
# RUN: sed '176,321d' %examples/logs/llama_trace.log > %t.cut.log
# RUN: %piecewise graphs %t.cut.log 2>&1 | FileCheck %s --check-prefix=CUT
# CUT: cut.log:175:[[#]]: note: this dynamo event has no payload (no tab-indented lines follow it); it is not listed
# CUT: 13 graphs in {{.*}}cut.log (TORCH_TRACE)
# CUT-NOT: 0/0:dynamo
# RUN: %not %piecewise lint %t.cut.log --graph 0/0:dynamo 2>&1 | FileCheck %s --check-prefix=CUTSEL
# CUTSEL: cut.log: error: no graph '0/0:dynamo' in this log; it holds: 0/0:aot_inference,
# CUTSEL: cut.log:175:[[#]]: note: this dynamo event has no payload
# Every command that lists a whole log says so too.
# RUN: %piecewise verify-wrapper %t.cut.log 2>&1 | FileCheck %s --check-prefix=CUTALL
# RUN: %piecewise report %t.cut.log --splitting-ops=aten::mm -o %t.cut-report 2>&1 | FileCheck %s --check-prefix=CUTALL
# CUTALL: cut.log:175:[[#]]: note: this dynamo event has no payload
# RUN: %not %piecewise lint %examples/logs/llama_trace.log --graph 0/0_1:output_code 2>&1 | FileCheck %s --check-prefix=CODE
# CODE: '0/0_1:output_code' in '{{.*}}llama_trace.log' is Inductor output code, not an FX graph: check it with `piecewise verify-wrapper`
# RUN: %not %piecewise lint %examples/llama2_makefx.py --graph 0/0:dynamo 2>&1 | FileCheck %s --check-prefix=DUMP
# DUMP: is a graph dump, not a TORCH_TRACE or TORCH_LOGS log: --graph 0/0:dynamo selects nothing
#
# An error inside a logged graph is reported at the log's line and column.
# RUN: sed '3908s/(cat_1, unsqueeze_4)/(cat_1, zzz_undefined)/' %examples/logs/llama_trace.log > %t.log
# RUN: %not %piecewise lint %t.log --graph 0/0_1:post_grad 2>&1 | FileCheck %s --check-prefix=LOC
# LOC: .log:3908:{{[0-9]+}}: error: name 'zzz_undefined' is used before it is defined
