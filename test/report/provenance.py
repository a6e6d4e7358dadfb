# The code a report shows for each piece keeps the `# File: ...` provenance of
# its nodes, so a piece maps back to model source (stock SDPA as the splitting op).
# RUN: %piecewise report %examples/dynamo/hf_llama_sdpa.py --splitting-ops=torch._C._nn.scaled_dot_product_attention -o %t.html
# RUN: FileCheck %s < %t.html
# CHECK: # File: examples/dynamo/capture.py:74 in forward, code: q = self.q_proj(x).view(b, t, HEADS, HEAD_DIM).transpose(1, 2)
