# A declarations line (pytree-flattened inputs) whose second annotation is not a string.
# (Found by the parser fuzzer: this used to end the process with std::out_of_range.)
# RUN: %not %piecewise lint %s 2>&1 | FileCheck %s
class joint(torch.nn.Module):
    def forward(self, primals, tangents):
        # CHECK: bad-declaration.py:[[#@LINE+1]]:42: error: expected a quoted type annotation after ':'
        primals_1: "f32[4]"; tangents_1: 3
        primals_1, tangents_1, = fx_pytree.tree_flatten_spec([primals, tangents], self._in_spec)
        return (primals_1,)
