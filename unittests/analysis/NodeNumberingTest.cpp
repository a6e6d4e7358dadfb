#include "piecewise/analysis/NodeNumbering.h"

#include <gtest/gtest.h>

using namespace piecewise;

namespace {
Node* chain(Graph& g, int n) {
  Node* prev = g.createNode(OpKind::Placeholder, "x", g.intern("x"), {}, {});
  for (int i = 0; i < n; ++i)
    prev = g.createNode(OpKind::CallFunction, "relu", g.intern("aten::relu.default"),
                        {Argument::node(prev)}, {});
  return prev;
}
} // namespace

TEST(NodeNumberingTest, NumbersFollowGraphOrder) {
  Graph g(nullptr);
  chain(g, 40);
  Node* first = g.front();
  g.moveAfter(first->next(), g.back()); // order differs from creation order
  NodeNumbering num(g);
  ASSERT_EQ(num.size(), g.size());
  uint32_t i = 0;
  for (Node* n : g) {
    EXPECT_EQ(num.lookup(n), i);
    EXPECT_EQ(num.node(i), n);
    ++i;
  }
}

TEST(NodeNumberingTest, NodesOfOtherGraphsAreAbsent) {
  auto strings = std::make_shared<StringInterner>();
  Graph a(strings), b(strings);
  chain(a, 10);
  chain(b, 10);
  NodeNumbering na(a);
  NodeNumbering nb(b); // b's nodes carry the same numbers as a's
  for (Node* n : b)
    EXPECT_EQ(na.lookup(n), NodeNumbering::kAbsent);
  for (Node* n : a)
    EXPECT_EQ(nb.lookup(n), NodeNumbering::kAbsent);
  EXPECT_EQ(na.lookup(a.back()), 10u);
  EXPECT_EQ(nb.lookup(b.back()), 10u);
}

TEST(NodeNumberingTest, TwoNumberingsOfOneGraphAgree) {
  Graph g(nullptr);
  chain(g, 10);
  NodeNumbering first(g);
  NodeNumbering second(g);
  for (Node* n : g)
    EXPECT_EQ(first.lookup(n), second.lookup(n));
}

TEST(NodeNumberingTest, NewNodesAreAbsentFromAnOlderNumbering) {
  Graph g(nullptr);
  Node* last = chain(g, 5);
  NodeNumbering num(g);
  Node* extra = g.createNode(OpKind::CallFunction, "neg", g.intern("aten::neg.default"),
                             {Argument::node(last)}, {});
  EXPECT_EQ(num.lookup(extra), NodeNumbering::kAbsent);
  EXPECT_EQ(num.lookup(last), 5u);
}
