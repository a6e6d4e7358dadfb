//===- OpRegistryTest.cpp - The built-in table and user schema files ------===//

#include "piecewise/schema/OpRegistry.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <sstream>

using namespace piecewise;

namespace {

std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

const std::string kSourceDir = PIECEWISE_SOURCE_DIR;

} // namespace

TEST(OpRegistryTest, EveryBuiltinLineParsesAndIsCounted) {
  std::string text = readFile(kSourceDir + "/data/aten_schemas.txt");
  ASSERT_FALSE(text.empty());
  OpRegistry registry = OpRegistry::withBuiltinAten();
  std::istringstream lines(text);
  std::string line;
  size_t count = 0, lineNo = 0;
  bool sawHeader = false;
  while (std::getline(lines, line)) {
    ++lineNo;
    if (line.empty())
      continue;
    if (line[0] == '#') {
      sawHeader |= line.find("torch 2.13") != std::string::npos;
      continue;
    }
    ++count;
    DiagnosticEngine diag;
    FailureOr<FunctionSchema> s = parseSchema(line, Location{}, diag);
    ASSERT_TRUE(succeeded(s)) << "line " << lineNo << ": " << line << "\n" << diag.renderAll();
    // Printing reproduces torch's own str(schema) exactly.
    EXPECT_EQ(s->str(), line) << "line " << lineNo;
    // The embedded copy finds it under its name (`.default` for the overload-less one).
    std::string target = s->qualifiedName() + (s->overload.empty() ? ".default" : "");
    const FunctionSchema* found = registry.lookup(target);
    ASSERT_NE(found, nullptr) << target;
    EXPECT_EQ(found->str(), line);
  }
  EXPECT_TRUE(sawHeader) << "the table's header names the torch version";
  EXPECT_GT(count, 2000u);
  EXPECT_EQ(builtinAtenSchemaCount(), count);
  // The registry also knows piecewise's own ops (one a line).
  size_t own = 0;
  for (char c : piecewiseSchemas())
    own += c == '\n';
  EXPECT_EQ(registry.size(), count + own);
  EXPECT_NE(registry.lookup("piecewise::capture_copy.default"), nullptr);
}

TEST(OpRegistryTest, BuiltinRegistryResolvesOnDemand) {
  // (How cheap building it is, is measured by bench/micro's
  // BM_BuiltinRegistry, not asserted: unit tests do not time.)
  OpRegistry registry = OpRegistry::withBuiltinAten();
  const FunctionSchema* s = registry.lookup("aten::mm.default");
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->qualifiedName(), "aten::mm");
}

TEST(OpRegistryTest, Lookups) {
  OpRegistry registry = OpRegistry::withBuiltinAten();
  const FunctionSchema* slice = registry.lookup("aten::slice.Tensor");
  ASSERT_NE(slice, nullptr);
  EXPECT_EQ(slice->overload, "Tensor");
  EXPECT_EQ(slice->arguments.size(), 5u);

  const FunctionSchema* relu = registry.lookup("aten::relu.default");
  ASSERT_NE(relu, nullptr);
  EXPECT_EQ(relu->qualifiedName(), "aten::relu");
  EXPECT_TRUE(relu->overload.empty());
  EXPECT_EQ(relu->str(), "aten::relu(Tensor self) -> Tensor");

  // A packet resolves only when it is unambiguous. torch 2.13 has `relu` and
  // `relu.out`, so the packet `aten::relu` alone names no single schema.
  EXPECT_EQ(registry.overloads("aten::relu").size(), 2u);
  EXPECT_EQ(registry.lookup("aten::relu"), nullptr);
  std::vector<const FunctionSchema*> adds = registry.overloads("aten::add");
  EXPECT_GT(adds.size(), 1u);
  EXPECT_EQ(registry.lookup("aten::add"), nullptr);
  bool sawTensor = false;
  for (const FunctionSchema* s : adds) {
    EXPECT_EQ(s->name, "add");
    sawTensor |= s->overload == "Tensor";
  }
  EXPECT_TRUE(sawTensor);
  EXPECT_EQ(registry.overloads("aten::mm").size(), 4u); // mm, .dtype, .dtype_out, .out
  const FunctionSchema* wait = registry.lookup("_c10d_functional::wait_tensor");
  ASSERT_NE(wait, nullptr); // a single-overload packet
  EXPECT_EQ(wait, registry.lookup("_c10d_functional::wait_tensor.default"));

  EXPECT_EQ(registry.lookup("aten::no_such_op.default"), nullptr);
  EXPECT_EQ(registry.lookup("aten::slice.no_such_overload"), nullptr);
  EXPECT_EQ(registry.lookup("operator.getitem"), nullptr);
  EXPECT_EQ(registry.lookup("vllm::unified_attention_with_output"), nullptr);
  EXPECT_TRUE(registry.overloads("aten::no_such_op").empty());
  // Lookups hand out stable pointers.
  EXPECT_EQ(registry.lookup("aten::slice.Tensor"), slice);
  EXPECT_EQ(OpRegistry::withBuiltinAten().lookup("aten::slice.Tensor"), slice);
}

TEST(OpRegistryTest, ViewAndSplitAliasing) {
  OpRegistry registry = OpRegistry::withBuiltinAten();
  const FunctionSchema* view = registry.lookup("aten::view.default");
  ASSERT_NE(view, nullptr);
  ASSERT_EQ(view->returns.size(), 1u);
  EXPECT_EQ(view->returns[0].type, "Tensor");
  ASSERT_TRUE(view->returns[0].alias);
  EXPECT_EQ(view->returns[0].alias->beforeSets, std::vector<std::string>{"a"});
  EXPECT_EQ(view->arguments[0].alias->beforeSets, std::vector<std::string>{"a"});
  EXPECT_FALSE(view->isMutable());

  const FunctionSchema* split = registry.lookup("aten::split_with_sizes.default");
  ASSERT_NE(split, nullptr);
  ASSERT_EQ(split->returns.size(), 1u);
  EXPECT_EQ(split->returns[0].type, "Tensor[]");
  EXPECT_TRUE(split->returns[0].aliasOnElements);
  EXPECT_EQ(split->returns[0].alias->beforeSets, std::vector<std::string>{"a"});
  EXPECT_EQ(split->arguments[0].alias->afterSets, std::vector<std::string>{"*"});

  const FunctionSchema* addInplace = registry.lookup("aten::add_.Tensor");
  ASSERT_NE(addInplace, nullptr);
  EXPECT_TRUE(addInplace->isMutable());
  EXPECT_TRUE(addInplace->arguments[0].isWrite());
}

TEST(OpRegistryTest, VllmSchemaFile) {
  OpRegistry registry = OpRegistry::withBuiltinAten();
  size_t before = registry.size();
  DiagnosticEngine diag;
  ASSERT_TRUE(succeeded(registry.addFromFile(kSourceDir + "/data/custom_schemas/vllm.txt", diag)))
      << diag.renderAll();
  EXPECT_FALSE(diag.hasErrors());
  EXPECT_EQ(registry.size(), before + 12); // the file's 12 schema lines

  const FunctionSchema* attn = registry.lookup("vllm::unified_attention_with_output.default");
  ASSERT_NE(attn, nullptr);
  EXPECT_EQ(attn, registry.lookup("vllm::unified_attention_with_output"));
  std::optional<size_t> out = attn->argumentIndex("output");
  ASSERT_TRUE(out);
  EXPECT_TRUE(attn->arguments[*out].isWrite());
  EXPECT_EQ(attn->arguments[*out].alias->beforeSets, std::vector<std::string>{"a"});
  EXPECT_TRUE(attn->isMutable());
  EXPECT_TRUE(attn->returns.empty());
  for (size_t i = 0; i < attn->arguments.size(); ++i) {
    if (i != *out) {
      EXPECT_FALSE(attn->arguments[i].isWrite()) << attn->arguments[i].name;
    }
  }

  const FunctionSchema* fused = registry.lookup("_C::fused_add_rms_norm.default");
  ASSERT_NE(fused, nullptr);
  EXPECT_TRUE(fused->arguments[0].isWrite());
  EXPECT_TRUE(fused->arguments[1].isWrite());
  EXPECT_FALSE(fused->arguments[2].isWrite());
  const FunctionSchema* rope = registry.lookup("_C::rotary_embedding");
  ASSERT_NE(rope, nullptr);
  EXPECT_TRUE(rope->arguments[2].isWrite());
  EXPECT_TRUE(rope->arguments[2].isOptional());
  ASSERT_NE(registry.lookup("_C::rms_norm.default"), nullptr);
  ASSERT_NE(registry.lookup("_C::silu_and_mul.default"), nullptr);
  const FunctionSchema* plain = registry.lookup("vllm::unified_attention");
  ASSERT_NE(plain, nullptr);
  EXPECT_FALSE(plain->isMutable());

  // The built-in table is untouched by the file, and a fresh registry lacks it.
  EXPECT_NE(registry.lookup("aten::slice.Tensor"), nullptr);
  EXPECT_EQ(OpRegistry::withBuiltinAten().lookup("vllm::unified_attention"), nullptr);
}

TEST(OpRegistryTest, BufferCommentsBlankLinesAndErrors) {
  SourceBuffer buffer("my_ops.txt", "# my ops\n"
                                    "\n"
                                    "mylib::foo(Tensor(a!) x, str s=\"#x\") -> ()  # trailing\r\n"
                                    "   \n"
                                    "mylib::bar(Tensor x) Tensor\n"
                                    "mylib::baz.two(Tensor x) -> Tensor\n"
                                    "mylib::baz.one(Tensor x) -> Tensor\n");
  OpRegistry registry;
  DiagnosticEngine diag;
  EXPECT_TRUE(failed(registry.addFromBuffer(buffer, diag)));
  ASSERT_EQ(diag.numErrors(), 1u);
  const Diagnostic& d = diag.diagnostics()[0];
  EXPECT_EQ(d.loc.line, 5u);
  EXPECT_EQ(d.loc.col, 22u);
  std::string rendered = DiagnosticEngine::render(d);
  EXPECT_EQ(rendered.rfind("my_ops.txt:5:22: error: expected '->'", 0), 0u) << rendered;
  EXPECT_NE(rendered.find("mylib::bar(Tensor x) Tensor\n"), std::string::npos) << rendered;

  // The good lines were still added.
  EXPECT_EQ(registry.size(), 3u);
  const FunctionSchema* foo = registry.lookup("mylib::foo.default");
  ASSERT_NE(foo, nullptr);
  EXPECT_EQ(foo->arguments[1].defaultValue, "\"#x\"");
  EXPECT_EQ(registry.lookup("mylib::bar.default"), nullptr);
  EXPECT_EQ(registry.overloads("mylib::baz").size(), 2u);
  EXPECT_EQ(registry.lookup("mylib::baz"), nullptr);
  EXPECT_NE(registry.lookup("mylib::baz.one"), nullptr);
}

TEST(OpRegistryTest, AddReplacesAndShadowsBuiltins) {
  OpRegistry registry = OpRegistry::withBuiltinAten();
  size_t before = registry.size();
  DiagnosticEngine diag;
  FailureOr<FunctionSchema> mine =
      parseSchema("aten::relu(Tensor(a!) self) -> Tensor(a!)", Location{}, diag);
  ASSERT_TRUE(succeeded(mine));
  registry.add(*mine);
  EXPECT_EQ(registry.size(), before); // replaced, not added
  const FunctionSchema* relu = registry.lookup("aten::relu.default");
  ASSERT_NE(relu, nullptr);
  EXPECT_TRUE(relu->isMutable());
  std::vector<const FunctionSchema*> relus = registry.overloads("aten::relu");
  ASSERT_EQ(relus.size(), 2u);
  EXPECT_TRUE(relus[0] == relu || relus[1] == relu);

  FailureOr<FunctionSchema> v1 = parseSchema("x::f(Tensor a) -> Tensor", Location{}, diag);
  FailureOr<FunctionSchema> v2 = parseSchema("x::f(Tensor a, int b) -> Tensor", Location{}, diag);
  registry.add(*v1);
  EXPECT_EQ(registry.size(), before + 1);
  registry.add(*v2);
  EXPECT_EQ(registry.size(), before + 1);
  ASSERT_NE(registry.lookup("x::f"), nullptr);
  EXPECT_EQ(registry.lookup("x::f")->arguments.size(), 2u);
  EXPECT_EQ(registry.overloads("x::f").size(), 1u);
}

TEST(OpRegistryTest, MissingFile) {
  OpRegistry registry;
  DiagnosticEngine diag;
  EXPECT_TRUE(failed(registry.addFromFile(kSourceDir + "/data/no_such_file.txt", diag)));
  ASSERT_EQ(diag.numErrors(), 1u);
  std::string rendered = DiagnosticEngine::render(diag.diagnostics()[0]);
  EXPECT_NE(rendered.find("no_such_file.txt: error: cannot read schema file"), std::string::npos)
      << rendered;
  EXPECT_EQ(registry.size(), 0u);
}
