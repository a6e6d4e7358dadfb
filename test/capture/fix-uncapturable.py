class M(torch.nn.Module):
    def forward(self, x: "f32[4, 64][64, 1]cuda:0", w: "f32[64, 64][64, 1]cuda:0"):
        h: "f32[4, 64][64, 1]cuda:0" = torch.ops.aten.mm.default(x, w)
        s: "f32[][]cuda:0" = torch.ops.aten.sum.default(h)
        item: "Sym(zuf0)" = torch.ops.aten._local_scalar_dense.default(s)
        m: "f32[4, 64][64, 1]cuda:0" = torch.ops.aten.mul.Tensor(h, item)
        c: "f32[4, 64][64, 1]cpu" = torch.ops.aten._to_copy.default(m, device = device(type='cpu'))
        mask: "b8[4, 64][64, 1]cuda:0" = torch.ops.aten.gt.Scalar(h, 0)
        nz: "i64[u0, 2][2, 1]cuda:0" = torch.ops.aten.nonzero.default(mask)
        attn: "f32[4, 64][64, 1]cuda:0" = torch.ops.vllm.unified_attention.default(m, m, m, 'model.layers.0.self_attn.attn')
        t: "f32[][]cuda:0" = torch.ops.aten.sum.default(attn)
        mx: "Sym(zuf1)" = torch.ops.aten.item.default(t)
        o: "f32[4, 64][64, 1]cuda:0" = torch.ops.aten.mul.Tensor(attn, mx)
        return (o, c, nz)
# What a copy into a static buffer cannot fix: an op inside a captured piece that a capture
# cannot contain (the .item() of `item`, the copy to the host `c`, nonzero's data-dependent
# size `nz`) and a scalar an eager op computes that a captured piece takes (`mx`: aten::item
# is a splitting op here, so the capture would freeze its value). --fix says so, located, at
# each one (the fresh return of the attention alone it could fix), exits 1 and writes
# nothing.
# RUN: rm -f %t.py
# RUN: %not %piecewise --schema-file %data/custom_schemas/vllm.txt check-capture %s --splitting-ops=vllm::unified_attention,aten::item --fix -o %t.py 2>%t.err | FileCheck %s --check-prefix=OUT
# OUT: not fixed: 4 errors --fix cannot fix; nothing written
# RUN: FileCheck %s < %t.err
# CHECK:      fix-uncapturable.py:5:9: error: captured piece submod_0 cannot capture 'item' (aten::_local_scalar_dense.default): it reads a device value on the host (a synchronization), which a CUDA graph capture does not allow (data-dependent output: aten::_local_scalar_dense.default); a copy into a static buffer cannot fix this
# CHECK-NEXT: item: "Sym(zuf0)"
# CHECK-NEXT: ^
# CHECK-NEXT: fix-uncapturable.py:5:9: note: fix: make 'aten::_local_scalar_dense.default' a splitting op
# CHECK:      fix-uncapturable.py:7:9: error: captured piece submod_0 cannot capture 'c' (aten::_to_copy.default): it copies from the device to the host {{.*}}; a copy into a static buffer cannot fix this
# CHECK:      fix-uncapturable.py:9:9: error: captured piece submod_0 cannot capture 'nz' (aten::nonzero.default): its output size depends on the data {{.*}}; a copy into a static buffer cannot fix this
# CHECK:      fix-uncapturable.py:12:9: error: captured piece submod_{{[0-9]+}} takes the scalar 'mx', computed from tensor data at run time by the eager op 'aten::item.default' ('mx'): the capture freezes its value, and replay keeps the value of the capture; a copy into a static buffer cannot fix this
# CHECK:      fix-uncapturable.py:13:9: note: submod_{{[0-9]+}} is captured and reads 'mx' here ('o')
# CHECK:      fix-uncapturable.py:12:9: note: fix: pass it to the captured piece as a 0-d tensor on the device
# RUN: not test -e %t.py
# The check itself reports the same four, with the fresh return it could fix (exit 1).
# RUN: %not %piecewise --schema-file %data/custom_schemas/vllm.txt check-capture %s --splitting-ops=vllm::unified_attention,aten::item --json 2>/dev/null | FileCheck %s --check-prefix=JSON
# JSON:      "cause": "fresh-return",
# JSON:      "uncapturable_ops": [
# JSON:        "cause": "host-sync",
# JSON:        "cause": "device-to-host",
# JSON:        "cause": "data-dependent-shape",
# JSON:      "baked_scalars": [
# JSON:        "cause": "baked-scalar",
