//===- PieceExplainTest.cpp - Why pieces differ, and rematerialization ----===//
//
// The explainer walks the fields the hash reads: for every pair of pieces at
// the same place, it finds a difference exactly when their hashes differ.
// Rematerialization then makes pieces that differed by a crossing SymInt equal.
//
//===----------------------------------------------------------------------===//

#include "piecewise/partition/PieceExplain.h"
#include "piecewise/partition/SplitGraph.h"
#include "piecewise/partition/SplittingOpPartitioner.h"
#include "piecewise/partition/SymIntRematerialization.h"
#include "piecewise/text/Parser.h"

#include "../TestUtil.h"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

using namespace piecewise;
using namespace piecewise::testing;

namespace {

/// One layer's body, reading `$v` and defining `$b` (`$x` is renamed `x_<layer>`).
const std::vector<std::string> kVariants = {
    // 0: the base, 1: the same program
    "$a = torch.ops.aten.add.Tensor($v, 1)|$b = torch.ops.aten.mul.Tensor($a, 2)",
    "$a = torch.ops.aten.add.Tensor($v, 1)|$b = torch.ops.aten.mul.Tensor($a, 2)",
    // a constant, a float constant, an op, a keyword, the wiring
    "$a = torch.ops.aten.add.Tensor($v, 1)|$b = torch.ops.aten.mul.Tensor($a, 3)",
    "$a = torch.ops.aten.add.Tensor($v, 1)|$b = torch.ops.aten.mul.Tensor($a, 2.0)",
    "$a = torch.ops.aten.sub.Tensor($v, 1)|$b = torch.ops.aten.mul.Tensor($a, 2)",
    "$a = torch.ops.aten.add.Tensor($v, 1, alpha = 2)|$b = torch.ops.aten.mul.Tensor($a, 2)",
    "$a = torch.ops.aten.add.Tensor($v, 1)|$b = torch.ops.aten.mul.Tensor($v, 2)",
    // a string, a dtype
    "$a = torch.ops.aten.add.Tensor($v, 1)|$b = torch.ops.test.tag.default($a, 'layer.7')",
    "$a = torch.ops.aten.add.Tensor($v, 1)|$b = torch.ops.test.tag.default($a, 'layer.8')",
    "$a = torch.ops.aten.add.Tensor($v, 1)|$b = torch.ops.aten.to.dtype($a, torch.float16)",
};

/// A graph whose layer k (between two `sin`s) is variant order[k].
std::string graphOf(const std::vector<size_t>& order) {
  std::string g = "class M(torch.nn.Module):\n    def forward(self, x: \"f32[4, 8]\"):\n"
                  "        h0 = torch.ops.aten.neg.default(x)\n";
  for (size_t k = 0; k < order.size(); ++k) {
    std::string body = kVariants[order[k]];
    std::string suffix = "_" + std::to_string(k);
    g += "        v" + suffix + " = torch.ops.aten.sin.default(h" + std::to_string(k) + ")\n";
    size_t bar = body.find('|');
    for (std::string line : {body.substr(0, bar), body.substr(bar + 1)}) {
      for (size_t at = line.find('$'); at != std::string::npos; at = line.find('$', at))
        line.replace(at, 2, std::string(1, line[at + 1]) + suffix);
      g += "        " + line + "\n";
    }
    g += "        h" + std::to_string(k + 1) + " = torch.ops.aten.relu.default(b" + suffix + ")\n";
  }
  g += "        y = torch.ops.aten.sin.default(h" + std::to_string(order.size()) + ")\n";
  g += "        z = torch.ops.aten.exp.default(y)\n        return (z,)\n";
  return g;
}

} // namespace

TEST(PieceExplain, FindsADifferenceExactlyWhenHashesDiffer) {
  std::vector<size_t> order;
  for (size_t i = 0; i < kVariants.size(); ++i)
    order.push_back(i);
  auto p = parseGraph(graphOf(order));
  ASSERT_TRUE(p->module);
  DiagnosticEngine diag;
  SplittingOpOptions options;
  options.splittingOps = {"aten::sin"};
  auto plan = partitionAtSplittingOps(p->module->graph(), options, diag);
  ASSERT_TRUE(succeeded(plan)) << diag.renderAll();
  // Pieces 2, 4, ..., one per layer.
  std::vector<size_t> layers;
  for (size_t i = 0; i < plan->size(); ++i)
    if (!plan->pieces()[i].isSplitting() && i > 0 && i + 1 < plan->size())
      layers.push_back(i);
  ASSERT_EQ(layers.size(), kVariants.size());
  std::set<uint64_t> hashes;
  for (size_t a : layers) {
    hashes.insert(plan->pieces()[a].hash);
    for (size_t b : layers) {
      bool differ = plan->pieces()[a].hash != plan->pieces()[b].hash;
      PieceDifference d = comparePieces(*plan, a, b);
      EXPECT_EQ(differ, !d.category.empty()) << a << " vs " << b << ": " << d.message;
    }
  }
  EXPECT_EQ(hashes.size(), kVariants.size() - 1); // variants 0 and 1 are the same program

  PieceExplanation e = explainPieces(*plan);
  ASSERT_EQ(e.groups.size(), 1u);
  EXPECT_EQ(e.groups[0].numHashes, kVariants.size() - 1);
  // The base (two pieces) is the reference; one difference per other hash.
  ASSERT_EQ(e.groups[0].differences.size(), kVariants.size() - 2);
  std::vector<std::string> categories;
  for (const PieceDifference& d : e.groups[0].differences) {
    EXPECT_EQ(d.reference, layers[0]);
    EXPECT_EQ(d.referenceSharing.size(), 2u);
    categories.push_back(d.category);
  }
  EXPECT_EQ(categories, (std::vector<std::string>{"constant", "constant", "op", "structure",
                                                  "wiring", "op", "op", "op"}));
  EXPECT_NE(e.groups[0].differences[0].message.find("int constant"), std::string::npos);
  EXPECT_NE(e.groups[0].differences[1].message.find("constant (int vs float)"), std::string::npos);
  // A bound on the comparisons; the rest are counted.
  PieceExplainOptions few;
  few.maxDifferencesPerGroup = 3;
  PieceExplanation bounded = explainPieces(*plan, few);
  ASSERT_EQ(bounded.groups.size(), 1u);
  EXPECT_EQ(bounded.groups[0].differences.size(), 3u);
  EXPECT_NE(renderExplanation(*plan, bounded).find("  ... 5 more hashes not compared\n"),
            std::string::npos);
}

TEST(PieceExplain, NothingToExplainForIdenticalLayers) {
  auto p = parseGraph(graphOf({0, 1, 0, 1}));
  ASSERT_TRUE(p->module);
  DiagnosticEngine diag;
  SplittingOpOptions options;
  options.splittingOps = {"aten::sin"};
  auto plan = partitionAtSplittingOps(p->module->graph(), options, diag);
  ASSERT_TRUE(succeeded(plan));
  EXPECT_TRUE(explainPieces(*plan).empty());
  EXPECT_EQ(renderExplanation(*plan, explainPieces(*plan)),
            "explain: no pieces at the same place of a repeated structure differ\n");
}

TEST(SymIntRematerialization, LaterLayersRecomputeTheFirstLayersSymInt) {
  std::string text = R"py(class M(torch.nn.Module):
    def forward(self, s0: "Sym(s0)", x: "f32[s0, 8]"):
        b: "f32[s0, 8]" = torch.ops.aten.sin.default(x)
        m: "Sym(2*s0)" = 2 * s0
        c: "f32[2*s0, 4]" = torch.ops.aten.view.default(b, [m, 4])
        e: "f32[s0, 8]" = torch.ops.aten.sin.default(c)
        f: "f32[2*s0, 4]" = torch.ops.aten.view.default(e, [m, 4])
        g: "f32[s0, 8]" = torch.ops.aten.sin.default(f)
        h: "f32[2*s0, 4]" = torch.ops.aten.view.default(g, [m, 4])
        i: "f32[s0, 8]" = torch.ops.aten.sin.default(h)
        return (i,)
)py";
  for (bool remat : {false, true}) {
    auto p = parseGraph(text);
    ASSERT_TRUE(p->module);
    DiagnosticEngine diag;
    SplitGraphOptions options;
    options.partition.splittingOps = {"aten::sin"};
    options.rematerializeSymInts = remat;
    SymIntRematerializationStats stats;
    auto plan = splitGraph(p->module->graph(), nullptr, options, diag, &stats);
    ASSERT_TRUE(succeeded(plan)) << diag.renderAll();
    // Pieces: sin, [m, c], sin, [f], sin, [h], sin.
    ASSERT_EQ(plan->size(), 7u);
    const auto& ps = plan->pieces();
    EXPECT_EQ(ps[3].hash == ps[5].hash, true);
    EXPECT_EQ(ps[1].hash == ps[3].hash, remat);
    EXPECT_EQ(stats.inputsRemoved, remat ? 2u : 0u);
    bool takesM = false;
    for (const Node* in : ps[5].inputs)
      takesM = takesM || in->name().str() == "m";
    EXPECT_EQ(takesM, !remat);
  }
}

TEST(SymIntRematerialization, PureIntegerArithmeticOnly) {
  auto p = parseGraph(R"py(class M(torch.nn.Module):
    def forward(self, s0: "Sym(s0)", x: "f32[s0, 8]", t: "i64[]"):
        k = torch.ops.aten.sym_size.int(x, 0)
        m = k * 2
        f: "Sym(2.0*s0)" = m * 2.0
        u: "Sym(u0)" = torch.ops.aten._local_scalar_dense.default(t)
        w = u + 1
        y: "f32[s0, 8]" = x * 2
        return (m, f, w, y)
)py");
  ASSERT_TRUE(p->module);
  auto node = [&](std::string_view n) { return p->module->graph().lookup(n); };
  EXPECT_TRUE(isPureIntArithmetic(*node("k")));
  EXPECT_TRUE(isPureIntArithmetic(*node("m")));  // no meta: judged from its operands
  EXPECT_FALSE(isPureIntArithmetic(*node("f"))); // a SymFloat
  EXPECT_FALSE(isPureIntArithmetic(*node("u"))); // read from a tensor's data
  // Arithmetic on it is (a copy reads `u` itself, which is never copied).
  EXPECT_TRUE(isPureIntArithmetic(*node("w")));
  EXPECT_FALSE(isPureIntArithmetic(*node("y"))); // a tensor
}
