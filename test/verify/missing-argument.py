# A required argument (no default) that is not passed.
# RUN: %not %piecewise lint %s 2>&1 | FileCheck %s
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4, 4][4, 1]cpu"):
        # CHECK: missing-argument.py:[[#@LINE+1]]:9: error: node 'mm' does not pass required argument 'mat2' of 'aten::mm'
        mm: "f32[4, 4][4, 1]cpu" = torch.ops.aten.mm.default(x)
        # Given by keyword is fine.
        mm_1: "f32[4, 4][4, 1]cpu" = torch.ops.aten.mm.default(x, mat2 = mm)
        return (mm_1,)
