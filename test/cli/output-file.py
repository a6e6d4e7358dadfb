# -o never destroys a file: it writes a temporary file next to the target and renames it
# (no temporary is left behind), and an -o that names the input file (also through a
# symlink, or a --schema-file) is refused with exit 2 before anything is read. Every
# command with -o is checked.
# RUN: rm -rf %t && mkdir %t && cp %s %t/in.py && ln -s in.py %t/link.py
# RUN: %expect-exit 2 %piecewise print %t/in.py -o %t/in.py 2>&1 | FileCheck %s
# RUN: %expect-exit 2 %piecewise print %t/in.py -o %t/link.py 2>&1 | FileCheck %s
# RUN: %expect-exit 2 %piecewise opt --passes=dce %t/in.py -o %t/in.py 2>&1 | FileCheck %s
# RUN: %expect-exit 2 %piecewise split %t/in.py --splitting-ops=aten::sin -o %t/in.py 2>&1 | FileCheck %s
# RUN: %expect-exit 2 %piecewise codegen %t/in.py --cudagraph -o %t/in.py 2>&1 | FileCheck %s
# RUN: %expect-exit 2 %piecewise codegen %t/in.py --splitting-ops=aten::sin -o %t/link.py 2>&1 | FileCheck %s
# CHECK: piecewise: error: -o '{{.*}}' names the input file '{{.*}}in.py'; refusing to overwrite it
# RUN: printf 'aten::frob(Tensor x) -> Tensor\n' > %t/schemas.txt
# RUN: %expect-exit 2 %piecewise --schema-file %t/schemas.txt print %t/in.py -o %t/schemas.txt 2>&1 | FileCheck %s --check-prefix=SCHEMA
# SCHEMA: piecewise: error: -o '{{.*}}schemas.txt' names the input file '{{.*}}schemas.txt'
# The input is untouched.
# RUN: diff %s %t/in.py
#
# Writing: the result replaces the target (through a symlink, the file it names), and
# the directory holds no temporary afterwards.
# RUN: cp %s %t/out.py && ln -s out.py %t/outlink.py
# RUN: %piecewise print %t/in.py -o %t/outlink.py
# RUN: %piecewise print %t/in.py | diff - %t/out.py
# RUN: ls -a %t | FileCheck %s --check-prefix=LS --implicit-check-not=piecewise-
# LS: in.py
# RUN: %piecewise split %t/in.py --splitting-ops=aten::sin -o %t/split.py
# RUN: %piecewise gen --layers 1 -o %t/gen.py
# RUN: %piecewise codegen %t/in.py --cudagraph -o %t/wrapper.py
# RUN: %piecewise opt --passes=dce %t/in.py -o %t/opt.py
# RUN: ls -a %t | FileCheck %s --check-prefix=LS --implicit-check-not=piecewise-
# A device is written in place, not replaced.
# RUN: %piecewise print %t/in.py -o /dev/null
# A directory that does not exist: an error, exit 1.
# RUN: %expect-exit 1 %piecewise print %t/in.py -o %t/no/such/dir/out.py 2>&1 | FileCheck %s --check-prefix=NODIR
# NODIR: piecewise: error: cannot open '{{.*}}out.py' for writing: No such file or directory
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4][1]cpu"):
        sin: "f32[4][1]cpu" = torch.ops.aten.sin.default(x)
        relu: "f32[4][1]cpu" = torch.ops.aten.relu.default(sin)
        return (relu,)
