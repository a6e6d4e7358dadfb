class M(torch.nn.Module):
    def forward(self, x: "f32[4, 64]", w: "f32[64, 64]"):
        h: "f32[4, 64]" = torch.ops.aten.mm.default(x, w)
        f: "f32[4, 64]" = torch.ops.t.fresh.default(h)
        r: "f32[4, 64]" = torch.ops.t.two.default(h, f)
        y: "f32[4, 64]" = torch.ops.aten.sigmoid.default(r)
        return (y,)
