# A malformed schema in a --schema-file is reported in that file, and the
# input is not processed.
# RUN: printf '# custom ops\nmyns::ok(Tensor x) -> Tensor\nmyns::foo(Tensor x, int y=) -> Tensor\n' > %t.schemas
# RUN: %not %piecewise --schema-file %t.schemas lint %s 2>&1 | FileCheck %s
# RUN: %not %piecewise lint --schema-file %t.schemas %s 2>&1 | FileCheck %s
# CHECK: .schemas:3:27: error:
# CHECK-NEXT: myns::foo(Tensor x, int y=) -> Tensor
# RUN: %not %piecewise --schema-file %t.missing lint %s 2>&1 | FileCheck %s --check-prefix=MISSING
# MISSING: piecewise: error: cannot open '{{.*}}.missing': No such file or directory
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4][1]cpu"):
        return (x,)
