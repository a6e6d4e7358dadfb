#include "piecewise/ir/Graph.h"

#include <gtest/gtest.h>

using namespace piecewise;

TEST(GraphTest, Smoke) {
  Graph g(nullptr);
  Node* x = g.createNode(OpKind::Placeholder, "x", g.intern("x"), {}, {});
  EXPECT_EQ(g.size(), 1u);
  EXPECT_EQ(x->name().str(), "x");
}
