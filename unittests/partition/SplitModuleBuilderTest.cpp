//===- SplitModuleBuilderTest.cpp - The split module's shape --------------===//

#include "piecewise/partition/SplitModuleBuilder.h"
#include "piecewise/partition/SplittingOpPartitioner.h"
#include "piecewise/text/Parser.h"
#include "piecewise/text/Printer.h"
#include "piecewise/verify/Verifier.h"

#include "../TestUtil.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

using namespace piecewise;
using namespace piecewise::testing;

namespace {

std::string splitAndPrint(ParsedModule& p, std::vector<std::string> ops) {
  DiagnosticEngine diag;
  SplittingOpOptions options;
  options.splittingOps = std::move(ops);
  auto plan = partitionAtSplittingOps(p.module->graph(), options, diag);
  EXPECT_TRUE(succeeded(plan)) << diag.renderAll();
  if (failed(plan))
    return {};
  SplitModuleOptions mo;
  mo.sourceModule = p.module.get();
  std::unique_ptr<Module> split = buildSplitModule(*plan, mo);
  EXPECT_TRUE(succeeded(verifyModule(*split, nullptr, diag))) << diag.renderAll();
  return printCodeForm(*split);
}

} // namespace

TEST(SplitModuleBuilder, StitchingGraphAndOnePieceModuleEach) {
  auto p = parseGraph(R"py(class M(torch.nn.Module):
    def forward(self, s0: "Sym(s0)", x: "f32[s0, 8]", w: "f32[8, 8]"):
        a: "f32[s0, 8]" = torch.ops.aten.relu.default(x)
        b: "f32[s0, 8]" = torch.ops.aten.mm.default(a, w)
        c: "f32[s0, 8]" = torch.ops.aten.add.Tensor(b, a)
        return (c, b)
)py");
  EXPECT_EQ(splitAndPrint(*p, {"aten::mm"}), R"py(class GraphModule(torch.nn.Module):
    def forward(self, s0: "Sym(s0)", x: "f32[s0, 8]", w: "f32[8, 8]"):
        submod_0 = self.submod_0(x, s0);  x = None
        a: "f32[s0, 8]" = submod_0[0];  submod_0 = None
        submod_1 = self.submod_1(a, s0, w);  w = None
        b: "f32[s0, 8]" = submod_1[0];  submod_1 = None
        submod_2 = self.submod_2(b, s0, a);  s0 = a = None
        c: "f32[s0, 8]" = submod_2[0];  submod_2 = None
        return (c, b)

    class submod_0(torch.nn.Module):
        def forward(self, x: "f32[s0, 8]", s0: "Sym(s0)"):
            a: "f32[s0, 8]" = torch.ops.aten.relu.default(x);  x = None
            return (a,)

    class submod_1(torch.nn.Module):
        def forward(self, a: "f32[s0, 8]", s0: "Sym(s0)", w: "f32[8, 8]"):
            b: "f32[s0, 8]" = torch.ops.aten.mm.default(a, w);  a = w = None
            return (b,)

    class submod_2(torch.nn.Module):
        def forward(self, b: "f32[s0, 8]", s0: "Sym(s0)", a: "f32[s0, 8]"):
            c: "f32[s0, 8]" = torch.ops.aten.add.Tensor(b, a);  b = a = None
            return (c,)
)py");
}

TEST(SplitModuleBuilder, PrintedModuleReadsBackUnchanged) {
  auto p = parseGraph(R"py(class M(torch.nn.Module):
    def forward(self, x: "f32[4, 8]"):
        s = torch.ops.aten.split.Tensor(x, 4, 1)
        g0: "f32[4, 4]" = s[0]
        g1: "f32[4, 4]" = s[1]
        a: "f32[4, 4]" = torch.ops.aten.sin.default(g0)
        e: "f32[4, 4]" = torch.ops.aten.empty_like.default(a)
        n = torch.ops.vllm.attn.default(a, e)
        return (e, g1)
)py");
  std::string printed = splitAndPrint(*p, {"aten::sin", "vllm::attn"});
  auto again = parseGraph(printed);
  ASSERT_TRUE(again->module);
  EXPECT_EQ(printCodeForm(*again->module), printed);
  // sin and attn are not consecutive (empty_like sits between them, alone in a
  // piece: it reads `a` from the sin piece, so it cannot merge upwards), and a
  // piece with no results returns an empty tuple.
  ASSERT_EQ(again->module->children().size(), 4u);
  EXPECT_NE(printed.find("            return ()\n"), std::string::npos) << printed;
}

TEST(SplitModuleBuilder, CalledChildModulesAreCopiedIntoTheirPiece) {
  auto p = parseGraph(R"py(class M(torch.nn.Module):
    def forward(self, x: "f32[4]"):
        a: "f32[4]" = torch.ops.aten.sin.default(x)
        b = self.inner(a)
        return (b,)

    class inner(torch.nn.Module):
        def forward(self, y: "f32[4]"):
            c: "f32[4]" = torch.ops.aten.cos.default(y)
            return (c,)
)py");
  std::string printed = splitAndPrint(*p, {"aten::sin"});
  EXPECT_NE(printed.find(R"py(    class submod_2(torch.nn.Module):
        def forward(self, a: "f32[4]"):
            b = self.inner(a);  a = None
            return (b,)

        class inner(torch.nn.Module):
            def forward(self, y: "f32[4]"):
                c: "f32[4]" = torch.ops.aten.cos.default(y);  y = None
                return (c,)
)py"),
            std::string::npos)
      << printed;
}

TEST(SplitModuleBuilder, PartByPartPrintsTheSameTextAsTheWholeModule) {
  // What `piecewise split -o` does: print the stitching module, then each
  // piece as it is built (and freed), nested one level.
  auto p = parseGraph(R"py(class M(torch.nn.Module):
    def forward(self, x: "f32[4]", w: "f32[4, 4]"):
        a: "f32[4]" = torch.ops.aten.sin.default(x)
        b: "f32[4]" = torch.ops.aten.mv.default(w, a)
        c: "f32[4]" = torch.ops.aten.cos.default(b)
        d = self.inner(c)
        e: "f32[4]" = torch.ops.aten.mv.default(w, d)
        return (e, a)

    class inner(torch.nn.Module):
        def forward(self, y: "f32[4]"):
            z: "f32[4]" = torch.ops.aten.neg.default(y)
            return (z,)
)py");
  std::string whole = splitAndPrint(*p, {"aten::mv"});
  DiagnosticEngine diag;
  SplittingOpOptions options;
  options.splittingOps = {"aten::mv"};
  auto plan = partitionAtSplittingOps(p->module->graph(), options, diag);
  ASSERT_TRUE(succeeded(plan));
  SplitModuleOptions mo;
  mo.sourceModule = p->module.get();
  SplitModuleBuilder builder(*plan, mo);
  std::unique_ptr<Module> top = builder.buildStitching();
  EXPECT_TRUE(top->children().empty());
  std::string parts;
  appendCodeForm(parts, *top, 0);
  for (size_t i = 0; i < plan->size(); ++i) {
    std::unique_ptr<Module> piece = builder.buildPiece(i);
    EXPECT_EQ(piece->className(), plan->pieces()[i].name());
    EXPECT_TRUE(succeeded(verifyModule(*piece, nullptr, diag))) << diag.renderAll();
    parts += '\n';
    appendCodeForm(parts, *piece, 1);
  }
  EXPECT_EQ(parts, whole);
  EXPECT_EQ(plan->size(), 4u); // sin | mv | cos, inner | mv
  EXPECT_NE(whole.find("class inner"), std::string::npos);
}
