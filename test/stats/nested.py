# Counts cover the root graph and every submodule; targets are sorted by
# count (descending), then by name.
# RUN: %piecewise stats %s | FileCheck %s --match-full-lines
# RUN: %piecewise stats --json %s | FileCheck %s --check-prefix=JSON --match-full-lines
# RUN: %piecewise stats --json %s | %python -c "import json, sys; d = json.load(sys.stdin); assert d['nodes'] == sum(d['by_op'].values()), d"
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4, 4][4, 1]cpu", w: "f32[4, 4][4, 1]cpu"):
        mm: "f32[4, 4][4, 1]cpu" = torch.ops.aten.mm.default(x, w)
        submod_0 = self.submod_0(mm, w)
        relu: "f32[4, 4][4, 1]cpu" = torch.ops.aten.relu.default(submod_0)
        view: "f32[16][1]cpu" = relu.view(16)
        return (view,)

    class submod_0(torch.nn.Module):
        def forward(self, a: "f32[4, 4][4, 1]cpu", b: "f32[4, 4][4, 1]cpu"):
            mm: "f32[4, 4][4, 1]cpu" = torch.ops.aten.mm.default(a, b)
            add: "f32[4, 4][4, 1]cpu" = torch.ops.aten.add.Tensor(mm, b)
            relu: "f32[4, 4][4, 1]cpu" = torch.ops.aten.relu.default(add)
            return relu

# CHECK:      counts cover the root graph and its 1 submodule
# CHECK-NEXT: nodes:        13
# CHECK-NEXT: placeholders: 4
# CHECK-NEXT: outputs:      2
# CHECK-NEXT: submodules:   1
# CHECK-EMPTY:
# CHECK-NEXT: by op:
# CHECK-NEXT:   call_function  5
# CHECK-NEXT:   placeholder    4
# CHECK-NEXT:   output         2
# CHECK-NEXT:   call_method    1
# CHECK-NEXT:   call_module    1
# CHECK-EMPTY:
# CHECK-NEXT: by target:
# CHECK-NEXT:   aten::mm.default      2
# CHECK-NEXT:   aten::relu.default    2
# CHECK-NEXT:   aten::add.Tensor      1
# CHECK-NEXT:   submod_0              1
# CHECK-NEXT:   view                  1
# CHECK-NOT: {{.}}

# JSON:      {
# JSON-NEXT:   "nodes": 13,
# JSON-NEXT:   "placeholders": 4,
# JSON-NEXT:   "outputs": 2,
# JSON-NEXT:   "submodules": 1,
# JSON-NEXT:   "by_op": {
# JSON-NEXT:     "call_function": 5,
# JSON-NEXT:     "placeholder": 4,
# JSON-NEXT:     "output": 2,
# JSON-NEXT:     "call_method": 1,
# JSON-NEXT:     "call_module": 1
# JSON-NEXT:   },
# JSON-NEXT:   "by_target": {
# JSON-NEXT:     "aten::mm.default": 2,
# JSON-NEXT:     "aten::relu.default": 2,
# JSON-NEXT:     "aten::add.Tensor": 1,
# JSON-NEXT:     "submod_0": 1,
# JSON-NEXT:     "view": 1
# JSON-NEXT:   }
# JSON-NEXT: }
