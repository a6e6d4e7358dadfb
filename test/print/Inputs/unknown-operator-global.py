class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4][1]cpu"):
        y = _operator_nope(x)
        return (y,)
