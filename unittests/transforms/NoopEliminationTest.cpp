#include "PassTestUtil.h"

using namespace piecewise;
using namespace piecewise::testing;

namespace {

std::string graph(std::string_view params, std::string_view body) {
  return "class GraphModule(torch.nn.Module):\n    def forward(self, " + std::string(params) +
         "):\n" + std::string(body);
}

} // namespace

TEST(NoopElimination, ViewReshapeUnsafeViewToOwnShape) {
  auto m = parseGraph(graph("x: \"f32[s0, 8]\", s0: \"Sym(s0)\"",
                            R"PY(        a: "f32[s0, 8]" = torch.ops.aten.view.default(x, [s0, 8])
        b: "f32[s0, 8]" = torch.ops.aten.reshape.default(a, [-1, 8])
        c: "f32[s0, 8]" = torch.ops.aten._unsafe_view.default(b, [s0, 8])
        d: "f32[s0, 8]" = c.view(s0, 8)
        e: "f32[s0, 8]" = torch.ops.aten.relu.default(d)
        return (e,)
)PY"));
  PipelineResult r = runPipeline(*m, "noop-elimination");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(r.changed);
  Node* e = m->graph().lookup("e");
  EXPECT_EQ(e->args()[0].getNode()->name().str(), "x") << r.printed;
  EXPECT_EQ(m->graph().size(), 4u) << r.printed;
}

TEST(NoopElimination, ViewThatChangesShapeOrDtypeStays) {
  PipelineResult r = runOn(
      graph("x: \"f32[4, 8]\"", R"PY(        a: "f32[8, 4]" = torch.ops.aten.view.default(x, [8, 4])
        b: "i32[8, 4]" = torch.ops.aten.view.dtype(a, torch.int32)
        c = torch.ops.aten.view.default(b, [8, 4])
        return (c,)
)PY"),
      "noop-elimination");
  EXPECT_FALSE(r.changed) << r.printed;
}

TEST(NoopElimination, FullSlices) {
  auto m = parseGraph(
      graph("x: \"f32[s0, 8]\", s0: \"Sym(s0)\"",
            R"PY(        a: "f32[s0, 8]" = torch.ops.aten.slice.Tensor(x, 0, 0, 9223372036854775807)
        b: "f32[s0, 8]" = torch.ops.aten.slice.Tensor(a, 1, 0, 8)
        c: "f32[s0, 8]" = torch.ops.aten.slice.Tensor(b, -1, None, 100)
        d: "f32[s0, 8]" = torch.ops.aten.slice.Tensor(c, 0, 0, s0)
        e: "f32[s0, 8]" = torch.ops.aten.slice.Tensor(d)
        return (e,)
)PY"));
  PipelineResult r = runPipeline(*m, "noop-elimination");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_EQ(r.stats.get("noop-elimination", "full slices removed"), 5);
  EXPECT_EQ(count(r.printed, "return (x,)"), 1u) << r.printed;
}

TEST(NoopElimination, PartialSlicesStay) {
  PipelineResult r =
      runOn(graph("x: \"f32[s0, 8]\", s0: \"Sym(s0)\"",
                  R"PY(        a: "f32[s0, 7]" = torch.ops.aten.slice.Tensor(x, 1, 0, 7)
        b: "f32[s0, 7]" = torch.ops.aten.slice.Tensor(a, 1, 1, 8)
        c: "f32[s0, 4]" = torch.ops.aten.slice.Tensor(b, 1, 0, 8, 2)
        d = torch.ops.aten.slice.Tensor(c, 0, 0, 4)
        return (d,)
)PY"),
            "noop-elimination");
  EXPECT_FALSE(r.changed) << r.printed;
}

TEST(NoopElimination, FullSliceScatterBecomesSrc) {
  PipelineResult r = runOn(graph("x: \"f32[4, 8]\", y: \"f32[4, 8]\"",
                                 R"PY(        a: "f32[4, 8]" = torch.ops.aten.relu.default(y)
        s: "f32[4, 8]" = torch.ops.aten.slice_scatter.default(x, a, 0, 0, 9223372036854775807)
        b: "f32[4, 8]" = torch.ops.aten.mul.Tensor(s, 2)
        return (b,)
)PY"),
                           "noop-elimination");
  EXPECT_EQ(count(r.printed, "torch.ops.aten.mul.Tensor(a, 2)"), 1u) << r.printed;
}

TEST(NoopElimination, SliceScatterWhoseSrcIsWrittenStays) {
  PipelineResult r = runOn(graph("x: \"f32[4, 8]\", y: \"f32[4, 8]\"",
                                 R"PY(        a: "f32[4, 8]" = torch.ops.aten.relu.default(y)
        s: "f32[4, 8]" = torch.ops.aten.slice_scatter.default(x, a, 0, 0, 9223372036854775807)
        add_ = torch.ops.aten.add_.Tensor(a, 1)
        b: "f32[4, 8]" = torch.ops.aten.mul.Tensor(s, 2)
        return (b, add_)
)PY"),
                           "noop-elimination");
  EXPECT_FALSE(r.changed) << r.printed;
}

TEST(NoopElimination, PartialSliceScatterStays) {
  PipelineResult r =
      runOn(graph("x: \"f32[4, 8]\", y: \"f32[2, 8]\"",
                  R"PY(        s: "f32[4, 8]" = torch.ops.aten.slice_scatter.default(x, y, 0, 0, 2)
        return (s,)
)PY"),
            "noop-elimination");
  EXPECT_FALSE(r.changed) << r.printed;
}

TEST(NoopElimination, ReshapeChainsCollapse) {
  auto m = parseGraph(
      graph("x: \"f32[4, 8]\"", R"PY(        a: "f32[32]" = torch.ops.aten.view.default(x, [32])
        b: "f32[2, 16]" = torch.ops.aten.view.default(a, [2, 16])
        c: "f32[16, 2]" = torch.ops.aten.reshape.default(b, [16, 2])
        d: "f32[8, 4]" = torch.ops.aten.reshape.default(c, [8, 4])
        return (d,)
)PY"));
  PipelineResult r = runPipeline(*m, "noop-elimination");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_EQ(m->graph().size(), 3u) << r.printed;
  EXPECT_EQ(count(r.printed, "torch.ops.aten.reshape.default(x, [8, 4])"), 1u) << r.printed;
}

TEST(NoopElimination, ChainBackToOriginalShapeDisappears) {
  PipelineResult r = runOn(
      graph("x: \"f32[4, 8]\"", R"PY(        a: "f32[32]" = torch.ops.aten.view.default(x, [32])
        b: "f32[4, 8]" = torch.ops.aten.view.default(a, [4, 8])
        c: "f32[4, 8]" = torch.ops.aten.relu.default(b)
        return (c,)
)PY"),
      "noop-elimination");
  EXPECT_EQ(count(r.printed, "relu.default(x)"), 1u) << r.printed;
  EXPECT_EQ(count(r.printed, "view"), 0u) << r.printed;
}

TEST(NoopElimination, ViewOfReshapeIsNotCollapsed) {
  // reshape may copy a non-contiguous input; a view of x itself might not exist.
  PipelineResult r = runOn(graph("x: \"f32[4, 8][1, 4]\"",
                                 R"PY(        a: "f32[32]" = torch.ops.aten.reshape.default(x, [32])
        b: "f32[2, 16]" = torch.ops.aten.view.default(a, [2, 16])
        return (b,)
)PY"),
                           "noop-elimination");
  EXPECT_FALSE(r.changed) << r.printed;
}

TEST(NoopElimination, InnerWithOtherUsersStays) {
  PipelineResult r = runOn(
      graph("x: \"f32[4, 8]\"", R"PY(        a: "f32[32]" = torch.ops.aten.view.default(x, [32])
        b: "f32[2, 16]" = torch.ops.aten.view.default(a, [2, 16])
        return (a, b)
)PY"),
      "noop-elimination");
  EXPECT_EQ(count(r.printed, "view.default(x, [2, 16])"), 1u) << r.printed;
  EXPECT_EQ(count(r.printed, "view.default(x, [32])"), 1u) << r.printed;
}

TEST(NoopElimination, UnknownMetaIsSkipped) {
  PipelineResult r = runOn(graph("x", R"PY(        a = torch.ops.aten.view.default(x, [4, 8])
        b: "f32[4, 8]" = torch.ops.aten.slice.Tensor(a, 0, 0, 9223372036854775807)
        return (b,)
)PY"),
                           "noop-elimination");
  EXPECT_FALSE(r.changed) << r.printed;
}
