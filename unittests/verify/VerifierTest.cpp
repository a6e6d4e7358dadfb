//===- VerifierTest.cpp - The graph verifier ------------------------------===//
//
// Each test builds a graph through the Graph API, breaks one rule, and checks
// that the verifier reports exactly that violation at the node's location
// (and that a well-formed graph passes). Schemas are built by hand so these
// tests do not depend on the schema parser.
//
//===----------------------------------------------------------------------===//

#include "piecewise/verify/Verifier.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <memory>
#include <string>

using namespace piecewise;
using ::testing::HasSubstr;

namespace {

SchemaArgument arg(std::string name, std::string type, std::optional<std::string> def = {},
                   bool kwargOnly = false) {
  SchemaArgument a;
  a.name = std::move(name);
  a.type = std::move(type);
  a.defaultValue = std::move(def);
  a.kwargOnly = kwargOnly;
  return a;
}

SchemaArgument ret(std::string type) {
  SchemaArgument a;
  a.type = std::move(type);
  return a;
}

FunctionSchema schema(std::string ns, std::string name, std::string overload,
                      std::vector<SchemaArgument> args, std::vector<SchemaArgument> rets) {
  FunctionSchema s;
  s.ns = std::move(ns);
  s.name = std::move(name);
  s.overload = std::move(overload);
  s.arguments = std::move(args);
  s.returns = std::move(rets);
  return s;
}

/// A registry with the handful of schemas the tests call.
OpRegistry makeRegistry() {
  OpRegistry r;
  // aten::mm(Tensor self, Tensor mat2) -> Tensor
  r.add(schema("aten", "mm", "", {arg("self", "Tensor"), arg("mat2", "Tensor")}, {ret("Tensor")}));
  // aten::relu(Tensor self) -> Tensor
  r.add(schema("aten", "relu", "", {arg("self", "Tensor")}, {ret("Tensor")}));
  // aten::slice.Tensor(Tensor(a) self, int dim=0, SymInt? start=None, SymInt? end=None,
  //                    SymInt step=1) -> Tensor(a)
  r.add(schema("aten", "slice", "Tensor",
               {arg("self", "Tensor"), arg("dim", "int", "0"), arg("start", "SymInt?", "None"),
                arg("end", "SymInt?", "None"), arg("step", "SymInt", "1")},
               {ret("Tensor")}));
  // aten::split_with_sizes(Tensor(a -> *) self, SymInt[] split_sizes, int dim=0) -> Tensor(a)[]
  r.add(schema("aten", "split_with_sizes", "",
               {arg("self", "Tensor"), arg("split_sizes", "SymInt[]"), arg("dim", "int", "0")},
               {ret("Tensor[]")}));
  // aten::var_mean.correction(Tensor self, int[1]? dim=None, *, Scalar? correction=None,
  //                           bool keepdim=False) -> (Tensor, Tensor)
  r.add(schema("aten", "var_mean", "correction",
               {arg("self", "Tensor"), arg("dim", "int[1]?", "None"),
                arg("correction", "Scalar?", "None", true), arg("keepdim", "bool", "False", true)},
               {ret("Tensor"), ret("Tensor")}));
  // aten::format(str self, ...) -> str
  FunctionSchema format = schema("aten", "format", "", {arg("self", "str")}, {ret("str")});
  format.isVararg = true;
  r.add(std::move(format));
  // mylib::inplace(Tensor(a!) x) -> ()
  r.add(schema("mylib", "inplace", "", {arg("x", "Tensor")}, {}));
  return r;
}

/// Builds a graph with a fake source buffer; every node gets a distinct line
/// (line = creation index + 1, column 5) so diagnostics can be matched.
class VerifierTest : public ::testing::Test {
protected:
  VerifierTest()
      : module(std::make_unique<Module>("GraphModule")), g(module->graph()),
        buffer("graph.py", std::string(200, '\n')), registry(makeRegistry()) {
    module->loc = Location{&buffer, 1, 1};
  }

  Node* add(OpKind op, std::string_view name, std::string_view target, std::vector<Argument> args,
            std::vector<KwArg> kwargs = {}, Node* insertPoint = nullptr) {
    Node* n =
        g.createNode(op, name, g.intern(target), std::move(args), std::move(kwargs), insertPoint);
    n->setLoc(Location{&buffer, ++line, 5});
    return n;
  }
  Node* placeholder(std::string_view name) { return add(OpKind::Placeholder, name, name, {}); }
  Node* call(std::string_view name, std::string_view target, std::vector<Argument> args,
             std::vector<KwArg> kwargs = {}) {
    return add(OpKind::CallFunction, name, target, std::move(args), std::move(kwargs));
  }
  Node* getitem(std::string_view name, Node* of, int64_t i) {
    return call(name, "operator.getitem", {Argument::node(of), Argument::integer(i)});
  }
  Node* output(std::vector<Node*> values) {
    std::vector<Argument> items;
    for (Node* v : values)
      items.push_back(Argument::node(v));
    return add(OpKind::Output, "output", "output", {Argument::tuple(std::move(items))});
  }
  KwArg kw(std::string_view name, Argument value) {
    return KwArg{g.intern(name), std::move(value)};
  }
  static Argument ref(Node* n) { return Argument::node(n); }
  static Argument i(int64_t v) { return Argument::integer(v); }

  bool verify(bool withRegistry = true, VerifyOptions options = {}) {
    return verifyModule(*module, withRegistry ? &registry : nullptr, diag, options).succeeded();
  }
  /// All rendered diagnostics.
  std::string text() const { return diag.renderAll(); }

  std::unique_ptr<Module> module;
  Graph& g;
  SourceBuffer buffer;
  OpRegistry registry;
  DiagnosticEngine diag;
  uint32_t line = 0;
};

TensorMeta tensor() {
  TensorMeta t;
  t.dtype = DType::Float32;
  t.sizes = {SymExpr::constant(4), SymExpr::constant(4)};
  return t;
}

//===--- Well-formed graphs --------------------------------------------------===//

TEST_F(VerifierTest, WellFormedGraphPasses) {
  Node* x = placeholder("x");
  Node* w = placeholder("w");
  Node* mm = call("mm", "aten::mm.default", {ref(x), ref(w)});
  Node* split = call("split_with_sizes", "aten::split_with_sizes.default",
                     {ref(mm), Argument::list({i(2), i(2)}), i(1)});
  split->setMeta(Meta::list({tensor(), tensor()}));
  Node* a = getitem("getitem", split, 0);
  Node* b = getitem("getitem_1", split, -2);
  Node* s = call("slice_1", "aten::slice.Tensor", {ref(a)}, {kw("dim", i(1)), kw("end", i(2))});
  Node* vm = call("var_mean", "aten::var_mean.correction", {ref(b)},
                  {kw("correction", i(0)), kw("keepdim", Argument::boolean(true))});
  Node* v = getitem("getitem_2", vm, 1);
  Node* f = call("format_1", "aten::format", {Argument::string(g.intern("{}")), ref(v), i(3)});
  Node* unknown =
      call("foo", "mylib::unknown_op.default", {ref(s), i(1), i(2), i(3)}, {kw("anything", i(1))});
  Node* u0 = getitem("getitem_3", unknown, 7); // unknown producer: nothing to check
  output({s, v, f, u0});
  EXPECT_TRUE(verify()) << text();
  EXPECT_EQ(diag.numErrors(), 0u);
}

TEST_F(VerifierTest, EmptyTupleOutputPasses) {
  placeholder("x");
  add(OpKind::Output, "output", "output", {Argument::tuple({})});
  EXPECT_TRUE(verify()) << text();
}

//===--- Definitions and uses ---------------------------------------------------===//

TEST_F(VerifierTest, UseBeforeDefinition) {
  Node* x = placeholder("x");
  Node* a = call("relu", "aten::relu.default", {ref(x)});
  Node* b = call("relu_1", "aten::relu.default", {ref(a)});
  output({b});
  g.moveBefore(b, a); // relu_1 now reads relu before relu is computed
  EXPECT_FALSE(verify());
  EXPECT_EQ(diag.numErrors(), 1u) << text();
  EXPECT_THAT(text(), HasSubstr("graph.py:3:5: error: node 'relu_1' uses 'relu' before it is "
                                "defined"));
}

TEST_F(VerifierTest, SelfUse) {
  Node* x = placeholder("x");
  Node* a = call("relu", "aten::relu.default", {ref(x)});
  output({a});
  g.setArgs(a, {ref(a)});
  EXPECT_FALSE(verify());
  EXPECT_THAT(text(), HasSubstr("graph.py:2:5: error: node 'relu' uses itself"));
}

TEST_F(VerifierTest, ReferenceToAnotherGraph) {
  Graph other(g.sharedStrings());
  Node* foreign = other.createNode(OpKind::Placeholder, "y", other.intern("y"), {}, {});
  Node* x = placeholder("x");
  Node* a = call("mm", "aten::mm.default", {ref(x), ref(foreign)});
  output({a});
  EXPECT_FALSE(verify());
  EXPECT_EQ(diag.numErrors(), 1u) << text();
  EXPECT_THAT(text(), HasSubstr("node 'mm' uses 'y', which is not a node of this graph"));
}

TEST_F(VerifierTest, ReferenceToErasedNode) {
  Node* x = placeholder("x");
  Node* dead = call("dead", "aten::relu.default", {ref(x)});
  Node* a = call("relu", "aten::relu.default", {ref(x)});
  output({a});
  g.erase(dead);
  g.setArgs(a, {ref(dead)});
  EXPECT_FALSE(verify());
  EXPECT_THAT(text(), HasSubstr("node 'relu' uses 'dead', which was erased"));
}

// Names cannot collide through the Graph API (createNode and rename uniquify),
// so the duplicate-name check is exercised by the parser tests (lit); here we
// check that uniquified names pass.
TEST_F(VerifierTest, UniquifiedNamesPass) {
  Node* x = placeholder("x");
  Node* a = call("relu", "aten::relu.default", {ref(x)});
  Node* b = call("relu", "aten::relu.default", {ref(a)});
  EXPECT_EQ(b->name().str(), "relu_1");
  output({b});
  EXPECT_TRUE(verify()) << text();
}

//===--- Placeholders and the output ----------------------------------------------===//

TEST_F(VerifierTest, PlaceholderAfterComputation) {
  Node* x = placeholder("x");
  Node* a = call("relu", "aten::relu.default", {ref(x)});
  Node* y = placeholder("y");
  output({a, y});
  EXPECT_FALSE(verify());
  EXPECT_EQ(diag.numErrors(), 1u) << text();
  EXPECT_THAT(text(), HasSubstr("graph.py:3:5: error: placeholder 'y' comes after non-placeholder "
                                "node 'relu'"));
}

TEST_F(VerifierTest, MissingOutput) {
  Node* x = placeholder("x");
  call("relu", "aten::relu.default", {ref(x)});
  EXPECT_FALSE(verify());
  EXPECT_THAT(text(), HasSubstr("error: graph has no output node"));
}

TEST_F(VerifierTest, TwoOutputs) {
  Node* x = placeholder("x");
  output({x});
  output({x});
  EXPECT_FALSE(verify());
  // The first output is not last either.
  EXPECT_THAT(text(), HasSubstr("graph.py:3:5: error: graph has more than one output node: "
                                "'output' and 'output_1'"));
  EXPECT_THAT(text(), HasSubstr("output node 'output' must be the last node, but 'output_1' "
                                "follows it"));
}

TEST_F(VerifierTest, OutputNotLast) {
  Node* x = placeholder("x");
  Node* out = output({x});
  Node* a = call("relu", "aten::relu.default", {ref(x)});
  (void)a;
  EXPECT_FALSE(verify());
  EXPECT_EQ(diag.numErrors(), 1u) << text();
  EXPECT_THAT(text(), HasSubstr("graph.py:2:5: error: output node 'output' must be the last "
                                "node, but 'relu' follows it"));
  (void)out;
}

//===--- Calls against schemas ----------------------------------------------------===//

TEST_F(VerifierTest, TooManyPositionalArguments) {
  Node* x = placeholder("x");
  Node* a = call("mm", "aten::mm.default", {ref(x), ref(x), ref(x)});
  output({a});
  EXPECT_FALSE(verify());
  EXPECT_EQ(diag.numErrors(), 1u) << text();
  EXPECT_THAT(text(), HasSubstr("graph.py:2:5: error: node 'mm' passes 3 positional arguments to "
                                "'aten::mm', which takes at most 2"));
}

TEST_F(VerifierTest, KeywordOnlyArgumentPassedPositionally) {
  Node* x = placeholder("x");
  // var_mean.correction takes two positional arguments; `correction` is keyword-only.
  Node* a = call("var_mean", "aten::var_mean.correction", {ref(x), Argument::none(), i(0)});
  output({a});
  EXPECT_FALSE(verify());
  EXPECT_THAT(text(), HasSubstr("passes 3 positional arguments to 'aten::var_mean.correction', "
                                "which takes at most 2"));
}

TEST_F(VerifierTest, VarargAcceptsExtraPositionalArguments) {
  Node* x = placeholder("x");
  Node* a = call("format_1", "aten::format", {Argument::string(g.intern("{}{}")), ref(x), ref(x)});
  output({a});
  EXPECT_TRUE(verify()) << text();
}

TEST_F(VerifierTest, UnknownKeyword) {
  Node* x = placeholder("x");
  Node* a = call("slice_1", "aten::slice.Tensor", {ref(x)}, {kw("axis", i(1))});
  output({a});
  EXPECT_FALSE(verify());
  EXPECT_EQ(diag.numErrors(), 1u) << text();
  EXPECT_THAT(text(), HasSubstr("graph.py:2:5: error: node 'slice_1' passes keyword argument "
                                "'axis', which 'aten::slice.Tensor' does not take"));
}

TEST_F(VerifierTest, ArgumentGivenTwice) {
  Node* x = placeholder("x");
  Node* a = call("slice_1", "aten::slice.Tensor", {ref(x), i(1)}, {kw("dim", i(0))});
  output({a});
  EXPECT_FALSE(verify());
  EXPECT_EQ(diag.numErrors(), 1u) << text();
  EXPECT_THAT(text(), HasSubstr("node 'slice_1' passes argument 'dim' of 'aten::slice.Tensor' "
                                "both by position and by keyword"));
}

TEST_F(VerifierTest, SameKeywordTwice) {
  Node* x = placeholder("x");
  Node* a = call("slice_1", "aten::slice.Tensor", {ref(x)}, {kw("dim", i(0)), kw("dim", i(1))});
  output({a});
  EXPECT_FALSE(verify());
  EXPECT_THAT(text(), HasSubstr("node 'slice_1' passes keyword argument 'dim' twice"));
}

TEST_F(VerifierTest, MissingRequiredArgument) {
  Node* x = placeholder("x");
  Node* a = call("mm", "aten::mm.default", {ref(x)});
  output({a});
  EXPECT_FALSE(verify());
  EXPECT_EQ(diag.numErrors(), 1u) << text();
  EXPECT_THAT(text(), HasSubstr("graph.py:2:5: error: node 'mm' does not pass required argument "
                                "'mat2' of 'aten::mm'"));
}

TEST_F(VerifierTest, RequiredArgumentByKeywordPasses) {
  Node* x = placeholder("x");
  Node* a = call("mm", "aten::mm.default", {ref(x)}, {kw("mat2", ref(x))});
  output({a});
  EXPECT_TRUE(verify()) << text();
}

TEST_F(VerifierTest, UnknownOpsAndTargetsAreNotErrors) {
  Node* x = placeholder("x");
  Node* a = call("foo", "mylib::foo.default", {ref(x), ref(x), ref(x)}, {kw("bar", i(1))});
  Node* b = call("sigmoid", "torch.sigmoid", {ref(a)});
  Node* c = add(OpKind::CallMethod, "view", "view", {ref(b), i(-1)});
  Node* d = call("add", "aten::add", {ref(c), i(1)}); // a packet: no single schema
  output({d});
  EXPECT_TRUE(verify()) << text();
}

TEST_F(VerifierTest, SchemaChecksCanBeDisabled) {
  Node* x = placeholder("x");
  Node* a = call("mm", "aten::mm.default", {ref(x)});
  output({a});
  VerifyOptions noSchemas;
  noSchemas.checkSchemas = false;
  EXPECT_TRUE(verify(/*withRegistry=*/true, noSchemas)) << text();
  EXPECT_TRUE(verify(/*withRegistry=*/false)) << text();
}

//===--- getitem ------------------------------------------------------------------===//

TEST_F(VerifierTest, GetItemOutOfRangeOfListMeta) {
  Node* x = placeholder("x");
  Node* split = call("split_with_sizes", "aten::split_with_sizes.default",
                     {ref(x), Argument::list({i(2), i(2)})});
  split->setMeta(Meta::list({tensor(), tensor()}));
  Node* a = getitem("getitem", split, 2);
  Node* b = getitem("getitem_1", split, -3);
  output({a, b});
  EXPECT_FALSE(verify(/*withRegistry=*/false)); // list meta needs no registry
  EXPECT_EQ(diag.numErrors(), 2u) << text();
  EXPECT_THAT(text(), HasSubstr("graph.py:3:5: error: node 'getitem' reads index 2 of "
                                "'split_with_sizes', which has 2 values"));
  EXPECT_THAT(text(), HasSubstr("node 'getitem_1' reads index -3 of 'split_with_sizes'"));
}

TEST_F(VerifierTest, GetItemOutOfRangeOfSchemaReturns) {
  Node* x = placeholder("x");
  Node* vm = call("var_mean", "aten::var_mean.correction", {ref(x)});
  Node* a = getitem("getitem", vm, 1);
  Node* b = getitem("getitem_1", vm, 2);
  output({a, b});
  EXPECT_FALSE(verify());
  EXPECT_EQ(diag.numErrors(), 1u) << text();
  EXPECT_THAT(text(), HasSubstr("node 'getitem_1' reads index 2 of 'var_mean', which has 2 "
                                "values"));
}

TEST_F(VerifierTest, GetItemOfOpReturningNothing) {
  Node* x = placeholder("x");
  Node* ip = call("inplace", "mylib::inplace.default", {ref(x)});
  Node* a = getitem("getitem", ip, 0);
  output({a});
  EXPECT_FALSE(verify());
  EXPECT_THAT(text(), HasSubstr("node 'getitem' reads index 0 of 'inplace', which has 0 values"));
}

TEST_F(VerifierTest, GetItemOfListReturnWithoutMetaIsUnchecked) {
  Node* x = placeholder("x");
  // `Tensor[]` returns: the length is known from meta only.
  Node* split = call("split_with_sizes", "aten::split_with_sizes.default",
                     {ref(x), Argument::list({i(2), i(2)})});
  Node* a = getitem("getitem", split, 5);
  // A single tensor return: getitem indexes the tensor.
  Node* r = call("relu", "aten::relu.default", {ref(x)});
  Node* b = getitem("getitem_1", r, 9);
  output({a, b});
  EXPECT_TRUE(verify()) << text();
}

TEST_F(VerifierTest, ListMetaWinsOverSchema) {
  Node* x = placeholder("x");
  Node* split = call("split_with_sizes", "aten::split_with_sizes.default",
                     {ref(x), Argument::list({i(1), i(1), i(2)})});
  split->setMeta(Meta::list({tensor(), tensor(), tensor()}));
  Node* a = getitem("getitem", split, 2);
  Node* b = getitem("getitem_1", split, 3);
  output({a, b});
  EXPECT_FALSE(verify());
  EXPECT_EQ(diag.numErrors(), 1u) << text();
  EXPECT_THAT(text(), HasSubstr("node 'getitem_1' reads index 3 of 'split_with_sizes', which has "
                                "3 values"));
}

//===--- Modules ------------------------------------------------------------------===//

TEST_F(VerifierTest, CallModuleNamesAChild) {
  Module& child = module->addChild("submod_0");
  {
    Graph& cg = child.graph();
    Node* a = cg.createNode(OpKind::Placeholder, "a", cg.intern("a"), {}, {});
    cg.createNode(OpKind::Output, "output", cg.intern("output"), {Argument::node(a)}, {});
  }
  Node* x = placeholder("x");
  Node* ok = add(OpKind::CallModule, "submod_0", "submod_0", {ref(x)});
  Node* bad = add(OpKind::CallModule, "submod_1", "submod_1", {ref(ok)});
  output({bad});
  EXPECT_FALSE(verify());
  EXPECT_EQ(diag.numErrors(), 1u) << text();
  EXPECT_THAT(text(), HasSubstr("graph.py:3:5: error: node 'submod_1' calls module 'submod_1', "
                                "which is not a child module"));
}

TEST_F(VerifierTest, CallModuleDottedPath) {
  Module& layers = module->addChild("layers");
  Module& l0 = layers.addChild("0");
  for (Module* m : {&layers, &l0}) {
    Graph& cg = m->graph();
    Node* a = cg.createNode(OpKind::Placeholder, "a", cg.intern("a"), {}, {});
    cg.createNode(OpKind::Output, "output", cg.intern("output"), {Argument::node(a)}, {});
  }
  Node* x = placeholder("x");
  Node* a = add(OpKind::CallModule, "layers_0", "layers.0", {ref(x)});
  Node* b = add(OpKind::CallModule, "layers_1", "layers.1", {ref(a)});
  output({b});
  EXPECT_FALSE(verify());
  EXPECT_EQ(diag.numErrors(), 1u) << text();
  EXPECT_THAT(text(), HasSubstr("calls module 'layers.1', which is not a child module"));
}

TEST_F(VerifierTest, CallModuleUncheckedWithoutChildren) {
  Node* x = placeholder("x");
  Node* a = add(OpKind::CallModule, "submod_0", "submod_0", {ref(x)});
  output({a});
  EXPECT_TRUE(verify()) << text();
}

TEST_F(VerifierTest, ChildGraphsAreVerified) {
  Module& child = module->addChild("submod_0");
  Graph& cg = child.graph();
  Node* a = cg.createNode(OpKind::Placeholder, "a", cg.intern("a"), {}, {});
  Node* m = cg.createNode(OpKind::CallFunction, "mm", cg.intern("aten::mm.default"),
                          {Argument::node(a)}, {});
  m->setLoc(Location{&buffer, 42, 9});
  cg.createNode(OpKind::Output, "output", cg.intern("output"), {Argument::node(m)}, {});
  Node* x = placeholder("x");
  Node* call = add(OpKind::CallModule, "submod_0", "submod_0", {ref(x)});
  output({call});
  EXPECT_FALSE(verify());
  EXPECT_EQ(diag.numErrors(), 1u) << text();
  EXPECT_THAT(text(), HasSubstr("graph.py:42:9: error: node 'mm' does not pass required argument "
                                "'mat2' of 'aten::mm'"));
}

TEST_F(VerifierTest, VerifyGraphAlone) {
  Node* x = placeholder("x");
  Node* a = call("relu", "aten::relu.default", {ref(x)});
  Node* b = call("relu_1", "aten::relu.default", {ref(a)});
  output({b});
  g.moveBefore(b, a);
  EXPECT_TRUE(verifyGraph(g, nullptr, diag).failed());
  EXPECT_THAT(text(), HasSubstr("uses 'relu' before it is defined"));
}

TEST_F(VerifierTest, ReportsEveryViolation) {
  Node* x = placeholder("x");
  Node* a = call("mm", "aten::mm.default", {ref(x)}, {kw("out", ref(x))});
  Node* y = placeholder("y");
  output({a, y});
  EXPECT_FALSE(verify());
  // Placeholder order, unknown keyword, missing mat2.
  EXPECT_EQ(diag.numErrors(), 3u) << text();
}

} // namespace
