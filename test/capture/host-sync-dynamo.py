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
# A method call cannot be a splitting op (splitting ops match call_function targets), so the
# fix does not say to make '.item()' one: it says to move it out or wrap it in a custom op.
# CHECK: host-sync-dynamo.py:7:9: error: captured piece submod_0 cannot capture 'item' (.item()): it reads a device value on the host
# CHECK-NOT: a splitting op so
# CHECK: host-sync-dynamo.py:7:9: note: fix: '.item()' is a method call, which no splitting op matches (they match call_function targets): move it out of the compiled code (compute the value before calling the model and pass it in), or wrap it in a custom op (torch.library.custom_op) and make that op a splitting op (or a break op) so that it runs eagerly between captures, or keep the value on the device (a 0-d tensor instead of a Python number)
# CHECK: host-sync-dynamo.py:11:9: error: captured piece submod_2 cannot capture 'values' (.tolist()): it reads a device value on the host
# CHECK: host-sync-dynamo.py:11:9: note: fix: '.tolist()' is a method call, which no splitting op matches
# CHECK: not capture-safe: 0 unstable read(s), 2 uncapturable op(s) in 2 of 2 captured piece(s)
