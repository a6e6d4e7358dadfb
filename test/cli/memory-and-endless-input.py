# Out of memory and endless inputs end with one clear line and exit status 1, never an
# abort; binary input is recognised while reading (the first NUL stops the read), so
# /dev/zero is rejected at once instead of filling memory.
# RUN: %expect-exit 1 %piecewise lint /dev/zero 2>&1 | FileCheck %s --check-prefix=ZERO
# RUN: %expect-exit 1 %piecewise stats - < /dev/zero 2>&1 | FileCheck %s --check-prefix=ZERO-STDIN
# ZERO: /dev/zero:1:1: error: input contains a NUL byte; this looks like a binary file, not FX graph text
# ZERO-STDIN: <stdin>:1:1: error: input contains a NUL byte
#
# An endless text input with 400 MB of address space: the read runs out of memory.
# An AddressSanitizer build cannot run under such a limit (its shadow memory needs
# terabytes of address space): `make asan` skips this file.
# UNSUPPORTED: asan
# RUN: %expect-exit 1 %python %S/../Inputs/with_memory_limit.py 400 --endless-stdin %piecewise lint - 2>&1 | FileCheck %s --check-prefix=OOM
# OOM: piecewise: error: out of memory
# OOM-NOT: {{.}}
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4][1]cpu"):
        relu: "f32[4][1]cpu" = torch.ops.aten.relu.default(x)
        return (relu,)
