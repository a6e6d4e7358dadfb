# A TORCH_LOGS=graph_code,aot_graphs log of two ranks under `torchrun --tee 3`
# (examples/logs/capture_logs.py, torch 2.13): every line carries torchrun's local
# rank and torch's rank (`[default1]:[rank1]:V1202 ...`). Each rank's graphs are
# listed under their own ids, and each reads like the single-process capture.
# RUN: %piecewise graphs %examples/logs/llama_torchrun_logs.txt | FileCheck %s --check-prefix=LIST
# LIST: 8 graphs in {{.*}}llama_torchrun_logs.txt (TORCH_LOGS)
# LIST: rank0/0/0:dynamo        rank0/0/0 dynamo 7 86 nodes
# LIST: rank1/0/0:dynamo        rank1/0/0 dynamo 156 86 nodes
# LIST: rank0/0/0:aot_forward
# LIST: rank1/0/0:aot_forward
# LIST: rank0/0/0_1:dynamo
# LIST: rank1/0/0_1:dynamo
# RUN: %piecewise lint "%examples/logs/llama_torchrun_logs.txt#rank1/0/0_1:aot_forward"
# RUN: %piecewise print %examples/logs/llama_torchrun_logs.txt --graph rank0/0/0:dynamo > %t.rank0.py
# RUN: %piecewise print %examples/logs/llama_torchrun_logs.txt --graph rank1/0/0:dynamo > %t.rank1.py
# RUN: diff %t.rank0.py %t.rank1.py
# The single-process log of the same model (its `# File:` lines predate a change to
# the model's file) holds the same Dynamo graph.
# RUN: %piecewise print %examples/logs/llama_torch_logs.txt --graph 0/0:dynamo | grep -v "# File:" > %t.single.py
# RUN: grep -v "# File:" %t.rank0.py | diff - %t.single.py
#
# Lines of two records interleaved (two ranks writing to one stderr): a graph is
# the lines of its own record, and diagnostics keep the log's line numbers.
# RUN: rm -rf %t && split-file --no-leading-lines %s %t
# RUN: %piecewise graphs %t/interleaved.txt | FileCheck %s --check-prefix=MIXED
# MIXED: 2 graphs in {{.*}}interleaved.txt (TORCH_LOGS)
# MIXED: rank0/0/0:dynamo {{.*}} 5 3 nodes
# MIXED: rank1/0/0:dynamo {{.*}} 6 3 nodes
# RUN: %piecewise print "%t/interleaved.txt#rank1/0/0:dynamo" | FileCheck %s --check-prefix=RANK1
# RUN: %piecewise print "%t/interleaved.txt#rank0/0/0:dynamo" | FileCheck %s --check-prefix=RANK0
# RANK1: def forward(self, L_y_: "f32[4][1]cpu"):
# RANK1: relu: "f32[4][1]cpu" = torch.relu(l_y_)
# RANK0: def forward(self, L_x_: "f32[4][1]cpu"):
# RANK0: sin: "f32[4][1]cpu" = torch.sin(l_x_)
# RUN: %not %piecewise lint "%t/bad.txt#rank1/0/0:dynamo" 2>&1 | FileCheck %s --check-prefix=BAD
# BAD: bad.txt:8:{{[0-9]+}}: error: {{.*}}'undefined'
#--- interleaved.txt
[rank0]:V1202 00:12:00.929000 30189 site-packages/torch/_dynamo/output_graph.py:2835] [0/0] [__graph_code] TRACED GRAPH
[rank1]:V1202 00:12:00.931000 30190 site-packages/torch/_dynamo/output_graph.py:2835] [0/0] [__graph_code] TRACED GRAPH
[rank0]:V1202 00:12:00.929000 30189 site-packages/torch/_dynamo/output_graph.py:2835] [0/0] [__graph_code]  ===== __compiled_fn_1 =====
[rank1]:V1202 00:12:00.931000 30190 site-packages/torch/_dynamo/output_graph.py:2835] [0/0] [__graph_code]  ===== __compiled_fn_1 =====
[rank0]:V1202 00:12:00.929000 30189 site-packages/torch/_dynamo/output_graph.py:2835] [0/0] [__graph_code]  /x/torch/fx/_lazy_graph_module.py class GraphModule(torch.nn.Module):
[rank1]:V1202 00:12:00.931000 30190 site-packages/torch/_dynamo/output_graph.py:2835] [0/0] [__graph_code]  /x/torch/fx/_lazy_graph_module.py class GraphModule(torch.nn.Module):
[rank0]:V1202 00:12:00.929000 30189 site-packages/torch/_dynamo/output_graph.py:2835] [0/0] [__graph_code]     def forward(self, L_x_: "f32[4][1]cpu"):
[rank1]:V1202 00:12:00.931000 30190 site-packages/torch/_dynamo/output_graph.py:2835] [0/0] [__graph_code]     def forward(self, L_y_: "f32[4][1]cpu"):
[rank0]:V1202 00:12:00.929000 30189 site-packages/torch/_dynamo/output_graph.py:2835] [0/0] [__graph_code]         l_x_ = L_x_
[rank1]:V1202 00:12:00.931000 30190 site-packages/torch/_dynamo/output_graph.py:2835] [0/0] [__graph_code]         l_y_ = L_y_
[rank0]:V1202 00:12:00.929000 30189 site-packages/torch/_dynamo/output_graph.py:2835] [0/0] [__graph_code]         sin: "f32[4][1]cpu" = torch.sin(l_x_);  l_x_ = None
[rank1]:V1202 00:12:00.931000 30190 site-packages/torch/_dynamo/output_graph.py:2835] [0/0] [__graph_code]         relu: "f32[4][1]cpu" = torch.relu(l_y_);  l_y_ = None
[rank0]:V1202 00:12:00.929000 30189 site-packages/torch/_dynamo/output_graph.py:2835] [0/0] [__graph_code]         return (sin,)
[rank1]:V1202 00:12:00.931000 30190 site-packages/torch/_dynamo/output_graph.py:2835] [0/0] [__graph_code]         return (relu,)
#--- bad.txt
[rank0]:V1202 00:12:00.929000 30189 site-packages/torch/_dynamo/output_graph.py:2835] [0/0] [__graph_code] TRACED GRAPH
[rank1]:V1202 00:12:00.931000 30190 site-packages/torch/_dynamo/output_graph.py:2835] [0/0] [__graph_code] TRACED GRAPH
[rank0]:V1202 00:12:00.929000 30189 site-packages/torch/_dynamo/output_graph.py:2835] [0/0] [__graph_code]  ===== __compiled_fn_1 =====
[rank1]:V1202 00:12:00.931000 30190 site-packages/torch/_dynamo/output_graph.py:2835] [0/0] [__graph_code]  ===== __compiled_fn_1 =====
[rank1]:V1202 00:12:00.931000 30190 site-packages/torch/_dynamo/output_graph.py:2835] [0/0] [__graph_code]  /x/torch/fx/_lazy_graph_module.py class GraphModule(torch.nn.Module):
[rank1]:V1202 00:12:00.931000 30190 site-packages/torch/_dynamo/output_graph.py:2835] [0/0] [__graph_code]     def forward(self, L_y_: "f32[4][1]cpu"):
[rank0]:V1202 00:12:00.929000 30189 site-packages/torch/_dynamo/output_graph.py:2835] [0/0] [__graph_code]  /x/torch/fx/_lazy_graph_module.py class GraphModule(torch.nn.Module):
[rank1]:V1202 00:12:00.931000 30190 site-packages/torch/_dynamo/output_graph.py:2835] [0/0] [__graph_code]         relu: "f32[4][1]cpu" = torch.relu(undefined);  l_y_ = None
[rank1]:V1202 00:12:00.931000 30190 site-packages/torch/_dynamo/output_graph.py:2835] [0/0] [__graph_code]         return (relu,)
