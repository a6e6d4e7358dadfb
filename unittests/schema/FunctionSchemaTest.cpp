//===- FunctionSchemaTest.cpp - Parsing and printing schemas --------------===//

#include "piecewise/schema/FunctionSchema.h"

#include <gtest/gtest.h>

using namespace piecewise;

namespace {

FunctionSchema parseOk(std::string_view text) {
  DiagnosticEngine diag;
  FailureOr<FunctionSchema> s = parseSchema(text, Location{}, diag);
  EXPECT_TRUE(succeeded(s)) << text << "\n" << diag.renderAll();
  return succeeded(s) ? *s : FunctionSchema{};
}

AliasInfo alias(std::vector<std::string> before, bool write = false,
                std::vector<std::string> after = {}) {
  AliasInfo a;
  a.beforeSets = std::move(before);
  a.afterSets = std::move(after);
  a.isWrite = write;
  return a;
}

} // namespace

TEST(FunctionSchemaParserTest, SliceTensor) {
  FunctionSchema s = parseOk("aten::slice.Tensor(Tensor(a) self, int dim=0, SymInt? start=None, "
                             "SymInt? end=None, SymInt step=1) -> Tensor(a)");
  EXPECT_EQ(s.ns, "aten");
  EXPECT_EQ(s.name, "slice");
  EXPECT_EQ(s.overload, "Tensor");
  EXPECT_EQ(s.qualifiedName(), "aten::slice.Tensor");
  ASSERT_EQ(s.arguments.size(), 5u);
  EXPECT_EQ(s.arguments[0].name, "self");
  EXPECT_EQ(s.arguments[0].type, "Tensor");
  ASSERT_TRUE(s.arguments[0].alias);
  EXPECT_EQ(*s.arguments[0].alias, alias({"a"}));
  EXPECT_FALSE(s.arguments[0].isWrite());
  EXPECT_FALSE(s.arguments[0].aliasOnElements);
  EXPECT_TRUE(s.arguments[0].isTensorLike());
  EXPECT_EQ(s.arguments[1].type, "int");
  EXPECT_EQ(s.arguments[1].defaultValue, "0");
  EXPECT_FALSE(s.arguments[1].isTensorLike());
  EXPECT_EQ(s.arguments[2].type, "SymInt?");
  EXPECT_TRUE(s.arguments[2].isOptional());
  EXPECT_FALSE(s.arguments[2].isList());
  EXPECT_EQ(s.arguments[2].defaultValue, "None");
  EXPECT_EQ(s.arguments[4].defaultValue, "1");
  ASSERT_EQ(s.returns.size(), 1u);
  EXPECT_TRUE(s.returns[0].name.empty());
  EXPECT_EQ(*s.returns[0].alias, alias({"a"}));
  EXPECT_FALSE(s.isMutable());
  EXPECT_EQ(s.numPositional(), 5u);
  EXPECT_EQ(s.argumentIndex("end"), 3u);
  EXPECT_EQ(s.argumentIndex("nope"), std::nullopt);
}

TEST(FunctionSchemaParserTest, DefaultOverloadAndEmptyReturns) {
  FunctionSchema s = parseOk("_C::silu_and_mul(Tensor(a!) result, Tensor input) -> ()");
  EXPECT_EQ(s.ns, "_C");
  EXPECT_EQ(s.name, "silu_and_mul");
  EXPECT_TRUE(s.overload.empty());
  EXPECT_EQ(s.qualifiedName(), "_C::silu_and_mul");
  EXPECT_TRUE(s.returns.empty());
  EXPECT_FALSE(s.isVarret);
  EXPECT_TRUE(s.isMutable());
  EXPECT_TRUE(s.arguments[0].isWrite());
  EXPECT_EQ(*s.arguments[0].alias, alias({"a"}, true));
  EXPECT_FALSE(s.arguments[1].alias);
}

TEST(FunctionSchemaParserTest, WildcardFlowAndElementAlias) {
  FunctionSchema s = parseOk("aten::split_with_sizes(Tensor(a -> *) self, SymInt[] split_sizes, "
                             "int dim=0) -> Tensor(a)[]");
  const SchemaArgument& self = s.arguments[0];
  ASSERT_TRUE(self.alias);
  EXPECT_EQ(self.alias->beforeSets, std::vector<std::string>{"a"});
  EXPECT_EQ(self.alias->afterSets, std::vector<std::string>{"*"});
  EXPECT_FALSE(self.alias->isWrite);
  EXPECT_EQ(s.arguments[1].type, "SymInt[]");
  EXPECT_TRUE(s.arguments[1].isList());
  EXPECT_FALSE(s.arguments[1].isTensorLike());
  const SchemaArgument& ret = s.returns[0];
  EXPECT_EQ(ret.type, "Tensor[]");
  EXPECT_TRUE(ret.isList());
  EXPECT_TRUE(ret.isTensorLike());
  EXPECT_TRUE(ret.aliasOnElements);
  EXPECT_EQ(*ret.alias, alias({"a"}));
}

TEST(FunctionSchemaParserTest, WrittenListElementsVersusWrittenList) {
  FunctionSchema s = parseOk("aten::_foreach_add.List_out(Tensor[] self, Tensor[] other, *, "
                             "Scalar alpha=1, Tensor(a!)[] out) -> ()");
  const SchemaArgument& out = s.arguments[3];
  EXPECT_TRUE(out.kwargOnly);
  EXPECT_TRUE(out.aliasOnElements);
  EXPECT_TRUE(out.isWrite());
  EXPECT_EQ(out.type, "Tensor[]");
  EXPECT_EQ(s.numPositional(), 2u);
  EXPECT_TRUE(s.arguments[2].kwargOnly);
  EXPECT_FALSE(s.arguments[1].kwargOnly);

  FunctionSchema c = parseOk("_c10d_functional::all_reduce_coalesced_(Tensor[](a!) inputs, "
                             "str reduce_op, Any group_name) -> Tensor[](a!)");
  EXPECT_FALSE(c.arguments[0].aliasOnElements); // the list itself is written
  EXPECT_TRUE(c.arguments[0].isWrite());
  EXPECT_EQ(c.arguments[0].type, "Tensor[]");
  EXPECT_EQ(c.arguments[2].type, "Any");
  EXPECT_FALSE(c.returns[0].aliasOnElements);
  EXPECT_EQ(c.str(), "_c10d_functional::all_reduce_coalesced_(Tensor[](a!) inputs, str reduce_op, "
                     "Any group_name) -> Tensor[](a!)");
}

TEST(FunctionSchemaParserTest, AliasUnionAndWildcardOnly) {
  FunctionSchema s = parseOk("aten::cpu(Tensor(a) self) -> Tensor(b|a)");
  EXPECT_EQ(s.returns[0].alias->beforeSets, (std::vector<std::string>{"b", "a"}));
  EXPECT_TRUE(s.returns[0].alias->afterSets.empty());
  FunctionSchema g = parseOk("aten::get.str(Dict(str, t) self, str key) -> t(*)?");
  EXPECT_EQ(g.arguments[0].type, "Dict(str, t)");
  EXPECT_FALSE(g.arguments[0].isOptional());
  EXPECT_EQ(g.returns[0].type, "t?");
  EXPECT_TRUE(g.returns[0].isOptional());
  EXPECT_EQ(*g.returns[0].alias, alias({"*"}));
  EXPECT_EQ(g.str(), "aten::get.str(Dict(str, t) self, str key) -> t(*)?");
}

TEST(FunctionSchemaParserTest, OptionalListsAndSizedLists) {
  FunctionSchema s =
      parseOk("aten::index.Tensor(Tensor self, Tensor?[] indices, int[2] stride, int[1]? dim=None, "
              "SymInt[]? size=None, bool[3] mask=[True, False, True]) -> Tensor");
  EXPECT_EQ(s.arguments[1].type, "Tensor?[]");
  EXPECT_TRUE(s.arguments[1].isList());
  EXPECT_TRUE(s.arguments[1].isTensorLike());
  EXPECT_FALSE(s.arguments[1].isOptional());
  EXPECT_EQ(s.arguments[2].type, "int[2]");
  EXPECT_TRUE(s.arguments[2].isList());
  EXPECT_EQ(s.arguments[3].type, "int[1]?");
  EXPECT_TRUE(s.arguments[3].isList());
  EXPECT_TRUE(s.arguments[3].isOptional());
  EXPECT_EQ(s.arguments[4].type, "SymInt[]?");
  EXPECT_EQ(s.arguments[5].defaultValue, "[True, False, True]");
}

TEST(FunctionSchemaParserTest, Defaults) {
  FunctionSchema s =
      parseOk("ns::op(Tensor x, float eps=1e-05, float lo=-inf, int[] a=[], int[] b=[0, 1], "
              "str r=\"mean\", str q='sum', bool t=True, MemoryFormat f=contiguous_format, "
              "ScalarType d=long, float z=0., int n=-1, str e=\"a,b)\\\"c\") -> Tensor");
  std::vector<std::string> want = {"1e-05",    "-inf",  "[]",   "[0, 1]",
                                   "\"mean\"", "'sum'", "True", "contiguous_format",
                                   "long",     "0.",    "-1",   "\"a,b)\\\"c\""};
  ASSERT_EQ(s.arguments.size(), want.size() + 1);
  for (size_t i = 0; i < want.size(); ++i)
    EXPECT_EQ(s.arguments[i + 1].defaultValue, want[i]) << i;
  EXPECT_FALSE(s.arguments[0].defaultValue);
}

TEST(FunctionSchemaParserTest, NamedReturnsAndTuples) {
  FunctionSchema s = parseOk(
      "aten::max.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, Tensor indices)");
  ASSERT_EQ(s.returns.size(), 2u);
  EXPECT_EQ(s.returns[0].name, "values");
  EXPECT_EQ(s.returns[1].name, "indices");
  EXPECT_EQ(s.overload, "dim");

  FunctionSchema one = parseOk("_test::get_first(str[][] _0) -> str _0");
  ASSERT_EQ(one.returns.size(), 1u);
  EXPECT_EQ(one.returns[0].name, "_0");
  EXPECT_EQ(one.arguments[0].type, "str[][]");

  // After `->`, `(` opens the returns: a lone tuple-typed return is double-parenthesized.
  FunctionSchema items = parseOk("aten::items.str(Dict(str, t) self) -> ((str, t)[])");
  ASSERT_EQ(items.returns.size(), 1u);
  EXPECT_EQ(items.returns[0].type, "(str, t)[]");
  EXPECT_TRUE(items.returns[0].isList());
  FunctionSchema pair = parseOk("aten::f(Tensor x) -> (Tensor, t)");
  EXPECT_EQ(pair.returns.size(), 2u);
  FunctionSchema dict = parseOk("aten::dict.str((str, tVal)[] inputs) -> Dict(str, tVal)");
  EXPECT_EQ(dict.arguments[0].type, "(str, tVal)[]");
  EXPECT_EQ(dict.returns[0].type, "Dict(str, tVal)");
}

TEST(FunctionSchemaParserTest, VarargsVarretAndClassTypes) {
  FunctionSchema s = parseOk("prim::ChunkSizes(...) -> ...");
  EXPECT_TRUE(s.isVararg);
  EXPECT_TRUE(s.isVarret);
  EXPECT_TRUE(s.arguments.empty());
  EXPECT_TRUE(s.returns.empty());
  EXPECT_EQ(s.str(), "prim::ChunkSizes(...) -> ...");
  FunctionSchema e = parseOk("aten::einsum.sublist(Tensor a, ...) -> Tensor");
  EXPECT_TRUE(e.isVararg);
  EXPECT_EQ(e.arguments.size(), 1u);
  FunctionSchema f = parseOk("profiler::_call_end_callbacks_on_jit_fut._RecordFunction("
                             "__torch__.torch.classes.profiler._RecordFunction x, Future(t) y) "
                             "-> Future(t)");
  EXPECT_EQ(f.arguments[0].type, "__torch__.torch.classes.profiler._RecordFunction");
  EXPECT_EQ(f.arguments[1].type, "Future(t)");
  EXPECT_FALSE(f.arguments[1].alias);
  FunctionSchema d = parseOk("aten::Delete.Dict_str(Dict(str, t)(a!) self, str key) -> ()");
  EXPECT_EQ(d.arguments[0].type, "Dict(str, t)");
  EXPECT_TRUE(d.arguments[0].isWrite());
}

TEST(FunctionSchemaParserTest, BangShorthandAndAliasAfterOptional) {
  // vLLM's `Tensor!` spelling: a write to a fresh alias set per annotation.
  FunctionSchema s = parseOk("_C::rotary_embedding(Tensor positions, Tensor! query, Tensor!? key, "
                             "int head_size, Tensor cos_sin_cache, bool is_neox) -> ()");
  EXPECT_TRUE(s.arguments[1].isWrite());
  EXPECT_TRUE(s.arguments[2].isWrite());
  EXPECT_EQ(s.arguments[2].type, "Tensor?");
  EXPECT_NE(s.arguments[1].alias->beforeSets, s.arguments[2].alias->beforeSets);
  EXPECT_EQ(s.str(), "_C::rotary_embedding(Tensor positions, Tensor! query, Tensor!? key, "
                     "int head_size, Tensor cos_sin_cache, bool is_neox) -> ()");
  // `Tensor?(a!)` is accepted and printed the way torch does: `Tensor(a!)?`.
  FunctionSchema o = parseOk("ns::f(Tensor?(a!) x) -> ()");
  EXPECT_EQ(o.arguments[0].type, "Tensor?");
  EXPECT_TRUE(o.arguments[0].isWrite());
  EXPECT_EQ(o.str(), "ns::f(Tensor(a!)? x) -> ()");
}

TEST(FunctionSchemaParserTest, WhitespaceIsFlexible) {
  FunctionSchema s = parseOk("  aten::add.Tensor ( Tensor self ,Tensor other,*,Scalar alpha = 1 )->"
                             "Tensor  ");
  EXPECT_EQ(s.str(), "aten::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor");
  EXPECT_TRUE(s.arguments[2].kwargOnly);
}

TEST(FunctionSchemaParserTest, RoundTrip) {
  const char* schemas[] = {
      "aten::slice.Tensor(Tensor(a) self, int dim=0, SymInt? start=None, SymInt? end=None, "
      "SymInt step=1) -> Tensor(a)",
      "aten::split_with_sizes(Tensor(a -> *) self, SymInt[] split_sizes, int dim=0) -> Tensor(a)[]",
      "aten::add.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)",
      "aten::max.dim_max(Tensor self, int dim, bool keepdim=False, *, Tensor(a!) max, "
      "Tensor(b!) max_values) -> (Tensor(a!) values, Tensor(b!) indices)",
      "aten::items.str(Dict(str, t) self) -> ((str, t)[])",
      "aten::_unwrap_optional(t(a)? optional) -> t(a)",
      "aten::__getitem__.Dict_str(Dict(str, t) self, str key) -> t(*)",
      "aten::_test_string_default(Tensor dummy, str a=\"\\\"\\'\\\\\", str b='\"') -> Tensor",
      "aten::format(str self, ...) -> str",
      "prim::AutogradAllNonZero(...) -> bool",
      "aten::_amp_foreach_non_finite_check_and_unscale_(Tensor(a!)[] self, Tensor(b!) found_inf, "
      "Tensor inv_scale) -> ()",
      "vllm::unified_attention_with_output(Tensor q, Tensor k, Tensor v, Tensor(a!) output, "
      "str layer_name, Tensor? output_scale=None, Tensor? output_block_scale=None) -> ()",
      "ns::f(*, Tensor x) -> (Tensor, ...)",
  };
  for (const char* text : schemas) {
    FunctionSchema s = parseOk(text);
    EXPECT_EQ(s.str(), text);
    FunctionSchema again = parseOk(s.str());
    EXPECT_EQ(again.str(), text);
  }
}

//===--- Diagnostics ---------------------------------------------------------===//

namespace {

/// Parses `text` at line 3, column 5 of a buffer and returns the one error.
Diagnostic parseError(std::string_view text) {
  static SourceBuffer buffer("schemas.txt", "");
  DiagnosticEngine diag;
  FailureOr<FunctionSchema> s = parseSchema(text, Location{&buffer, 3, 5}, diag);
  EXPECT_TRUE(failed(s)) << text;
  EXPECT_EQ(diag.numErrors(), 1u) << text;
  if (diag.diagnostics().empty())
    return {};
  Diagnostic d = diag.diagnostics().front();
  EXPECT_EQ(d.loc.line, 3u);
  EXPECT_EQ(d.loc.buffer, &buffer);
  return d;
}

/// Column the diagnostic must have for an error at byte `offset` of the text.
uint32_t colAt(size_t offset) {
  return 5 + static_cast<uint32_t>(offset);
}

} // namespace

TEST(SchemaDiagnosticTest, MissingCloseParen) {
  std::string text = "aten::foo(Tensor x -> Tensor";
  Diagnostic d = parseError(text);
  EXPECT_EQ(d.loc.col, colAt(text.find("->")));
  EXPECT_NE(d.message.find("expected ',' or ')'"), std::string::npos) << d.message;

  std::string cut = "aten::foo(Tensor x";
  Diagnostic e = parseError(cut);
  EXPECT_EQ(e.loc.col, colAt(cut.size()));
  EXPECT_NE(e.message.find("end of schema"), std::string::npos) << e.message;
}

TEST(SchemaDiagnosticTest, MissingArrow) {
  std::string text = "aten::foo(Tensor x) Tensor";
  Diagnostic d = parseError(text);
  EXPECT_EQ(d.loc.col, colAt(text.find("Tensor", 12)));
  EXPECT_NE(d.message.find("'->'"), std::string::npos) << d.message;
}

TEST(SchemaDiagnosticTest, BadAliasAnnotation) {
  std::string text = "aten::foo(Tensor(a?) x) -> Tensor";
  Diagnostic d = parseError(text);
  EXPECT_EQ(d.loc.col, colAt(text.find('?')));
  EXPECT_NE(d.message.find("alias annotation"), std::string::npos) << d.message;

  std::string empty = "aten::foo(Tensor() x) -> Tensor";
  Diagnostic e = parseError(empty);
  EXPECT_EQ(e.loc.col, colAt(empty.find("()") + 1));
  EXPECT_NE(e.message.find("alias set name"), std::string::npos) << e.message;

  std::string two = "aten::foo(Tensor(a)(b) x) -> Tensor";
  Diagnostic t = parseError(two);
  EXPECT_EQ(t.loc.col, colAt(two.find("(b)")));
}

TEST(SchemaDiagnosticTest, UnknownCharacter) {
  std::string text = "aten::foo(Tensor x, int $y) -> Tensor";
  Diagnostic d = parseError(text);
  EXPECT_EQ(d.loc.col, colAt(text.find('$')));
  EXPECT_NE(d.message.find("unexpected character '$'"), std::string::npos) << d.message;

  std::string binary = std::string("aten::foo(Tensor x) -> \x01");
  Diagnostic b = parseError(binary);
  EXPECT_EQ(b.loc.col, colAt(binary.size() - 1));
  EXPECT_NE(b.message.find("0x01"), std::string::npos) << b.message;
}

TEST(SchemaDiagnosticTest, UnterminatedStringDefault) {
  std::string text = "aten::foo(Tensor x, str r=\"mean) -> Tensor";
  Diagnostic d = parseError(text);
  EXPECT_EQ(d.loc.col, colAt(text.find('"')));
  EXPECT_NE(d.message.find("unterminated string"), std::string::npos) << d.message;
}

TEST(SchemaDiagnosticTest, EmptyInput) {
  Diagnostic d = parseError("");
  EXPECT_EQ(d.loc.col, colAt(0));
  EXPECT_NE(d.message.find("empty schema"), std::string::npos) << d.message;
  Diagnostic blank = parseError("   ");
  EXPECT_NE(blank.message.find("empty schema"), std::string::npos);
}

TEST(SchemaDiagnosticTest, MoreMalformedSchemas) {
  struct Case {
    std::string text;
    size_t offset;
  };
  std::vector<Case> cases = {
      {"foo(Tensor x) -> Tensor", 3},                  // no namespace
      {"aten::foo.(Tensor x) -> Tensor", 10},          // empty overload name
      {"aten::foo(Tensor) -> Tensor", 16},             // argument without a name
      {"aten::foo(Tensor x,) -> Tensor", 19},          // trailing comma
      {"aten::foo(Tensor x) -> (Tensor", 30},          // unclosed returns
      {"aten::foo(Tensor x) -> Tensor y z", 32},       // junk after the schema
      {"aten::foo(int[2 x) -> Tensor", 16},            // unclosed list type
      {"aten::foo(..., Tensor x) -> Tensor", 13},      // `...` not last
      {"aten::foo(*, *, Tensor x) -> Tensor", 13},     // two `*`
      {"aten::foo(Tensor x=) -> Tensor", 19},          // missing default
      {"aten::foo(int[] x=[1, 2) -> Tensor", 23},      // unclosed list default
      {"aten::foo(Dict(str, Tensor(a)) x) -> ()", 26}, // alias inside parameters
  };
  for (const Case& c : cases) {
    Diagnostic d = parseError(c.text);
    EXPECT_EQ(d.loc.col, colAt(c.offset)) << c.text << ": " << d.message;
  }
}

TEST(SchemaDiagnosticTest, DeepNestingFailsCleanly) {
  std::string deep = "aten::foo(" + std::string(10000, '(') + ") -> ()";
  Diagnostic d = parseError(deep);
  EXPECT_NE(d.message.find("nested too deeply"), std::string::npos) << d.message;
  std::string deepDefault = "aten::foo(int[] x=" + std::string(10000, '[') + ") -> ()";
  Diagnostic e = parseError(deepDefault);
  EXPECT_NE(e.message.find("nested too deeply"), std::string::npos) << e.message;
}

TEST(SchemaDiagnosticTest, ColumnWithoutBufferStartsAtOne) {
  DiagnosticEngine diag;
  EXPECT_TRUE(failed(parseSchema("aten::foo(Tensor x) Tensor", Location{}, diag)));
  ASSERT_EQ(diag.numErrors(), 1u);
  EXPECT_EQ(diag.diagnostics()[0].loc.col, 21u);
}

TEST(FunctionSchemaParserTest, VeryLongSchema) {
  // A schema with 200,000 arguments parses completely. (How fast is measured
  // by bench/micro's BM_ParseLongSchema, not asserted: unit tests do not time.)
  std::string text = "ns::big(";
  for (int i = 0; i < 200000; ++i)
    text += "Tensor(a" + std::to_string(i) + "!) x" + std::to_string(i) + "=None, ";
  text += "int last=0) -> ()";
  FunctionSchema s = parseOk(text);
  ASSERT_EQ(s.arguments.size(), 200001u);
  EXPECT_EQ(s.arguments[199999].name, "x199999");
  EXPECT_EQ(s.arguments[200000].name, "last");
}
