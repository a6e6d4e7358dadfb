# stats on a graph that does not verify: diagnostics, exit 1, nothing on stdout.
# RUN: %not %piecewise stats %s 2>%t.err | count 0
# RUN: FileCheck %s < %t.err
# CHECK: errors.py:[[#@LINE+6]]:9: error: node 'mm' does not pass required argument 'mat2' of 'aten::mm'
# With --no-verify the counts are printed.
# RUN: %piecewise --no-verify stats --json %s | FileCheck %s --check-prefix=NOVERIFY
# NOVERIFY: "nodes": 3,
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4, 4][4, 1]cpu"):
        mm: "f32[4, 4][4, 1]cpu" = torch.ops.aten.mm.default(x)
        return (mm,)
