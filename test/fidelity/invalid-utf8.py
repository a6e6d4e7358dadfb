# Python reads its input as UTF-8, so bytes that are not UTF-8 are a located error
# (at the first bad byte, in a string, an annotation or a comment alike), never
# copied into the printed program (found by the mutation stress run). Well-formed
# UTF-8 is kept: strings hold it, comments may carry it.
# RUN: printf 'class GraphModule(torch.nn.Module):\n    def forward(self, x: "f32[4][1]cpu"):\n        y = torch.ops.foo.bar.default(x, "a\377b");  x = None\n        return (y,)\n' > %t.string.py
# RUN: %expect-exit 1 %piecewise print %t.string.py 2>&1 | FileCheck %s --check-prefix=STRING
# STRING: .string.py:3:44: error: input is not valid UTF-8
# RUN: printf '# caf\303\n\nclass GraphModule(torch.nn.Module):\n    def forward(self, x):\n        return (x,)\n' > %t.comment.py
# RUN: %expect-exit 1 %piecewise lint %t.comment.py 2>&1 | FileCheck %s --check-prefix=COMMENT
# COMMENT: .comment.py:1:6: error: input is not valid UTF-8
# An overlong '/' and an encoded surrogate are not UTF-8 either.
# RUN: printf 'class GraphModule(torch.nn.Module):\n    def forward(self, x):\n        y = torch.ops.foo.bar.default(x, "\300\257", "\355\240\200");  x = None\n        return (y,)\n' > %t.overlong.py
# RUN: %expect-exit 1 %piecewise lint %t.overlong.py 2>&1 | FileCheck %s --check-prefix=OVERLONG
# OVERLONG: .overlong.py:3:43: error: input is not valid UTF-8
# RUN: printf 'graph():\n    %%%%x : [num_users=1] = placeholder[target=x]\n    %%%%y : [num_users=1] = call_function[target=torch.ops.foo.bar.default](args = (%%%%x, a\377), kwargs = {})\n    return (y,)\n' > %t.fx
# RUN: %expect-exit 1 %piecewise lint %t.fx 2>&1 | FileCheck %s --check-prefix=GRAPH
# GRAPH: .fx:3:87: error: input is not valid UTF-8
# RUN: %piecewise print %s | FileCheck %s
# CHECK: torch.ops.foo.bar.default(x, 'café — ✓')
class GraphModule(torch.nn.Module):
    def forward(self, x):
        # commentaire: déjà vu
        y = torch.ops.foo.bar.default(x, "café — ✓");  x = None
        return (y,)
