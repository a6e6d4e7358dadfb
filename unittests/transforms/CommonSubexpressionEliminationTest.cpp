#include "PassTestUtil.h"

using namespace piecewise;
using namespace piecewise::testing;

namespace {

std::string graph(std::string_view params, std::string_view body) {
  return "class GraphModule(torch.nn.Module):\n    def forward(self, " + std::string(params) +
         "):\n" + std::string(body);
}

} // namespace

TEST(CommonSubexpressionElimination, MergesIdenticalPureNodesTransitively) {
  auto m = parseGraph(graph("x: \"f32[4]\"", R"PY(        a = torch.ops.aten.mul.Tensor(x, 2)
        b = torch.ops.aten.mul.Tensor(x, 2)
        c = torch.ops.aten.relu.default(a)
        d = torch.ops.aten.relu.default(b)
        e = torch.ops.aten.add.Tensor(c, d)
        return (e,)
)PY"));
  PipelineResult r = runPipeline(*m, "cse");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_EQ(r.stats.get("cse", "duplicate nodes merged"), 2);
  EXPECT_EQ(count(r.printed, "add.Tensor(c, c)"), 1u) << r.printed;
}

TEST(CommonSubexpressionElimination, DifferentArgumentsStayApart) {
  PipelineResult r = runOn(graph("x: \"f32[4]\"", R"PY(        a = torch.ops.aten.mul.Tensor(x, 2)
        b = torch.ops.aten.mul.Tensor(x, 3)
        c = torch.ops.aten.sum.dim_IntList(x, [0])
        d = torch.ops.aten.sum.dim_IntList(x, [0], True)
        f = torch.ops.aten.add.Tensor(x, 1.0)
        g = torch.ops.aten.add.Tensor(x, 1)
        return (a, b, c, d, f, g)
)PY"),
                           "cse");
  EXPECT_FALSE(r.changed) << r.printed;
}

TEST(CommonSubexpressionElimination, NeverRandomEmptyOrWriting) {
  PipelineResult r = runOn(graph("x: \"f32[4]\"", R"PY(        a = torch.ops.aten.rand.default([4])
        b = torch.ops.aten.rand.default([4])
        c = torch.ops.aten.empty.memory_format([4])
        d = torch.ops.aten.empty.memory_format([4])
        e = torch.ops.aten.add_.Tensor(x, 1)
        f = torch.ops.aten.add_.Tensor(x, 1)
        g = torch.ops.mylib.thing.default(x)
        h = torch.ops.mylib.thing.default(x)
        return (a, b, c, d, e, f, g, h)
)PY"),
                           "cse");
  EXPECT_FALSE(r.changed) << r.printed;
}

TEST(CommonSubexpressionElimination, NotAcrossAWriteToAnInput) {
  PipelineResult r = runOn(graph("x: \"f32[4]\"", R"PY(        a = torch.ops.aten.mul.Tensor(x, 2)
        w = torch.ops.aten.add_.Tensor(x, 1)
        b = torch.ops.aten.mul.Tensor(x, 2)
        c = torch.ops.aten.mul.Tensor(x, 2)
        return (a, b, c)
)PY"),
                           "cse");
  // a and b straddle the write; b and c do not.
  EXPECT_EQ(count(r.printed, "return (a, b, b)"), 1u) << r.printed;
}

TEST(CommonSubexpressionElimination, NotAcrossAWriteThroughAView) {
  PipelineResult r = runOn(graph("x: \"f32[4]\"", R"PY(        a = torch.ops.aten.mul.Tensor(x, 2)
        v = torch.ops.aten.view.default(x, [2, 2])
        w = torch.ops.aten.add_.Tensor(v, 1)
        b = torch.ops.aten.mul.Tensor(x, 2)
        return (a, b)
)PY"),
                           "cse");
  EXPECT_FALSE(r.changed) << r.printed;
}

TEST(CommonSubexpressionElimination, FreshResultsWrittenLaterStayApart) {
  PipelineResult r = runOn(graph("x: \"f32[4]\"", R"PY(        a = torch.ops.aten.clone.default(x)
        b = torch.ops.aten.clone.default(x)
        w = torch.ops.aten.add_.Tensor(a, 1)
        return (a, b)
)PY"),
                           "cse");
  EXPECT_FALSE(r.changed) << r.printed;
}

TEST(CommonSubexpressionElimination, WritesToUnrelatedTensorsDoNotBlock) {
  PipelineResult r =
      runOn(graph("x: \"f32[4]\", y: \"f32[4]\"", R"PY(        a = torch.ops.aten.mul.Tensor(x, 2)
        w = torch.ops.aten.add_.Tensor(y, 1)
        b = torch.ops.aten.mul.Tensor(x, 2)
        return (a, b)
)PY"),
            "cse");
  EXPECT_EQ(count(r.printed, "return (a, a)"), 1u) << r.printed;
}

TEST(CommonSubexpressionElimination, OpaqueOpsWriteTheirInputs) {
  PipelineResult r = runOn(graph("x: \"f32[4]\"", R"PY(        a = torch.ops.aten.mul.Tensor(x, 2)
        w = torch.ops.mylib.mutate.default(x)
        b = torch.ops.aten.mul.Tensor(x, 2)
        return (a, b)
)PY"),
                           "cse");
  EXPECT_FALSE(r.changed) << r.printed;
}

TEST(CommonSubexpressionElimination, GetItemsAndSymIntArithmetic) {
  PipelineResult r =
      runOn(graph("x: \"f32[s0, 4]\", s0: \"Sym(s0)\"",
                  R"PY(        s = torch.ops.aten.split_with_sizes.default(x, [2, 2], 1)
        a = s[0]
        b = s[0]
        m1 = s0 * 4
        m2 = s0 * 4
        c = torch.ops.aten.add.Tensor(a, b)
        return (c, m1, m2)
)PY"),
            "cse");
  EXPECT_EQ(count(r.printed, "add.Tensor(a, a)"), 1u) << r.printed;
  EXPECT_EQ(count(r.printed, "return (c, m1, m1)"), 1u) << r.printed;
}

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

TEST(CommonSubexpressionElimination, ChainsThroughSingleUseValuesMergeInOneRun) {
  // relu(a) skips the table while `a` has one user; merging b into a gives it a
  // twin, which must still be found.
  PipelineResult r = runOn(graph("x: \"f32[4]\"", R"PY(        a = torch.ops.aten.mul.Tensor(x, 2)
        n = torch.ops.aten.relu.default(a)
        b = torch.ops.aten.mul.Tensor(x, 2)
        m = torch.ops.aten.relu.default(b)
        o = torch.ops.aten.neg.default(n)
        p = torch.ops.aten.neg.default(m)
        return (o, p)
)PY"),
                           "cse");
  EXPECT_EQ(count(r.printed, "return (o, o)"), 1u) << r.printed;
  EXPECT_EQ(r.stats.get("cse", "duplicate nodes merged"), 3);
}
