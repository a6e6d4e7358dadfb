#include "piecewise/text/Parser.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace piecewise;

namespace {

std::string readFile(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

struct Parsed {
  std::unique_ptr<SourceBuffer> buffer;
  DiagnosticEngine diag;
  std::unique_ptr<Module> module;
};

std::unique_ptr<Parsed> parseText(std::string text, std::string name = "test.py") {
  auto p = std::make_unique<Parsed>();
  p->buffer = std::make_unique<SourceBuffer>(std::move(name), std::move(text));
  auto r = parseCodeForm(*p->buffer, p->diag);
  if (r)
    p->module = std::move(*r);
  return p;
}

} // namespace

TEST(CodeFormParser, ReadsStatementsAnnotationsAndTails) {
  auto p = parseText(R"PY(class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[s0, 64][64, 1]cuda:0", s0: "Sym(s0)"):
        # File: model.py:1 in forward
        mm: "f32[s0, 64][64, 1]cuda:0" = torch.ops.aten.mm.default(x, x);  x = None
        split = torch.ops.aten.split_with_sizes.default(mm, [32, 32], -1)
        getitem: "f32[s0, 32]" = split[0]
        mul = 4 * s0
        view = getitem.view(mul, 8)
        is_cpu = view.is_cpu
        e = torch.ops.aten.empty.memory_format([s0, 2], dtype = torch.bfloat16, device = device(type='cuda', index=0), pin_memory = False)
        return (view, e)
)PY");
  ASSERT_TRUE(p->module) << p->diag.renderAll();
  Graph& g = p->module->graph();
  EXPECT_EQ(g.size(), 10u);
  Node* x = g.lookup("x");
  ASSERT_TRUE(x && x->isPlaceholder());
  ASSERT_TRUE(x->meta().tensor());
  EXPECT_EQ(x->meta().tensor()->dtype, DType::Float32);
  EXPECT_TRUE(x->meta().tensor()->sizes[0].isSymbolic());
  EXPECT_EQ(x->meta().tensor()->sizes[1], SymExpr::constant(64));
  EXPECT_EQ(x->meta().tensor()->device.str(), "cuda:0");
  EXPECT_EQ(x->users().size(), 2u);
  Node* mm = g.lookup("mm");
  EXPECT_EQ(mm->target().str(), "aten::mm.default");
  Node* getitem = g.lookup("getitem");
  EXPECT_TRUE(getitem->isGetItem());
  EXPECT_EQ(getitem->args()[1].getInt(), 0);
  Node* mul = g.lookup("mul");
  EXPECT_EQ(mul->target().str(), "operator.mul");
  Node* view = g.lookup("view");
  EXPECT_EQ(view->op(), OpKind::CallMethod);
  EXPECT_EQ(view->target().str(), "view");
  EXPECT_EQ(view->args()[0].getNode(), getitem);
  Node* isCpu = g.lookup("is_cpu");
  EXPECT_EQ(isCpu->target().str(), "builtins.getattr");
  Node* e = g.lookup("e");
  ASSERT_NE(e->kwarg("dtype"), nullptr);
  EXPECT_EQ(e->kwarg("dtype")->getDType(), DType::BFloat16);
  EXPECT_EQ(e->kwarg("device")->getSymbol().str(), "cuda:0");
  Node* out = g.outputNode();
  ASSERT_TRUE(out);
  EXPECT_EQ(out->args()[0].kind(), Argument::Kind::Tuple);
  EXPECT_EQ(mm->loc().line, 4u);
  EXPECT_EQ(mm->loc().col, 9u);
}

TEST(CodeFormParser, NestedClassesBecomeChildren) {
  auto p = parseText(R"PY(class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4]"):
        submod_0 = self.submod_0(x);  x = None
        getitem = submod_0[0];  submod_0 = None
        return (getitem,)

    class submod_0(torch.nn.Module):
        def forward(self, x: "f32[4]"):
            relu = torch.ops.aten.relu.default(x);  x = None
            return (relu,)
)PY");
  ASSERT_TRUE(p->module) << p->diag.renderAll();
  ASSERT_EQ(p->module->children().size(), 1u);
  Module* sub = p->module->child("submod_0");
  ASSERT_TRUE(sub);
  EXPECT_EQ(sub->graph().size(), 3u);
  EXPECT_EQ(p->module->graph().lookup("submod_0")->op(), OpKind::CallModule);
}

struct DiagCase {
  const char* name;
  const char* text;
  unsigned line, col;
  const char* message;
};

class CodeFormDiagnostics : public ::testing::TestWithParam<DiagCase> {};

TEST_P(CodeFormDiagnostics, ReportsLocatedError) {
  const DiagCase& c = GetParam();
  auto p = parseText(c.text);
  EXPECT_FALSE(p->module);
  ASSERT_TRUE(p->diag.hasErrors());
  const Diagnostic& d = p->diag.diagnostics().front();
  EXPECT_EQ(d.loc.line, c.line) << p->diag.renderAll();
  EXPECT_EQ(d.loc.col, c.col) << p->diag.renderAll();
  EXPECT_NE(d.message.find(c.message), std::string::npos) << d.message;
}

INSTANTIATE_TEST_SUITE_P(
    All, CodeFormDiagnostics,
    ::testing::Values(
        DiagCase{"UndefinedName",
                 "def forward(self, x):\n    y = torch.ops.aten.relu.default(z)\n    return y\n", 2,
                 37, "name 'z' is used before it is defined"},
        DiagCase{"Redefinition",
                 "def forward(self, x):\n    y = torch.ops.aten.relu.default(x)\n    y = "
                 "torch.ops.aten.relu.default(x)\n    return y\n",
                 3, 5, "redefinition of 'y'"},
        DiagCase{
            "UnterminatedString",
            "def forward(self, x):\n    y = torch.ops.aten.add.Tensor(x, 'abc)\n    return y\n", 2,
            38, "unterminated string"},
        DiagCase{"UnterminatedParen",
                 "def forward(self, x):\n    y = torch.ops.aten.cat.default([x, x]\n    return y\n",
                 2, 35, "unterminated '('"},
        DiagCase{"UnknownDtype", "def forward(self, x: \"q32[4]\"):\n    return x\n", 1, 23,
                 "unknown dtype 'q32'"},
        DiagCase{"MissingReturn", "def forward(self, x):\n    y = torch.ops.aten.relu.default(x)\n",
                 2, 39, "without a 'return'"}),
    [](const ::testing::TestParamInfo<DiagCase>& info) { return std::string(info.param.name); });

TEST(CodeFormParser, CorpusCodeFormGraphsParse) {
  std::filesystem::path dir = std::filesystem::path(PIECEWISE_SHARED_DIR) / "corpus" / "graphs";
  if (!std::filesystem::exists(dir))
    GTEST_SKIP() << "no shared corpus at " << dir;
  size_t count = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().string().find(".py.txt") == std::string::npos)
      continue;
    auto p = parseText(readFile(entry.path()), entry.path().filename().string());
    EXPECT_TRUE(p->module) << p->diag.renderAll();
    if (p->module) {
      EXPECT_GT(p->module->totalNodes(), 3u) << entry.path();
    }
    ++count;
  }
  EXPECT_GE(count, 8u);
}

TEST(CodeFormParser, CorpusCodeFormFragmentsAreRejected) {
  std::filesystem::path dir = std::filesystem::path(PIECEWISE_SHARED_DIR) / "corpus" / "invalid";
  if (!std::filesystem::exists(dir))
    GTEST_SKIP() << "no shared corpus at " << dir;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().string().find(".py.txt") == std::string::npos)
      continue;
    auto p = parseText(readFile(entry.path()), entry.path().filename().string());
    EXPECT_FALSE(p->module) << entry.path();
    ASSERT_TRUE(p->diag.hasErrors()) << entry.path();
    EXPECT_TRUE(p->diag.diagnostics().front().loc.isKnown());
  }
}

TEST(CodeFormParser, ExamplesParse) {
  std::filesystem::path dir = std::filesystem::path(PIECEWISE_SOURCE_DIR) / "examples";
  size_t count = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    std::string name = entry.path().filename().string();
    if (entry.path().extension() != ".py" || name == "make_examples.py" || name == "demo_ops.py")
      continue;
    auto p = parseText(readFile(entry.path()), name);
    EXPECT_TRUE(p->module) << p->diag.renderAll();
    ++count;
  }
  if (count == 0)
    GTEST_SKIP() << "no examples yet";
}

TEST(CodeFormParser, AttributePathsAndEmptyBodies) {
  auto p = parseText(R"PY(class GraphModule(torch.nn.Module):
    def forward(self, x: "f32[4]"):
        w = getattr(self.layers, "0").weight
        y = getattr(self.layers, "1")(x, w)
        z = self.a.b
        return (y, z)

    class empty(torch.nn.Module):
        def forward(self):
            pass
)PY");
  ASSERT_TRUE(p->module) << p->diag.renderAll();
  Graph& g = p->module->graph();
  EXPECT_EQ(g.lookup("w")->op(), OpKind::GetAttr);
  EXPECT_EQ(g.lookup("w")->target().str(), "layers.0.weight");
  EXPECT_EQ(g.lookup("y")->op(), OpKind::CallModule);
  EXPECT_EQ(g.lookup("y")->target().str(), "layers.1");
  EXPECT_EQ(g.lookup("z")->target().str(), "a.b");
  ASSERT_TRUE(p->module->child("empty"));
  EXPECT_TRUE(p->module->child("empty")->graph().empty());
}
