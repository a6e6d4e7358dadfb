# Exit status (docs/architecture.md §8): 0 ok, 1 input or verification errors, 2 usage.
# RUN: %expect-exit 0 %piecewise lint %s
# RUN: %expect-exit 1 %piecewise lint %t.missing.py 2>/dev/null
# RUN: %python -c "open(r'%t.bad.py', 'w').write('graph():\n    %%x : [num_users=1] = placeholder[target=x]\n    %%y = call_function[target=torch.ops.aten.relu.default](args = (%%z,), kwargs = {})\n')"
# RUN: %expect-exit 1 %piecewise lint %t.bad.py 2>/dev/null
#
# Usage errors.
# RUN: %expect-exit 2 %piecewise 2>&1 | FileCheck %s --check-prefix=NOCMD
# NOCMD: A subcommand is required
# RUN: %expect-exit 2 %piecewise frobnicate %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN
# UNKNOWN: piecewise: error: unknown command 'frobnicate'
# RUN: %expect-exit 2 %piecewise lint --frob %s 2>&1 | FileCheck %s --check-prefix=OPTION
# OPTION: The following argument was not expected: --frob
# RUN: %expect-exit 2 %piecewise lint %s %s
# RUN: %expect-exit 2 %piecewise --schema-file
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4][1]cpu"):
        relu: "f32[4][1]cpu" = torch.ops.aten.relu.default(x)
        return (relu,)
