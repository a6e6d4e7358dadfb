# One literal layer: every class of value (bytes too: str() of bytes is its repr, so FX's
# graph form writes `b'...'`; a str that looks like one is quoted) in its Python spellings reads as the value, prints
# as repr() writes it, and survives the graph form (issue 24: `1_000` and `device('hip:0')`
# became strings after print --graph-form then print).
# RUN: %piecewise print %s | FileCheck %s
# RUN: %piecewise print --graph-form %s | %piecewise print - | FileCheck %s
# RUN: %piecewise print --graph-form %s | FileCheck %s --check-prefix=GRAPH
# CHECK: a = torch.ops.aten.add.Tensor(x, 1000)
# CHECK: b = torch.ops.aten.to.device(a, device(type='hip', index=0), torch.float32)
# CHECK: c = torch.ops.pw.ints.default(b, [1000, 31, 15, 1, -5, 9223372036854775807, -9223372036854775808, 9223372036854775808, -340282366920938463463374607431768211456])
# CHECK: d = torch.ops.pw.floats.default(c, [1e-06, 1e-06, 0.5, 10.5, inf, -inf, nan, -0.0, 0.0, inf, 1e+16])
# CHECK: e = torch.ops.pw.complex.default(d, [2j, complex(-0.0, -2.0), (1+2j), (inf+0j), 0j, complex(-0.0, 0.0), (1+0j), complex(nan, nan), complex(0.0, inf)])
# CHECK: f = torch.ops.pw.strings.default(e, ['a\nb', '\\d+', 'A', 'A', '\x85', '\u2028', 'é', "it's", '\\q', '1_000', 'hip:0'])
# CHECK: g = torch.ops.pw.devices.default(f, [device(type='hip', index=0), device(type='hip', index=0), device(type='hip', index=0), device(type='xpu'), device(type='privateuseone', index=3), device(type='cpu')])
# CHECK: h = torch.ops.pw.tables.default(g, [torch.uint1, torch.int4, torch.float32, torch.bits8, torch.sparse_bsc, torch.contiguous_format, torch.channels_last_3d])
# CHECK: i = torch.ops.pw.bytes.default(h, [b'\x00\xff', b"it's", b'\\u00e9\\N{DASH}', b'AA\n', b'\xff', b'\\d+', b"b'x'"])
# CHECK: j = torch.ops.pw.str_like_bytes.default(i, ["b'x'", "rb'y'", "bx'"])
# GRAPH: args = (%x, 1000)
# GRAPH: args = (%a, hip:0, torch.float32)
# GRAPH: [1000, 31, 15, 1, -5, 9223372036854775807, -9223372036854775808, 9223372036854775808, -340282366920938463463374607431768211456]
# GRAPH: ['a\nb', \d+, A, A, '\x85', '\u2028', é, it's, \q, 1_000, 'hip:0']
# GRAPH: [hip:0, hip:0, hip:0, xpu, privateuseone:3, cpu]
# GRAPH: [b'\x00\xff', b"it's", b'\\u00e9\\N{DASH}', b'AA\n', b'\xff', b'\\d+', b"b'x'"]
# GRAPH: ["b'x'", "rb'y'", bx']
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4][1]cpu"):
        a = torch.ops.aten.add.Tensor(x, 1_000)
        b = torch.ops.aten.to.device(a, device(type='hip', index=0), torch.float32)
        c = torch.ops.pw.ints.default(b, [1_000, 0x1F, 0o17, 0b1, -5, 0x7fff_ffff_ffff_ffff, -9223372036854775808, 9223372036854775808, -0x1_0000_0000_0000_0000_0000_0000_0000_0000])
        d = torch.ops.pw.floats.default(c, [1e-6, 1E-06, .5, 1_0.5, inf, -inf, nan, -0.0, 0e0, 1e999, 1e16])
        e = torch.ops.pw.complex.default(d, [2j, -2j, (1+2j), (inf+0j), (-0-0j), (-0.0-0j), (1-0j), complex(nan, nan), complex(0.0, inf)])
        f = torch.ops.pw.strings.default(e, ['a\nb', r'\d+', '\x41', '\101', '\u0085', "\u2028", '\u00e9', "it's", '\q', '1_000', 'hip:0'])
        g = torch.ops.pw.devices.default(f, [device(type='hip', index=0), device('hip:0'), torch.device('hip', 0), device(type='xpu'), device(type='privateuseone:3'), device('cpu')])
        h = torch.ops.pw.tables.default(g, [torch.bit, torch.int4, torch.float, torch.bits8, torch.sparse_bsc, torch.legacy_contiguous_format, torch.channels_last_3d])
        i = torch.ops.pw.bytes.default(h, [b'\x00\377', B"it's", b'\u00e9\N{DASH}', b'\x41\101\n', b'\777', rb'\d+', b"b'x'"])
        j = torch.ops.pw.str_like_bytes.default(i, ["b'x'", "rb'y'", "bx'"])
        return (j,)
