# `# File: path:line in fn, code: ...` comments are node provenance (FX's
# stack_trace): print, opt and split keep them, and each piece of a split
# module carries the comments of its own nodes.
# RUN: grep -c "# File: " %examples/dynamo/hf_llama_sdpa.py > %t.in.count
# RUN: %piecewise print %examples/dynamo/hf_llama_sdpa.py > %t.print.py
# RUN: grep -c "# File: " %t.print.py | diff %t.in.count -
# RUN: %piecewise print %t.print.py | diff %t.print.py -
# RUN: %piecewise opt --passes=cse %examples/dynamo/hf_llama_sdpa.py | FileCheck %s --check-prefix=OPT
# RUN: %piecewise split %examples/dynamo/hf_llama_sdpa.py --splitting-ops=torch._C._nn.linear -o %t.split.py
# RUN: FileCheck %s --check-prefix=SPLIT < %t.split.py
# OPT: # File: examples/dynamo/capture.py:149 in forward, code: pos = torch.arange(t, device=input_ids.device).float()
# OPT-NEXT: arange: "i64[8][1]cpu" = torch.arange(8, device = device(type='cpu'))
# SPLIT: class submod_0(torch.nn.Module):
# SPLIT: # File: examples/dynamo/capture.py:149 in forward, code: pos = torch.arange(t, device=input_ids.device).float()
# SPLIT: class submod_1(torch.nn.Module):
# SPLIT-NEXT: def forward
# SPLIT-NEXT: {{^$}}
# SPLIT-NEXT: # File: examples/dynamo/capture.py:
