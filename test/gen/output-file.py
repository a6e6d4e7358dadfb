# `-o FILE` writes the graph there and nothing to stdout.
# RUN: rm -f %t.py
# RUN: %piecewise gen --layers 1 -o %t.py | count 0
# RUN: %piecewise lint %t.py
# RUN: FileCheck %s < %t.py
# CHECK: class GraphModule(torch.nn.Module):
# CHECK: return (mul_6,)
# RUN: %not %piecewise gen --layers 1 -o %t.missing-dir/x.py 2>&1 | FileCheck %s --check-prefix=ERR
# ERR: piecewise: error: cannot open '{{.*}}.missing-dir/x.py' for writing: No such file or directory
