# A binary file (NUL bytes) is rejected at the first NUL, without crashing.
# RUN: printf 'class GraphModule(torch.nn.Module):\n    def forward(self, x\000\001\377):\n' > %t.bin
# RUN: %not %piecewise lint %t.bin 2>&1 | FileCheck %s
# CHECK: .bin:2:24: error: input contains a NUL byte; this looks like a binary file
# RUN: %python -c "import sys; sys.stdout.buffer.write(bytes(range(256)) * 64)" > %t.random
# RUN: %not %piecewise stats %t.random 2>&1 | FileCheck %s --check-prefix=RANDOM
# RANDOM: .random:1:1: error: input contains a NUL byte
