# A carriage return inside a line is a located error in both forms: Python reads
# a lone CR as a line end, so copying it into an annotation, a target or a name
# would print a different program (found by the mutation stress run). A CR that
# ends a line (CRLF input) is accepted and printed as a plain line end.
# RUN: %python -c "import sys; sys.stdout.buffer.write(open(sys.argv[1], 'rb').read().replace(b'@CR@', b'\r'))" %S/Inputs/carriage-return.txt > %t.py
# RUN: %expect-exit 1 %piecewise print %t.py 2>&1 | FileCheck %s
# CHECK: .py:3:25: error: carriage return not followed by a line feed: Python reads it as a line end
# RUN: %python -c "import sys; sys.stdout.buffer.write(open(sys.argv[1], 'rb').read().replace(b'@CR@', b'\r'))" %S/Inputs/carriage-return-graph.txt > %t.fx
# RUN: %expect-exit 1 %piecewise lint %t.fx 2>&1 | FileCheck %s --check-prefix=GRAPH
# GRAPH: .fx:3:60: error: carriage return not followed by a line feed: Python reads it as a line end
# RUN: %python -c "import sys; sys.stdout.buffer.write(open(sys.argv[1], 'rb').read().replace(b'\n', b'\r\n'))" %s > %t.crlf.py
# RUN: %piecewise print %t.crlf.py | FileCheck %s --check-prefix=CRLF
# CRLF: def forward(self, x: "f32[4][1]cpu"):
# CRLF-NEXT: relu: "f32[4][1]cpu" = torch.ops.aten.relu.default(x);  x = None
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4][1]cpu"):
        relu: "f32[4][1]cpu" = torch.ops.aten.relu.default(x);  x = None
        return (relu,)
