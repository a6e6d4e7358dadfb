#include "PassTestUtil.h"

#include "piecewise/transforms/SplitCoalescing.h"

using namespace piecewise;
using namespace piecewise::testing;

namespace {

std::string graph(std::string_view params, std::string_view body) {
  return "class GraphModule(torch.nn.Module):\n    def forward(self, " + std::string(params) +
         "):\n" + std::string(body);
}

/// Runs split-coalescing and expects the graph to print exactly as before.
void expectUnchanged(const std::string& text) {
  auto before = parseGraph(text);
  ASSERT_TRUE(before->module);
  std::string printed = before->print();
  PipelineResult r = runOn(text, "split-coalescing");
  EXPECT_TRUE(r.ok) << r.diagnostics;
  EXPECT_FALSE(r.changed) << r.printed;
  EXPECT_EQ(r.printed, printed);
}

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

TEST(SplitCoalescing, QkvPartitionBecomesOneSplit) {
  auto m = parseGraph(kQkv);
  ASSERT_TRUE(m->module);
  PipelineResult r = runPipeline(*m, "split-coalescing");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_TRUE(r.changed);
  EXPECT_EQ(count(r.printed, "aten.slice.Tensor"), 0u);
  EXPECT_EQ(count(r.printed, "split_with_sizes = "
                             "torch.ops.aten.split_with_sizes.default(qkv, [64, 64, 64], -1)"),
            1u);
  EXPECT_EQ(r.stats.get("split-coalescing", "slice partitions canonicalized"), 1);

  Graph& g = m->graph();
  Node* split = g.lookup("split_with_sizes");
  ASSERT_TRUE(split);
  ASSERT_TRUE(split->meta().list());
  ASSERT_EQ(split->meta().list()->size(), 3u);
  // Inserted before the earliest slice: right after the placeholders.
  EXPECT_EQ(split->prev(), g.lookup("s0"));
  std::vector<Node*> items = split->uniqueUsers();
  ASSERT_EQ(items.size(), 3u);
  for (size_t i = 0; i < 3; ++i) {
    EXPECT_TRUE(items[i]->isGetItem());
    EXPECT_EQ(items[i]->args()[1].getInt(), static_cast<int64_t>(i));
    ASSERT_TRUE(items[i]->meta().tensor());
    EXPECT_EQ(items[i]->meta().tensor()->sizes[1], SymExpr::constant(64));
    EXPECT_EQ(items[i]->meta(), (*split->meta().list())[i]);
  }
  EXPECT_EQ(items[0]->name().str(), "getitem");
  EXPECT_EQ(g.lookup("add")->args()[0].getNode(), items[0]);
  EXPECT_EQ(g.lookup("add")->args()[1].getNode(), items[1]);
  EXPECT_EQ(g.lookup("mul")->args()[1].getNode(), items[2]);
}

TEST(SplitCoalescing, TwoSlicesOfA2x8TensorOnEachDim) {
  PipelineResult r =
      runOn(graph("x: \"f32[2, 8]\"",
                  R"PY(        a: "f32[2, 3]" = torch.ops.aten.slice.Tensor(x, 1, 0, 3)
        b: "f32[2, 5]" = torch.ops.aten.slice.Tensor(x, 1, 3, 8)
        c: "f32[1, 8]" = torch.ops.aten.slice.Tensor(x, 0, 0, 1)
        d: "f32[1, 8]" = torch.ops.aten.slice.Tensor(x, 0, 1, 2)
        return (a, b, c, d)
)PY"),
            "split-coalescing");
  EXPECT_EQ(count(r.printed, "split_with_sizes.default(x, [3, 5], -1)"), 1u) << r.printed;
  EXPECT_EQ(count(r.printed, "split_with_sizes.default(x, [1, 1], 0)"), 1u) << r.printed;
  EXPECT_EQ(r.stats.get("split-coalescing", "slice partitions canonicalized"), 2);
}

TEST(SplitCoalescing, SlicesOutOfOrderSplitBeforeEarliest) {
  auto m = parseGraph(graph("x: \"f32[4, 8]\"",
                            R"PY(        hi: "f32[4, 4]" = torch.ops.aten.slice.Tensor(x, 1, 4, 8)
        r: "f32[4, 4]" = torch.ops.aten.relu.default(hi)
        lo: "f32[4, 4]" = torch.ops.aten.slice.Tensor(x, 1, 0, 4)
        return (r, lo)
)PY"));
  PipelineResult r = runPipeline(*m, "split-coalescing");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  Node* split = m->graph().lookup("split_with_sizes");
  ASSERT_TRUE(split);
  EXPECT_EQ(split->prev(), m->graph().lookup("x"));
  EXPECT_EQ(count(r.printed, "[4, 4], -1)"), 1u);
  // The getitem for [0:4] stands where `lo` stood, index 0; the one for [4:8] where `hi` stood.
  Node* relu = m->graph().lookup("r");
  ASSERT_TRUE(relu->args()[0].isNode());
  EXPECT_EQ(relu->args()[0].getNode()->args()[1].getInt(), 1);
}

TEST(SplitCoalescing, KeywordAndDefaultArguments) {
  PipelineResult r =
      runOn(graph("x: \"f32[6, 4]\"",
                  R"PY(        a: "f32[2, 4]" = torch.ops.aten.slice.Tensor(x, start = 0, end = 2)
        b: "f32[4, 4]" = torch.ops.aten.slice.Tensor(x, dim = 0, start = 2)
        return (a, b)
)PY"),
            "split-coalescing");
  EXPECT_EQ(count(r.printed, "split_with_sizes.default(x, [2, 4], 0)"), 1u) << r.printed;
}

TEST(SplitCoalescing, ClampedEnd) {
  PipelineResult r =
      runOn(graph("x: \"f32[4, 10]\"",
                  R"PY(        a: "f32[4, 7]" = torch.ops.aten.slice.Tensor(x, 1, 0, 7)
        b: "f32[4, 3]" = torch.ops.aten.slice.Tensor(x, 1, 7, 100)
        return (a, b)
)PY"),
            "split-coalescing");
  EXPECT_EQ(count(r.printed, "split_with_sizes.default(x, [7, 3], -1)"), 1u) << r.printed;
}

TEST(SplitCoalescing, NestedPartitionsInnerFirst) {
  auto m = parseGraph(graph("x: \"f32[4, 12]\"",
                            R"PY(        a: "f32[4, 8]" = torch.ops.aten.slice.Tensor(x, 1, 0, 8)
        b: "f32[4, 4]" = torch.ops.aten.slice.Tensor(x, 1, 8, 12)
        a0: "f32[4, 2]" = torch.ops.aten.slice.Tensor(a, 1, 0, 2)
        a1: "f32[4, 6]" = torch.ops.aten.slice.Tensor(a, 1, 2, 8)
        return (b, a0, a1)
)PY"));
  PipelineResult r = runPipeline(*m, "split-coalescing");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_EQ(r.stats.get("split-coalescing", "slice partitions canonicalized"), 2);
  EXPECT_EQ(count(r.printed, "aten.slice.Tensor"), 0u) << r.printed;
  std::vector<Node*> splits = m->graph().findNodes(
      OpKind::CallFunction, m->graph().intern("aten::split_with_sizes.default"));
  ASSERT_EQ(splits.size(), 2u);
  // The inner split reads getitem 0 of the outer one.
  Node* outer = splits[0];
  Node* inner = splits[1];
  EXPECT_EQ(outer->args()[0].getNode()->name().str(), "x");
  Node* src = inner->args()[0].getNode();
  ASSERT_TRUE(src->isGetItem());
  EXPECT_EQ(src->args()[0].getNode(), outer);
  EXPECT_EQ(src->args()[1].getInt(), 0);
  EXPECT_EQ(inner->args()[1], Argument::list({Argument::integer(2), Argument::integer(6)}));
}

TEST(SplitCoalescing, RejectsGap) {
  expectUnchanged(graph("x: \"f32[4, 8]\"",
                        R"PY(        a: "f32[4, 3]" = torch.ops.aten.slice.Tensor(x, 1, 0, 3)
        b: "f32[4, 4]" = torch.ops.aten.slice.Tensor(x, 1, 4, 8)
        return (a, b)
)PY"));
}

TEST(SplitCoalescing, RejectsOverlap) {
  expectUnchanged(graph("x: \"f32[4, 8]\"",
                        R"PY(        a: "f32[4, 5]" = torch.ops.aten.slice.Tensor(x, 1, 0, 5)
        b: "f32[4, 4]" = torch.ops.aten.slice.Tensor(x, 1, 4, 8)
        return (a, b)
)PY"));
}

TEST(SplitCoalescing, RejectsDuplicate) {
  expectUnchanged(graph("x: \"f32[4, 8]\"",
                        R"PY(        a: "f32[4, 4]" = torch.ops.aten.slice.Tensor(x, 1, 0, 4)
        a2: "f32[4, 4]" = torch.ops.aten.slice.Tensor(x, 1, 0, 4)
        b: "f32[4, 4]" = torch.ops.aten.slice.Tensor(x, 1, 4, 8)
        return (a, a2, b)
)PY"));
}

TEST(SplitCoalescing, RejectsMissingPrefixAndSuffix) {
  expectUnchanged(graph("x: \"f32[4, 8]\"",
                        R"PY(        a: "f32[4, 2]" = torch.ops.aten.slice.Tensor(x, 1, 2, 4)
        b: "f32[4, 4]" = torch.ops.aten.slice.Tensor(x, 1, 4, 8)
        return (a, b)
)PY"));
  expectUnchanged(graph("x: \"f32[4, 8]\"",
                        R"PY(        a: "f32[4, 4]" = torch.ops.aten.slice.Tensor(x, 1, 0, 4)
        b: "f32[4, 2]" = torch.ops.aten.slice.Tensor(x, 1, 4, 6)
        return (a, b)
)PY"));
}

TEST(SplitCoalescing, RejectsSingleFullRangeSlice) {
  expectUnchanged(graph("x: \"f32[4, 8]\"",
                        R"PY(        a: "f32[4, 8]" = torch.ops.aten.slice.Tensor(x, 1, 0, 8)
        return (a,)
)PY"));
}

TEST(SplitCoalescing, RejectsNonUnitStep) {
  expectUnchanged(graph("x: \"f32[4, 8]\"",
                        R"PY(        a: "f32[4, 2]" = torch.ops.aten.slice.Tensor(x, 1, 0, 4, 2)
        b: "f32[4, 4]" = torch.ops.aten.slice.Tensor(x, 1, 4, 8)
        return (a, b)
)PY"));
}

TEST(SplitCoalescing, RejectsNegativeBounds) {
  expectUnchanged(graph("x: \"f32[4, 8]\"",
                        R"PY(        a: "f32[4, 4]" = torch.ops.aten.slice.Tensor(x, 1, 0, -4)
        b: "f32[4, 4]" = torch.ops.aten.slice.Tensor(x, 1, -4, 8)
        return (a, b)
)PY"));
}

TEST(SplitCoalescing, RejectsSymbolicBounds) {
  expectUnchanged(graph("x: \"f32[4, 8]\", s0: \"Sym(s0)\"",
                        R"PY(        a: "f32[4, s0]" = torch.ops.aten.slice.Tensor(x, 1, 0, s0)
        b: "f32[4, 8 - s0]" = torch.ops.aten.slice.Tensor(x, 1, s0, 8)
        return (a, b)
)PY"));
}

TEST(SplitCoalescing, RejectsSymbolicExtent) {
  expectUnchanged(graph("x: \"f32[s0, 8]\", s0: \"Sym(s0)\"",
                        R"PY(        a: "f32[2, 8]" = torch.ops.aten.slice.Tensor(x, 0, 0, 2)
        b: "f32[s0 - 2, 8]" = torch.ops.aten.slice.Tensor(x, 0, 2, 9223372036854775807)
        return (a, b)
)PY"));
}

TEST(SplitCoalescing, RejectsMissingMeta) {
  // No meta on the source.
  expectUnchanged(graph("x", R"PY(        a: "f32[4, 4]" = torch.ops.aten.slice.Tensor(x, 1, 0, 4)
        b: "f32[4, 4]" = torch.ops.aten.slice.Tensor(x, 1, 4, 8)
        return (a, b)
)PY"));
  // No meta on one slice.
  expectUnchanged(graph("x: \"f32[4, 8]\"",
                        R"PY(        a: "f32[4, 4]" = torch.ops.aten.slice.Tensor(x, 1, 0, 4)
        b = torch.ops.aten.slice.Tensor(x, 1, 4, 8)
        return (a, b)
)PY"));
}

TEST(SplitCoalescing, RejectsResultMetaThatDisagrees) {
  expectUnchanged(graph("x: \"f32[4, 8]\"",
                        R"PY(        a: "f32[4, 4]" = torch.ops.aten.slice.Tensor(x, 1, 0, 4)
        b: "f16[4, 4]" = torch.ops.aten.slice.Tensor(x, 1, 4, 8)
        return (a, b)
)PY"));
}

TEST(SplitCoalescing, SameSizesOnDifferentDimsStayApart) {
  PipelineResult r =
      runOn(graph("x: \"f32[8, 8]\"",
                  R"PY(        s1 = torch.ops.aten.split_with_sizes.default(x, [4, 4], 0)
        a: "f32[4, 8]" = s1[0]
        b: "f32[4, 8]" = s1[1]
        s2 = torch.ops.aten.split_with_sizes.default(x, [4, 4], 1)
        c: "f32[8, 4]" = s2[0]
        d: "f32[8, 4]" = s2[1]
        return (a, b, c, d)
)PY"),
            "split-coalescing");
  EXPECT_FALSE(r.changed);
  EXPECT_EQ(count(r.printed, "split_with_sizes.default("), 2u);
}

TEST(SplitCoalescing, ThreeDuplicateSplitsFeedingQKV) {
  auto m =
      parseGraph(graph("x: \"f32[4, 24]\"",
                       R"PY(        s1 = torch.ops.aten.split_with_sizes.default(x, [8, 8, 8], -1)
        q: "f32[4, 8]" = s1[0]
        s2 = torch.ops.aten.split_with_sizes.default(x, [8, 8, 8], -1)
        k: "f32[4, 8]" = s2[1]
        s3 = torch.ops.aten.split_with_sizes.default(x, [8, 8, 8], -1)
        v: "f32[4, 8]" = s3[2]
        q2: "f32[4, 8]" = s3[0]
        add = torch.ops.aten.add.Tensor(q, k)
        mul = torch.ops.aten.mul.Tensor(add, v)
        sub = torch.ops.aten.sub.Tensor(mul, q2)
        return (sub,)
)PY"));
  PipelineResult r = runPipeline(*m, "split-coalescing");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_EQ(r.stats.get("split-coalescing", "splits coalesced"), 2);
  EXPECT_EQ(r.stats.get("split-coalescing", "duplicate getitems merged"), 1);
  EXPECT_EQ(count(r.printed, "split_with_sizes.default("), 1u) << r.printed;
  Node* s1 = m->graph().lookup("s1");
  ASSERT_TRUE(s1);
  EXPECT_EQ(s1->uniqueUsers().size(), 3u);
  EXPECT_FALSE(m->graph().lookup("q2"));
  EXPECT_EQ(m->graph().lookup("sub")->args()[1].getNode(), m->graph().lookup("q"));
}

TEST(SplitCoalescing, SplitWithNonGetItemUserIsLeftAlone) {
  PipelineResult r =
      runOn(graph("x: \"f32[4, 8]\"",
                  R"PY(        s1 = torch.ops.aten.split_with_sizes.default(x, [4, 4], 1)
        a: "f32[4, 4]" = s1[0]
        s2 = torch.ops.aten.split_with_sizes.default(x, [4, 4], 1)
        b: "f32[4, 4]" = s2[1]
        return (a, b, s2)
)PY"),
            "split-coalescing");
  EXPECT_FALSE(r.changed);
  EXPECT_EQ(count(r.printed, "split_with_sizes.default("), 2u);
}

TEST(SplitCoalescing, NegativeAndPositiveDimMerge) {
  PipelineResult r =
      runOn(graph("x: \"f32[4, 8]\"",
                  R"PY(        s1 = torch.ops.aten.split_with_sizes.default(x, [4, 4], -1)
        a: "f32[4, 4]" = s1[0]
        s2 = torch.ops.aten.split_with_sizes.default(x, [4, 4], 1)
        b: "f32[4, 4]" = s2[1]
        return (a, b)
)PY"),
            "split-coalescing");
  EXPECT_TRUE(r.changed);
  EXPECT_EQ(count(r.printed, "split_with_sizes.default("), 1u) << r.printed;
  EXPECT_EQ(count(r.printed, "b: \"f32[4, 4]\" = s1[1]"), 1u) << r.printed;
}

TEST(SplitCoalescing, NegativeDimWithoutRankIsLeftAlone) {
  PipelineResult r =
      runOn(graph("x", R"PY(        s1 = torch.ops.aten.split_with_sizes.default(x, [4, 4], -1)
        a = s1[0]
        s2 = torch.ops.aten.split_with_sizes.default(x, [4, 4], 1)
        b = s2[1]
        return (a, b)
)PY"),
            "split-coalescing");
  EXPECT_FALSE(r.changed);
}

TEST(SplitCoalescing, PartitionThenMergeWithExistingSplit) {
  // The slices become a split equal to the existing one, then the two merge.
  PipelineResult r =
      runOn(graph("x: \"f32[4, 8]\"",
                  R"PY(        s1 = torch.ops.aten.split_with_sizes.default(x, [4, 4], 1)
        a: "f32[4, 4]" = s1[0]
        c: "f32[4, 4]" = torch.ops.aten.slice.Tensor(x, 1, 0, 4)
        d: "f32[4, 4]" = torch.ops.aten.slice.Tensor(x, 1, 4, 8)
        return (a, c, d)
)PY"),
            "split-coalescing");
  EXPECT_EQ(count(r.printed, "split_with_sizes.default("), 1u) << r.printed;
  EXPECT_EQ(count(r.printed, "return (a, a, getitem_1)"), 1u) << r.printed;
  EXPECT_EQ(r.stats.get("split-coalescing", "splits coalesced"), 1);
}

TEST(SplitCoalescing, WorksWithoutRegistry) {
  PipelineOptions opts;
  opts.withRegistry = false;
  PipelineResult r = runOn(kQkv, "split-coalescing", opts);
  EXPECT_TRUE(r.changed);
  EXPECT_EQ(count(r.printed, "split_with_sizes.default(qkv, [64, 64, 64], -1)"), 1u);
}

TEST(SplitCoalescing, SecondRunChangesNothing) {
  auto m = parseGraph(kQkv);
  ASSERT_TRUE(runPipeline(*m, "split-coalescing").ok);
  PipelineResult again = runPipeline(*m, "split-coalescing");
  EXPECT_TRUE(again.ok) << again.diagnostics;
  EXPECT_FALSE(again.changed);
}

TEST(SplitCoalescing, ThreeLevelsInterleaved) {
  // x -> [a | b], a -> [a0 | a1], a1 -> [a10 | a11], with the outer slice b last.
  auto m = parseGraph(graph("x: \"f32[2, 16]\"",
                            R"PY(        a: "f32[2, 12]" = torch.ops.aten.slice.Tensor(x, 1, 0, 12)
        a0: "f32[2, 4]" = torch.ops.aten.slice.Tensor(a, 1, 0, 4)
        a1: "f32[2, 8]" = torch.ops.aten.slice.Tensor(a, 1, 4, 12)
        a10: "f32[2, 3]" = torch.ops.aten.slice.Tensor(a1, 1, 0, 3)
        a11: "f32[2, 5]" = torch.ops.aten.slice.Tensor(a1, 1, 3, 8)
        b: "f32[2, 4]" = torch.ops.aten.slice.Tensor(x, 1, 12, 16)
        return (a0, a10, a11, b)
)PY"));
  PipelineResult r = runPipeline(*m, "split-coalescing");
  ASSERT_TRUE(r.ok) << r.diagnostics;
  EXPECT_EQ(r.stats.get("split-coalescing", "slice partitions canonicalized"), 3);
  EXPECT_EQ(count(r.printed, "aten.slice.Tensor"), 0u) << r.printed;
  EXPECT_EQ(count(r.printed, "split_with_sizes.default(x, [12, 4], -1)"), 1u) << r.printed;
  EXPECT_EQ(count(r.printed, "split_with_sizes.default(getitem, [4, 8], -1)"), 1u) << r.printed;
  EXPECT_EQ(count(r.printed, "split_with_sizes.default(getitem_3, [3, 5], -1)"), 1u) << r.printed;
}
