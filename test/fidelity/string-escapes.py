# Strings hold their Python value: every escape is decoded, and the printer
# writes repr(): printable characters raw, the others escaped (\x85, \u2028).
# RUN: %piecewise print %s | FileCheck %s
# RUN: %piecewise print %s | %piecewise print - | FileCheck %s
# RUN: %piecewise print --graph-form %s | %piecewise print - | FileCheck %s
# CHECK: a = foo.f(x, 'A\x07\x08\x0c\x0b\x00\x85\u2028é€😀\\N', "it's", 'both \' and "')
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4][1]cpu"):
        a = foo.f(x, '\101\a\b\f\v\0\x85\u2028\xe9\u20ac\U0001F600\\N', "it's", 'both \' and "')
        return (a,)
