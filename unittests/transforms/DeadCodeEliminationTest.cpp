// The pass's text-in/text-out behaviour is tested in lit (test/passes/dce.py); what
// stays here needs the C++ API (a pass option or no op registry, which the CLI cannot
// select).
#include "PassTestUtil.h"

using namespace piecewise;
using namespace piecewise::testing;

namespace {

std::string graph(std::string_view params, std::string_view body) {
  return "class GraphModule(torch.nn.Module):\n    def forward(self, " + std::string(params) +
         "):\n" + std::string(body);
}

} // namespace

TEST(DeadCodeElimination, WithoutRegistryOpsAreOpaque) {
  PipelineOptions opts;
  opts.withRegistry = false;
  PipelineResult r = runOn(graph("x: \"f32[4]\"", R"PY(        a = torch.ops.aten.mul.Tensor(x, 2)
        b = a[0]
        c = 4 * 2
        return (x,)
)PY"),
                           "dce", opts);
  EXPECT_EQ(count(r.printed, "aten.mul.Tensor"), 1u) << r.printed;
  EXPECT_EQ(count(r.printed, "a[0]"), 0u) << r.printed;
}
