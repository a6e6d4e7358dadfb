# decompose-size splices a torch.Size's dims into its uses. A method called on the Size
# itself (`size.numel()`) cannot take dims: that query is left alone (before, it became
# `sym_size_int.numel(8)`, and `4.numel(8)` with static shapes). A Tensor method gets the
# dims as separate arguments only when it takes sizes as varargs and the size is its only
# argument (`view`, `reshape`, `expand`, `new_zeros`, ...); otherwise one tuple
# (`new_full((s0, 8), 2.0)`, `unflatten(1, (2, 4))`). Found by a hostile tester.
# RUN: %piecewise opt %s --passes=decompose-size | FileCheck %s
# CHECK:      size = y.size()
# CHECK-NEXT: numel = size.numel()
# CHECK:      a = mm.new_full((sym_size_int, 8), 2.0)
# CHECK-NEXT: b = mm.unflatten(1, (2, 4))
# CHECK-NEXT: c = mm.view(sym_size_int, 8)
# CHECK-NEXT: d = mm.new_zeros(sym_size_int, 8)
# ORACLE-SPLITTING-OPS=torch.mm
class M(torch.nn.Module):
    def forward(self, s0: "Sym(s0)", x: "f32[s0, 8][8, 1]cpu", w: "f32[8, 8][8, 1]cpu", z: "f32[2, 4][4, 1]cpu"):
        y: "f32[s0, 8][8, 1]cpu" = torch.relu(x)
        size = y.size()
        numel = size.numel()
        size_1 = x.size()
        size2 = z.size()
        mm: "f32[s0, 8][8, 1]cpu" = torch.mm(y, w)
        a = mm.new_full(size_1, 2.0)
        b = mm.unflatten(1, size2)
        c = mm.view(size_1)
        d = mm.new_zeros(size_1)
        m = torch.mul(mm, numel)
        return (a, b, c, d, m)
