class M(torch.nn.Module):
    def forward(self, s0: "Sym(s0)", x: "f32[s0, 4]"):
        k: "Sym(s0)" = torch.ops.aten.sym_size.int(x, 0)
        m: "Sym(2*s0)" = 2 * k
        a: "f32[s0, 4]" = torch.ops.aten.relu.default(x)
        b: "f32[4, s0]" = torch.ops.aten.t_.default(x)
        c: "f32[4, s0]" = torch.ops.aten.mul.Tensor(x, 2.0)
        d: "f32[2*s0]" = torch.ops.aten.new_zeros.default(c, [m])
        return (a, d)
