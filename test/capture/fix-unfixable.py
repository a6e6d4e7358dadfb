class M(torch.nn.Module):
    def forward(self, x: "f32[8, 4]", w: "f32[4, 4]"):
        h: "f32[8, 4]" = torch.ops.aten.relu.default(x)
        nz: "i64[u0, 2]" = torch.ops.aten.nonzero.default(h)
        f: "f32[u0, 2]" = torch.ops.aten._to_copy.default(nz, dtype = torch.float32)
        s: "f32[]" = torch.ops.aten.sum.default(f)
        r: "f32[4, 8]" = torch.ops.aten.reshape.default(x, [4, 8])
        x2: "f32[8, 4]" = torch.ops.aten.add_.Tensor(x, 1.0)
        y: "f32[8, 4]" = torch.ops.aten.mm.default(x2, w)
        z: "f32[8, 4]" = torch.ops.aten.add.Tensor(y, s)
        t: "f32[4, 8]" = torch.ops.aten.sigmoid.default(r)
        c: "f32[8, 4]" = torch.ops.aten.clone.default(h)
        c2: "f32[1, 8, 4]" = torch.ops.aten.unsqueeze_.default(c, 0)
        e: "f32[1, 8, 4]" = torch.ops.aten.exp.default(c2)
        return (z, t, e)
# What --fix cannot do is a located error per value, and nothing is written (exit 1):
#  - nonzero's result has a data-dependent size (u0): no buffer can exist before it;
#  - reshape may return a view of x, which add_ then writes: a copy made right after the
#    reshape would not see that write;
#  - unsqueeze_ changes the sizes of the clone in place: a buffer, the same tensor at every
#    step, would keep the change into the next step.
# RUN: rm -f %t.py
# RUN: %not %piecewise check-capture %s --splitting-ops=aten::nonzero,aten::reshape,aten::clone --fix -o %t.py 2>%t.err | FileCheck %s --check-prefix=OUT
# OUT: not fixed: 3 errors --fix cannot fix; nothing written
# RUN: FileCheck %s < %t.err
# CHECK:      fix-unfixable.py:4:9: error: cannot copy 'nz' into a static buffer for captured piece submod_2: its sizes [u0, 2] are data-dependent: 'u0' is known only once 'aten::nonzero.default' has run, and the buffer must exist before
# CHECK:      fix-unfixable.py:5:9: note: submod_2 is captured and reads 'nz' here ('f')
# CHECK:      fix-unfixable.py:4:9: note: fix: make the captured consumers part of the eager region
# CHECK:      fix-unfixable.py:7:9: error: cannot copy 'r' into a static buffer for captured piece submod_4: 'aten::reshape.default' may return one of its inputs or a view of one, so 'r' may share memory with its inputs, and 'x2' writes that memory after it: a copy would not see the write
# CHECK:      fix-unfixable.py:8:9: note: 'x2' writes it here
# CHECK:      fix-unfixable.py:12:9: error: cannot copy 'c' into a static buffer for captured piece submod_{{[0-9]+}}: 'c2' (aten::unsqueeze_.default) changes its sizes or strides in place, and a static buffer is the same tensor at every step: the change would carry over into the next one
# RUN: not test -e %t.py
# Each alone: the other op is not split at, so only its own error.
# RUN: %not %piecewise check-capture %s --splitting-ops=aten::nonzero --fix -o %t.py 2>&1 | FileCheck %s --check-prefix=ONE
# ONE:     error: cannot copy 'nz'
# ONE-NOT: error:
# ONE:     not fixed: 1 error --fix cannot fix; nothing written
# RUN: not test -e %t.py
