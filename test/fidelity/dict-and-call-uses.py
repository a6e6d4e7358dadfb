# Node references inside dicts and calls are uses like any other: dce keeps
# their producers, print releases them only after the statement that reads them,
# split passes them into the piece that reads them, and codegen frees them after.
# RUN: %piecewise opt --passes=dce %s | FileCheck %s --check-prefix=DCE
# RUN: %piecewise print %s > %t.1.py
# RUN: %piecewise print %t.1.py | diff %t.1.py -
# RUN: %piecewise print --graph-form %s > %t.1.fx
# RUN: %piecewise print --graph-form %t.1.fx | diff %t.1.fx -
# RUN: %piecewise print %t.1.fx | %piecewise print --graph-form - | diff %t.1.fx -
# RUN: %piecewise split %s --splitting-ops=aten::relu -o %t.split.py
# RUN: FileCheck %s --check-prefix=SPLIT < %t.split.py
# RUN: FileCheck %s --check-prefix=GRAPH < %t.1.fx
#
# DCE: mul_3{{.*}} = torch.ops.aten.mul.Tensor(x, 2)
# DCE: buf{{.*}} = torch.ops.aten.empty_like.default(x)
# DCE: neg{{.*}} = torch.ops.aten.neg.default(x)
# DCE: kwargs = {'x': mul_3, 'out': buf});  mul_3 = t = None
# DCE: sum_1{{.*}} = torch.ops.aten.add.Tensor(relu, foo.scale(neg, by={'k': [neg, x]}));  relu = neg = x = None
# DCE: return (buf, sum_1)
#
# GRAPH: kwargs: {x: %mul_3, out: %buf}})
# GRAPH: foo.scale(%neg, by={'k': [%neg, %x]})
#
# The piece after the relu reads neg and x only through the call: both are inputs.
# SPLIT: class submod_2(torch.nn.Module):
# SPLIT-NEXT: def forward(self, relu{{.*}}, neg{{.*}}, x{{.*}}):
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4][1]cpu"):
        mul_3: "f32[4][1]cpu" = torch.ops.aten.mul.Tensor(x, 2)
        buf: "f32[4][1]cpu" = torch.ops.aten.empty_like.default(x)
        neg: "f32[4][1]cpu" = torch.ops.aten.neg.default(x)
        t = torch.ops.higher_order.triton_kernel_wrapper_mutation(kernel_idx = 0, constant_args_idx = 1, grid = [(1, 1, 1)], tma_descriptor_metadata = {}, kwargs = {'x': mul_3, 'out': buf})
        relu: "f32[4][1]cpu" = torch.ops.aten.relu.default(buf)
        sum_1: "f32[4][1]cpu" = torch.ops.aten.add.Tensor(relu, foo.scale(neg, by = {'k': [neg, x]}))
        return (buf, sum_1)
