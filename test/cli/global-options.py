# Global options go before or after the subcommand; --schema-file repeats.
# RUN: printf 'myns::foo(Tensor x) -> Tensor\n' > %t.foo.txt
# RUN: printf 'myns::bar(Tensor x, int n) -> Tensor\n' > %t.bar.txt
# RUN: %not %piecewise --schema-file %t.foo.txt --schema-file %t.bar.txt lint %s 2>&1 | FileCheck %s
# RUN: %not %piecewise lint --schema-file %t.foo.txt %s --schema-file %t.bar.txt 2>&1 | FileCheck %s
# Only one of the files: only its op is checked.
# RUN: %not %piecewise lint --schema-file %t.bar.txt %s 2>&1 | FileCheck %s --check-prefix=BAR
# RUN: %piecewise --no-verify lint --schema-file %t.bar.txt %s
# RUN: %piecewise lint --no-verify %s
# CHECK-DAG: global-options.py:[[#@LINE+7]]:9: error: node 'foo' passes 2 positional arguments to 'myns::foo', which takes at most 1
# CHECK-DAG: global-options.py:[[#@LINE+7]]:9: error: node 'bar' does not pass required argument 'n' of 'myns::bar'
# BAR-NOT: myns::foo
# BAR: error: node 'bar' does not pass required argument 'n' of 'myns::bar'
# BAR-NOT: myns::foo
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4][1]cpu"):
        foo: "f32[4][1]cpu" = torch.ops.myns.foo.default(x, 1)
        bar: "f32[4][1]cpu" = torch.ops.myns.bar.default(foo)
        return (bar,)
