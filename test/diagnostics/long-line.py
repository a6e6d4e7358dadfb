# A 10 MB single line: the diagnostic shows a window of the line around the
# column instead of 10 MB of text, and the run stays linear (no hang).
# RUN: %python -c "print('x = ' + 'a' * 10_000_000)" > %t.noclass.py
# RUN: %not %piecewise lint %t.noclass.py 2>&1 | FileCheck %s --check-prefix=NOGRAPH
# NOGRAPH: .noclass.py:1:1: error: no graph found
# RUN: %not %piecewise lint %t.noclass.py 2>&1 | %python -c "import sys; n = len(sys.stdin.read()); sys.exit(n > 2000)"
#
# The same inside a graph: a 10 MB list argument that never closes.
# RUN: %python -c "print('class GraphModule(torch.nn.Module):\n    def forward(self, x):\n        y = torch.ops.aten.foo.default(x, [' + '1, ' * 3_500_000)" > %t.list.py
# RUN: %not %piecewise lint %t.list.py 2>&1 | FileCheck %s --check-prefix=LIST
# LIST: .list.py:3:43: error: unterminated '['
# The rendered diagnostic is three short lines, not a copy of the 10 MB line.
# RUN: %not %piecewise lint %t.list.py 2>&1 | count 3
# RUN: %not %piecewise lint %t.list.py 2>&1 | %python -c "import sys; n = len(sys.stdin.read()); sys.exit(n > 2000)"
