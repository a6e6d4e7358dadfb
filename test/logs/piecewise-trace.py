# A TORCH_TRACE log written by piecewise.backend (3 layers, split at SDPA; filtered to
# the Dynamo graph and the backend's own events): `graphs` lists the split graph and each
# unique compiled piece under its vLLM name, and every command reads them by that ID.
# RUN: %piecewise graphs %S/Inputs/piecewise_backend_trace.log | FileCheck %s --check-prefix=LIST
# LIST: 6 graphs in {{.*}}piecewise_backend_trace.log (TORCH_TRACE)
# LIST: ID {{ *}}COMPILE {{ *}}STAGE {{ *}}LINE  SIZE
# LIST: 0/0:dynamo {{ *}}0/0 {{ *}}dynamo {{ *}}2  30 nodes
# LIST: 0/0:vllm_piecewise_split_graph 0/0 {{ *}}vllm_piecewise_split_graph {{ *}}47  76 nodes
# LIST: 0/0:vllm_submod_0 {{ *}}0/0 {{ *}}vllm_submod_0 {{ *}}171  8 nodes
# LIST: 0/0:vllm_submod_2 {{ *}}0/0 {{ *}}vllm_submod_2 {{ *}}183  12 nodes
# LIST: 0/0:vllm_submod_4 {{ *}}0/0 {{ *}}vllm_submod_4 {{ *}}200  12 nodes
# LIST: 0/0:vllm_submod_6 {{ *}}0/0 {{ *}}vllm_submod_6 {{ *}}217  7 nodes
#
# RUN: %piecewise stats "%S/Inputs/piecewise_backend_trace.log#0/0:vllm_piecewise_split_graph" | FileCheck %s --check-prefix=SPLIT
# SPLIT: counts cover the root graph and its 7 submodules
# RUN: %piecewise print %S/Inputs/piecewise_backend_trace.log --graph 0/0:vllm_submod_2 | FileCheck %s --check-prefix=PIECE
# PIECE: class GraphModule(torch.nn.Module):
# PIECE-NEXT: def forward(self, scaled_dot_product_attention: "f32[1, 2, s27, 8][16*s27, 8, 16, 1]cpu", s27: "Sym(s27)",
# The Dynamo graph in the same log, split by the CLI, gives the backend's plan: 7 pieces.
# RUN: %piecewise split %S/Inputs/piecewise_backend_trace.log --graph 0/0:dynamo --splitting-ops=torch._C._nn.scaled_dot_product_attention | FileCheck %s --check-prefix=RESPLIT
# RESPLIT: pieces: 7 (3 splitting, 4 compiled)
