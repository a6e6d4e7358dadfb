# A stray character in a `def` line's return annotation is an error at that character.
# (Found by the parser fuzzer: the parser used to loop forever on it.)
# RUN: %not %piecewise lint %s 2>&1 | FileCheck %s
class GraphModule(torch.nn.Module):
    # CHECK: bad-return-annotation.py:[[#@LINE+1]]:48: error: unexpected character
    def forward(self, x: "f32[4]") -> (Tensor, `Tensor):
        return (x,)
