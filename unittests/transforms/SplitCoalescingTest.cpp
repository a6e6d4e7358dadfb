// The pass's text-in/text-out behaviour is tested in lit (test/passes/split-coalescing.py); what
// stays here needs the C++ API (a pass option or no op registry, which the CLI cannot
// select).
#include "PassTestUtil.h"

#include "piecewise/transforms/SplitCoalescing.h"

using namespace piecewise;
using namespace piecewise::testing;

namespace {

const char* kQkv = R"PY(class GraphModule(torch.nn.Module):
    def forward(self, qkv: "f32[s0, 192][192, 1]cuda:0", s0: "Sym(s0)"):
        q: "f32[s0, 64][192, 1]cuda:0" = torch.ops.aten.slice.Tensor(qkv, -1, 0, 64)
        k: "f32[s0, 64][192, 1]cuda:0" = torch.ops.aten.slice.Tensor(qkv, -1, 64, 128)
        v: "f32[s0, 64][192, 1]cuda:0" = torch.ops.aten.slice.Tensor(qkv, -1, 128, 9223372036854775807);  qkv = None
        add: "f32[s0, 64][64, 1]cuda:0" = torch.ops.aten.add.Tensor(q, k);  q = k = None
        mul: "f32[s0, 64][64, 1]cuda:0" = torch.ops.aten.mul.Tensor(add, v);  add = v = None
        return (mul,)
)PY";

} // namespace

TEST(SplitCoalescing, WorksWithoutRegistry) {
  PipelineOptions opts;
  opts.withRegistry = false;
  PipelineResult r = runOn(kQkv, "split-coalescing", opts);
  EXPECT_TRUE(r.changed);
  EXPECT_EQ(count(r.printed, "split_with_sizes.default(qkv, [64, 64, 64], -1)"), 1u);
}
