//===- WrapperCodegenTest.cpp - The Python wrapper for a plan -------------===//

#include "piecewise/codegen/WrapperCodegen.h"
#include "piecewise/codegen/PlanPipeline.h"
#include "piecewise/verify/PlanVerifier.h"
#include "piecewise/verify/WrapperVerifier.h"

#include "../TestUtil.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <memory>
#include <sstream>
#include <string>
#include <vector>

using namespace piecewise;
using namespace piecewise::testing;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;

namespace {

/// Captured mm, then CPU work, then an upload that starts the second captured
/// partition: x is read by both captured partitions, d is a graph output.
constexpr const char* kRoundTrip = R"py(class M(torch.nn.Module):
    def forward(self, x: "f32[4, 8][8, 1]cuda:0", w: "f32[8, 8][8, 1]cuda:0"):
        a: "f32[4, 8][8, 1]cuda:0" = torch.ops.aten.relu.default(x)
        b: "f32[4, 8][8, 1]cuda:0" = torch.ops.aten.mm.default(a, w)
        c: "f32[4, 8][8, 1]cpu" = torch.ops.aten._to_copy.default(b, device = device(type='cpu'))
        d: "f32[4, 8][8, 1]cpu" = torch.ops.aten.add.Tensor(c, 1)
        u: "f32[4, 8][8, 1]cuda:0" = torch.ops.aten._to_copy.default(d, device = device(type='cuda', index=0))
        e: "f32[4, 8][8, 1]cuda:0" = torch.ops.aten.add.Tensor(u, x)
        return (e, d)
)py";

struct Emitted {
  std::unique_ptr<ParsedModule> parsed;
  std::unique_ptr<PlanPipelineResult> result;
  std::string text;
};

Emitted emit(const char* graph, const PlanPipelineOptions& options = {},
             const WrapperEmitOptions& emitOptions = {}) {
  Emitted e;
  e.parsed = parseGraph(graph);
  if (!e.parsed->module)
    return e;
  DiagnosticEngine diag;
  auto r = runPlanPipeline(e.parsed->graph(), &atenRegistry(), options, diag);
  EXPECT_TRUE(succeeded(r)) << diag.renderAll();
  if (failed(r))
    return e;
  e.result = std::move(*r);
  auto text = emitPythonWrapper(e.result->wrapper, *e.result->lifetimes, emitOptions, diag);
  EXPECT_TRUE(succeeded(text)) << diag.renderAll();
  if (succeeded(text))
    e.text = std::move(*text);
  return e;
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    out.push_back(line);
  return out;
}

/// The index of the first line equal to `line` at or after `from`, or -1.
int lineOf(const std::string& text, const std::string& line, int from = 0) {
  std::vector<std::string> all = lines(text);
  for (size_t i = static_cast<size_t>(from); i < all.size(); ++i)
    if (all[i] == line)
      return static_cast<int>(i);
  return -1;
}

/// The lines of the function `def <name>(args):` after the def, up to the
/// first blank line.
std::vector<std::string> body(const std::string& text, const std::string& name) {
  std::vector<std::string> all = lines(text);
  std::vector<std::string> out;
  int start = lineOf(text, "def " + name + "(args):");
  if (start < 0)
    return out;
  for (size_t i = static_cast<size_t>(start) + 1; i < all.size() && !all[i].empty(); ++i)
    out.push_back(all[i]);
  return out;
}

WrapperReport verifyText(const std::string& text) {
  SourceBuffer buffer("wrapper.py", text);
  DiagnosticEngine diag;
  return verifyWrapper(buffer, diag);
}

} // namespace

TEST(WrapperCodegen, OneFunctionPerCapturedPartitionThenCall) {
  Emitted e = emit(kRoundTrip);
  ASSERT_TRUE(e.result);
  // partition_1 (the CPU copy) is not captured: it has no function.
  EXPECT_THAT(e.result->wrapper.functionPiece, ElementsAre(0, 2, -1));
  int p0 = lineOf(e.text, "def partition_0(args):");
  int p2 = lineOf(e.text, "def partition_2(args):");
  int call = lineOf(e.text, "def call(args):");
  EXPECT_GE(p0, 0) << e.text;
  EXPECT_LT(p0, p2) << e.text;
  EXPECT_LT(p2, call) << e.text;
  EXPECT_THAT(e.text, Not(HasSubstr("def partition_1")));
  EXPECT_THAT(e.text, HasSubstr("\nimport torch\n"));
}

TEST(WrapperCodegen, PartitionFunctionsUnpackClearDeleteAtLastUseAndReturnTuples) {
  Emitted e = emit(kRoundTrip);
  // x is not freed in partition_0 (partition_2 reads it): no `del x` there; w
  // and a die at the mm.
  EXPECT_THAT(body(e.text, "partition_0"),
              ElementsAre("    # submod_0 (2 nodes)", "    x, w = args", "    args.clear()",
                          "    a = torch.ops.aten.relu.default(x)",
                          "    b = torch.ops.aten.mm.default(a, w)", "    del w, a",
                          "    return (b,)"))
      << e.text;
  // The upload is captured; d (a graph output) is never deleted here.
  EXPECT_THAT(body(e.text, "partition_2"),
              ElementsAre("    # submod_2 (2 nodes)", "    d, x = args", "    args.clear()",
                          "    u = torch.ops.aten._to_copy.default(d, "
                          "device=torch.device('cuda:0'))",
                          "    e = torch.ops.aten.add.Tensor(u, x)", "    del x, u",
                          "    return (e,)"))
      << e.text;
}

TEST(WrapperCodegen, CallStitchesPartitionsAndRunsUncapturedWorkInline) {
  Emitted e = emit(kRoundTrip);
  EXPECT_THAT(body(e.text, "call"),
              ElementsAre("    x, w = args", "    args.clear()", "    partition0_args = [x, w]",
                          // w is handed over (partition_0 frees it), x is kept.
                          "    del w", "    b, = partition_0(partition0_args)",
                          "    del partition0_args",
                          "    c = torch.ops.aten._to_copy.default(b, "
                          "device=torch.device('cpu'))",
                          "    del b", "    d = torch.ops.aten.add.Tensor(c, 1)", "    del c",
                          "    partition2_args = [d, x]", "    del x",
                          "    e, = partition_2(partition2_args)", "    del partition2_args",
                          "    return (e, d)"))
      << e.text;
}

namespace {

/// A value of partition_0 passes through call to partition_2 unread there;
/// a single graph output.
constexpr const char* kPassThrough = R"py(class M(torch.nn.Module):
    def forward(self, x: "f32[4, 8][8, 1]cuda:0"):
        a: "f32[4, 8][8, 1]cuda:0" = torch.ops.aten.relu.default(x)
        c: "f32[4, 8][8, 1]cpu" = torch.ops.aten._to_copy.default(x, device = device(type='cpu'))
        d: "f32[][]cpu" = torch.ops.aten.sum.default(c)
        u: "f32[4, 8][8, 1]cuda:0" = torch.ops.aten.add.Tensor(a, d)
        return (u,)
)py";

} // namespace

TEST(WrapperCodegen, CallFreesHandedOverInputsAndReturnsATuple) {
  Emitted e = emit(kPassThrough);
  std::vector<std::string> call = body(e.text, "call");
  EXPECT_THAT(call, ElementsAre("    x, = args", "    args.clear()", "    partition0_args = [x]",
                                "    a, = partition_0(partition0_args)", "    del partition0_args",
                                "    c = torch.ops.aten._to_copy.default(x, "
                                "device=torch.device('cpu'))",
                                "    del x", "    d = torch.ops.aten.sum.default(c)", "    del c",
                                "    partition2_args = [a, d]", "    del a, d",
                                "    u, = partition_2(partition2_args)", "    del partition2_args",
                                "    return (u,)"))
      << e.text;
  EXPECT_THAT(body(e.text, "partition_2"),
              ElementsAre("    # submod_2 (1 nodes)", "    a, d = args", "    args.clear()",
                          "    u = torch.ops.aten.add.Tensor(a, d)", "    del a, d",
                          "    return (u,)"))
      << e.text;
}

TEST(WrapperCodegen, KeepInputsAliveReturnsTheInputsAPartitionDoesNotFree) {
  PlanPipelineOptions options;
  options.lifetimes.keepInputsAlive = true;
  Emitted e = emit(kRoundTrip, options);
  std::vector<std::string> p0 = body(e.text, "partition_0");
  ASSERT_FALSE(p0.empty()) << e.text;
  EXPECT_EQ(p0.back(), "    return (b, x)");
  std::vector<std::string> p2 = body(e.text, "partition_2");
  ASSERT_FALSE(p2.empty()) << e.text;
  EXPECT_EQ(p2.back(), "    return (e, d)");
  int handOver = lineOf(e.text, "    b, x, = partition_0(partition0_args)");
  EXPECT_GE(handOver, 0) << e.text;
  EXPECT_GT(lineOf(e.text, "    e, d, = partition_2(partition2_args)", handOver), handOver)
      << e.text;
  EXPECT_TRUE(verifyText(e.text).clean()) << e.text;
}

TEST(WrapperCodegen, DeviceMapRewritesDevicesByTypeOrExactIndex) {
  WrapperEmitOptions byType;
  byType.deviceMap = {{"cuda", "cpu"}};
  Emitted e = emit(kRoundTrip, {}, byType);
  EXPECT_THAT(e.text, Not(HasSubstr("cuda")));
  EXPECT_THAT(body(e.text, "partition_2"),
              ::testing::Contains("    u = torch.ops.aten._to_copy.default(d, "
                                  "device=torch.device('cpu'))"))
      << e.text;

  // Another index does not match cuda:0.
  WrapperEmitOptions otherIndex;
  otherIndex.deviceMap = {{"cuda:1", "cpu"}};
  Emitted same = emit(kRoundTrip, {}, otherIndex);
  Emitted plain = emit(kRoundTrip);
  EXPECT_EQ(same.text, plain.text);
  EXPECT_THAT(plain.text, HasSubstr("device=torch.device('cuda:0'))"));
}

TEST(WrapperCodegen, ParseDeviceMapAcceptsDeviceSpellingsOnly) {
  DiagnosticEngine diag;
  auto ok = parseDeviceMap({"cuda:0=cpu", "cuda=mps"}, diag);
  ASSERT_TRUE(succeeded(ok)) << diag.renderAll();
  EXPECT_THAT(*ok, ElementsAre(std::pair<std::string, std::string>("cuda:0", "cpu"),
                               std::pair<std::string, std::string>("cuda", "mps")));

  DiagnosticEngine bad;
  EXPECT_TRUE(failed(parseDeviceMap({"cuda:0=gpu"}, bad)));
  EXPECT_THAT(bad.renderAll(), HasSubstr("bad --device-map entry 'cuda:0=gpu'"));
  EXPECT_THAT(bad.renderAll(), HasSubstr("('gpu' is not a device)"));
  DiagnosticEngine noEq;
  EXPECT_TRUE(failed(parseDeviceMap({"cuda"}, noEq)));
  EXPECT_THAT(noEq.renderAll(), HasSubstr("expected FROM=TO"));
}

TEST(WrapperCodegen, HeaderBecomesACommentLine) {
  WrapperEmitOptions options;
  options.header = "from test.py, cudagraph plan";
  Emitted e = emit(kPassThrough, {}, options);
  std::vector<std::string> all = lines(e.text);
  ASSERT_GE(all.size(), 2u);
  EXPECT_EQ(all[1], "# from test.py, cudagraph plan");
}

TEST(WrapperCodegen, TheWrapperPassesBothVerifiersAndATamperedOneDoesNot) {
  for (const char* graph : {kRoundTrip, kPassThrough}) {
    Emitted e = emit(graph);
    ASSERT_TRUE(e.result);
    DiagnosticEngine diag;
    EXPECT_TRUE(succeeded(verifyScopeProgram(e.result->wrapper.program, diag))) << diag.renderAll();
    WrapperReport report = verifyText(e.text);
    EXPECT_TRUE(report.clean()) << e.text;
    EXPECT_EQ(report.numFunctions, 3u);
  }

  // Reading w after call handed it over must be caught.
  Emitted e = emit(kRoundTrip);
  std::string tampered = e.text;
  size_t at = tampered.rfind("    return (e, d)");
  ASSERT_NE(at, std::string::npos);
  tampered.replace(at, 17, "    return (e, d, w)");
  WrapperReport report = verifyText(tampered);
  ASSERT_EQ(report.violations.size(), 1u) << tampered;
  EXPECT_EQ(report.violations[0].kind, WrapperViolationKind::UseAfterDel);
  EXPECT_EQ(report.violations[0].function, "call");
  EXPECT_EQ(report.violations[0].name, "w");
}
