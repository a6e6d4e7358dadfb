//===- PieceHashTest.cpp - Structural hashes and node numbering -----------===//

#include "piecewise/partition/PieceHash.h"
#include "piecewise/analysis/NodeNumbering.h"
#include "piecewise/partition/SplittingOpPartitioner.h"
#include "piecewise/text/Parser.h"

#include "../TestUtil.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

using namespace piecewise;
using namespace piecewise::testing;

namespace {

/// The hash of the single piece of `body` (no splitting ops).
uint64_t hashOf(const std::string& signature, const std::string& body) {
  auto p =
      parseGraph("class M(torch.nn.Module):\n    def forward(self, " + signature + "):\n" + body);
  if (!p->module)
    return 0;
  DiagnosticEngine diag;
  auto plan = partitionAtSplittingOps(p->module->graph(), SplittingOpOptions{}, diag);
  EXPECT_TRUE(succeeded(plan)) << diag.renderAll();
  EXPECT_EQ(plan->size(), 1u);
  return plan->pieces()[0].hash;
}

constexpr const char* kSig = R"py(x: "f32[4, 8]", y: "f32[4, 8]")py";
constexpr const char* kBody = R"py(        a: "f32[4, 8]" = torch.ops.aten.add.Tensor(x, y)
        b: "f32[4, 8]" = torch.ops.aten.mul.Tensor(a, 2)
        return (b,)
)py";

} // namespace

TEST(PieceHash, IgnoresNodeAndPlaceholderNames) {
  uint64_t h = hashOf(kSig, kBody);
  EXPECT_EQ(h, hashOf(R"py(p: "f32[4, 8]", q: "f32[4, 8]")py",
                      R"py(        add_7: "f32[4, 8]" = torch.ops.aten.add.Tensor(p, q)
        mul_9: "f32[4, 8]" = torch.ops.aten.mul.Tensor(add_7, 2)
        return (mul_9,)
)py"));
  // Recomputed from a separate parse (another interner): addresses play no part.
  EXPECT_EQ(h, hashOf(kSig, kBody));
}

TEST(PieceHash, SeesTargetsConstantsMetaAndWiring) {
  uint64_t h = hashOf(kSig, kBody);
  // Target.
  EXPECT_NE(h, hashOf(kSig, R"py(        a: "f32[4, 8]" = torch.ops.aten.sub.Tensor(x, y)
        b: "f32[4, 8]" = torch.ops.aten.mul.Tensor(a, 2)
        return (b,)
)py"));
  // Constant.
  EXPECT_NE(h, hashOf(kSig, R"py(        a: "f32[4, 8]" = torch.ops.aten.add.Tensor(x, y)
        b: "f32[4, 8]" = torch.ops.aten.mul.Tensor(a, 3)
        return (b,)
)py"));
  // Constant of another type with the same printed digits.
  EXPECT_NE(h, hashOf(kSig, R"py(        a: "f32[4, 8]" = torch.ops.aten.add.Tensor(x, y)
        b: "f32[4, 8]" = torch.ops.aten.mul.Tensor(a, 2.0)
        return (b,)
)py"));
  // Meta of a node.
  EXPECT_NE(h, hashOf(kSig, R"py(        a: "f32[4, 8][1, 4]" = torch.ops.aten.add.Tensor(x, y)
        b: "f32[4, 8]" = torch.ops.aten.mul.Tensor(a, 2)
        return (b,)
)py"));
  // Meta of an input.
  EXPECT_NE(h, hashOf(R"py(x: "f16[4, 8]", y: "f32[4, 8]")py", kBody));
  EXPECT_NE(h, hashOf(R"py(x: "f32[s0, 8]", y: "f32[4, 8]")py", kBody));
  // Wiring. Swapping the operands of the first use only renames the inputs
  // (they are numbered in first-use order), which the hash ignores...
  EXPECT_EQ(h, hashOf(kSig, R"py(        a: "f32[4, 8]" = torch.ops.aten.add.Tensor(y, x)
        b: "f32[4, 8]" = torch.ops.aten.mul.Tensor(a, 2)
        return (b,)
)py"));
  // ... but which value a later node reads is seen.
  uint64_t readsX = hashOf(kSig, R"py(        a: "f32[4, 8]" = torch.ops.aten.add.Tensor(x, y)
        b: "f32[4, 8]" = torch.ops.aten.mul.Tensor(a, x)
        return (b,)
)py");
  uint64_t readsY = hashOf(kSig, R"py(        a: "f32[4, 8]" = torch.ops.aten.add.Tensor(x, y)
        b: "f32[4, 8]" = torch.ops.aten.mul.Tensor(a, y)
        return (b,)
)py");
  EXPECT_NE(readsX, readsY);
  // Keyword instead of positional.
  EXPECT_NE(h, hashOf(kSig, R"py(        a: "f32[4, 8]" = torch.ops.aten.add.Tensor(x, other = y)
        b: "f32[4, 8]" = torch.ops.aten.mul.Tensor(a, 2)
        return (b,)
)py"));
  // Returned values.
  EXPECT_NE(h, hashOf(kSig, R"py(        a: "f32[4, 8]" = torch.ops.aten.add.Tensor(x, y)
        b: "f32[4, 8]" = torch.ops.aten.mul.Tensor(a, 2)
        return (b, a)
)py"));
}

TEST(PieceHash, SymbolsAreNumberedByFirstOccurrence) {
  // Dynamic shapes lift each layer's RMSNorm eps into a SymFloat of its own:
  // pieces equal up to a consistent renaming of their symbols hash equal.
  constexpr const char* kBodyA = R"py(        a: "f32[s0, 8]" = torch.ops.aten.add.Tensor(x, eps)
        b: "f32[2*s0 + 1, 8]" = torch.ops.aten.mul.Tensor(a, s0)
        return (b,)
)py";
  uint64_t h = hashOf(R"py(x: "f32[s0, 8]", eps: "Sym(zf57)", s0: "Sym(s0)")py", kBodyA);
  EXPECT_EQ(h, hashOf(R"py(x: "f32[s7, 8]", eps: "Sym(zf21)", s7: "Sym(s7)")py",
                      R"py(        a: "f32[s7, 8]" = torch.ops.aten.add.Tensor(x, eps)
        b: "f32[2*s7 + 1, 8]" = torch.ops.aten.mul.Tensor(a, s7)
        return (b,)
)py"));
  // Not a consistent renaming: two symbols in one piece, one in the other.
  EXPECT_NE(h, hashOf(R"py(x: "f32[s0, 8]", eps: "Sym(zf57)", s1: "Sym(s1)")py",
                      R"py(        a: "f32[s0, 8]" = torch.ops.aten.add.Tensor(x, eps)
        b: "f32[2*s0 + 1, 8]" = torch.ops.aten.mul.Tensor(a, s1)
        return (b,)
)py"));
  // A backed size symbol never equals an unbacked one.
  EXPECT_NE(h, hashOf(R"py(x: "f32[u0, 8]", eps: "Sym(zf57)", u0: "Sym(u0)")py",
                      R"py(        a: "f32[u0, 8]" = torch.ops.aten.add.Tensor(x, eps)
        b: "f32[2*u0 + 1, 8]" = torch.ops.aten.mul.Tensor(a, u0)
        return (b,)
)py"));
  // The expression itself still counts.
  EXPECT_NE(h, hashOf(R"py(x: "f32[s0, 8]", eps: "Sym(zf57)", s0: "Sym(s0)")py",
                      R"py(        a: "f32[s0, 8]" = torch.ops.aten.add.Tensor(x, eps)
        b: "f32[2*s0 + 2, 8]" = torch.ops.aten.mul.Tensor(a, s0)
        return (b,)
)py"));
}

TEST(PieceHash, TransformerLayersBetweenSplittingOpsHashEqual) {
  // Three identical layers; the attention writes a string naming the layer,
  // so splitting pieces differ while the pieces between them are equal.
  std::string text = "class M(torch.nn.Module):\n    def forward(self, h: \"f32[4, 8]\"";
  for (int i = 0; i < 3; ++i)
    text += ", w" + std::to_string(i) + ": \"f32[8, 8]\"";
  text += "):\n";
  std::string prev = "h";
  for (int i = 0; i < 3; ++i) {
    std::string s = std::to_string(i);
    text += "        mm" + s + ": \"f32[4, 8]\" = torch.ops.aten.mm.default(" + prev + ", w" + s +
            ")\n";
    text +=
        "        out" + s + ": \"f32[4, 8]\" = torch.ops.aten.empty_like.default(mm" + s + ")\n";
    text += "        attn" + s + " = torch.ops.vllm.attn.default(mm" + s + ", out" + s +
            ", 'layers." + s + "')\n";
    text += "        res" + s + ": \"f32[4, 8]\" = torch.ops.aten.add.Tensor(out" + s + ", " +
            prev + ")\n";
    prev = "res" + s;
  }
  text += "        return (" + prev + ",)\n";
  auto p = parseGraph(text);
  DiagnosticEngine diag;
  SplittingOpOptions options;
  options.splittingOps = {"vllm::attn"};
  auto plan = partitionAtSplittingOps(p->module->graph(), options, diag);
  ASSERT_TRUE(succeeded(plan)) << diag.renderAll();
  ASSERT_EQ(plan->size(), 7u);
  const auto& ps = plan->pieces();
  // 0: mm0,out0 | 1: attn0 | 2: res0,mm1,out1 | 3 | 4: res1,mm2,out2 | 5 | 6: res2
  EXPECT_EQ(ps[2].hash, ps[4].hash);
  EXPECT_NE(ps[0].hash, ps[2].hash);
  EXPECT_NE(ps[6].hash, ps[2].hash);
  EXPECT_NE(ps[1].hash, ps[3].hash); // 'layers.0' vs 'layers.1'
  EXPECT_EQ(plan->numUnique(), 3u);
  EXPECT_EQ(ps[2].hashString().size(), 16u);
}

TEST(NodeNumbering, DenseGraphOrderNumbers) {
  auto p = parseGraph("class M(torch.nn.Module):\n    def forward(self, " + std::string(kSig) +
                      "):\n" + kBody);
  const Graph& g = p->module->graph();
  NodeNumbering num(g);
  ASSERT_EQ(num.size(), g.size());
  uint32_t i = 0;
  for (const Node* n : g) {
    EXPECT_EQ(num[n], i);
    EXPECT_EQ(num.node(i), n);
    ++i;
  }
  auto other = parseGraph("class M(torch.nn.Module):\n    def forward(self, " + std::string(kSig) +
                          "):\n" + kBody);
  EXPECT_EQ(num.lookup(other->module->graph().front()), NodeNumbering::kAbsent);
  EXPECT_EQ(NodeNumbering().lookup(g.front()), NodeNumbering::kAbsent);
}
