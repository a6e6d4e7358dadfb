# device(...) arguments must be what torch.device accepts. (Found by the pipeline fuzzer:
# a type with a stray ':' used to be kept and printed back as code that does not parse.)
# RUN: %not %piecewise lint %s 2>&1 | FileCheck %s
class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4][1]cpu"):
        # CHECK: invalid-device.py:[[#@LINE+1]]:63: error: invalid device 'cuda::view': expected 'cuda' or 'cuda:N'
        a = torch.ops.aten._to_copy.default(x, device = device(type='cuda::view', index=0))
        # CHECK: invalid-device.py:[[#@LINE+1]]:63: error: device 'cuda:0' is given an index twice
        b = torch.ops.aten._to_copy.default(x, device = device(type='cuda:0', index=1))
        c = torch.ops.aten._to_copy.default(x, device = device(type='cuda:1'))
        # CHECK-NOT: error
        return (a, b, c)
