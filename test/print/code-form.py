# print writes the canonical code form: annotations kept, `# File:` comments
# kept as the provenance of the nodes under them (printed where it changes, as FX
# does), clean-up tails at each value's last use, submodules as nested classes.
# RUN: %piecewise print %s | FileCheck %s --match-full-lines --strict-whitespace
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4, 4][4, 1]cpu", w: "f32[4, 4][4, 1]cpu"):
        # File: model.py:3 in forward, code: y = x @ w
        mm: "f32[4, 4][4, 1]cpu" = torch.ops.aten.mm.default(x, w)
        submod_0 = self.submod_0(mm, w)
        relu: "f32[4, 4][4, 1]cpu" = torch.ops.aten.relu.default(submod_0)
        view: "f32[16][1]cpu" = relu.view(16)
        return (view,)

    class submod_0(torch.nn.Module):
        def forward(self, a: "f32[4, 4][4, 1]cpu", b: "f32[4, 4][4, 1]cpu"):
            mm: "f32[4, 4][4, 1]cpu" = torch.ops.aten.mm.default(a, b)
            add: "f32[4, 4][4, 1]cpu" = torch.ops.aten.add.Tensor(mm, b, alpha = 2)
            relu: "f32[4, 4][4, 1]cpu" = torch.ops.aten.relu.default(add)
            return relu

# CHECK:class GraphModule(torch.nn.Module):
# CHECK-NEXT:    def forward(self, x: "f32[4, 4][4, 1]cpu", w: "f32[4, 4][4, 1]cpu"):
# CHECK-EMPTY:
# CHECK-NEXT:        # File: model.py:3 in forward, code: y = x @ w
# CHECK-NEXT:        mm: "f32[4, 4][4, 1]cpu" = torch.ops.aten.mm.default(x, w);  x = None
# CHECK-NEXT:        submod_0 = self.submod_0(mm, w);  mm = w = None
# CHECK-NEXT:        relu: "f32[4, 4][4, 1]cpu" = torch.ops.aten.relu.default(submod_0);  submod_0 = None
# CHECK-NEXT:        view: "f32[16][1]cpu" = relu.view(16);  relu = None
# CHECK-NEXT:        return (view,)
# CHECK-EMPTY:
# CHECK-NEXT:    class submod_0(torch.nn.Module):
# CHECK-NEXT:        def forward(self, a: "f32[4, 4][4, 1]cpu", b: "f32[4, 4][4, 1]cpu"):
# CHECK-NEXT:            mm: "f32[4, 4][4, 1]cpu" = torch.ops.aten.mm.default(a, b);  a = None
# CHECK-NEXT:            add: "f32[4, 4][4, 1]cpu" = torch.ops.aten.add.Tensor(mm, b, alpha = 2);  mm = b = None
# CHECK-NEXT:            relu: "f32[4, 4][4, 1]cpu" = torch.ops.aten.relu.default(add);  add = None
# CHECK-NEXT:            return relu
# CHECK-NOT:{{.}}
