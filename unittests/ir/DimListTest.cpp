// DimList behaves as a value although copies share one block: a change to one
// copy (push_back, assignment) is never seen through another, and equality is
// by elements, not by block.

#include "piecewise/ir/DimList.h"
#include "piecewise/ir/TensorMeta.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

using namespace piecewise;

namespace {

SymExpr c(int64_t v) {
  return SymExpr::constant(v);
}

TEST(DimListTest, EmptyHoldsNothing) {
  DimList d;
  EXPECT_TRUE(d.empty());
  EXPECT_EQ(d.size(), 0u);
  EXPECT_EQ(d.begin(), d.end());
  EXPECT_EQ(d, DimList{});
  EXPECT_NE(d, (DimList{c(1)}));
}

TEST(DimListTest, CopiesShareUntilOneIsChanged) {
  DimList a{c(16), c(64)};
  DimList b = a;
  EXPECT_TRUE(a.sharesWith(b));
  b.push_back(c(2));
  EXPECT_FALSE(a.sharesWith(b));
  EXPECT_EQ(a.vec(), (std::vector<SymExpr>{c(16), c(64)}));
  EXPECT_EQ(b.vec(), (std::vector<SymExpr>{c(16), c(64), c(2)}));
  // Appending to a list that owns its block keeps earlier copies unchanged too.
  DimList d = b;
  b.push_back(c(3));
  EXPECT_EQ(d.size(), 3u);
  EXPECT_EQ(b.size(), 4u);
  EXPECT_EQ(b.back(), c(3));
}

TEST(DimListTest, GrowsPastItsFirstBlock) {
  DimList d;
  std::vector<SymExpr> want;
  for (int64_t i = 0; i < 100; ++i) {
    d.push_back(c(i));
    want.push_back(c(i));
  }
  EXPECT_EQ(d.vec(), want);
  EXPECT_EQ(d, DimList(want));
}

TEST(DimListTest, EqualityIsByElements) {
  DimList a{c(4), c(int64_t(1) << 62)};
  DimList b{c(4), c(int64_t(1) << 62)};
  EXPECT_FALSE(a.sharesWith(b));
  EXPECT_EQ(a, b);
  EXPECT_NE(a, (DimList{c(4), c(5)}));
  EXPECT_NE(a, (DimList{c(4)}));
}

TEST(DimListTest, MovedFromIsEmptyAndAssignmentReplaces) {
  DimList a{c(1), c(2)};
  DimList b = std::move(a);
  EXPECT_EQ(b.size(), 2u);
  DimList keep = b;
  b = DimList{c(7)};
  EXPECT_EQ(b.vec(), (std::vector<SymExpr>{c(7)}));
  EXPECT_EQ(keep.vec(), (std::vector<SymExpr>{c(1), c(2)}));
  b = keep;
  EXPECT_TRUE(b.sharesWith(keep));
  DimList& same = b;
  b = same; // self-assignment keeps the list
  EXPECT_EQ(b, keep);
}

TEST(DimListTest, TensorMetaCopiesAreIndependentValues) {
  TensorMeta t;
  t.sizes = {c(16), c(64)};
  t.strides = {c(64), c(1)};
  t.hasStrides = true;
  TensorMeta u = t;
  EXPECT_EQ(t, u);
  u.sizes.push_back(c(1));
  EXPECT_NE(t, u);
  EXPECT_EQ(t.sizes.size(), 2u);
  EXPECT_EQ(t.concreteNumel(), 1024);
}

} // namespace
