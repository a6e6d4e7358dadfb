# An annotation with a dtype torch does not have.
# RUN: %not %piecewise lint %s 2>&1 | FileCheck %s
class GraphModule(torch.nn.Module):
    # CHECK: unknown-dtype.py:[[#@LINE+1]]:27: error: unknown dtype 'f33' in annotation "f33[4][1]cpu"
    def forward(self, x: "f33[4][1]cpu"):
        return (x,)
