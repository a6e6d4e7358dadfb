# 10,000 nested brackets: a located error, never a stack overflow.
# RUN: %python -c "print('class GraphModule(torch.nn.Module):\n    def forward(self, x):\n        y = torch.ops.aten.foo.default(x, ' + '[' * 10000 + ']' * 10000 + ')\n        return (y,)')" > %t.lists.py
# RUN: %not %piecewise lint %t.lists.py 2>&1 | FileCheck %s
# CHECK: .lists.py:3:{{[0-9]+}}: error: nesting is deeper than
# RUN: %python -c "print('class GraphModule(torch.nn.Module):\n    def forward(self, x):\n        y = torch.ops.aten.foo.default(x, ' + '(' * 10000 + ')' * 10000 + ')\n        return (y,)')" > %t.parens.py
# RUN: %not %piecewise lint %t.parens.py 2>&1 | FileCheck %s --check-prefix=PARENS
# PARENS: .parens.py:3:{{[0-9]+}}: error: nesting is deeper than
# RUN: %python -c "print('class GraphModule(torch.nn.Module):\n    def forward(self, x: \"f32' + '[' * 10000 + '\"):\n        return (x,)')" > %t.annotation.py
# RUN: %not %piecewise lint %t.annotation.py 2>&1 | FileCheck %s --check-prefix=ANNOTATION
# ANNOTATION: .annotation.py:2:30: error: unterminated
