//===- CaptureSafeCopiesTest.cpp - The capture-safety fix ------------------===//

#include "piecewise/partition/CaptureSafeCopies.h"
#include "piecewise/schema/OpRegistry.h"

#include "../TestUtil.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace piecewise;
using namespace piecewise::testing;

namespace {

using Strings = std::vector<std::string>;

/// "kind:node,node" per piece of `plan`.
Strings pieces(const PartitionPlan& plan) {
  Strings out;
  for (const Piece& p : plan.pieces()) {
    std::string s = p.isSplitting() ? "eager:" : "captured:";
    for (size_t i = 0; i < p.nodes.size(); ++i)
      s += (i ? "," : "") + std::string(p.nodes[i]->name().str());
    out.push_back(std::move(s));
  }
  return out;
}

FailureOr<CaptureSafeResult> fix(ParsedModule& p, std::vector<std::string> ops,
                                 DiagnosticEngine& diag, bool breakable = false) {
  CaptureSafeOptions options;
  options.breakable = breakable;
  if (breakable)
    options.breakOps = std::move(ops);
  else
    options.split.partition.splittingOps = std::move(ops);
  return makeCaptureSafe(p.graph(), &atenRegistry(), options, diag);
}

// Two consecutive splitting ops share one eager piece; the first one's fresh value is read
// by the captured piece after both. The copy goes between them and must not part them.
constexpr const char* kConsecutive = R"py(class M(torch.nn.Module):
    def forward(self, x: "f32[4, 8]", w: "f32[8, 8]"):
        a: "f32[4, 8]" = torch.ops.aten.relu.default(x)
        b: "f32[4, 8]" = torch.ops.aten.mm.default(a, w)
        c: "f32[4, 8]" = torch.ops.aten.clone.default(a)
        d: "f32[4, 8]" = torch.ops.aten.add.Tensor(b, c)
        return (d,)
)py";

} // namespace

TEST(CaptureSafeCopies, SamePiecesPlusTheCopies) {
  auto p = parseGraph(kConsecutive);
  DiagnosticEngine diag;
  FailureOr<CaptureSafeResult> r = fix(*p, {"aten::mm", "aten::clone"}, diag);
  ASSERT_TRUE(succeeded(r)) << diag.renderAll();
  EXPECT_TRUE(r->check.clean());
  ASSERT_EQ(r->fix.copies.size(), 2u);
  EXPECT_EQ(r->fix.bytesPerStep, "256");
  // Before: captured a | eager b, c | captured d. After: the buffers in the first piece, each
  // copy with the value it copies, in the one eager piece.
  EXPECT_EQ(pieces(r->plan), (Strings{"captured:a,b_static,c_static",
                                      "eager:b,capture_copy,c,capture_copy_1", "captured:d"}));
  EXPECT_NE(p->print().find("d: \"f32[4, 8]\" = torch.ops.aten.add.Tensor(b_static, c_static)"),
            std::string::npos)
      << p->print();
}

TEST(CaptureSafeCopies, AGraphStartingWithAnEagerOpGetsAnAllocationPiece) {
  auto p = parseGraph(R"py(class M(torch.nn.Module):
    def forward(self, x: "f32[4, 8]"):
        b: "f32[4, 8]" = torch.ops.aten.clone.default(x)
        d: "f32[4, 8]" = torch.ops.aten.relu.default(b)
        return (d,)
)py");
  DiagnosticEngine diag;
  FailureOr<CaptureSafeResult> r = fix(*p, {"aten::clone"}, diag);
  ASSERT_TRUE(succeeded(r)) << diag.renderAll();
  EXPECT_EQ(pieces(r->plan), (Strings{"captured:b_static", "eager:b,capture_copy", "captured:d"}));
}

TEST(CaptureSafeCopies, FailureLeavesTheGraphUnchanged) {
  // One fixable value (the clone), one that is not (nonzero's data-dependent size): an
  // error for the second, and no copy for the first either.
  auto p = parseGraph(R"py(class M(torch.nn.Module):
    def forward(self, x: "f32[8, 4]"):
        c: "f32[8, 4]" = torch.ops.aten.clone.default(x)
        n: "i64[u0, 2]" = torch.ops.aten.nonzero.default(x)
        s: "i64[]" = torch.ops.aten.sum.default(n)
        d: "f32[8, 4]" = torch.ops.aten.add.Tensor(c, s)
        return (d,)
)py");
  std::string before = p->print();
  DiagnosticEngine diag;
  SplittingOpOptions options;
  options.splittingOps = {"aten::clone", "aten::nonzero"};
  options.registry = &atenRegistry();
  FailureOr<PartitionPlan> plan = partitionAtSplittingOps(p->graph(), options, diag);
  ASSERT_TRUE(succeeded(plan));
  EffectAnalysis effects(&atenRegistry());
  CaptureCheckResult check = checkCapture(*plan, effects, {});
  ASSERT_EQ(check.unstableReads.size(), 2u);
  FailureOr<CaptureFixResult> r = insertCaptureSafeCopies(p->graph(), *plan, check, effects, diag);
  EXPECT_TRUE(failed(r));
  EXPECT_EQ(diag.numErrors(), 1u);
  EXPECT_NE(diag.renderAll().find("cannot copy 'n' into a static buffer"), std::string::npos)
      << diag.renderAll();
  EXPECT_EQ(p->print(), before);
}

TEST(CaptureSafeCopies, SymbolicSizesAreComputedBeforeTheOp) {
  // Max of three: two sym_max calls; a floor division; a symbol only a tensor input's size
  // carries (s1): read with sym_size before the allocation.
  auto p = parseGraph(R"py(class M(torch.nn.Module):
    def forward(self, s0: "Sym(s0)", x: "f32[s0, 8]", y: "f32[s1, 8]"):
        a: "f32[Max(1, s0, s1), 8]" = torch.ops.mylib.f.default(x, y)
        b: "f32[((s0 + 1)//2), 8]" = torch.ops.mylib.g.default(x)
        c: "f32[Max(1, s0, s1), 8]" = torch.ops.aten.relu.default(a)
        d: "f32[((s0 + 1)//2), 8]" = torch.ops.aten.relu.default(b)
        return (c, d)
)py");
  OpRegistry registry = OpRegistry::withBuiltinAten();
  SourceBuffer schemas("<schemas>", "mylib::f(Tensor x, Tensor y) -> Tensor\n"
                                    "mylib::g(Tensor x) -> Tensor\n");
  DiagnosticEngine diag;
  ASSERT_TRUE(succeeded(registry.addFromBuffer(schemas, diag)));
  CaptureSafeOptions options;
  options.split.partition.splittingOps = {"mylib::f", "mylib::g"};
  FailureOr<CaptureSafeResult> r = makeCaptureSafe(p->graph(), &registry, options, diag);
  ASSERT_TRUE(succeeded(r)) << diag.renderAll();
  std::string text = p->print();
  for (const char* line :
       {"sym_size_int: \"Sym(s1)\" = torch.ops.aten.sym_size.int(y, 0)",
        "sym_max: \"Sym(Max(s0, s1))\" = torch.sym_max(s0, sym_size_int)",
        "sym_max_1: \"Sym(Max(1, s0, s1))\" = torch.sym_max(1, sym_max)",
        "torch.ops.aten.empty.memory_format([sym_max_1, 8], dtype = torch.float32)",
        "add: \"Sym(s0 + 1)\" = s0 + 1", "floordiv: \"Sym((s0 + 1)//2)\" = add // 2",
        "torch.ops.aten.empty.memory_format([floordiv, 8], dtype = torch.float32)"})
    EXPECT_NE(text.find(line), std::string::npos) << line << "\n" << text;
  EXPECT_EQ(r->fix.copies[0].bytes, "32*Max(1, s0, s1)");
  EXPECT_EQ(r->fix.copies[1].bytes, "32*((s0 + 1)//2)");
}
