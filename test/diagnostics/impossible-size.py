# Sizes whose byte count does not fit in 64 bits, negative sizes and integers too large for
# 64 bits are located errors: peak-memory estimates never overflow (f32[4611686018427387905]
# used to report 8 bytes of peak memory).
# RUN: %expect-exit 1 %piecewise lint %s 2>&1 | FileCheck %s
# RUN: %expect-exit 1 %piecewise stats --peak-memory %s 2>&1 | FileCheck %s
class GraphModule(torch.nn.Module):
    def forward(self, y: "f32[4][1]cpu"):
        # CHECK: impossible-size.py:[[#@LINE+1]]:13: error: impossible tensor size in annotation "f32[4611686018427387905]": its byte count does not fit in a 64-bit integer
        x: "f32[4611686018427387905]" = torch.ops.aten.relu.default(y)
        # CHECK: impossible-size.py:[[#@LINE+1]]:17: error: negative size -1 in annotation
        a: "f32[-1]" = torch.ops.aten.relu.default(y)
        # CHECK: impossible-size.py:[[#@LINE+1]]:20: error: size 99999999999999999999 in annotation does not fit in a 64-bit integer
        b: "f32[4, 99999999999999999999]" = torch.ops.aten.relu.default(y)
        # CHECK: impossible-size.py:[[#@LINE+1]]:13: error: impossible tensor size in annotation "i64[2147483648, 2147483648, 2]"
        c: "i64[2147483648, 2147483648, 2]" = torch.ops.aten.relu.default(y)
        # Large but representable sizes, and symbolic ones, are fine.
        # CHECK-NOT: error
        d: "f32[1152921504606846975]" = torch.ops.aten.relu.default(y)
        e: "f32[s0, 4611686018427387905]" = torch.ops.aten.relu.default(y)
        return (d, e)
# The same sizes on a placeholder.
# RUN: %python -c "open(r'%t.ph.py', 'w').write('class GraphModule(torch.nn.Module):\n    def forward(self, x: \"f32[4611686018427387905]\"):\n        return (x,)\n')"
# RUN: %expect-exit 1 %piecewise stats --peak-memory %t.ph.py 2>&1 | FileCheck %s --check-prefix=PH
# PH: .ph.py:2:27: error: impossible tensor size in annotation "f32[4611686018427387905]"
