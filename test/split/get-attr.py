# A get_attr constant (what make_fx lifts as self._tensor_constant0) between
# two splitting ops: as torch.fx's split_module does, it stays in the
# stitching module, read just before the first piece that takes it, and comes
# into the pieces as an input. vLLM's walk gives it an id of its own, but
# split_module makes no submodule for a constant: four items, no submod_2.
# RUN: %piecewise split %s --splitting-ops=aten::sigmoid -o - | FileCheck %s
# CHECK:      class GraphModule(torch.nn.Module):
# CHECK-NEXT:     def forward(self, x: "f32[4, 3]"):
# CHECK-NEXT:         submod_0 = self.submod_0(x);  x = None
# CHECK-NEXT:         relu: "f32[4, 3]" = submod_0[0];  submod_0 = None
# CHECK-NEXT:         submod_1 = self.submod_1(relu);  relu = None
# CHECK-NEXT:         sigmoid: "f32[4, 3]" = submod_1[0];  submod_1 = None
# CHECK-NEXT:         _tensor_constant0: "f32[4, 3]" = self._tensor_constant0
# CHECK-NEXT:         submod_3 = self.submod_3(_tensor_constant0);  _tensor_constant0 = None
# CHECK-NEXT:         sigmoid_1: "f32[4, 3]" = submod_3[0];  submod_3 = None
# CHECK-NEXT:         submod_4 = self.submod_4(sigmoid, sigmoid_1);  sigmoid = sigmoid_1 = None
# CHECK-NEXT:         mul: "f32[4, 3]" = submod_4[0];  submod_4 = None
# CHECK-NEXT:         return (mul,)
# CHECK-EMPTY:
# CHECK-NEXT:     class submod_0(torch.nn.Module):
# CHECK-NEXT:         def forward(self, x: "f32[4, 3]"):
# CHECK-NEXT:             relu: "f32[4, 3]" = torch.ops.aten.relu.default(x);  x = None
# CHECK-NEXT:             return (relu,)
# CHECK-EMPTY:
# CHECK-NEXT:     class submod_1(torch.nn.Module):
# CHECK-NEXT:         def forward(self, relu: "f32[4, 3]"):
# CHECK-NEXT:             sigmoid: "f32[4, 3]" = torch.ops.aten.sigmoid.default(relu);  relu = None
# CHECK-NEXT:             return (sigmoid,)
# CHECK-EMPTY:
# CHECK-NEXT:     class submod_3(torch.nn.Module):
# CHECK-NEXT:         def forward(self, _tensor_constant0: "f32[4, 3]"):
# CHECK-NEXT:             sigmoid_1: "f32[4, 3]" = torch.ops.aten.sigmoid.default(_tensor_constant0);  _tensor_constant0 = None
# CHECK-NEXT:             return (sigmoid_1,)
# CHECK-EMPTY:
# CHECK-NEXT:     class submod_4(torch.nn.Module):
# CHECK-NEXT:         def forward(self, sigmoid: "f32[4, 3]", sigmoid_1: "f32[4, 3]"):
# CHECK-NEXT:             mul: "f32[4, 3]" = torch.ops.aten.mul.Tensor(sigmoid, sigmoid_1);  sigmoid = sigmoid_1 = None
# CHECK-NEXT:             return (mul,)
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4, 3]"):
        relu: "f32[4, 3]" = torch.ops.aten.relu.default(x);  x = None
        sigmoid: "f32[4, 3]" = torch.ops.aten.sigmoid.default(relu);  relu = None
        _tensor_constant0: "f32[4, 3]" = self._tensor_constant0
        sigmoid_1: "f32[4, 3]" = torch.ops.aten.sigmoid.default(_tensor_constant0);  _tensor_constant0 = None
        mul: "f32[4, 3]" = torch.ops.aten.mul.Tensor(sigmoid, sigmoid_1);  sigmoid = sigmoid_1 = None
        return (mul,)
