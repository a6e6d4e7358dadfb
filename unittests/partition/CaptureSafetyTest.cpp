//===- CaptureSafetyTest.cpp - Stable addresses for captured pieces -------===//

#include "piecewise/partition/CaptureSafety.h"
#include "piecewise/schema/OpRegistry.h"
#include "piecewise/text/Parser.h"

#include "../TestUtil.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace piecewise;
using namespace piecewise::testing;

namespace {

/// "piece:value:cause:certain" per unstable read, "name=contract" per eager op.
struct Verdict {
  std::vector<std::string> reads;
  std::vector<std::string> contracts;
};

Verdict check(ParsedModule& p, std::vector<std::string> ops, StaticInputs statics,
              bool breakable = false) {
  DiagnosticEngine diag;
  FailureOr<PartitionPlan> plan = failure();
  if (breakable) {
    plan = partitionForBreakableCapture(p.graph(), ops, &atenRegistry(), diag);
  } else {
    SplittingOpOptions options;
    options.splittingOps = std::move(ops);
    options.registry = &atenRegistry();
    plan = partitionAtSplittingOps(p.graph(), options, diag);
  }
  EXPECT_TRUE(succeeded(plan)) << diag.renderAll();
  Verdict v;
  if (failed(plan))
    return v;
  EffectAnalysis effects(&atenRegistry());
  CaptureCheckOptions options;
  options.staticInputs = statics;
  CaptureCheckResult r = checkCapture(*plan, effects, options);
  for (const UnstableRead& u : r.unstableReads)
    v.reads.push_back(
        plan->pieces()[u.pieceIndex].name() + ":" + std::string(u.value->name().str()) + ":" +
        std::string(unstableCauseName(u.cause)) + ":" + (u.certain ? "certain" : "may"));
  for (const EagerOp& op : r.eagerOps)
    v.contracts.push_back(std::string(op.node->name().str()) + "=" +
                          std::string(outputContractName(op.contract)));
  EXPECT_EQ(r.clean(), r.unstableReads.empty());
  return v;
}

using Strings = std::vector<std::string>;

constexpr const char* kGraph = R"py(class M(torch.nn.Module):
    def forward(self, x: "f32[4, 8]", w: "f32[8, 8]", L_self_parameters_b_: "f32[8]"):
        a: "f32[4, 8]" = torch.ops.aten.relu.default(x)
        b: "f32[4, 8]" = torch.ops.aten.mm.default(a, w)
        v: "f32[8, 4]" = torch.ops.aten.t.default(b)
        c: "f32[8, 4]" = torch.ops.aten.sigmoid.default(v)
        d: "f32[4, 8]" = torch.ops.aten.add.Tensor(a, L_self_parameters_b_)
        e: "f32[4, 8]" = torch.ops.aten.add_.Tensor(d, 1)
        f: "f32[4, 8]" = torch.ops.aten.mul.Tensor(e, x)
        var_mean = torch.ops.aten.var_mean.correction(f, [1], correction = 0, keepdim = True)
        m: "f32[4, 1]" = var_mean[0]
        g: "f32[4, 8]" = torch.ops.aten.sub.Tensor(f, m)
        return (c, g)
)py";

} // namespace

TEST(CaptureSafety, FreshReturnAndItsViewsAreUnstable) {
  auto p = parseGraph(kGraph);
  Verdict v = check(*p, {"aten::mm", "aten::t"}, StaticInputs::All);
  EXPECT_EQ(v.reads, (Strings{"submod_2:v:fresh-return:certain"}));
  EXPECT_EQ(v.contracts, (Strings{"b=fresh", "v=view-of-unstable"}));
}

TEST(CaptureSafety, InPlaceIntoStableBufferIsStable) {
  auto p = parseGraph(kGraph);
  Verdict v = check(*p, {"aten::add_"}, StaticInputs::All);
  EXPECT_TRUE(v.reads.empty());
  EXPECT_EQ(v.contracts, (Strings{"e=in-place"}));
}

TEST(CaptureSafety, FreshElementsOfAMultiOutputOp) {
  auto p = parseGraph(kGraph);
  Verdict v = check(*p, {"aten::var_mean"}, StaticInputs::All);
  EXPECT_EQ(v.reads, (Strings{"submod_2:m:fresh-element:certain"}));
  EXPECT_EQ(v.contracts, (Strings{"var_mean=fresh"}));
}

TEST(CaptureSafety, StaticInputs) {
  auto p = parseGraph(kGraph);
  // x and w are not parameters; the parameter placeholder is static under `params`.
  Verdict params = check(*p, {"aten::sigmoid"}, StaticInputs::Params);
  EXPECT_EQ(params.reads,
            (Strings{"submod_0:x:non-static-input:certain", "submod_0:w:non-static-input:certain",
                     "submod_2:x:non-static-input:certain"}));
  Verdict none = check(*p, {"aten::sigmoid"}, StaticInputs::None);
  EXPECT_EQ(none.reads.size(), params.reads.size() + 1); // + the parameter
  EXPECT_TRUE(check(*p, {"aten::sigmoid"}, StaticInputs::All).reads.empty());
}

TEST(CaptureSafety, BreakableCaptureAndUnknownOps) {
  auto p = parseGraph(R"py(class M(torch.nn.Module):
    def forward(self, x: "f32[4, 8]"):
        a: "f32[4, 8]" = torch.ops.mylib.op.default(x)
        b: "f32[4, 8]" = torch.ops.aten.relu.default(a)
        return (b,)
)py");
  Verdict v = check(*p, {"mylib::op"}, StaticInputs::All, /*breakable=*/true);
  EXPECT_EQ(v.reads, (Strings{"submod_2:a:unknown-schema:may"}));
  EXPECT_EQ(v.contracts, (Strings{"a=unknown"}));
}

TEST(CaptureSafety, ParameterPlaceholderNames) {
  auto p = parseGraph(kGraph);
  std::vector<bool> got;
  for (const Node* n : p->graph())
    if (n->isPlaceholder())
      got.push_back(isParameterPlaceholder(*n));
  EXPECT_EQ(got, (std::vector<bool>{false, false, true}));
}
