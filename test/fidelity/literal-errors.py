# Literals Python would not read, or that would read as another value, are located errors;
# in annotation strings too (issue 24: '\N{DASH}' in an annotation printed back as invalid
# Python).
# RUN: rm -rf %t && split-file %s %t
# RUN: %not %piecewise lint %t/ann-named.py 2>&1 | FileCheck %s --check-prefix=ANN
# RUN: %not %piecewise lint %t/ann-hex.py 2>&1 | FileCheck %s --check-prefix=ANNHEX
# RUN: %not %piecewise lint %t/numbers.py 2>&1 | FileCheck %s --check-prefix=NUM
# RUN: %not %piecewise lint %t/zeros.py 2>&1 | FileCheck %s --check-prefix=ZEROS
# RUN: %not %piecewise lint %t/device.py 2>&1 | FileCheck %s --check-prefix=DEV
# RUN: %not %piecewise lint %t/device-index.py 2>&1 | FileCheck %s --check-prefix=DEVINDEX
# RUN: %not %piecewise lint %t/bytes.py 2>&1 | FileCheck %s --check-prefix=BYTES
# RUN: %not %piecewise lint %t/bytes-ann.py 2>&1 | FileCheck %s --check-prefix=BYTESANN
# RUN: %not %piecewise lint %t/bytes-graph.fx 2>&1 | FileCheck %s --check-prefix=GBYTES
# RUN: %not %piecewise lint %t/tstring.py 2>&1 | FileCheck %s --check-prefix=TSTR
# RUN: %not %piecewise lint %t/graph-device.fx 2>&1 | FileCheck %s --check-prefix=GDEV
# RUN: %piecewise print %t/ann-escaped.py | FileCheck %s --check-prefix=ESC
#--- ann-named.py
# ANN: ann-named.py:3:46: error: named Unicode escapes (\N{...}) are not supported
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4][1]cpu", y: '\N{DASH}'):
        a = torch.ops.aten.add.Tensor(x, y)
        return (a,)
#--- ann-hex.py
# ANNHEX: ann-hex.py:4:22: error: truncated \xXX escape in string
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4][1]cpu"):
        a: "f32[4][1]\x4" = torch.ops.aten.add.Tensor(x, 1)
        return (a,)
#--- numbers.py
# NUM: numbers.py:4:43: error: invalid decimal literal
class GraphModule(torch.nn.Module):
    def forward(self, x):
        a = torch.ops.aten.add.Tensor(x, 1__000)
        return (a,)
#--- zeros.py
# ZEROS: zeros.py:4:42: error: leading zeros in decimal integer literals are not permitted
class GraphModule(torch.nn.Module):
    def forward(self, x):
        a = torch.ops.aten.add.Tensor(x, 007)
        return (a,)
#--- device.py
# DEV: device.py:4:47: error: unknown device type 'npu': torch.device accepts cpu, cuda, ipu, xpu, mkldnn, opengl, opencl, ideep, hip, ve, fpga, maia, xla, lazy, vulkan, mps, meta, hpu, mtia, privateuseone
class GraphModule(torch.nn.Module):
    def forward(self, x):
        a = torch.ops.aten.to.device(x, device(type='npu', index=0), torch.float32)
        return (a,)
#--- device-index.py
# DEVINDEX: device-index.py:4:47: error: device 'cuda:0' is given an index twice
class GraphModule(torch.nn.Module):
    def forward(self, x):
        a = torch.ops.aten.to.device(x, device('cuda:0', 1), torch.float32)
        return (a,)
#--- bytes.py
# BYTES: bytes.py:5:41: error: invalid \x escape in bytes
# BYTES: bytes.py:6:41: error: bytes can only contain ASCII literal characters
class GraphModule(torch.nn.Module):
    def forward(self, x):
        a = torch.ops.pw.f.default(x, b'\x0')
        b = torch.ops.pw.f.default(x, b'é')
        return (a,)
#--- bytes-ann.py
# BYTESANN: bytes-ann.py:3:45: error: a bytes value (b'...') cannot stand here: a str is expected
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4][1]cpu", y: b'f32[4][1]cpu'):
        a = torch.ops.aten.add.Tensor(x, y)
        return (a,)
#--- bytes-graph.fx
# GBYTES: bytes-graph.fx:4:85: error: invalid \x escape in bytes
graph():
    %x : [num_users=1] = placeholder[target=x]
    %a : [num_users=1] = call_function[target=torch.ops.pw.f.default](args = (%x, b'\xg0'), kwargs = {})
    return (a,)
#--- tstring.py
# TSTR: tstring.py:4:39: error: a t-string is an expression, not a value
class GraphModule(torch.nn.Module):
    def forward(self, x):
        a = torch.ops.pw.f.default(x, t'{x}')
        return (a,)
#--- graph-device.fx
# GDEV: graph-device.fx:4:85: error: unknown device type 'npu'
graph():
    %x : [num_users=1] = placeholder[target=x]
    %a : [num_users=1] = call_function[target=torch.ops.aten.to.device](args = (%x, device(type='npu', index=0), torch.float32), kwargs = {})
    return (a,)
#--- ann-escaped.py
# ESC: def forward(self, x: "f32[4][1]cpu", y: "it's \"q\" \\ \u2028")
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4][1]cpu", y: 'it\'s "q" \\ \u2028'):
        a = torch.ops.aten.add.Tensor(x, y)
        return (a,)
