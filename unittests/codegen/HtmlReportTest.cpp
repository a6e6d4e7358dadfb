//===- HtmlReportTest.cpp - The HTML report's embedded data ---------------===//

#include "piecewise/codegen/HtmlReport.h"
#include "piecewise/text/Parser.h"

#include "../TestUtil.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <string>

using namespace piecewise;
using namespace piecewise::testing;

namespace {

// The seed case, with a `</script>` in a string argument that must not end the data.
const char* kSeed = R"(class M(torch.nn.Module):
    def forward(self, x: "f32[4, 8][8, 1]cuda:0"):
        add: "f32[4, 8][8, 1]cuda:0" = torch.ops.aten.add.Tensor(x, 1)
        view: "f8e4m3fn[4, 32][32, 1]cuda:0" = torch.ops.aten.view.dtype(add, torch.float8_e4m3fn)
        cpu: "f8e4m3fn[4, 32][32, 1]cpu" = torch.ops.aten._to_copy.default(view, device = device(type='cpu'))
        back: "f8e4m3fn[4, 32][32, 1]cuda:0" = torch.ops.aten._to_copy.default(cpu, device = device(type='cuda', index=0))
        tag: "f8e4m3fn[4, 32][32, 1]cuda:0" = torch.ops.aten.div.Tensor_mode(back, back, rounding_mode = '</script><b>')
        return (back, tag)
)";

nlohmann::json embeddedData(const std::string& page) {
  const std::string open = "<script id=\"report-data\" type=\"application/json\">";
  size_t b = page.find(open);
  EXPECT_NE(b, std::string::npos);
  b += open.size();
  size_t e = page.find("</script>", b);
  EXPECT_NE(e, std::string::npos);
  return nlohmann::json::parse(page.substr(b, e - b));
}

TEST(HtmlReport, EmbedsTheCudagraphPlanColumnByColumn) {
  auto m = parseGraph(kSeed);
  DiagnosticEngine diag;
  PlanPipelineOptions options;
  auto r = runPlanPipeline(m->graph(), &atenRegistry(), options, diag);
  ASSERT_TRUE(succeeded(r)) << diag.renderAll();
  HtmlReportOptions reportOptions;
  reportOptions.title = "seed <1>";
  std::string page = renderHtmlReport(**r, &atenRegistry(), reportOptions);
  EXPECT_EQ(page.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_EQ(page.find("__PIECEWISE_REPORT_DATA__"), std::string::npos);

  nlohmann::json d = embeddedData(page);
  EXPECT_EQ(d["header"]["title"], "seed <1>");
  EXPECT_EQ(d["header"]["plan"], "cudagraph");
  EXPECT_EQ(d["summary"]["pieces"], 3);
  EXPECT_EQ(d["summary"]["unsafe"], 1);
  EXPECT_EQ(d["summary"]["aliasOnlyInputs"], 1);
  // The copy's partition takes add only to free it. `in` holds, per input, the difference
  // from the previous input's value index, times 4, plus freed (1) and alias-only (2).
  const auto& P = d["pieces"];
  EXPECT_EQ(P["kind"], nlohmann::json::parse("[0, 2, 0]"));
  EXPECT_EQ(P["cudagraphable"], nlohmann::json::parse("[1, 0, 1]"));
  EXPECT_EQ(P["inCount"], nlohmann::json::parse("[1, 2, 1]"));
  std::vector<int> in;
  for (int k = 0, v = 0; k < static_cast<int>(P["inDelta"].size()); ++k) {
    int x = P["inDelta"][k], flags = ((x % 4) + 4) % 4;
    v += (x - flags) / 4;
    in.push_back(v * 4 + flags);
  }
  // Values in first-use order: x, view (partition 1's first input), add, cpu, ...
  const auto& V = d["values"];
  EXPECT_EQ(V["template"][V["t"][in[1] >> 2].get<int>()], "view");
  EXPECT_EQ(in[1] & 3, 1);
  EXPECT_EQ(V["template"][V["t"][in[2] >> 2].get<int>()], "add");
  EXPECT_EQ(in[2] & 3, 3);
  // One code form per hash group, printed by the code-form printer.
  EXPECT_EQ(d["groups"]["code"].size(), d["groups"]["label"].size());
  EXPECT_EQ(std::string(d["groups"]["code"][1]).rfind("class submod_1(torch.nn.Module):", 0), 0u);
  EXPECT_NE(std::string(d["groups"]["code"][2]).find("'</script><b>'"), std::string::npos);
  // The memory curve and its peak.
  EXPECT_EQ(d["memory"]["withFrees"].size(), 6u);
  EXPECT_EQ(d["memory"]["peak"]["withFrees"], 256);
}

TEST(HtmlReport, SplittingPiecesAreOneGroupAndCodeIsCut) {
  auto m = parseGraph(R"(class M(torch.nn.Module):
    def forward(self, x: "f32[4][1]cpu"):
        a: "f32[4][1]cpu" = torch.ops.aten.sin.default(x)
        b: "f32[4][1]cpu" = torch.ops.aten.add.Tensor(a, 1)
        c: "f32[4][1]cpu" = torch.ops.aten.sin.default(b)
        d: "f32[4][1]cpu" = torch.ops.aten.add.Tensor(c, 1)
        e: "f32[4][1]cpu" = torch.ops.aten.cos.default(d)
        return (e,)
)");
  DiagnosticEngine diag;
  PlanPipelineOptions options;
  options.splittingOps = std::vector<std::string>{"aten::sin", "aten::cos"};
  auto r = runPlanPipeline(m->graph(), &atenRegistry(), options, diag);
  ASSERT_TRUE(succeeded(r)) << diag.renderAll();
  HtmlReportOptions reportOptions;
  reportOptions.maxCodeBytesPerGroup = 64;
  nlohmann::json d = embeddedData(renderHtmlReport(**r, &atenRegistry(), reportOptions));
  // sin, add, sin, add, cos: the splitting pieces are one group S (two hashes: sin, cos).
  EXPECT_EQ(d["pieces"]["group"], nlohmann::json::parse("[0, 1, 0, 1, 0]"));
  EXPECT_EQ(d["groups"]["label"], nlohmann::json::parse(R"(["S", "A"])"));
  EXPECT_EQ(d["groups"]["distinctHashes"], nlohmann::json::parse("[2, 1]"));
  std::string code = d["groups"]["code"][0];
  EXPECT_NE(code.find("more lines not shown"), std::string::npos);
}

} // namespace
