# `report LOG -o DIR` on a whole TORCH_TRACE / TORCH_LOGS log: one page per FX
# graph and an index listing every graph and every output code with what
# verify-wrapper says of it (like tlparse's index).
# RUN: rm -rf %t && %piecewise report %examples/logs/llama_trace.log --splitting-ops=aten::mm -o %t 2>/dev/null | FileCheck %s --check-prefix=OUT
# OUT: wrote {{.*}}/index.html (14 graphs)
# RUN: ls %t | FileCheck %s --check-prefix=FILES
# FILES: 0-0-aot_inference.html
# FILES: 0-0-dynamo.html
# FILES: 0-0_1-post_grad.html
# FILES: index.html
# RUN: FileCheck %s --check-prefix=INDEX < %t/index.html
# INDEX: <p>14 graphs (TORCH_TRACE)</p>
# INDEX: <tr><td>0/0:dynamo</td><td>0/0</td><td>dynamo</td><td>176</td><td><a href="0-0-dynamo.html">report</a></td></tr>
# INDEX: <tr><td>0/0_1:output_code</td><td>0/0_1</td><td>output_code</td><td>4429</td><td>output code, 661 lines: verify-wrapper clean</td></tr>
# RUN: %piecewise report %examples/logs/llama_torch_logs.txt --cudagraph -o %t.logs 2>/dev/null | FileCheck %s --check-prefix=LOGS
# LOGS: wrote {{.*}}/index.html (14 graphs)
# One graph of a log is one page, as for any input.
# RUN: %piecewise report "%examples/logs/llama_trace.log#0/0_1:post_grad" --splitting-ops=aten::mm -o %t.one.html
# RUN: FileCheck %s --check-prefix=ONE < %t.one.html
# ONE: <!DOCTYPE html>
