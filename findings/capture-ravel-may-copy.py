class M(torch.nn.Module):
    def forward(self, x: "f32[4, 64]", w: "f32[64, 64]"):
        h: "f32[4, 64]" = torch.ops.aten.mm.default(x, w)
        t: "f32[64, 4]" = torch.ops.aten.t.default(h)
        r: "f32[256]" = torch.ops.aten.ravel.default(t)
        y: "f32[256]" = torch.ops.aten.sigmoid.default(r)
        return (y,)
