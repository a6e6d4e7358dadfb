class GraphModule(torch.nn.Module):
    def forward(self, L_x_: "f32[4, 64]", L_w_: "f32[64, 64]"):
        l_x_ = L_x_
        l_w_ = L_w_
        h: "f32[4, 64]" = l_x_ @ l_w_
        s: "f32[]" = h.sum()
        item: "Sym(zuf0)" = s.item()
        m: "f32[4, 64]" = h * item
        r: "f32[4, 64]" = torch.relu(l_x_)
        rows: "f32[4]" = m.sum(1)
        values = rows.tolist()
        return (r, values)
# At Dynamo level (capture_scalar_outputs): `.item()` and `.tolist()` read device values on
# the host. With relu as the splitting op, each is in a captured piece of its own.
# RUN: %not %piecewise check-capture %s --splitting-ops=torch.relu 2>&1 | FileCheck %s
# CHECK: host-sync-dynamo.py:7:9: error: captured piece submod_0 cannot capture 'item' (.item()): it reads a device value on the host
# CHECK: host-sync-dynamo.py:11:9: error: captured piece submod_2 cannot capture 'values' (.tolist()): it reads a device value on the host
# CHECK: not capture-safe: 0 unstable read(s), 2 uncapturable op(s) in 2 of 2 captured piece(s)
