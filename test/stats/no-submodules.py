# A graph without submodules says so, not "its 0 submodules".
# RUN: %piecewise stats %s | FileCheck %s --match-full-lines
# RUN: %piecewise stats %s | FileCheck %s --check-prefix=NOT-ZERO
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4][1]cpu"):
        relu: "f32[4][1]cpu" = torch.ops.aten.relu.default(x)
        return (relu,)

# CHECK:      counts cover the root graph (it has no submodules)
# CHECK-NEXT: nodes:        3
# CHECK-NEXT: placeholders: 1
# CHECK-NEXT: outputs:      1
# CHECK-NEXT: submodules:   0
# NOT-ZERO-NOT: its 0 submodules
