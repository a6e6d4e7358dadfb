// The pass's text-in/text-out behaviour and its diagnostics are tested in lit
// (test/split/nested-regions.py, on a Dynamo capture); what stays here needs the C++
// API: the `holds` option, a pass run on a bare graph, the split's entry point.
#include "PassTestUtil.h"

#include "piecewise/partition/SplitGraph.h"
#include "piecewise/transforms/InlineNestedRegions.h"
#include "piecewise/verify/Verifier.h"

using namespace piecewise;
using namespace piecewise::testing;

namespace {

// `outer` calls `inner` (which holds the relu) and passes its first operand through
// as its second result; the top level calls `outer` and reads the results at -1 and 0,
// and calls `other` (no relu) once.
constexpr std::string_view kModule = R"PY(class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4]", y: "f32[4]"):
        outer = self.outer
        call = torch.ops.higher_order.invoke_subgraph(outer, 'outer', x, y)
        a: "f32[4]" = call[-1]
        b: "f32[4]" = call[0]
        other = self.other
        call_1 = torch.ops.higher_order.invoke_subgraph(other, 'other', b)
        c: "f32[4]" = call_1[0]
        return (a, c)

    class outer(torch.nn.Module):
        def forward(self, p: "f32[4]", q: "f32[4]"):
            inner = self.inner
            call = torch.ops.higher_order.invoke_subgraph(inner, 'inner', q)
            r: "f32[4]" = call[0]
            return (r, p)

        class inner(torch.nn.Module):
            def forward(self, u: "f32[4]"):
                relu: "f32[4]" = torch.relu(u)
                return (relu,)

    class other(torch.nn.Module):
        def forward(self, v: "f32[4]"):
            sin: "f32[4]" = torch.sin(v)
            return (sin,)
)PY";

bool isRelu(const Node& n) {
  return n.isCallFunction() && n.target().str() == "torch.relu";
}

} // namespace

TEST(InlineNestedRegions, InlinesOnlyRegionsHoldingTheNodeTransitively) {
  auto m = parseGraph(std::string(kModule));
  ASSERT_TRUE(m->module);
  DiagnosticEngine diag;
  InlineNestedRegionsOptions options;
  options.holds = isRelu;
  FailureOr<size_t> n = inlineNestedRegions(m->graph(), *m->module, options, diag);
  ASSERT_TRUE(succeeded(n)) << diag.renderAll();
  // `outer` holds the relu through `inner`: both calls are inlined; `other` stays.
  EXPECT_EQ(*n, 2u);
  std::string printed = m->print();
  std::string root = printed.substr(0, printed.find("    class outer"));
  EXPECT_EQ(count(root, "invoke_subgraph("), 1u) << root;
  EXPECT_EQ(count(root, "invoke_subgraph(other, 'other', relu)"), 1u) << root;
  EXPECT_EQ(count(root, "torch.relu(y)"), 1u) << root;
  EXPECT_EQ(count(root, "return (x, c)"), 1u) << root; // call[-1] was the operand x
  EXPECT_EQ(count(root, "self.outer"), 0u) << root;    // the unused get_attrs are erased
  DiagnosticEngine verify;
  EXPECT_TRUE(succeeded(verifyModule(*m->module, &atenRegistry(), verify))) << verify.renderAll();
}

TEST(InlineNestedRegions, AllRegionsWithoutPredicate) {
  auto m = parseGraph(std::string(kModule));
  ASSERT_TRUE(m->module);
  DiagnosticEngine diag;
  FailureOr<size_t> n = inlineNestedRegions(m->graph(), *m->module, {}, diag);
  ASSERT_TRUE(succeeded(n));
  EXPECT_EQ(*n, 3u);
  std::string printed = m->print();
  EXPECT_EQ(count(printed.substr(0, printed.find("    class outer")), "invoke_subgraph("), 0u)
      << printed;
}

TEST(InlineNestedRegions, PassOnABareGraphChangesNothing) {
  auto m = parseGraph(std::string(kModule));
  ASSERT_TRUE(m->module);
  DiagnosticEngine diag;
  PassContext ctx(&atenRegistry(), diag);
  InlineNestedRegionsPass pass;
  FailureOr<bool> changed = pass.run(m->graph(), ctx); // no module in the context
  ASSERT_TRUE(succeeded(changed));
  EXPECT_FALSE(*changed);
  ctx.setModule(m->module.get());
  changed = pass.run(m->graph(), ctx);
  ASSERT_TRUE(succeeded(changed));
  EXPECT_TRUE(*changed);
  EXPECT_EQ(ctx.statistics().get("", "regions inlined"), 3);
}

TEST(InlineNestedRegions, SplitEntryPointMatchesSplittingOps) {
  auto m = parseGraph(std::string(kModule));
  ASSERT_TRUE(m->module);
  DiagnosticEngine diag;
  SplittingOpOptions ops;
  ops.splittingOps = {"torch.sin"};
  FailureOr<bool> changed = inlineRegionsWithSplittingOps(*m->module, ops, diag);
  ASSERT_TRUE(succeeded(changed));
  EXPECT_TRUE(*changed);
  std::string printed = m->print();
  std::string root = printed.substr(0, printed.find("    class outer"));
  EXPECT_EQ(count(root, "invoke_subgraph(outer, 'outer', x, y)"), 1u) << root; // no sin
  EXPECT_EQ(count(root, "torch.sin("), 1u) << root;
  ops.splittingOps.clear();
  changed = inlineRegionsWithSplittingOps(*m->module, ops, diag);
  ASSERT_TRUE(succeeded(changed));
  EXPECT_FALSE(*changed);
}
