# `-` (or no FILE) reads the graph from stdin; diagnostics say `<stdin>`.
# RUN: %piecewise stats --json - < %s | FileCheck %s
# RUN: %piecewise stats --json < %s | FileCheck %s
# CHECK: "nodes": 3,
# RUN: %python -c "import sys; sys.stdout.write(open(sys.argv[1]).read().replace('(x)', '(y)'))" %s | %not %piecewise lint - 2>&1 | FileCheck %s --check-prefix=DIAG
# DIAG: <stdin>:[[#@LINE+3]]:60: error: name 'y' is used before it is defined
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4][1]cpu"):
        relu: "f32[4][1]cpu" = torch.ops.aten.relu.default(x)
        return (relu,)
