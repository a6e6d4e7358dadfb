# A --schema-file goes through the same input check as every other input (a NUL byte is a
# binary file, invalid UTF-8 is reported at its byte); an empty schema file is fine.
# RUN: printf 'myns::ok(Tensor x) -> Tensor\n\000\001\n' > %t.bin
# RUN: %not %piecewise --schema-file %t.bin lint %s 2>&1 | FileCheck %s
# CHECK: .bin:2:1: error: input contains a NUL byte; this looks like a binary file, not op schemas
# RUN: printf 'myns::ok(Tensor x) -> Tensor # caf\351\n' > %t.latin1
# RUN: %not %piecewise --schema-file %t.latin1 lint %s 2>&1 | FileCheck %s --check-prefix=UTF8
# UTF8: .latin1:1:35: error: input is not valid UTF-8 (byte 0xe9)
# RUN: printf '' > %t.empty
# RUN: printf '# no schemas yet\n\n' > %t.comments
# RUN: %piecewise --schema-file %t.empty --schema-file %t.comments lint %s
class M(torch.nn.Module):
    def forward(self, x: "f32[4]"):
        a: "f32[4]" = torch.ops.aten.relu.default(x)
        return (a,)
