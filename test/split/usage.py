# Usage and input errors: a missing file exits 1, an unknown option exits 2.
# RUN: %not %piecewise split %t.does-not-exist.py 2>&1 | FileCheck %s --check-prefix=MISSING
# MISSING: piecewise: error: cannot open '{{.*}}does-not-exist.py': No such file or directory
# RUN: %expect-exit 2 %piecewise split %s --no-such-option
# The help names every option.
# RUN: %piecewise split --help | FileCheck %s --check-prefix=HELP
# HELP: --splitting-ops OP[,OP...]
# HELP: --json
# HELP: -o,--output FILE
# HELP: --no-decompose-size
# HELP: --no-merge-empty
# -o writes the module to the file and the summary to stdout.
# RUN: %piecewise split %s --splitting-ops=aten::sin -o %t.out.py | FileCheck %s --check-prefix=SUMMARY
# SUMMARY: pieces:          3 (1 splitting, 2 compiled)
# RUN: FileCheck %s --check-prefix=FILE < %t.out.py
# FILE: class GraphModule(torch.nn.Module):
# FILE: class submod_2(torch.nn.Module):
# --no-merge-empty keeps the empty-only piece on its own.
# RUN: %piecewise split %S/empty-merge.py --splitting-ops=vllm.unified_attention_with_output --no-merge-empty | FileCheck %s --check-prefix=NOMERGE
# NOMERGE: pieces:          5 (2 splitting, 3 compiled)
# NOMERGE: submod_2  compiled      1 nodes    0 in    1 out
class M(torch.nn.Module):
    def forward(self, x: "f32[4]"):
        a: "f32[4]" = torch.ops.aten.relu.default(x)
        b: "f32[4]" = torch.ops.aten.sin.default(a)
        c: "f32[4]" = torch.ops.aten.relu.default(b)
        return (c,)
