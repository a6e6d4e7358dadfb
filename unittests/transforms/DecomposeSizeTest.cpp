// The pass's text-in/text-out behaviour is tested in lit (test/passes/decompose-size.py); what
// stays here needs the C++ API (a pass option or no op registry, which the CLI cannot
// select).
#include "PassTestUtil.h"

#include "piecewise/transforms/DecomposeSize.h"

using namespace piecewise;
using namespace piecewise::testing;

namespace {

std::string graph(std::string_view params, std::string_view body) {
  return "class GraphModule(torch.nn.Module):\n    def forward(self, " + std::string(params) +
         "):\n" + std::string(body);
}

} // namespace

TEST(DecomposeSize, SingleDimQueriesStayWhenTurnedOff) {
  auto m = parseGraph(graph("x: \"f32[s0, 8]\", s0: \"Sym(s0)\"", R"PY(        b = x.size(0)
        d = torch.ops.aten.sym_size.int(x, 1)
        return (b, d)
)PY"));
  DecomposeSizeOptions options;
  options.singleDimQueries = false;
  DecomposeSizePass pass(options);
  DiagnosticEngine diag;
  PassContext ctx(nullptr, diag);
  FailureOr<bool> changed = pass.run(m->graph(), ctx);
  ASSERT_TRUE(succeeded(changed));
  EXPECT_FALSE(*changed);
}
