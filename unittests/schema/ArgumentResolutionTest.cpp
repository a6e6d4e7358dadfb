//===- ArgumentResolutionTest.cpp - Positional, keyword, default ----------===//

#include "piecewise/schema/ArgumentResolution.h"
#include "piecewise/schema/OpRegistry.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace piecewise;

namespace {

class ArgumentResolutionTest : public ::testing::Test {
protected:
  void SetUp() override {
    registry_ = OpRegistry::withBuiltinAten();
    slice_ = registry_.lookup("aten::slice.Tensor");
    ASSERT_NE(slice_, nullptr);
    x_ = graph_.createNode(OpKind::Placeholder, "x", graph_.intern("x"), {}, {});
  }

  Node* call(std::vector<Argument> args, std::vector<KwArg> kwargs) {
    return graph_.createNode(OpKind::CallFunction, "slice", graph_.intern("aten::slice.Tensor"),
                             std::move(args), std::move(kwargs));
  }

  OpRegistry registry_;
  const FunctionSchema* slice_ = nullptr;
  Graph graph_{nullptr};
  Node* x_ = nullptr;
};

} // namespace

TEST_F(ArgumentResolutionTest, PositionalKeywordAndDefault) {
  // slice(x, 1, end=8)
  Node* n = call({Argument::node(x_), Argument::integer(1)},
                 {KwArg{graph_.intern("end"), Argument::integer(8)}});
  std::optional<Argument> self = resolveArgument(*n, *slice_, "self", graph_);
  ASSERT_TRUE(self);
  EXPECT_TRUE(self->isNode());
  EXPECT_EQ(self->getNode(), x_);

  std::optional<Argument> dim = resolveArgument(*n, *slice_, "dim", graph_); // positional
  ASSERT_TRUE(dim);
  EXPECT_EQ(*dim, Argument::integer(1));
  std::optional<Argument> end = resolveArgument(*n, *slice_, "end", graph_); // keyword
  ASSERT_TRUE(end);
  EXPECT_EQ(*end, Argument::integer(8));
  std::optional<Argument> start = resolveArgument(*n, *slice_, "start", graph_); // default None
  ASSERT_TRUE(start);
  EXPECT_TRUE(start->isNone());
  std::optional<Argument> step = resolveArgument(*n, *slice_, 4, graph_); // default 1, by index
  ASSERT_TRUE(step);
  EXPECT_EQ(*step, Argument::integer(1));

  EXPECT_FALSE(resolveArgument(*n, *slice_, 5, graph_));
  EXPECT_FALSE(resolveArgument(*n, *slice_, "nope", graph_));
}

TEST_F(ArgumentResolutionTest, SameValueWhicheverWayItIsPassed) {
  Node* positional = call({Argument::node(x_), Argument::integer(2)}, {});
  Node* keyword = call({Argument::node(x_)}, {KwArg{graph_.intern("dim"), Argument::integer(2)}});
  Node* defaulted = call({Argument::node(x_)}, {});
  EXPECT_EQ(*resolveArgument(*positional, *slice_, "dim", graph_), Argument::integer(2));
  EXPECT_EQ(*resolveArgument(*keyword, *slice_, "dim", graph_), Argument::integer(2));
  EXPECT_EQ(*resolveArgument(*defaulted, *slice_, "dim", graph_), Argument::integer(0));
  // A required argument that is missing resolves to nothing.
  Node* empty = call({}, {});
  EXPECT_FALSE(resolveArgument(*empty, *slice_, "self", graph_));
}

TEST_F(ArgumentResolutionTest, KeywordOnlyArgumentsAreNeverPositional) {
  const FunctionSchema* add = registry_.lookup("aten::add.Tensor");
  ASSERT_NE(add, nullptr);
  ASSERT_TRUE(add->arguments[2].kwargOnly);
  // add(x, x, 5): a third positional value cannot be the keyword-only `alpha`.
  Node* n = graph_.createNode(OpKind::CallFunction, "add", graph_.intern("aten::add.Tensor"),
                              {Argument::node(x_), Argument::node(x_), Argument::integer(5)}, {});
  EXPECT_EQ(*resolveArgument(*n, *add, "alpha", graph_), Argument::integer(1));
  Node* k = graph_.createNode(OpKind::CallFunction, "add", graph_.intern("aten::add.Tensor"),
                              {Argument::node(x_), Argument::node(x_)},
                              {KwArg{graph_.intern("alpha"), Argument::integer(3)}});
  EXPECT_EQ(*resolveArgument(*k, *add, "alpha", graph_), Argument::integer(3));
}

TEST_F(ArgumentResolutionTest, ParseDefaultValue) {
  Graph& g = graph_;
  EXPECT_TRUE(parseDefaultValue("None", g)->isNone());
  EXPECT_EQ(*parseDefaultValue("0", g), Argument::integer(0));
  EXPECT_EQ(*parseDefaultValue("-1", g), Argument::integer(-1));
  EXPECT_EQ(*parseDefaultValue("True", g), Argument::boolean(true));
  EXPECT_EQ(*parseDefaultValue("False", g), Argument::boolean(false));
  EXPECT_EQ(*parseDefaultValue("1e-05", g), Argument::real(1e-05));
  EXPECT_EQ(*parseDefaultValue("0.", g), Argument::real(0.0));
  EXPECT_EQ(*parseDefaultValue("0.33333333333333331", g), Argument::real(0.33333333333333331));
  std::optional<Argument> ninf = parseDefaultValue("-inf", g);
  ASSERT_TRUE(ninf);
  ASSERT_EQ(ninf->kind(), Argument::Kind::Double);
  EXPECT_TRUE(std::isinf(ninf->getDouble()) && ninf->getDouble() < 0);
  EXPECT_EQ(*parseDefaultValue("[]", g), Argument::list({}));
  EXPECT_EQ(*parseDefaultValue("[0, 1]", g),
            Argument::list({Argument::integer(0), Argument::integer(1)}));
  EXPECT_EQ(*parseDefaultValue("[-2, -1]", g),
            Argument::list({Argument::integer(-2), Argument::integer(-1)}));
  EXPECT_EQ(*parseDefaultValue("\"mean\"", g), Argument::string(g.intern("mean")));
  EXPECT_EQ(*parseDefaultValue("'mean'", g), Argument::string(g.intern("mean")));
  EXPECT_EQ(*parseDefaultValue("\"\\\"\\'\\\\\"", g), Argument::string(g.intern("\"'\\")));
  EXPECT_EQ(*parseDefaultValue("\" \\n\\t\"", g), Argument::string(g.intern(" \n\t")));
  EXPECT_EQ(*parseDefaultValue("contiguous_format", g),
            Argument::memoryFormat(g.intern("contiguous_format")));
  EXPECT_EQ(*parseDefaultValue("strided", g), Argument::layout(g.intern("strided")));
  EXPECT_EQ(*parseDefaultValue("long", g), Argument::dtype(DType::Int64));
  EXPECT_EQ(*parseDefaultValue("Mean", g), Argument::integer(1));

  // Not representable, or not a value at all.
  EXPECT_FALSE(parseDefaultValue("", g));
  EXPECT_FALSE(parseDefaultValue("whatever", g));
  EXPECT_FALSE(parseDefaultValue("[1, 2", g));
  EXPECT_FALSE(parseDefaultValue("\"open", g));
  EXPECT_FALSE(parseDefaultValue("1 2", g));
  EXPECT_FALSE(parseDefaultValue("99999999999999999999999", g));
  EXPECT_FALSE(parseDefaultValue(std::string(100000, '['), g));
}

TEST_F(ArgumentResolutionTest, EveryBuiltinDefaultOfACommonOpResolves) {
  // Every default in a few much-used schemas is representable.
  for (const char* target :
       {"aten::slice.Tensor", "aten::nll_loss.default", "aten::empty.memory_format",
        "aten::native_layer_norm.default", "aten::_scaled_dot_product_flash_attention.default"}) {
    const FunctionSchema* s = registry_.lookup(target);
    ASSERT_NE(s, nullptr) << target;
    for (const SchemaArgument& a : s->arguments) {
      if (a.defaultValue) {
        EXPECT_TRUE(parseDefaultValue(*a.defaultValue, graph_))
            << target << " " << a.name << "=" << *a.defaultValue;
      }
    }
  }
}
