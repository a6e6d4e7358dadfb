# A TORCH_LOGS=graph_code,aot_graphs,post_grad_graphs,output_code stderr log
# (examples/logs/capture_logs.py, torch 2.13), Python warnings at its top included.
# RUN: %piecewise graphs %examples/logs/llama_torch_logs.txt | FileCheck %s --check-prefix=LIST
# LIST: 14 graphs in {{.*}}llama_torch_logs.txt (TORCH_LOGS)
# LIST: 0/0:dynamo
# LIST: 0/0:aot_forward
# LIST: 0/0_1:post_grad
# LIST: 0/0_1:output_code
# RUN: %piecewise graphs --json %examples/logs/llama_torch_logs.txt | FileCheck %s --check-prefix=JSON
# JSON: "format": "TORCH_LOGS"
# JSON: "id": "0/0:dynamo",
# JSON-NEXT: "compile_id": "0/0",
# JSON-NEXT: "stage": "dynamo",
# RUN: %piecewise lint "%examples/logs/llama_torch_logs.txt#0/0_1:post_grad"
# RUN: %piecewise verify-wrapper %examples/logs/llama_torch_logs.txt
# The same model's Dynamo graph reads the same from both logs.
# RUN: %piecewise print %examples/logs/llama_torch_logs.txt --graph 0/0:dynamo > %t.logs.py
# RUN: %piecewise print %examples/logs/llama_trace.log --graph 0/0:dynamo > %t.trace.py
# RUN: diff %t.logs.py %t.trace.py
