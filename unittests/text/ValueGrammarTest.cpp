//===- ValueGrammarTest.cpp - One value grammar for both text forms -------===//
//
// Both text forms read argument values with one grammar (lib/text/
// ValueGrammar.h); only the atoms differ (repr() in the code form, FX's str()
// in the graph form). Each case writes the same value in both spellings and
// expects the same IR, and each malformed value is rejected by both forms.
//
//===----------------------------------------------------------------------===//

#include "piecewise/text/Parser.h"
#include "piecewise/text/Printer.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <memory>
#include <string>

using namespace piecewise;

namespace {

struct Parsed {
  std::unique_ptr<SourceBuffer> buffer;
  DiagnosticEngine diag;
  std::unique_ptr<Module> module;
};

/// The code-form graph `r = f(VALUE)` over an input `a`.
std::unique_ptr<Parsed> parseCode(std::string_view value) {
  auto p = std::make_unique<Parsed>();
  p->buffer = std::make_unique<SourceBuffer>(
      "code.py", fmt::format("class GraphModule(torch.nn.Module):\n"
                             "    def forward(self, a):\n"
                             "        r = torch.ops.pw_test.f.default({})\n"
                             "        return r\n",
                             value));
  auto r = parseCodeForm(*p->buffer, p->diag);
  if (succeeded(r))
    p->module = std::move(*r);
  return p;
}

/// The same graph in graph form; `usesA` is the declared user count of `a`.
std::unique_ptr<Parsed> parseGraph(std::string_view value, int usesA) {
  auto p = std::make_unique<Parsed>();
  p->buffer = std::make_unique<SourceBuffer>(
      "graph.fx.txt",
      fmt::format("graph():\n"
                  "    %a : [num_users={}] = placeholder[target=a]\n"
                  "    %r : [num_users=1] = call_function[target=torch.ops.pw_test.f.default]"
                  "(args = ({},), kwargs = {{}})\n"
                  "    return r\n",
                  usesA, value));
  auto r = parseGraphForm(*p->buffer, p->diag);
  if (succeeded(r))
    p->module = std::move(*r);
  return p;
}

struct SameValue {
  const char* code;  ///< as repr() writes it
  const char* graph; ///< as FX's str() writes it in a node's args
  int usesA;
};

} // namespace

TEST(ValueGrammar, BothFormsReadTheSameValues) {
  const SameValue cases[] = {
      {"[a, [1, 2], (3,), (4), ()]", "[%a, [1, 2], (3,), (4), ()]", 1},
      {"[1, 2,]", "[1, 2,]", 0},
      {"{'k': a, 1: (a, 2.5), (1, 2): None}", "{k: %a, 1: (%a, 2.5), (1, 2): None}", 1},
      {"{}", "{}", 0},
      {"mylib.scale(a, 2, factor = 0.5)", "mylib.scale(a, 2, factor=0.5)", 1},
      {"[torch.Size([2, 3]), mylib.f()]", "[torch.Size([2, 3]), mylib.f()]", 0},
      {"(slice(None, 7, None), slice(2), slice(1, None, -1))",
       "(slice(None, 7, None), slice(2), slice(1, None, -1))", 0},
      {"[device(type='cuda', index=1), device('cpu'), torch.device('cuda', 0)]",
       "[device(type='cuda', index=1), device('cpu'), torch.device('cuda', 0)]", 0},
      {"complex(1.0, -0.0)", "complex(1.0, -0.0)", 0},
      {"[[[[a]]]]", "[[[[%a]]]]", 1},
  };
  for (const SameValue& c : cases) {
    SCOPED_TRACE(c.code);
    auto code = parseCode(c.code);
    auto graph = parseGraph(c.graph, c.usesA);
    ASSERT_TRUE(code->module) << code->diag.renderAll();
    ASSERT_TRUE(graph->module) << graph->diag.renderAll();
    Node* rc = code->module->graph().lookup("r");
    Node* rg = graph->module->graph().lookup("r");
    ASSERT_TRUE(rc && rg);
    ASSERT_EQ(rc->args().size(), 1u);
    ASSERT_EQ(rg->args().size(), 1u);
    // Node references compare by node: print both graphs, which name them.
    EXPECT_EQ(printCodeForm(*code->module), printCodeForm(*graph->module));
    EXPECT_EQ(rc->args()[0].kind(), rg->args()[0].kind());
    EXPECT_EQ(code->module->graph().lookup("a")->uniqueUsers().size(),
              static_cast<size_t>(c.usesA));
  }
}

TEST(ValueGrammar, BothFormsRejectTheSameMalformedValues) {
  struct Bad {
    const char* code;
    const char* graph;
    const char* message; ///< in the error of both forms
  };
  const Bad cases[] = {
      {"mylib.f(x = 1, x = 2)", "mylib.f(x=1, x=2)", "keyword argument 'x' given twice"},
      {"mylib.f(x = 1, 2)", "mylib.f(x=1, 2)", "positional argument after keyword arguments"},
      {"{1: 2, 1: 3}", "{1: 2, 1: 3}", "a dict literal repeats a key"},
      {"slice(1, 2, 3, 4)", "slice(1, 2, 3, 4)", "slice"},
      {"slice(stop = 1)", "slice(stop=1)", "slice"},
      {"device('cuda', type = 'cpu')", "device('cuda', type='cpu')", "device("},
      {"device('cuda:0', index = 1)", "device('cuda:0', index=1)", "given an index twice"},
      {"a(1)", "a(1)", "calling the value of node 'a'"},
  };
  for (const Bad& c : cases) {
    SCOPED_TRACE(c.code);
    auto code = parseCode(c.code);
    auto graph = parseGraph(c.graph, 0);
    EXPECT_FALSE(code->module);
    EXPECT_FALSE(graph->module);
    EXPECT_NE(code->diag.renderAll().find(c.message), std::string::npos) << code->diag.renderAll();
    EXPECT_NE(graph->diag.renderAll().find(c.message), std::string::npos)
        << graph->diag.renderAll();
  }
}
