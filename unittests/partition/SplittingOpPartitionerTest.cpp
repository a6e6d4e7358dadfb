//===- SplittingOpPartitionerTest.cpp - vLLM split_graph semantics --------===//

#include "piecewise/partition/SplittingOpPartitioner.h"
#include "piecewise/partition/FlatBoundaries.h"
#include "piecewise/partition/SplitGraph.h"
#include "piecewise/schema/OpRegistry.h"
#include "piecewise/text/Parser.h"

#include "../TestUtil.h"
#include "PlanDescription.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>

using namespace piecewise;
using namespace piecewise::testing;

namespace {

std::string split(ParsedModule& p, std::vector<std::string> ops, bool mergeEmpty = true) {
  SplittingOpOptions options;
  options.splittingOps = std::move(ops);
  options.mergeEmptyOnlyPieces = mergeEmpty;
  options.registry = &atenRegistry();
  DiagnosticEngine diag;
  FailureOr<PartitionPlan> plan = partitionAtSplittingOps(p.graph(), options, diag);
  EXPECT_TRUE(succeeded(plan)) << diag.renderAll();
  if (failed(plan))
    return "<failed>";
  return describe(*plan);
}

constexpr const char* kChain = R"py(class M(torch.nn.Module):
    def forward(self, x: "f32[4, 8]", w: "f32[8, 8]"):
        a: "f32[4, 8]" = torch.ops.aten.relu.default(x)
        b: "f32[4, 8]" = torch.ops.aten.mm.default(a, w)
        c: "f32[4, 8]" = torch.ops.aten.sigmoid.default(b)
        d: "f32[4, 8]" = torch.ops.aten.add.Tensor(c, a)
        return (d,)
)py";

} // namespace

TEST(SplittingOpPartitioner, NoSplittingOpsGivesOnePiece) {
  auto p = parseGraph(kChain);
  EXPECT_EQ(split(*p, {}), "0:C[a,b,c,d](x,w)->(d)");
}

TEST(SplittingOpPartitioner, SplittingOpInTheMiddle) {
  auto p = parseGraph(kChain);
  EXPECT_EQ(split(*p, {"aten::mm"}), "0:C[a](x)->(a) 1:S[b](a,w)->(b) 2:C[c,d](b,a)->(d)");
}

TEST(SplittingOpPartitioner, SplittingOpsFirstAndLastLeaveNoEmptyPiece) {
  auto p = parseGraph(kChain);
  // relu is first (ids start at 1), add is last (no trailing piece).
  EXPECT_EQ(split(*p, {"aten::relu", "aten::add"}),
            "1:S[a](x)->(a) 2:C[b,c](a,w)->(c) 3:S[d](c,a)->(d)");
}

TEST(SplittingOpPartitioner, ConsecutiveSplittingOpsShareAPiece) {
  auto p = parseGraph(kChain);
  EXPECT_EQ(split(*p, {"aten::mm", "aten::sigmoid"}),
            "0:C[a](x)->(a) 1:S[b,c](a,w)->(c) 2:C[d](c,a)->(d)");
}

TEST(SplittingOpPartitioner, RepeatedSplittingOpsEachGetAPiece) {
  auto p = parseGraph(R"py(class M(torch.nn.Module):
    def forward(self, x: "f32[4]"):
        a: "f32[4]" = torch.ops.aten.relu.default(x)
        b: "f32[4]" = torch.ops.aten.sin.default(a)
        c: "f32[4]" = torch.ops.aten.relu.default(b)
        d: "f32[4]" = torch.ops.aten.sin.default(c)
        return (d,)
)py");
  EXPECT_EQ(split(*p, {"aten::sin"}),
            "0:C[a](x)->(a) 1:S[b](a)->(b) 2:C[c](b)->(c) 3:S[d](c)->(d)");
}

TEST(SplittingOpPartitioner, PacketMatchesEveryOverloadOverloadOnlyItself) {
  auto p = parseGraph(R"py(class M(torch.nn.Module):
    def forward(self, x: "f32[4]", y: "f32[4]"):
        a: "f32[4]" = torch.ops.aten.add.Tensor(x, y)
        b: "f32[4]" = torch.ops.aten.relu.default(a)
        c: "f32[4]" = torch.ops.aten.add.Scalar(b, 1)
        d: "f32[4]" = torch.ops.aten.relu.default(c)
        return (d,)
)py");
  EXPECT_EQ(split(*p, {"aten::add"}),
            "1:S[a](x,y)->(a) 2:C[b](a)->(b) 3:S[c](b)->(c) 4:C[d](c)->(d)");
  EXPECT_EQ(split(*p, {"aten::add.Scalar"}), "0:C[a,b](x,y)->(b) 1:S[c](b)->(c) 2:C[d](c)->(d)");
  // Dotted spellings are synonyms.
  EXPECT_EQ(split(*p, {"aten.add.Scalar"}), split(*p, {"aten::add.Scalar"}));
  EXPECT_EQ(split(*p, {"torch.ops.aten.add.Scalar"}), split(*p, {"aten::add.Scalar"}));
  // An overload name of another op, or a bare name, matches nothing.
  EXPECT_EQ(split(*p, {"aten::add.out", "relu"}), "0:C[a,b,c,d](x,y)->(d)");
}

TEST(SplittingOpPartitioner, CallMethodsNeverMatchPythonCallablesByQualifiedName) {
  auto p = parseGraph(R"py(class M(torch.nn.Module):
    def forward(self, x: "f32[4]"):
        a = x.relu()
        b = torch.relu(a)
        c: "f32[4]" = torch.ops.aten.relu.default(b)
        return (c,)
)py");
  EXPECT_EQ(split(*p, {"relu", "aten::relu"}), "0:C[a,b](x)->(b) 1:S[c](b)->(c)");
  // `torch.relu` names the callable exactly (Dynamo-level graphs call
  // torch._C._nn.scaled_dot_product_attention the same way); consecutive
  // splitting ops share a piece.
  EXPECT_EQ(split(*p, {"relu", "torch.relu", "aten::relu"}), "0:C[a](x)->(a) 1:S[b,c](a)->(c)");
  EXPECT_EQ(split(*p, {"torch.relu"}), "0:C[a](x)->(a) 1:S[b](a)->(b) 2:C[c](b)->(c)");
}

TEST(SplittingOpPartitioner, UnmatchedPatternsNameSimilarOps) {
  auto p = parseGraph(R"py(class M(torch.nn.Module):
    def forward(self, q: "f32[1, 2, 4, 8]", w: "f32[8, 8]"):
        a: "f32[1, 2, 4, 8]" = torch._C._nn.scaled_dot_product_attention(q, q, q)
        b: "f32[1, 2, 4, 8]" = torch.ops.vllm.unified_attention.default(a)
        c: "f32[1, 2, 4, 8]" = torch.ops.aten.relu.default(b)
        return (c,)
)py");
  ASSERT_TRUE(p->module);
  auto notes = [&](std::vector<std::string> ops) {
    SplittingOpOptions options;
    options.splittingOps = std::move(ops);
    std::string out;
    for (const std::string& m : unmatchedSplittingOps(p->module->graph(), options))
      out += m + "\n";
    return out;
  };
  EXPECT_EQ(notes({"vllm::unified_attention", "torch._C._nn.scaled_dot_product_attention"}), "");
  EXPECT_EQ(notes({"vllm::unified_atention"}),
            "splitting op 'vllm::unified_atention' matches no node of the graph; similar ops it "
            "has: vllm::unified_attention.default\n");
  EXPECT_EQ(notes({"aten::scaled_dot_product_attention"}),
            "splitting op 'aten::scaled_dot_product_attention' matches no node of the graph; "
            "similar ops it has: torch._C._nn.scaled_dot_product_attention, "
            "vllm::unified_attention.default\n");
  EXPECT_EQ(notes({"aten::relu", "aten::mm"}),
            "splitting op 'aten::mm' matches no node of the graph; it has no similar op\n");
  // A graph without calls: nothing to say.
  auto empty = parseGraph(R"py(class M(torch.nn.Module):
    def forward(self, x: "f32[4]"):
        return (x,)
)py");
  SplittingOpOptions options;
  options.splittingOps = {"aten::mm"};
  EXPECT_TRUE(unmatchedSplittingOps(empty->module->graph(), options).empty());
}

TEST(SplittingOpPartitioner, GetItemOfMultiOutputSplittingOpStaysInItsPiece) {
  auto p = parseGraph(R"py(class M(torch.nn.Module):
    def forward(self, x: "f32[4, 8]"):
        a: "f32[4, 8]" = torch.ops.aten.relu.default(x)
        s = torch.ops.aten.split.Tensor(a, 4, 1)
        g0: "f32[4, 4]" = s[0]
        b: "f32[4, 8]" = torch.ops.aten.sigmoid.default(a)
        g1: "f32[4, 4]" = s[1]
        c: "f32[4, 4]" = torch.ops.aten.add.Tensor(g0, g1)
        return (c, b)
)py");
  // g1 comes after sigmoid in graph order but joins its producer's piece;
  // no piece takes the tuple `s` (its schema returns `Tensor(a)[]`).
  EXPECT_EQ(split(*p, {"aten::split"}),
            "0:C[a](x)->(a) 1:S[s,g0,g1](a)->(g0,g1) 2:C[b,c](a,g0,g1)->(b,c)");
}

TEST(SplittingOpPartitioner, GetItemOfTensorStaysAfterAWriteOfIt) {
  auto p = parseGraph(R"py(class M(torch.nn.Module):
    def forward(self, x: "f32[4, 8]", i: "i64[2]"):
        a: "f32[4, 8]" = torch.ops.aten.relu.default(x)
        m: "f32[4, 8]" = torch.ops.aten.mm.default(a, a)
        z: "f32[4, 8]" = torch.ops.aten.zero_.default(a)
        g: "f32[2, 8]" = a[i]
        return (g, m, z)
)py");
  // `a[i]` copies rows of `a`: moved into a's piece it would read them before
  // zero_ clears them.
  EXPECT_EQ(split(*p, {"aten::mm"}), "0:C[a](x)->(a) 1:S[m](a)->(m) 2:C[z,g](a,i)->(z,g)");
}

TEST(SplittingOpPartitioner, ChunksConsumedBySeveralLaterPieces) {
  auto p = parseGraph(R"py(class M(torch.nn.Module):
    def forward(self, x: "f32[4, 8]"):
        s = torch.ops.aten.split.Tensor(x, 4, 1)
        g0: "f32[4, 4]" = s[0]
        g1: "f32[4, 4]" = s[1]
        a: "f32[4, 4]" = torch.ops.aten.sin.default(g0)
        b: "f32[4, 4]" = torch.ops.aten.add.Tensor(a, g1)
        c: "f32[4, 4]" = torch.ops.aten.sin.default(b)
        d: "f32[4, 4]" = torch.ops.aten.mul.Tensor(c, g0)
        return (d,)
)py");
  EXPECT_EQ(split(*p, {"aten::sin"}), "0:C[s,g0,g1](x)->(g0,g1) 1:S[a](g0)->(a) "
                                      "2:C[b](a,g1)->(b) 3:S[c](b)->(c) 4:C[d](c,g0)->(d)");
}

TEST(SplittingOpPartitioner, GetItemOfPlaceholderIsOrdinary) {
  auto p = parseGraph(R"py(class M(torch.nn.Module):
    def forward(self, xs, y: "f32[4]"):
        a: "f32[4]" = torch.ops.aten.sin.default(y)
        g: "f32[4]" = xs[0]
        b: "f32[4]" = torch.ops.aten.add.Tensor(a, g)
        return (b,)
)py");
  EXPECT_EQ(split(*p, {"aten::sin"}), "1:S[a](y)->(a) 2:C[g,b](xs,a)->(b)");
}

namespace {
// attn1; empty; attn2: the allocation sits alone between two splitting pieces.
constexpr const char* kEmptyBetween = R"py(class M(torch.nn.Module):
    def forward(self, x: "f32[4, 8]"):
        a: "f32[4, 8]" = torch.ops.aten.relu.default(x)
        out1: "f32[4, 8]" = torch.ops.aten.empty_like.default(a)
        attn1 = torch.ops.vllm.attn.default(a, out1)
        out2: "f32[4, 8]" = torch.ops.aten.empty.memory_format([4, 8], dtype = torch.float32, device = device(type='cpu'))
        attn2 = torch.ops.vllm.attn.default(out1, out2)
        b: "f32[4, 8]" = torch.ops.aten.relu.default(out2)
        return (b,)
)py";
} // namespace

TEST(SplittingOpPartitioner, EmptyOnlyPieceMergesIntoPreviousCompiledPiece) {
  auto p = parseGraph(kEmptyBetween);
  EXPECT_EQ(split(*p, {"vllm::attn"}), "0:C[a,out1,out2](x)->(a,out1,out2) 1:S[attn1](a,out1)->() "
                                       "3:S[attn2](out1,out2)->() 4:C[b](out2)->(b)");
  EXPECT_EQ(split(*p, {"vllm::attn"}, /*mergeEmpty=*/false),
            "0:C[a,out1](x)->(a,out1) 1:S[attn1](a,out1)->() 2:C[out2]()->(out2) "
            "3:S[attn2](out1,out2)->() 4:C[b](out2)->(b)");
}

TEST(SplittingOpPartitioner, EmptyMergeRefusedWhenAnInputIsDefinedLater) {
  // empty_like reads `r`, which the splitting piece defines: it cannot move up.
  auto p = parseGraph(R"py(class M(torch.nn.Module):
    def forward(self, x: "f32[4, 8]"):
        a: "f32[4, 8]" = torch.ops.aten.relu.default(x)
        r: "f32[4, 8]" = torch.ops.aten.sin.default(a)
        e: "f32[4, 8]" = torch.ops.aten.empty_like.default(r)
        s: "f32[4, 8]" = torch.ops.aten.sin.default(e)
        return (s,)
)py");
  EXPECT_EQ(split(*p, {"aten::sin"}),
            "0:C[a](x)->(a) 1:S[r](a)->(r) 2:C[e](r)->(e) 3:S[s](e)->(s)");
}

TEST(SplittingOpPartitioner, EmptyMergeRefusedWithoutAPreviousCompiledPiece) {
  // The only earlier piece is a splitting one: never merge into it.
  auto p = parseGraph(R"py(class M(torch.nn.Module):
    def forward(self, x: "f32[4, 8]"):
        r: "f32[4, 8]" = torch.ops.aten.sin.default(x)
        e: "f32[4, 8]" = torch.ops.aten.empty_like.default(x)
        s: "f32[4, 8]" = torch.ops.aten.sin.default(e)
        return (r, s)
)py");
  EXPECT_EQ(split(*p, {"aten::sin"}), "1:S[r](x)->(r) 2:C[e](x)->(e) 3:S[s](e)->(s)");
}

TEST(SplittingOpPartitioner, SymIntPlaceholderInAShapeIsAnInput) {
  auto p = parseGraph(R"py(class M(torch.nn.Module):
    def forward(self, s0: "Sym(s0)", x: "f32[s0, 8]"):
        a: "f32[s0, 8]" = torch.ops.aten.relu.default(x)
        b: "f32[s0, 8]" = torch.ops.aten.sin.default(a)
        c: "f32[s0, 8]" = torch.ops.aten.relu.default(b)
        return (c,)
)py");
  // Every piece takes a tensor whose shape mentions s0: s0 follows it.
  EXPECT_EQ(split(*p, {"aten::sin"}), "0:C[a](x,s0)->(a) 1:S[b](a,s0)->(b) 2:C[c](b,s0)->(c)");
}

TEST(SplittingOpPartitioner, SymIntPlaceholderNeededByALaterPiece) {
  auto p = parseGraph(R"py(class M(torch.nn.Module):
    def forward(self, x: "f32[4, 8]", n: "Sym(s1)"):
        a: "f32[4, 8]" = torch.ops.aten.relu.default(x)
        b: "f32[4, 8]" = torch.ops.aten.sin.default(a)
        c: "f32[s1, 8]" = torch.ops.aten.narrow.default(b, 0, 0, n)
        return (c,)
)py");
  EXPECT_EQ(split(*p, {"aten::sin"}), "0:C[a](x)->(a) 1:S[b](a)->(b) 2:C[c](b,n)->(c)");
}

TEST(SplittingOpPartitioner, FunctionalizedSplittingOpMatchesThroughTheHop) {
  auto p = parseGraph(R"py(class M(torch.nn.Module):
    def forward(self, x: "f32[4, 8]"):
        a: "f32[4, 8]" = torch.ops.aten.relu.default(x)
        e: "f32[4, 8]" = torch.ops.aten.empty_like.default(a)
        af = torch.ops.higher_order.auto_functionalized(torch.ops.vllm.attn.default, q = a, output = e)
        o: "f32[4, 8]" = af[1]
        b: "f32[4, 8]" = torch.ops.aten.relu.default(o)
        return (b,)
)py");
  EXPECT_EQ(split(*p, {"vllm.attn"}), "0:C[a,e](x)->(a,e) 1:S[af,o](a,e)->(o) 2:C[b](o)->(b)");
  SplittingOpMatcher noHop({"vllm.attn"}, /*matchFunctionalizedOps=*/false);
  for (const Node* n : p->graph())
    EXPECT_FALSE(noHop.match(*n).has_value()) << n->name().str();
}

TEST(SplittingOpPartitioner, ReasonNamesThePattern) {
  auto p = parseGraph(kChain);
  DiagnosticEngine diag;
  SplittingOpOptions options;
  options.splittingOps = {"aten.mm"};
  auto plan = partitionAtSplittingOps(p->graph(), options, diag);
  ASSERT_TRUE(succeeded(plan));
  ASSERT_EQ(plan->size(), 3u);
  EXPECT_EQ(plan->pieces()[1].reason, "splitting op aten::mm.default (matches 'aten.mm')");
  EXPECT_TRUE(plan->pieces()[0].reason.empty());
  EXPECT_EQ(plan->numSplitting(), 1u);
  EXPECT_EQ(plan->pieces()[1].name(), "submod_1");
}

TEST(SplittingOpPartitioner, PiecesSortedByIntegerId) {
  std::string text = "class M(torch.nn.Module):\n    def forward(self, x: \"f32[4]\"):\n";
  std::string prev = "x";
  for (int i = 0; i < 6; ++i) {
    text += "        r" + std::to_string(i) + ": \"f32[4]\" = torch.ops.aten.relu.default(" + prev +
            ")\n";
    text += "        s" + std::to_string(i) + ": \"f32[4]\" = torch.ops.aten.sin.default(r" +
            std::to_string(i) + ")\n";
    prev = "s" + std::to_string(i);
  }
  text += "        return (" + prev + ",)\n";
  auto p = parseGraph(text);
  DiagnosticEngine diag;
  SplittingOpOptions options;
  options.splittingOps = {"aten::sin"};
  auto plan = partitionAtSplittingOps(p->graph(), options, diag);
  ASSERT_TRUE(succeeded(plan));
  ASSERT_EQ(plan->size(), 12u);
  for (size_t i = 0; i < plan->size(); ++i)
    EXPECT_EQ(plan->pieces()[i].id, static_cast<int64_t>(i));
  EXPECT_EQ(plan->pieces()[10].name(), "submod_10");
  // The relu pieces in the middle are the same program; the first differs
  // only in where its input comes from, which the hash ignores.
  EXPECT_EQ(plan->numUnique(), 1u);
}

TEST(FlatBoundaries, TupleCrossingABoundaryIsAnError) {
  auto p = parseGraph(R"py(class M(torch.nn.Module):
    def forward(self, x: "f32[4, 8]"):
        s = torch.ops.aten.split.Tensor(x, 4, 1)
        a: "f32[4, 8]" = torch.ops.aten.sin.default(x)
        c: "f32[4, 8]" = torch.ops.aten.cat.default(s, 1)
        return (a, c)
)py");
  DiagnosticEngine diag;
  SplittingOpOptions options;
  options.splittingOps = {"aten::sin"};
  auto plan = partitionAtSplittingOps(p->graph(), options, diag);
  ASSERT_TRUE(succeeded(plan)) << diag.renderAll();
  EXPECT_TRUE(failed(verifyFlatBoundaries(*plan, &atenRegistry(), diag)));
  ASSERT_EQ(diag.numErrors(), 1u);
  EXPECT_NE(diag.diagnostics()[0].message.find("'s' is a tuple or list and would cross a piece "
                                               "boundary (from submod_0 into submod_2)"),
            std::string::npos)
      << diag.diagnostics()[0].message;
}

TEST(FlatBoundaries, SizeCrossingIsAnErrorWithoutDecomposeSize) {
  constexpr const char* kText = R"py(class M(torch.nn.Module):
    def forward(self, x: "f32[s0, 8]", y: "f32[s0, 8]"):
        sz = x.size()
        a: "f32[s0, 8]" = torch.ops.aten.sin.default(y)
        v: "f32[s0, 8]" = torch.ops.aten.view.default(a, sz)
        return (v,)
)py";
  {
    auto p = parseGraph(kText);
    DiagnosticEngine diag;
    SplitGraphOptions options;
    options.partition.splittingOps = {"aten::sin"};
    options.decomposeSize = false;
    EXPECT_TRUE(failed(splitGraph(p->graph(), &atenRegistry(), options, diag)));
    ASSERT_EQ(diag.numErrors(), 1u);
    EXPECT_NE(diag.diagnostics()[0].message.find("'sz' is a torch.Size"), std::string::npos);
  }
  {
    // With decompose-size the view takes a scalar SymInt and the literal 8.
    auto p = parseGraph(kText);
    DiagnosticEngine diag;
    SplitGraphOptions options;
    options.partition.splittingOps = {"aten::sin"};
    auto plan = splitGraph(p->graph(), &atenRegistry(), options, diag);
    ASSERT_TRUE(succeeded(plan)) << diag.renderAll();
    for (const Piece& piece : plan->pieces())
      for (const Node* in : piece.inputs) {
        ValueKind k = classifyValue(*in, &atenRegistry());
        EXPECT_TRUE(k == ValueKind::Tensor || k == ValueKind::SymInt)
            << in->name().str() << " is " << valueKindName(k);
      }
  }
}

TEST(SplitGraphLoadingMeta, LoadsTheBoundaryValuesThenChecksThem) {
  // The size query's meta is what decompose-size reads; the boundary values' meta is loaded
  // between the two partitions, and the flat check runs on the second one only.
  auto p = parseGraph(R"py(class M(torch.nn.Module):
    def forward(self, x: "f32[s0, 8]", y: "f32[s0, 8]"):
        sz = x.size()
        a: "f32[s0, 8]" = torch.ops.aten.sin.default(y)
        v: "f32[s0, 8]" = torch.ops.aten.view.default(a, sz)
        return (v,)
)py");
  Graph& g = p->graph();
  std::vector<std::string> loaded;
  SplitGraphOptions options;
  options.partition.splittingOps = {"aten::sin"};
  DiagnosticEngine diag;
  auto plan = splitGraphLoadingMeta(
      g, &atenRegistry(), options,
      [&](const std::vector<Node*>& nodes) {
        for (const Node* n : nodes)
          loaded.push_back(std::string(n->name().str()));
        return success();
      },
      diag);
  ASSERT_TRUE(succeeded(plan)) << diag.renderAll();
  EXPECT_EQ(plan->pieces().size(), 3u);
  EXPECT_TRUE(plan->hasHashes());
  // a (into the view's piece) and the scalar size decompose-size made cross a boundary.
  EXPECT_NE(std::find(loaded.begin(), loaded.end(), "a"), loaded.end());
  EXPECT_EQ(g.lookup("sz"), nullptr); // decompose-size ran once, before the first partition

  // A failed load stops the split with no plan.
  auto q = parseGraph(R"py(class M(torch.nn.Module):
    def forward(self, y: "f32[4, 8]"):
        a: "f32[4, 8]" = torch.ops.aten.sin.default(y)
        b: "f32[4, 8]" = torch.ops.aten.cos.default(a)
        return (b,)
)py");
  DiagnosticEngine diag2;
  EXPECT_TRUE(failed(splitGraphLoadingMeta(
      q->graph(), &atenRegistry(), options, [](const std::vector<Node*>&) { return failure(); },
      diag2)));
}

TEST(PartitionPlan, FinalizeRejectsMalformedPlans) {
  auto p = parseGraph(kChain);
  Graph& g = p->graph();
  Node* a = g.lookup("a");
  Node* b = g.lookup("b");
  Node* c = g.lookup("c");
  Node* d = g.lookup("d");
  {
    PartitionPlan plan(g);
    plan.addPiece(0, PieceKind::Compiled).nodes = {a, b};
    plan.addPiece(1, PieceKind::Compiled).nodes = {b, c, d};
    DiagnosticEngine diag;
    EXPECT_TRUE(failed(plan.finalize(diag)));
    EXPECT_NE(diag.renderAll().find("node 'b' is in two pieces"), std::string::npos);
  }
  {
    PartitionPlan plan(g);
    plan.addPiece(0, PieceKind::Compiled).nodes = {a, b, c};
    DiagnosticEngine diag;
    EXPECT_TRUE(failed(plan.finalize(diag)));
    EXPECT_NE(diag.renderAll().find("node 'd' is in no piece"), std::string::npos);
  }
  {
    // b runs after c: c's piece would use b before it exists.
    PartitionPlan plan(g);
    plan.addPiece(0, PieceKind::Compiled).nodes = {a, c, d};
    plan.addPiece(1, PieceKind::Compiled).nodes = {b};
    DiagnosticEngine diag;
    EXPECT_TRUE(failed(plan.finalize(diag)));
    EXPECT_NE(diag.renderAll().find("'c' in submod_0 uses 'b', which is defined in the later "
                                    "submod_1"),
              std::string::npos)
        << diag.renderAll();
  }
  {
    // Ids need not be dense; out-of-order nodes are sorted; empty pieces vanish.
    PartitionPlan plan(g);
    plan.addPiece(7, PieceKind::Compiled).nodes = {d, c};
    plan.addPiece(3, PieceKind::Splitting).nodes = {b, a};
    plan.addPiece(5, PieceKind::Compiled);
    DiagnosticEngine diag;
    ASSERT_TRUE(succeeded(plan.finalize(diag))) << diag.renderAll();
    EXPECT_EQ(describe(plan), "3:S[a,b](x,w)->(a,b) 7:C[c,d](b,a)->(d)");
    EXPECT_EQ(plan.pieceIndexOf(g.lookup("x")), -1);
    EXPECT_EQ(plan.pieceIndexOf(c), 1);
    EXPECT_EQ(plan.largestPiece(), 0);
    ASSERT_NE(plan.pieceById(7), nullptr);
    EXPECT_EQ(plan.pieceById(7)->nodes.front(), c);
    EXPECT_EQ(plan.pieceById(5), nullptr);
    EXPECT_EQ(plan.pieceIndexAt(plan.numbering()[a]), 0);
  }
}
