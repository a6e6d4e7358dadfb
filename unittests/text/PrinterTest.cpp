//===- PrinterTest.cpp - Code form and graph form printing ----------------===//

#include "piecewise/text/Printer.h"
#include "piecewise/text/Parser.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

using namespace piecewise;

namespace {

/// Small helper to build graphs for the printer.
struct Builder {
  Module module{"GraphModule"};
  Graph& g = module.graph();

  Symbol sym(std::string_view s) { return g.intern(s); }
  Node* placeholder(std::string_view name, Meta meta = {}) {
    Node* n = g.createNode(OpKind::Placeholder, name, sym(name), {}, {});
    n->setMeta(std::move(meta));
    return n;
  }
  Node* call(std::string_view name, std::string_view target, std::vector<Argument> args,
             std::vector<KwArg> kwargs = {}, Meta meta = {}) {
    Node* n =
        g.createNode(OpKind::CallFunction, name, sym(target), std::move(args), std::move(kwargs));
    n->setMeta(std::move(meta));
    return n;
  }
  Node* node(OpKind op, std::string_view name, std::string_view target, std::vector<Argument> args,
             std::vector<KwArg> kwargs = {}) {
    return g.createNode(op, name, sym(target), std::move(args), std::move(kwargs));
  }
  Node* output(Argument value) {
    std::vector<Argument> args;
    args.push_back(std::move(value));
    return g.createNode(OpKind::Output, "output", sym("output"), std::move(args), {});
  }
  KwArg kw(std::string_view name, Argument value) { return KwArg{sym(name), std::move(value)}; }
  Argument str(std::string_view s) { return Argument::string(sym(s)); }
  TensorMeta tensor(DType dt, std::vector<SymExpr> sizes) {
    TensorMeta t;
    t.dtype = dt;
    t.sizes = std::move(sizes);
    return t;
  }
  SymExpr s(std::string_view text) { return SymExpr::symbolic(sym(text)); }
  static SymExpr c(int64_t v) { return SymExpr::constant(v); }
};

Argument n(Node* node) {
  return Argument::node(node);
}
Argument i(int64_t v) {
  return Argument::integer(v);
}
Argument tup(std::vector<Argument> items) {
  return Argument::tuple(std::move(items));
}
Argument lst(std::vector<Argument> items) {
  return Argument::list(std::move(items));
}

std::string reprFloat(double d) {
  return printArgument(Argument::real(d));
}

} // namespace

//===----------------------------------------------------------------------===//
// Arguments
//===----------------------------------------------------------------------===//

TEST(PrinterArgumentTest, Scalars) {
  EXPECT_EQ(printArgument(Argument::none()), "None");
  EXPECT_EQ(printArgument(Argument::boolean(true)), "True");
  EXPECT_EQ(printArgument(Argument::boolean(false)), "False");
  EXPECT_EQ(printArgument(i(0)), "0");
  EXPECT_EQ(printArgument(i(-7)), "-7");
  EXPECT_EQ(printArgument(i(std::numeric_limits<int64_t>::min())), "-9223372036854775808");
  EXPECT_EQ(printArgument(Argument::ellipsis()), "Ellipsis");
}

TEST(PrinterArgumentTest, FloatsUsePythonRepr) {
  EXPECT_EQ(reprFloat(1e-6), "1e-06");
  EXPECT_EQ(reprFloat(0.5), "0.5");
  EXPECT_EQ(reprFloat(2.0), "2.0");
  EXPECT_EQ(reprFloat(0.0), "0.0");
  EXPECT_EQ(reprFloat(-0.0), "-0.0");
  EXPECT_EQ(reprFloat(0.1), "0.1");
  EXPECT_EQ(reprFloat(2.5), "2.5");
  EXPECT_EQ(reprFloat(-1.25), "-1.25");
  EXPECT_EQ(reprFloat(0.0001), "0.0001");
  EXPECT_EQ(reprFloat(0.00001), "1e-05");
  EXPECT_EQ(reprFloat(123456.789), "123456.789");
  EXPECT_EQ(reprFloat(1e15), "1000000000000000.0");
  EXPECT_EQ(reprFloat(1e16), "1e+16");
  EXPECT_EQ(reprFloat(1.5e300), "1.5e+300");
  EXPECT_EQ(reprFloat(-3e-300), "-3e-300");
  EXPECT_EQ(reprFloat(0.125), "0.125");
  EXPECT_EQ(reprFloat(1.0 / 3.0), "0.3333333333333333");
  EXPECT_EQ(reprFloat(std::numeric_limits<double>::infinity()), "inf");
  EXPECT_EQ(reprFloat(-std::numeric_limits<double>::infinity()), "-inf");
  EXPECT_EQ(reprFloat(std::nan("")), "nan");
  EXPECT_EQ(reprFloat(std::numeric_limits<double>::max()), "1.7976931348623157e+308");
  EXPECT_EQ(reprFloat(5e-324), "5e-324");
}

TEST(PrinterArgumentTest, StringsUsePythonRepr) {
  Builder b;
  EXPECT_EQ(printArgument(b.str("silu")), "'silu'");
  EXPECT_EQ(printArgument(b.str("")), "''");
  EXPECT_EQ(printArgument(b.str("it's")), "\"it's\"");
  EXPECT_EQ(printArgument(b.str("say \"hi\"")), "'say \"hi\"'");
  EXPECT_EQ(printArgument(b.str("it's \"x\"")), "'it\\'s \"x\"'");
  EXPECT_EQ(printArgument(b.str("a\\b\nc\td\x01")), "'a\\\\b\\nc\\td\\x01'");
  EXPECT_EQ(printArgument(b.str("model.layers.0.attn")), "'model.layers.0.attn'");
}

TEST(PrinterArgumentTest, TorchValues) {
  Builder b;
  EXPECT_EQ(printArgument(Argument::dtype(DType::Float32)), "torch.float32");
  EXPECT_EQ(printArgument(Argument::dtype(DType::BFloat16)), "torch.bfloat16");
  EXPECT_EQ(printArgument(Argument::dtype(DType::Float8E4M3FN)), "torch.float8_e4m3fn");
  EXPECT_EQ(printArgument(Argument::device(b.sym("cuda:0"))), "device(type='cuda', index=0)");
  EXPECT_EQ(printArgument(Argument::device(b.sym("cpu"))), "device(type='cpu')");
  EXPECT_EQ(printArgument(Argument::layout(b.sym("strided"))), "torch.strided");
  EXPECT_EQ(printArgument(Argument::memoryFormat(b.sym("contiguous_format"))),
            "torch.contiguous_format");
  EXPECT_EQ(printArgument(Argument::sym(b.s("2*s0 + 1"))), "2*s0 + 1");
  EXPECT_EQ(printArgument(Argument::sym(SymExpr::constant(8))), "8");
  EXPECT_EQ(printArgument(Argument::op(b.sym("_C::rms_norm.default"))),
            "torch.ops._C.rms_norm.default");
  EXPECT_EQ(printArgument(Argument::op(b.sym("aten::add"))), "torch.ops.aten.add");
  EXPECT_EQ(printArgument(Argument::global(b.sym("self._out_spec"))), "self._out_spec");
}

TEST(PrinterArgumentTest, Containers) {
  Builder b;
  Node* x = b.placeholder("x");
  EXPECT_EQ(printArgument(n(x)), "x");
  EXPECT_EQ(printArgument(lst({})), "[]");
  EXPECT_EQ(printArgument(lst({i(1), n(x)})), "[1, x]");
  EXPECT_EQ(printArgument(tup({})), "()");
  EXPECT_EQ(printArgument(tup({i(1)})), "(1,)");
  EXPECT_EQ(printArgument(tup({i(1), lst({i(2), tup({n(x)})})})), "(1, [2, (x,)])");
  EXPECT_EQ(printArgument(Argument::slice(Argument::none(), i(7168), Argument::none())),
            "slice(None, 7168, None)");
  EXPECT_EQ(printArgument(tup({Argument::ellipsis(),
                               Argument::slice(Argument::none(), i(7168), Argument::none())})),
            "(Ellipsis, slice(None, 7168, None))");
}

//===----------------------------------------------------------------------===//
// Annotations
//===----------------------------------------------------------------------===//

TEST(PrinterAnnotationTest, Forms) {
  Builder b;
  TensorMeta t = b.tensor(DType::Float32, {b.s("s0"), Builder::c(64)});
  EXPECT_EQ(printAnnotation(t), "f32[s0, 64]");
  t.hasStrides = true;
  t.strides = {Builder::c(64), Builder::c(1)};
  EXPECT_EQ(printAnnotation(t), "f32[s0, 64][64, 1]");
  t.device = b.sym("cuda:0");
  EXPECT_EQ(printAnnotation(t), "f32[s0, 64][64, 1]cuda:0");

  TensorMeta noStrides = b.tensor(DType::BFloat16, {Builder::c(4)});
  noStrides.device = b.sym("cpu");
  EXPECT_EQ(printAnnotation(noStrides), "bf16[4]cpu");

  TensorMeta scalar = b.tensor(DType::UInt8, {});
  scalar.hasStrides = true;
  scalar.device = b.sym("cuda:0");
  EXPECT_EQ(printAnnotation(scalar), "u8[][]cuda:0");
  EXPECT_EQ(printAnnotation(b.tensor(DType::Float8E4M3FN, {})), "f8e4m3fn[]");

  EXPECT_EQ(printAnnotation(SymMeta{SymKind::Int, b.s("s0")}), "Sym(s0)");
  EXPECT_EQ(printAnnotation(SymMeta{SymKind::Int, b.s("2*s0 + 1")}), "Sym(2*s0 + 1)");
  EXPECT_EQ(printAnnotation(SymMeta{SymKind::Bool, Builder::c(1)}), "Sym(1)");
  EXPECT_EQ(printAnnotation(OpaqueMeta{b.sym("torch.Tensor")}), "torch.Tensor");
  EXPECT_EQ(printAnnotation(Meta()), "");
  EXPECT_EQ(printAnnotation(Meta::list({Meta(t)})), "");
}

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

namespace {
/// The body lines of a single-graph module (everything after the def line).
std::string body(const Builder& b, const PrintOptions& options = {}) {
  std::string text = printCodeForm(b.module, options);
  size_t defEnd = text.find("):\n", text.find("def forward"));
  return text.substr(defEnd + 3);
}
} // namespace

TEST(PrinterCodeFormTest, BriefExample) {
  Builder b;
  TensorMeta xm = b.tensor(DType::Float32, {b.s("s0"), Builder::c(64)});
  xm.hasStrides = true;
  xm.strides = {Builder::c(64), Builder::c(1)};
  xm.device = b.sym("cuda:0");
  Node* x = b.placeholder("arg0_1", xm);
  Node* s0 = b.placeholder("s0", SymMeta{SymKind::Int, b.s("s0")});
  Node* w = b.placeholder("w");
  TensorMeta mmMeta = b.tensor(DType::Float32, {Builder::c(4), Builder::c(128)});
  mmMeta.hasStrides = true;
  mmMeta.strides = {Builder::c(128), Builder::c(1)};
  mmMeta.device = b.sym("cpu");
  Node* mm = b.call("mm", "aten::mm.default", {n(x), n(w)}, {}, mmMeta);
  Node* split = b.call("split_with_sizes", "aten::split_with_sizes.default",
                       {n(mm), lst({i(64), i(64)}), i(1)});
  Node* getitem = b.call("getitem", "operator.getitem", {n(split), i(0)}, {},
                         b.tensor(DType::Float32, {Builder::c(4), Builder::c(64)}));
  Node* size = b.call("sym_size_int", "aten::sym_size.int", {n(getitem), i(0)}, {},
                      SymMeta{SymKind::Int, b.s("s0")});
  Node* mul = b.call("mul_1", "operator.mul", {i(4), n(s0)});
  Node* view = b.node(OpKind::CallMethod, "view", "view", {n(getitem), i(2), n(mul)});
  Node* sub = b.node(OpKind::CallModule, "sub", "submod_0", {n(view), n(s0)});
  Node* cst = b.node(OpKind::GetAttr, "_tensor_constant0", "_tensor_constant0", {});
  Node* isCpu = b.call("getattr_1", "builtins.getattr", {n(cst), b.str("is_cpu")});
  Node* empty = b.call("empty_like", "aten::empty_like.default", {n(sub)});
  Node* af = b.call(
      "auto_functionalized", "higher_order::auto_functionalized",
      {Argument::op(b.sym("_C::rms_norm.default"))},
      {b.kw("result", n(empty)), b.kw("input", n(sub)), b.kw("epsilon", Argument::real(1e-6))});
  b.output(tup({n(mm), n(getitem), n(size), n(af)}));
  (void)isCpu;
  std::string expected = R"PY(class GraphModule(torch.nn.Module):
    def forward(self, arg0_1: "f32[s0, 64][64, 1]cuda:0", s0: "Sym(s0)", w):
        mm: "f32[4, 128][128, 1]cpu" = torch.ops.aten.mm.default(arg0_1, w);  arg0_1 = w = None
        split_with_sizes = torch.ops.aten.split_with_sizes.default(mm, [64, 64], 1)
        getitem: "f32[4, 64]" = split_with_sizes[0];  split_with_sizes = None
        sym_size_int: "Sym(s0)" = torch.ops.aten.sym_size.int(getitem, 0)
        mul_1 = 4 * s0
        view = getitem.view(2, mul_1);  mul_1 = None
        sub = self.submod_0(view, s0);  view = s0 = None
        _tensor_constant0 = self._tensor_constant0
        getattr_1 = _tensor_constant0.is_cpu;  _tensor_constant0 = getattr_1 = None
        empty_like = torch.ops.aten.empty_like.default(sub)
        auto_functionalized = torch.ops.higher_order.auto_functionalized(torch.ops._C.rms_norm.default, result = empty_like, input = sub, epsilon = 1e-06);  empty_like = sub = None
        return (mm, getitem, sym_size_int, auto_functionalized)
)PY";
  EXPECT_EQ(printCodeForm(b.module), expected);
}

TEST(PrinterCodeFormTest, InfixAndUnaryOperators) {
  Builder b;
  Node* a = b.placeholder("a");
  Node* c = b.placeholder("c");
  struct Case {
    const char* target;
    const char* text;
  } binary[] = {
      {"operator.mul", "a * c"},     {"operator.add", "a + c"},       {"operator.sub", "a - c"},
      {"operator.truediv", "a / c"}, {"operator.floordiv", "a // c"}, {"operator.mod", "a % c"},
      {"operator.pow", "a ** c"},    {"operator.matmul", "a @ c"},    {"operator.and_", "a & c"},
      {"operator.or_", "a | c"},     {"operator.xor", "a ^ c"},       {"operator.lshift", "a << c"},
      {"operator.rshift", "a >> c"}, {"operator.eq", "a == c"},       {"operator.ne", "a != c"},
      {"operator.lt", "a < c"},      {"operator.le", "a <= c"},       {"operator.gt", "a > c"},
      {"operator.ge", "a >= c"}};
  std::vector<Argument> outs;
  for (const Case& k : binary)
    outs.push_back(n(b.call("r", k.target, {n(a), n(c)})));
  Case unary[] = {{"operator.neg", "-a"},
                  {"operator.invert", "~a"},
                  {"operator.not_", "not a"},
                  {"operator.pos", "+a"}};
  for (const Case& k : unary)
    outs.push_back(n(b.call("u", k.target, {n(a)})));
  // With kwargs, or the wrong arity, operators print as calls.
  outs.push_back(n(b.call("m", "operator.mul", {n(a)})));
  outs.push_back(n(b.call("t", "torch.sigmoid", {n(a)}, {b.kw("out", Argument::none())})));
  b.output(tup(std::move(outs)));
  PrintOptions noTails;
  noTails.cleanupTails = false;
  std::string text = body(b, noTails);
  for (const Case& k : binary)
    EXPECT_NE(text.find(std::string(" = ") + k.text + "\n"), std::string::npos) << k.text;
  for (const Case& k : unary)
    EXPECT_NE(text.find(std::string(" = ") + k.text + "\n"), std::string::npos) << k.text;
  EXPECT_NE(text.find("m = operator.mul(a)\n"), std::string::npos);
  EXPECT_NE(text.find("t = torch.sigmoid(a, out = None)\n"), std::string::npos);
}

TEST(PrinterCodeFormTest, GetItemAndGetAttrForms) {
  Builder b;
  Node* x = b.placeholder("x");
  Node* g1 = b.call("getitem", "operator.getitem",
                    {n(x), tup({Argument::ellipsis(),
                                Argument::slice(Argument::none(), i(7168), Argument::none())})});
  Node* g2 = b.call("getitem_1", "operator.getitem", {n(x), tup({i(0)})});
  // Not an identifier: stays a call.
  Node* ga = b.call("getattr_1", "builtins.getattr", {n(x), b.str("not an ident")});
  Node* ga2 = b.call("getattr_2", "builtins.getattr", {n(x), b.str("shape")});
  b.output(tup({n(g1), n(g2), n(ga), n(ga2)}));
  std::string text = body(b);
  EXPECT_NE(text.find("getitem = x[(Ellipsis, slice(None, 7168, None))]\n"), std::string::npos)
      << text;
  EXPECT_NE(text.find("getitem_1 = x[(0,)]\n"), std::string::npos) << text;
  EXPECT_NE(text.find("getattr_1 = builtins.getattr(x, 'not an ident')\n"), std::string::npos)
      << text;
  EXPECT_NE(text.find("getattr_2 = x.shape;  x = None\n"), std::string::npos) << text;
}

TEST(PrinterCodeFormTest, AttributePathsLikeFx) {
  Builder b;
  Node* w = b.node(OpKind::GetAttr, "w", "layers.0.weight", {});
  Node* m = b.node(OpKind::CallModule, "m", "blocks.attn", {n(w)});
  Node* m2 = b.node(OpKind::CallModule, "m2", "layers.1", {n(m)});
  b.output(n(m2));
  std::string text = body(b);
  EXPECT_NE(text.find("w = getattr(self.layers, \"0\").weight\n"), std::string::npos) << text;
  EXPECT_NE(text.find("m = self.blocks.attn(w);  w = None\n"), std::string::npos) << text;
  EXPECT_NE(text.find("m2 = getattr(self.layers, \"1\")(m);  m = None\n"), std::string::npos)
      << text;
}

TEST(PrinterCodeFormTest, CleanupTails) {
  Builder b;
  Node* x = b.placeholder("x");
  Node* y = b.placeholder("y");
  Node* unusedInput = b.placeholder("unused");
  (void)unusedInput;
  // `x` is used twice in one statement: listed once, in first-appearance order.
  Node* add = b.call("add", "aten::add.Tensor", {n(y), n(x)}, {b.kw("alpha", n(x))});
  Node* dead = b.call("dead", "aten::relu.default", {n(add)});
  Node* mul = b.call("mul", "aten::mul.Tensor", {n(add), n(add)});
  Node* deadLast = b.call("copy_", "aten::copy_.default", {n(mul), n(mul)});
  b.output(tup({n(mul)}));
  (void)dead;
  (void)deadLast;
  EXPECT_EQ(body(b), R"PY(        add = torch.ops.aten.add.Tensor(y, x, alpha = x);  y = x = None
        dead = torch.ops.aten.relu.default(add);  dead = None
        mul = torch.ops.aten.mul.Tensor(add, add);  add = None
        copy_ = torch.ops.aten.copy_.default(mul, mul);  copy_ = None
        return (mul,)
)PY");
  PrintOptions noTails;
  noTails.cleanupTails = false;
  EXPECT_EQ(body(b, noTails).find(" = None"), std::string::npos);
}

TEST(PrinterCodeFormTest, Returns) {
  auto returnLine = [](auto build) {
    Builder b;
    Node* x = b.placeholder("x");
    Node* y = b.placeholder("y");
    build(b, x, y);
    std::string text = body(b);
    size_t r = text.find("return ");
    return text.substr(r, text.find('\n', r) - r);
  };
  EXPECT_EQ(returnLine([](Builder& b, Node* x, Node* y) {
              b.output(tup({n(x), n(y)}));
            }),
            "return (x, y)");
  EXPECT_EQ(returnLine([](Builder& b, Node* x, Node*) { b.output(tup({n(x)})); }), "return (x,)");
  EXPECT_EQ(returnLine([](Builder& b, Node* x, Node*) { b.output(n(x)); }), "return x");
  EXPECT_EQ(returnLine([](Builder& b, Node* x, Node* y) {
              b.output(lst({n(x), n(y)}));
            }),
            "return [x, y]");
  EXPECT_EQ(returnLine([](Builder& b, Node*, Node*) { b.output(tup({})); }), "return ()");
  EXPECT_EQ(returnLine([](Builder& b, Node* x, Node*) {
              b.output(tup({n(x), Argument::none()}));
            }),
            "return (x, None)");
  EXPECT_EQ(returnLine([](Builder& b, Node* x, Node* y) {
              b.g.treeUnflattenOutput = true;
              b.output(lst({n(x), n(y)}));
            }),
            "return pytree.tree_unflatten([x, y], self._out_spec)");
}

TEST(PrinterCodeFormTest, PlaceholderDefaultsAndNoAnnotations) {
  Builder b;
  Node* x = b.placeholder("x", b.tensor(DType::Float32, {Builder::c(2)}));
  Node* k = b.g.createNode(OpKind::Placeholder, "k", b.sym("k"), {i(3)}, {});
  k->setMeta(SymMeta{SymKind::Int, b.s("s1")});
  b.output(tup({n(x), n(k)}));
  std::string text = printCodeForm(b.module);
  EXPECT_NE(text.find("def forward(self, x: \"f32[2]\", k: \"Sym(s1)\" = 3):\n"), std::string::npos)
      << text;
  PrintOptions plain;
  plain.annotations = false;
  text = printCodeForm(b.module, plain);
  EXPECT_NE(text.find("def forward(self, x, k = 3):\n"), std::string::npos) << text;
}

TEST(PrinterCodeFormTest, EmptyGraphPrintsPass) {
  Module m("GraphModule");
  EXPECT_EQ(printCodeForm(m), "class GraphModule(torch.nn.Module):\n"
                              "    def forward(self):\n"
                              "        pass\n");
}

TEST(PrinterCodeFormTest, NestedChildren) {
  Builder b;
  Node* x = b.placeholder("x");
  Node* s0 = b.node(OpKind::CallModule, "submod_0", "submod_0", {n(x)});
  Node* s1 = b.node(OpKind::CallModule, "submod_1", "submod_1", {n(s0)});
  b.output(tup({n(s1)}));
  Module& c0 = b.module.addChild("submod_0");
  {
    Graph& g = c0.graph();
    Node* a = g.createNode(OpKind::Placeholder, "a", g.intern("a"), {}, {});
    Node* r =
        g.createNode(OpKind::CallFunction, "relu", g.intern("aten::relu.default"), {n(a)}, {});
    g.createNode(OpKind::Output, "output", g.intern("output"), {n(r)}, {});
    Module& grand = c0.addChild("inner");
    Graph& gg = grand.graph();
    Node* p = gg.createNode(OpKind::Placeholder, "p", gg.intern("p"), {}, {});
    gg.createNode(OpKind::Output, "output", gg.intern("output"), {tup({n(p)})}, {});
  }
  Module& c1 = b.module.addChild("submod_1");
  {
    Graph& g = c1.graph();
    Node* a = g.createNode(OpKind::Placeholder, "a", g.intern("a"), {}, {});
    g.createNode(OpKind::Output, "output", g.intern("output"), {tup({n(a)})}, {});
  }
  EXPECT_EQ(printCodeForm(b.module), R"PY(class GraphModule(torch.nn.Module):
    def forward(self, x):
        submod_0 = self.submod_0(x);  x = None
        submod_1 = self.submod_1(submod_0);  submod_0 = None
        return (submod_1,)

    class submod_0(torch.nn.Module):
        def forward(self, a):
            relu = torch.ops.aten.relu.default(a);  a = None
            return relu

        class inner(torch.nn.Module):
            def forward(self, p):
                return (p,)

    class submod_1(torch.nn.Module):
        def forward(self, a):
            return (a,)
)PY");
}

//===----------------------------------------------------------------------===//
// Graph form
//===----------------------------------------------------------------------===//

TEST(PrinterGraphFormTest, MatchesTorch) {
  // Expected text is what torch 2.13's print(gm.graph) writes for the same graph.
  Builder b;
  Node* x = b.placeholder("x");
  Node* s0 = b.g.createNode(OpKind::Placeholder, "s0", b.sym("s0"), {i(3)}, {});
  Node* mm = b.call("mm_default", "aten::mm.default", {n(x), n(x)});
  Node* gi = b.call("getitem", "operator.getitem",
                    {n(mm), tup({Argument::ellipsis(),
                                 Argument::slice(Argument::none(), i(7168), Argument::none())})});
  Node* mul = b.call("mul", "operator.mul", {i(4), n(s0)});
  Node* view = b.node(OpKind::CallMethod, "view", "view", {n(gi), i(2), i(3)});
  Node* empty = b.call("empty_memory_format", "aten::empty.memory_format", {lst({i(5), i(4)})},
                       {b.kw("dtype", Argument::dtype(DType::Float32)),
                        b.kw("layout", Argument::layout(b.sym("strided"))),
                        b.kw("device", Argument::device(b.sym("cuda:0"))),
                        b.kw("pin_memory", Argument::boolean(false)),
                        b.kw("memory_format", Argument::memoryFormat(b.sym("contiguous_format")))});
  Node* af = b.call("auto_functionalized", "higher_order::auto_functionalized",
                    {Argument::op(b.sym("aten::add.Tensor"))},
                    {b.kw("result", n(empty)), b.kw("name", b.str("it's \"x\"")),
                     b.kw("eps", Argument::real(1e-6)),
                     b.kw("f", Argument::real(std::numeric_limits<double>::infinity())),
                     b.kw("n", Argument::real(-std::numeric_limits<double>::infinity())),
                     b.kw("z", Argument::real(std::nan(""))), b.kw("tup", tup({i(1)})),
                     b.kw("e", tup({})), b.kw("dev", Argument::device(b.sym("cpu")))});
  b.call("neg", "operator.neg", {n(mul)});
  b.call("sigmoid", "torch.sigmoid", {n(view)});
  b.call("getattr_1", "builtins.getattr", {n(x), b.str("is_cpu")});
  b.call("relu_default", "aten::relu.default", {n(x)});
  b.output(tup({n(view), n(mul), n(af)}));
  EXPECT_EQ(printGraphForm(b.g), R"PY(graph():
    %x : [num_users=3] = placeholder[target=x]
    %s0 : [num_users=1] = placeholder[target=s0](default=3)
    %mm_default : [num_users=1] = call_function[target=torch.ops.aten.mm.default](args = (%x, %x), kwargs = {})
    %getitem : [num_users=1] = call_function[target=operator.getitem](args = (%mm_default, (Ellipsis, slice(None, 7168, None))), kwargs = {})
    %mul : [num_users=2] = call_function[target=operator.mul](args = (4, %s0), kwargs = {})
    %view : [num_users=2] = call_method[target=view](args = (%getitem, 2, 3), kwargs = {})
    %empty_memory_format : [num_users=1] = call_function[target=torch.ops.aten.empty.memory_format](args = ([5, 4],), kwargs = {dtype: torch.float32, layout: torch.strided, device: cuda:0, pin_memory: False, memory_format: torch.contiguous_format})
    %auto_functionalized : [num_users=1] = call_function[target=torch.ops.higher_order.auto_functionalized](args = (aten.add.Tensor,), kwargs = {result: %empty_memory_format, name: it's "x", eps: 1e-06, f: inf, n: -inf, z: nan, tup: (1,), e: (), dev: cpu})
    %neg : [num_users=0] = call_function[target=operator.neg](args = (%mul,), kwargs = {})
    %sigmoid : [num_users=0] = call_function[target=torch.sigmoid](args = (%view,), kwargs = {})
    %getattr_1 : [num_users=0] = call_function[target=builtins.getattr](args = (%x, is_cpu), kwargs = {})
    %relu_default : [num_users=0] = call_function[target=torch.ops.aten.relu.default](args = (%x,), kwargs = {})
    return (view, mul, auto_functionalized)
)PY");
}

TEST(PrinterGraphFormTest, GetAttrModuleAndAmbiguousValues) {
  Builder b;
  Node* x = b.placeholder("x");
  Node* c = b.node(OpKind::GetAttr, "_tensor_constant0", "_tensor_constant0", {});
  Node* m = b.node(OpKind::CallModule, "submod_0", "submod_0", {n(x), n(c)},
                   {b.kw("mode", b.str("cpu")), b.kw("layer", b.str("model.layers.0.attn")),
                    b.kw("op", Argument::op(b.sym("aten::add.Tensor"))),
                    b.kw("op2", Argument::op(b.sym("vllm::rms.default"))), b.kw("empty", b.str("")),
                    b.kw("num", b.str("12"))});
  b.output(n(m));
  EXPECT_EQ(printGraphForm(b.g), R"PY(graph():
    %x : [num_users=1] = placeholder[target=x]
    %_tensor_constant0 : [num_users=1] = get_attr[target=_tensor_constant0]
    %submod_0 : [num_users=1] = call_module[target=submod_0](args = (%x, %_tensor_constant0), kwargs = {mode: 'cpu', layer: model.layers.0.attn, op: torch.ops.aten.add.Tensor, op2: vllm.rms.default, empty: '', num: '12'})
    return submod_0
)PY");
}

//===----------------------------------------------------------------------===//
// Round trip with the code-form parser and speed
//===----------------------------------------------------------------------===//

TEST(PrinterCodeFormTest, RoundTripsThroughCodeFormParser) {
  Builder b;
  TensorMeta xm = b.tensor(DType::BFloat16, {b.s("s0"), Builder::c(64)});
  xm.hasStrides = true;
  xm.strides = {Builder::c(64), Builder::c(1)};
  xm.device = b.sym("cuda:0");
  Node* x = b.placeholder("x", xm);
  Node* s0 = b.placeholder("s0", SymMeta{SymKind::Int, b.s("s0")});
  Node* mm = b.call("mm", "aten::mm.default", {n(x), n(x)}, {}, xm);
  Node* mul = b.call("mul", "operator.mul", {n(s0), i(2)}, {}, SymMeta{SymKind::Int, b.s("2*s0")});
  Node* view = b.node(OpKind::CallMethod, "view", "view", {n(mm), n(mul), i(-1)});
  Node* gi = b.call("getitem", "operator.getitem",
                    {n(view), tup({Argument::ellipsis(),
                                   Argument::slice(Argument::none(), i(32), Argument::none())})});
  Node* full = b.call("full", "aten::full.default", {lst({i(2), i(2)}), Argument::real(0.5)},
                      {b.kw("dtype", Argument::dtype(DType::Float32)),
                       b.kw("layout", Argument::layout(b.sym("strided"))),
                       b.kw("device", Argument::device(b.sym("cuda:0"))),
                       b.kw("pin_memory", Argument::boolean(false))});
  Node* af = b.call("auto_functionalized", "higher_order::auto_functionalized",
                    {Argument::op(b.sym("_C::rms_norm.default"))},
                    {b.kw("result", n(full)), b.kw("input", n(gi)),
                     b.kw("epsilon", Argument::real(1e-6)), b.kw("name", b.str("it's"))});
  Node* g1 = b.call("getitem_1", "operator.getitem", {n(af), i(1)});
  b.output(tup({n(g1), n(mul)}));

  std::string first = printCodeForm(b.module);
  SourceBuffer buf("roundtrip.py", first);
  DiagnosticEngine diag;
  auto parsed = parseCodeForm(buf, diag);
  ASSERT_TRUE(succeeded(parsed)) << diag.renderAll() << first;
  std::string second = printCodeForm(**parsed);
  EXPECT_EQ(first, second);
}

TEST(PrinterCodeFormTest, PrintsManyNodes) {
  // 200k nodes (how fast is measured by the benchmarks, not asserted here:
  // unit tests do not time).
  Builder b;
  Node* prev = b.placeholder("x", b.tensor(DType::Float32, {b.s("s0"), Builder::c(4096)}));
  for (int k = 0; k < 200000; ++k)
    prev = b.call("add", "aten::add.Tensor", {n(prev), Argument::integer(1)}, {},
                  b.tensor(DType::Float32, {b.s("s0"), Builder::c(4096)}));
  b.output(tup({n(prev)}));
  std::string text = printCodeForm(b.module);
  EXPECT_GT(text.size(), 200000u * 50);
}
