//===- GraphFormParserTest.cpp - Reading print(gm.graph) text -------------===//

#include "piecewise/text/Parser.h"
#include "piecewise/text/Printer.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

using namespace piecewise;

namespace {

struct Parsed {
  std::unique_ptr<SourceBuffer> buffer;
  DiagnosticEngine diag;
  std::unique_ptr<Module> module;
  bool ok = false;
};

std::unique_ptr<Parsed> parse(std::string text, std::string name = "input.fx.txt") {
  auto p = std::make_unique<Parsed>();
  p->buffer = std::make_unique<SourceBuffer>(std::move(name), std::move(text));
  auto result = parseGraphForm(*p->buffer, p->diag);
  p->ok = succeeded(result);
  if (p->ok)
    p->module = std::move(*result);
  return p;
}

/// `line:col: message` of the first error.
std::string firstError(const Parsed& p) {
  for (const Diagnostic& d : p.diag.diagnostics())
    if (d.severity == Severity::Error)
      return std::to_string(d.loc.line) + ":" + std::to_string(d.loc.col) + ": " + d.message;
  return "<no error>";
}

std::string readFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::filesystem::path corpusDir() {
  return std::filesystem::path(PIECEWISE_SHARED_DIR) / "corpus";
}

const Node* nodeNamed(const Graph& g, std::string_view name) {
  return g.lookup(name);
}

} // namespace

//===----------------------------------------------------------------------===//
// Well-formed input
//===----------------------------------------------------------------------===//

TEST(GraphFormParserTest, ParsesNodesTargetsAndUses) {
  auto p = parse(R"PY(graph():
    %x : [num_users=2] = placeholder[target=x]
    %w : [num_users=1] = placeholder[target=w]
    %mm : [num_users=1] = call_function[target=torch.ops.aten.mm.default](args = (%x, %w), kwargs = {})
    %getitem : [num_users=1] = call_function[target=operator.getitem](args = (%mm, 0), kwargs = {})
    %view : [num_users=1] = call_method[target=view](args = (%getitem, -1), kwargs = {})
    %sub : [num_users=1] = call_module[target=submod_0](args = (%view, %x), kwargs = {})
    %c : [num_users=0] = get_attr[target=_tensor_constant0]
    return (sub,)
)PY");
  ASSERT_TRUE(p->ok) << p->diag.renderAll();
  const Graph& g = p->module->graph();
  EXPECT_EQ(p->module->className(), "GraphModule");
  EXPECT_EQ(g.size(), 8u);
  const Node* mm = nodeNamed(g, "mm");
  ASSERT_NE(mm, nullptr);
  EXPECT_EQ(mm->op(), OpKind::CallFunction);
  EXPECT_EQ(mm->target().str(), "aten::mm.default");
  ASSERT_EQ(mm->args().size(), 2u);
  EXPECT_EQ(mm->args()[0].getNode(), nodeNamed(g, "x"));
  EXPECT_EQ(nodeNamed(g, "x")->users().size(), 2u);
  EXPECT_EQ(nodeNamed(g, "getitem")->target().str(), "operator.getitem");
  EXPECT_EQ(nodeNamed(g, "view")->op(), OpKind::CallMethod);
  EXPECT_EQ(nodeNamed(g, "view")->args()[1].getInt(), -1);
  EXPECT_EQ(nodeNamed(g, "sub")->op(), OpKind::CallModule);
  EXPECT_EQ(nodeNamed(g, "sub")->target().str(), "submod_0");
  EXPECT_EQ(nodeNamed(g, "c")->op(), OpKind::GetAttr);
  EXPECT_EQ(nodeNamed(g, "c")->target().str(), "_tensor_constant0");
  const Node* out = g.outputNode();
  ASSERT_NE(out, nullptr);
  ASSERT_EQ(out->args().size(), 1u);
  ASSERT_EQ(out->args()[0].kind(), Argument::Kind::Tuple);
  EXPECT_EQ(out->args()[0].elements()[0].getNode(), nodeNamed(g, "sub"));
  // Meta is never set by the graph form; locations are.
  EXPECT_TRUE(mm->meta().isNone());
  EXPECT_EQ(mm->loc().line, 4u);
  EXPECT_EQ(mm->loc().col, 5u);
}

TEST(GraphFormParserTest, ArgumentValues) {
  auto p = parse(R"PY(graph():
    %x : [num_users=1] = placeholder[target=x]
    %f : [num_users=0] = call_function[target=torch.ops.test.f.default](args = (None, True, False, 12, -3, 1e-06, inf, -inf, nan, 2.0, torch.float32, torch.strided, torch.contiguous_format, torch.preserve_format, cuda:0, cpu, cuda, silu, model.layers.0.attn, 'quoted, text', slice(None, 7168, None), Ellipsis, ..., vllm.fused_add_rms_norm_quant.default, aten.add.Tensor, [1, [2, 3]], (1,), (), {a: 1}, torch.Size([2, 3]), 99999999999999999999), kwargs = {dim: 1, dtype: torch.bfloat16, device: cuda:6, layer_name: model.layers.3.self_attn.attn, t: (%x, [4, 5])})
    return ()
)PY");
  ASSERT_TRUE(p->ok) << p->diag.renderAll();
  const Node* f = nodeNamed(p->module->graph(), "f");
  ASSERT_NE(f, nullptr);
  const auto& a = f->args();
  ASSERT_EQ(a.size(), 31u);
  using K = Argument::Kind;
  EXPECT_EQ(a[0].kind(), K::None);
  EXPECT_EQ(a[1].kind(), K::Bool);
  EXPECT_TRUE(a[1].getBool());
  EXPECT_FALSE(a[2].getBool());
  EXPECT_EQ(a[3].getInt(), 12);
  EXPECT_EQ(a[4].getInt(), -3);
  EXPECT_EQ(a[5].getDouble(), 1e-6);
  EXPECT_TRUE(std::isinf(a[6].getDouble()) && a[6].getDouble() > 0);
  EXPECT_TRUE(std::isinf(a[7].getDouble()) && a[7].getDouble() < 0);
  EXPECT_TRUE(std::isnan(a[8].getDouble()));
  EXPECT_EQ(a[9].kind(), K::Double);
  EXPECT_EQ(a[10].kind(), K::DType);
  EXPECT_EQ(a[10].getDType(), DType::Float32);
  EXPECT_EQ(a[11].kind(), K::Layout);
  EXPECT_EQ(a[11].getSymbol().str(), "strided");
  EXPECT_EQ(a[12].kind(), K::MemoryFormat);
  EXPECT_EQ(a[12].getSymbol().str(), "contiguous_format");
  EXPECT_EQ(a[13].getSymbol().str(), "preserve_format");
  EXPECT_EQ(a[14].kind(), K::Device);
  EXPECT_EQ(a[14].getSymbol().str(), "cuda:0");
  EXPECT_EQ(a[15].getSymbol().str(), "cpu");
  EXPECT_EQ(a[16].kind(), K::Device);
  EXPECT_EQ(a[17].kind(), K::String);
  EXPECT_EQ(a[17].getSymbol().str(), "silu");
  EXPECT_EQ(a[18].kind(), K::String);
  EXPECT_EQ(a[18].getSymbol().str(), "model.layers.0.attn");
  EXPECT_EQ(a[19].kind(), K::String);
  EXPECT_EQ(a[19].getSymbol().str(), "quoted, text");
  ASSERT_EQ(a[20].kind(), K::Slice);
  EXPECT_EQ(a[20].elements()[1].getInt(), 7168);
  EXPECT_TRUE(a[20].elements()[0].isNone());
  EXPECT_EQ(a[21].kind(), K::Ellipsis);
  EXPECT_EQ(a[22].kind(), K::Ellipsis);
  EXPECT_EQ(a[23].kind(), K::Op);
  EXPECT_EQ(a[23].getSymbol().str(), "vllm::fused_add_rms_norm_quant.default");
  // Not `.default` and not in op position: an (unquoted) string.
  EXPECT_EQ(a[24].kind(), K::String);
  ASSERT_EQ(a[25].kind(), K::List);
  EXPECT_EQ(a[25].elements()[1].kind(), K::List);
  ASSERT_EQ(a[26].kind(), K::Tuple);
  EXPECT_EQ(a[26].elements().size(), 1u);
  ASSERT_EQ(a[27].kind(), K::Tuple);
  EXPECT_TRUE(a[27].elements().empty());
  ASSERT_EQ(a[28].kind(), K::Dict);
  ASSERT_EQ(a[28].elements().size(), 2u);
  EXPECT_EQ(a[28].elements()[0].getSymbol().str(), "a");
  EXPECT_EQ(a[28].elements()[1].getInt(), 1);
  ASSERT_EQ(a[29].kind(), K::Call);
  EXPECT_EQ(a[29].callee().str(), "torch.Size");
  ASSERT_EQ(a[29].callArgs().elements().size(), 1u);
  EXPECT_EQ(a[29].callArgs().elements()[0].kind(), K::List);
  EXPECT_EQ(a[30].kind(), K::Global);
  EXPECT_EQ(a[30].getSymbol().str(), "99999999999999999999");

  ASSERT_EQ(f->kwargs().size(), 5u);
  EXPECT_EQ(f->kwargs()[0].name.str(), "dim");
  EXPECT_EQ(f->kwarg("dtype")->getDType(), DType::BFloat16);
  EXPECT_EQ(f->kwarg("device")->getSymbol().str(), "cuda:6");
  EXPECT_EQ(f->kwarg("layer_name")->getSymbol().str(), "model.layers.3.self_attn.attn");
  const Argument* t = f->kwarg("t");
  ASSERT_EQ(t->kind(), K::Tuple);
  EXPECT_EQ(t->elements()[0].getNode(), nodeNamed(p->module->graph(), "x"));
}

TEST(GraphFormParserTest, HigherOrderOpValue) {
  auto p = parse(R"PY(graph():
    %x : [num_users=1] = placeholder[target=x]
    %af : [num_users=1] = call_function[target=torch.ops.higher_order.auto_functionalized](args = (_C.rms_norm.default,), kwargs = {input: %x, epsilon: 1e-06})
    %af2 : [num_users=1] = call_function[target=torch.ops.higher_order.auto_functionalized](args = (aten.add.Tensor,), kwargs = {name: aten.add.Tensor})
    return (af, af2)
)PY");
  ASSERT_TRUE(p->ok) << p->diag.renderAll();
  const Node* af = nodeNamed(p->module->graph(), "af");
  EXPECT_EQ(af->target().str(), "higher_order::auto_functionalized");
  ASSERT_EQ(af->args()[0].kind(), Argument::Kind::Op);
  EXPECT_EQ(af->args()[0].getSymbol().str(), "_C::rms_norm.default");
  const Node* af2 = nodeNamed(p->module->graph(), "af2");
  ASSERT_EQ(af2->args()[0].kind(), Argument::Kind::Op);
  EXPECT_EQ(af2->args()[0].getSymbol().str(), "aten::add.Tensor");
  EXPECT_EQ(af2->kwarg("name")->kind(), Argument::Kind::String);
}

TEST(GraphFormParserTest, OlderSpellingsAndTypes) {
  auto p = parse(R"PY(
    %x : torch.Tensor [#users=1] = placeholder[target=x]
    %n : [#users=1] = placeholder[target=n](default=4)
    %mul : Tuple[int, int] [num_users=1] = call_function[target=<built-in function mul>](args = (%x, %n), kwargs = {})
    %gi : [num_users=2] = call_function[target=<built-in function getitem>](args = (%mul, 0), kwargs = {})
    %ga : [num_users=0] = call_function[target=<built-in function getattr>](args = (%gi, shape), kwargs = {})
    %s : [num_users=1] = call_function[target=torch.sigmoid](args = (%gi,), kwargs = {})
    return s
)PY");
  ASSERT_TRUE(p->ok) << p->diag.renderAll();
  const Graph& g = p->module->graph();
  EXPECT_EQ(nodeNamed(g, "mul")->target().str(), "operator.mul");
  EXPECT_EQ(nodeNamed(g, "gi")->target().str(), "operator.getitem");
  EXPECT_EQ(nodeNamed(g, "ga")->target().str(), "builtins.getattr");
  EXPECT_EQ(nodeNamed(g, "s")->target().str(), "torch.sigmoid");
  const Node* n = nodeNamed(g, "n");
  ASSERT_EQ(n->args().size(), 1u);
  EXPECT_EQ(n->args()[0].getInt(), 4);
  EXPECT_EQ(g.outputNode()->args()[0].getNode(), nodeNamed(g, "s"));
}

TEST(GraphFormParserTest, ReturnForms) {
  // [num_users=N] is checked: each form declares the users it really has.
  auto returned = [](const std::string& ret, int usersA, int usersB) {
    auto p = parse(fmt::format("graph():\n    %a : [num_users={}] = placeholder[target=a]\n"
                               "    %b : [num_users={}] = placeholder[target=b]\n    {}\n",
                               usersA, usersB, ret));
    EXPECT_TRUE(p->ok) << p->diag.renderAll();
    return p->ok ? printArgument(p->module->graph().outputNode()->args()[0]) : std::string();
  };
  EXPECT_EQ(returned("return (a, b)", 1, 1), "(a, b)");
  EXPECT_EQ(returned("return (a,)", 1, 0), "(a,)");
  EXPECT_EQ(returned("return a", 1, 0), "a");
  EXPECT_EQ(returned("return [a, b]", 1, 1), "[a, b]");
  EXPECT_EQ(returned("return ()", 0, 0), "()");
  EXPECT_EQ(returned("return None", 0, 0), "None");
  EXPECT_EQ(returned("return (a, None, 'x')", 1, 0), "(a, None, 'x')");
}

TEST(GraphFormParserTest, FragmentWithoutHeader) {
  auto p = parse("%x : [num_users=1] = placeholder[target=x]\n"
                 "%r : [num_users=1] = call_function[target=torch.ops.aten.relu.default](args = "
                 "(%x,), kwargs = {})\nreturn r");
  ASSERT_TRUE(p->ok) << p->diag.renderAll();
  EXPECT_EQ(p->module->graph().size(), 3u);
}

//===----------------------------------------------------------------------===//
// Round trips
//===----------------------------------------------------------------------===//

TEST(GraphFormParserTest, PrintParsePrintIsStable) {
  std::string text = R"PY(graph():
    %x : [num_users=4] = placeholder[target=x]
    %s0 : [num_users=1] = placeholder[target=s0](default=3)
    %mm : [num_users=1] = call_function[target=torch.ops.aten.mm.default](args = (%x, %x), kwargs = {})
    %getitem : [num_users=1] = call_function[target=operator.getitem](args = (%mm, (Ellipsis, slice(None, s0, None))), kwargs = {})
    %view : [num_users=1] = call_method[target=view](args = (%getitem, -1), kwargs = {})
    %empty : [num_users=1] = call_function[target=torch.ops.aten.empty.memory_format](args = ([5, 4],), kwargs = {dtype: torch.float8_e4m3fn, layout: torch.strided, device: cuda:0, pin_memory: False})
    %af : [num_users=1] = call_function[target=torch.ops.higher_order.auto_functionalized](args = (vllm.fused_add_rms_norm_quant.default,), kwargs = {result: %empty, input: %view, epsilon: 1e-06, name: 'cpu', s: 'a, b', t: it's, o: torch.ops.aten.add.Tensor})
    %g : [num_users=0] = call_function[target=torch.sigmoid](args = (%x,), kwargs = {})
    %c : [num_users=1] = get_attr[target=layers.weight]
    %m : [num_users=1] = call_module[target=submod_0](args = (%c, %x, %af), kwargs = {})
    return (m, x)
)PY";
  auto p1 = parse(text);
  ASSERT_TRUE(p1->ok) << p1->diag.renderAll();
  std::string printed = printGraphForm(p1->module->graph());
  auto p2 = parse(printed);
  ASSERT_TRUE(p2->ok) << p2->diag.renderAll() << printed;
  std::string reprinted = printGraphForm(p2->module->graph());
  EXPECT_EQ(printed, reprinted);
  // Everything here is already in canonical spelling, so the text itself round-trips.
  EXPECT_EQ(printed, text);
  // And the code form of a graph-form parse round-trips too.
  std::string code = printCodeForm(*p1->module);
  SourceBuffer codeBuf("code.py", code);
  DiagnosticEngine diag;
  auto fromCode = parseCodeForm(codeBuf, diag);
  ASSERT_TRUE(succeeded(fromCode)) << diag.renderAll() << code;
  EXPECT_EQ(printCodeForm(**fromCode), code);
}

TEST(GraphFormParserTest, CorpusGraphParsesAndRoundTrips) {
  std::filesystem::path path =
      corpusDir() / "graphs" / "pt_test_activation_ckpt_recompute_splitws.fx.txt";
  if (!std::filesystem::exists(path))
    GTEST_SKIP() << "corpus not available at " << path;
  std::string text = readFile(path);
  auto p = parse(text, path.string());
  ASSERT_TRUE(p->ok) << p->diag.renderAll();
  const Graph& g = p->module->graph();
  // 2 placeholders, 23 calls, 1 output.
  EXPECT_EQ(g.size(), 26u);
  EXPECT_EQ(g.placeholders().size(), 2u);
  EXPECT_EQ(nodeNamed(g, "mm")->target().str(), "aten::mm.default");
  EXPECT_EQ(nodeNamed(g, "split_with_sizes")->target().str(), "aten::split_with_sizes.default");
  EXPECT_EQ(nodeNamed(g, "getitem_1")->target().str(), "operator.getitem");
  EXPECT_EQ(nodeNamed(g, "getitem_1")->args()[1].getInt(), 1);
  const Node* ones = nodeNamed(g, "ones_like");
  EXPECT_EQ(ones->kwarg("pin_memory")->kind(), Argument::Kind::Bool);
  EXPECT_EQ(ones->kwarg("memory_format")->kind(), Argument::Kind::MemoryFormat);
  EXPECT_EQ(nodeNamed(g, "cat")->args()[0].kind(), Argument::Kind::List);
  EXPECT_EQ(g.findNodes(OpKind::CallFunction, g.sharedStrings()->lookup("aten::mm.default")).size(),
            4u);
  // torch printed this file; printing the parse gives the same bytes back.
  EXPECT_EQ(printGraphForm(g), text);
}

//===----------------------------------------------------------------------===//
// Diagnostics
//===----------------------------------------------------------------------===//

TEST(GraphFormParserDiagnosticsTest, CorpusUseBeforeDefinition) {
  std::filesystem::path path =
      corpusDir() / "invalid" / "codeidx_vllm_autofunc_nontopo_error.fx.txt";
  if (!std::filesystem::exists(path))
    GTEST_SKIP() << "corpus not available";
  auto p = parse(readFile(path), path.string());
  ASSERT_FALSE(p->ok);
  EXPECT_EQ(firstError(*p), "6:178: name 'permute' is used before it is defined");
  std::string rendered = p->diag.renderAll();
  EXPECT_NE(rendered.find(":6:259: error: name 'full_default' is used before it is defined"),
            std::string::npos)
      << rendered;
  EXPECT_NE(rendered.find(":10:5: note: 'permute' is defined here"), std::string::npos) << rendered;
}

TEST(GraphFormParserDiagnosticsTest, CorpusTruncatedFragment) {
  std::filesystem::path path = corpusDir() / "invalid" / "sglang11716_piecewise_graph_frag.fx.txt";
  if (!std::filesystem::exists(path))
    GTEST_SKIP() << "corpus not available";
  auto p = parse(readFile(path), path.string());
  ASSERT_FALSE(p->ok);
  // The fragment starts mid-graph: arg1_1 and arg0_1 are never defined.
  EXPECT_EQ(firstError(*p), "6:96: undefined name 'arg1_1'");
  std::string rendered = p->diag.renderAll();
  EXPECT_NE(rendered.find(":14:37: error: unexpected end of line: expected '[target=...]' after "
                          "'ca' (is the input truncated?)"),
            std::string::npos)
      << rendered;
}

TEST(GraphFormParserDiagnosticsTest, LocatedErrors) {
  struct Case {
    const char* text;
    const char* expected;
  } cases[] = {
      {"graph():\n    %x : [num_users=1] = placeholder[target=x]\n"
       "    %x : [num_users=0] = placeholder[target=x]\n",
       "3:5: duplicate name 'x'"},
      {"graph():\n    %x : [num_users=1] = plaseholder[target=x]\n",
       "2:26: unknown op kind 'plaseholder'"},
      {"graph():\n    %y : [num_users=0] = call_function[target=m.f](args = (%x,), kwargs = {})\n",
       "2:60: undefined name 'x'"},
      {"graph():\n    %y : [num_users=0] = call_function[target=m.f](args = ([1, 2), kwargs = "
       "{})\n",
       "2:65: expected ',' or ']'"},
      {"graph():\n    %y : [num_users=0] = call_function[target=m.f](args = ([1, 2\n",
       "2:60: unterminated '[': the line ends before it is closed"},
      {"graph():\n    %y : [num_users=0] = call_function[target=m.f](args = ('abc,), kwargs = "
       "{})\n",
       "2:60: unterminated string"},
      {"graph():\n    %y : [num_users=0] = call_function[target=m.f](args = (1,), kwargs = {a: "
       "1)\n",
       "2:79: expected ',' or '}'"},
      {"graph():\n    %y : [num_users=0] = call_function[target=f\n",
       "2:39: unterminated '[': the line ends before it is closed"},
      {"graph():\n    %y : [num_users=0] = call_function[target=m.f](args = (1,), kwargs = {}) x\n",
       "2:78: unexpected text after the node definition"},
      {"graph():\n    %y : [num_users=0] = call_function[target=m.f](args = (1,), kwar",
       "2:69: unexpected end of line: expected 'kwargs' (is the input truncated?)"},
      {"graph():\n    %y = placeholder[target=y]\n", "2:8: expected ':'"},
      {"graph():\n    %y : placeholder[target=y]\n", "2:10: expected '[num_users=N]'"},
      {"graph():\n    hello world\n",
       "2:5: expected a node definition ('%name : [num_users=N] = ...') or 'return'"},
      {"graph():\n    %a : [num_users=1] = placeholder[target=a]\n    return (a,)\n    return a\n",
       "4:5: a graph has one 'return'"},
      {"graph():\n    return (b,)\n", "2:13: undefined name 'b'"},
      {"graph():\ngraph():\n",
       "2:1: unexpected 'graph(' header: a graph has one, on its first line"},
      {"", "1:1: input is empty: expected a graph in code form (`class ...` / `def forward`) or "
           "graph form (`graph():`)"},
      {"  \n\n \t\n", "1:1: input is empty: expected a graph in code form (`class ...` / `def "
                      "forward`) or graph form (`graph():`)"},
      {"graph():\n", "1:9: the graph ends without a 'return' line (is the input cut short?)"},
  };
  for (const Case& c : cases) {
    auto p = parse(c.text);
    EXPECT_FALSE(p->ok) << c.text;
    EXPECT_EQ(firstError(*p), c.expected) << c.text;
  }
}

TEST(GraphFormParserDiagnosticsTest, BinaryInput) {
  std::string text = "graph():\n    %x : [num_users=1] = placeholder[target=x]";
  text.push_back('\0');
  text += "\x01\xff\xfe";
  auto p = parse(text);
  EXPECT_FALSE(p->ok);
  EXPECT_EQ(firstError(*p),
            "2:47: input contains a NUL byte; this looks like a binary file, not FX graph text");

  // High bytes without NULs: not UTF-8, one error at the first bad byte.
  std::string garbage;
  for (int k = 0; k < 5000; ++k)
    garbage += "\xff\xfe\x80 junk \x7f\n";
  auto q = parse(garbage);
  EXPECT_FALSE(q->ok);
  EXPECT_LE(q->diag.numErrors(), 20u);
  EXPECT_EQ(firstError(*q), "1:1: input is not valid UTF-8 (byte 0xff)");
}

TEST(GraphFormParserDiagnosticsTest, DeepNestingIsCapped) {
  std::string deep = "graph():\n    %y : [num_users=0] = call_function[target=m.f](args = (";
  deep.append(10000, '[');
  deep.append(10000, ']');
  deep += ",), kwargs = {})\n";
  auto p = parse(deep);
  EXPECT_FALSE(p->ok);
  EXPECT_NE(firstError(*p).find("nested deeper than 256 levels"), std::string::npos)
      << firstError(*p);

  // Dicts are values like any other: deep nesting inside one is capped too.
  std::string inDict = "graph():\n    %y : [num_users=0] = call_function[target=m.f](args = ({a: ";
  inDict.append(10000, '(');
  inDict.append(10000, ')');
  inDict += "},), kwargs = {})\n    return ()\n";
  auto q = parse(inDict);
  EXPECT_FALSE(q->ok);
  EXPECT_NE(firstError(*q).find("nested deeper than 256 levels"), std::string::npos)
      << firstError(*q);
}

TEST(GraphFormParserDiagnosticsTest, HugeSingleLine) {
  // A 10 MB line: one argument tuple with ~2.5M elements, parsed in linear time.
  std::string big = "graph():\n    %y : [num_users=0] = call_function[target=m.f](args = (";
  big.reserve(10u << 20);
  while (big.size() < (10u << 20))
    big += "1, ";
  big += "), kwargs = {})\n    return ()\n";
  auto p = parse(big);
  ASSERT_TRUE(p->ok) << p->diag.renderAll().substr(0, 500);
  EXPECT_GT(p->module->graph().lookup("y")->args().size(), 3000000u);

  // A 10 MB line of garbage is one error, rendered with a window around the column.
  std::string junk(10u << 20, 'a');
  auto q = parse(junk);
  EXPECT_FALSE(q->ok);
  EXPECT_EQ(q->diag.numErrors(), 1u);
  EXPECT_LT(q->diag.renderAll().size(), 1000u);

  // A 10 MB unterminated string.
  std::string str = "graph():\n    %y : [num_users=0] = call_function[target=m.f](args = ('";
  str.append(10u << 20, 'b');
  auto r = parse(str);
  EXPECT_FALSE(r->ok);
  EXPECT_EQ(firstError(*r), "2:60: unterminated string");
}

TEST(GraphFormParserDiagnosticsTest, ManyUndefinedNamesAreCapped) {
  std::string text = "graph():\n    %y : [num_users=0] = call_function[target=m.f](args = (";
  for (int k = 0; k < 100000; ++k)
    text += "%u" + std::to_string(k) + ", ";
  text += "), kwargs = {})\n    return ()\n";
  auto p = parse(text);
  EXPECT_FALSE(p->ok);
  EXPECT_EQ(p->diag.numErrors(), 20u);
  EXPECT_EQ(firstError(*p), "2:60: undefined name 'u0'");
  EXPECT_NE(p->diag.renderAll().find("too many errors"), std::string::npos);
}

TEST(GraphFormParserDiagnosticsTest, UsesOfABrokenDefinitionAreNotReportedAgain) {
  auto p = parse("graph():\n"
                 "    %a : [num_users=1] = call_function[target=m.f](args = ((1, kwargs = {})\n"
                 "    %b : [num_users=1] = call_function[target=m.f](args = (%a,), kwargs = {})\n"
                 "    return (b,)\n");
  EXPECT_FALSE(p->ok);
  EXPECT_EQ(p->diag.numErrors(), 1u) << p->diag.renderAll();
}
