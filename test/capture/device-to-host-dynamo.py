class GraphModule(torch.nn.Module):
    def forward(self, L_x_: "f32[4, 64][64, 1]cuda:0", L_w_: "f32[64, 64][64, 1]cuda:0"):
        l_x_ = L_x_
        l_w_ = L_w_
        h: "f32[4, 64][64, 1]cuda:0" = l_x_ @ l_w_
        c: "f32[4, 64][64, 1]cpu" = h.cpu()
        r: "f32[4, 64][64, 1]cuda:0" = torch.relu(l_x_)
        d: "f32[4, 64][64, 1]cpu" = h.to(device(type='cpu'))
        return (c, d, r)
# At Dynamo level: `.cpu()` and `.to(cpu)` of tensors on cuda:0, each in a captured piece.
# RUN: %not %piecewise check-capture %s --splitting-ops=torch.relu 2>&1 | FileCheck %s
# CHECK: device-to-host-dynamo.py:6:9: error: captured piece submod_0 cannot capture 'c' (.cpu()): it copies from the device to the host
# CHECK: device-to-host-dynamo.py:6:9: note: fix: '.cpu()' is a method call, which no splitting op matches (they match call_function targets): move it out of the compiled code {{.*}}, or move the copy out of the captured region (after the graph)
# CHECK: device-to-host-dynamo.py:8:9: error: captured piece submod_2 cannot capture 'd' (.to()): it copies from the device to the host
# CHECK: not capture-safe: 0 unstable read(s), 2 uncapturable op(s) in 2 of 2 captured piece(s)
