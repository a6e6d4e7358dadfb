class M(torch.nn.Module):
    def forward(self, x: "f32[4, 64]", w: "f32[64, 64]"):
        h: "f32[4, 64]" = torch.ops.aten.mm.default(x, w)
        a: "f32[4, 64]" = torch.ops.mylib.custom_attention.default(h, h, h)
        o: "f32[4, 64]" = torch.ops.aten.mm.default(a, w)
        return (o,)
# An op without a schema: whether its output is stable cannot be decided, and the check
# says so instead of guessing (exit 1, the fix names the schema file).
# RUN: %not %piecewise check-capture %s --splitting-ops=mylib::custom_attention 2>&1 | FileCheck %s
# CHECK:      unknown-schema.py:4:9: error: captured piece submod_2 reads 'a' at an address replay does not keep: the eager op 'mylib::custom_attention.default' has no schema: whether its output keeps its address cannot be decided
# CHECK:      unknown-schema.py:5:9: note: submod_2 is captured and reads 'a' here ('o')
# CHECK:      unknown-schema.py:4:9: note: fix: give 'mylib::custom_attention.default' a schema (--schema-file) so that its outputs can be decided; or make the consumer part of the eager region
# RUN: %not %piecewise check-capture %s --splitting-ops=mylib::custom_attention --json 2>/dev/null | FileCheck %s --check-prefix=JSON
# JSON: "contract": "unknown",
# JSON: "cause": "unknown-schema",
# JSON-NEXT: "certain": false,
