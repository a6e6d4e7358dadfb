#include "PassTestUtil.h"

using namespace piecewise;
using namespace piecewise::testing;

namespace {

std::string graph(std::string_view params, std::string_view body) {
  return "class GraphModule(torch.nn.Module):\n    def forward(self, " + std::string(params) +
         "):\n" + std::string(body);
}

} // namespace

TEST(DeadCodeElimination, RemovesDeadChainsInOneRun) {
  auto m = parseGraph(
      graph("x: \"f32[4]\", unused: \"f32[4]\"", R"PY(        a = torch.ops.aten.mul.Tensor(x, 2)
        b = torch.ops.aten.add.Tensor(a, 1)
        c = torch.ops.aten.view.default(b, [2, 2])
        d = torch.ops.aten.relu.default(x)
        return (d,)
)PY"));
  PipelineResult r = runPipeline(*m, "dce");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_EQ(r.stats.get("dce", "dead nodes erased"), 3);
  // Placeholders stay even when unused.
  EXPECT_TRUE(m->graph().lookup("unused"));
  EXPECT_EQ(m->graph().size(), 4u) << r.printed;
}

TEST(DeadCodeElimination, KeepsWritesNoOutputsRandomAndOpaque) {
  PipelineResult r =
      runOn(graph("x: \"f32[4]\", y: \"f32[4]\"", R"PY(        a = torch.ops.aten.add_.Tensor(x, 1)
        b = torch.ops.aten.copy_.default(y, x)
        c = torch.ops.aten._assert_async.msg(x, 'boom')
        d = torch.ops.aten.rand.default([4])
        e = torch.ops.mylib.unknown.default(x)
        f = x.add_(2)
        g = self.sub(x)
        h = torch.nn.functional.relu(x)
        i = torch.ops.aten.empty.memory_format([4])
        return ()
)PY"),
            "dce");
  EXPECT_TRUE(r.changed);
  // Only the unused allocation goes.
  EXPECT_EQ(count(r.printed, "empty.memory_format"), 0u) << r.printed;
  for (std::string_view kept : {"add_.Tensor", "copy_.default", "_assert_async", "rand.default",
                                "mylib.unknown", "x.add_(2)", "self.sub(x)", "functional.relu"})
    EXPECT_EQ(count(r.printed, kept), 1u) << kept << "\n" << r.printed;
}

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

TEST(DeadCodeElimination, ViewFeedingAWriteIsKept) {
  PipelineResult r =
      runOn(graph("x: \"f32[4]\"", R"PY(        v = torch.ops.aten.view.default(x, [2, 2])
        w = torch.ops.aten.add_.Tensor(v, 1)
        return (x,)
)PY"),
            "dce");
  EXPECT_FALSE(r.changed) << r.printed;
}

TEST(DeadCodeElimination, UnusedGetitemsOfAuto_functionalizedGo) {
  PipelineResult r = runOn(
      graph("x: \"f32[4]\", w: \"f32[4]\"", R"PY(        e = torch.ops.aten.empty.memory_format([4])
        af = torch.ops.higher_order.auto_functionalized(torch.ops._C.rms_norm.default, result = e, input = x, weight = w, epsilon = 1e-05)
        r = af[1]
        unused = af[0]
        return (r,)
)PY"),
      "dce");
  EXPECT_EQ(count(r.printed, "af[0]"), 0u) << r.printed;
  EXPECT_EQ(count(r.printed, "af[1]"), 1u) << r.printed;
}

TEST(DeadCodeElimination, ChildGraphsToo) {
  PipelineResult r = runOn(R"PY(class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4]"):
        submod_0 = self.submod_0(x)
        return (submod_0,)

    class submod_0(torch.nn.Module):
        def forward(self, x: "f32[4]"):
            dead = torch.ops.aten.neg.default(x)
            live = torch.ops.aten.relu.default(x)
            return (live,)
)PY",
                           "dce");
  EXPECT_TRUE(r.changed);
  EXPECT_EQ(count(r.printed, "neg.default"), 0u) << r.printed;
  EXPECT_EQ(count(r.printed, "self.submod_0(x)"), 1u) << r.printed;
}
