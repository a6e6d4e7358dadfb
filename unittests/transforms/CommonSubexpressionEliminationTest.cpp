// The pass's text-in/text-out behaviour is tested in lit (test/passes/cse.py); what
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

TEST(CommonSubexpressionElimination, WithoutRegistryOnlyPythonCallables) {
  PipelineOptions opts;
  opts.withRegistry = false;
  PipelineResult r =
      runOn(graph("x: \"f32[4]\", s0: \"Sym(s0)\"", R"PY(        a = torch.ops.aten.mul.Tensor(x, 2)
        b = torch.ops.aten.mul.Tensor(x, 2)
        m1 = s0 * 4
        m2 = s0 * 4
        return (a, b, m1, m2)
)PY"),
            "cse", opts);
  EXPECT_EQ(count(r.printed, "return (a, b, m1, m1)"), 1u) << r.printed;
}
