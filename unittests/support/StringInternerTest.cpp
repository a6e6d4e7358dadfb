#include "piecewise/support/StringInterner.h"
#include "piecewise/support/PointerMap.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

using namespace piecewise;

TEST(StringInternerTest, EqualStringsAreOneSymbol) {
  StringInterner s;
  Symbol a = s.intern("add");
  EXPECT_EQ(s.intern(std::string("add")), a);
  EXPECT_NE(s.intern("add_1"), a);
  EXPECT_EQ(a.str(), "add");
  EXPECT_EQ(a.size(), 3u);
  EXPECT_EQ(a.data()[3], '\0');
  EXPECT_EQ(s.lookup("add"), a);
  EXPECT_TRUE(s.lookup("missing").isNull());
  EXPECT_TRUE(s.intern("").empty());
  EXPECT_FALSE(s.intern("").isNull());
}

TEST(StringInternerTest, SurvivesGrowthAndLongStrings) {
  StringInterner s;
  std::vector<Symbol> syms;
  for (int i = 0; i < 100000; ++i)
    syms.push_back(s.intern("n" + std::to_string(i)));
  std::string big(1 << 20, 'x'); // larger than one storage block
  Symbol b = s.intern(big);
  EXPECT_EQ(b.str(), big);
  for (int i = 0; i < 100000; i += 997)
    EXPECT_EQ(s.intern("n" + std::to_string(i)), syms[static_cast<size_t>(i)]);
  EXPECT_EQ(s.size(), 100001u);
}

TEST(StringInternerTest, BindingWordIsPerStringAndAligned) {
  StringInterner s;
  Symbol a = s.intern("a");
  Symbol bc = s.intern("bc");
  EXPECT_EQ(a.binding(), nullptr);
  int x = 0, y = 0;
  a.setBinding(&x);
  bc.setBinding(&y);
  EXPECT_EQ(s.intern("a").binding(), &x);
  EXPECT_EQ(bc.binding(), &y);
  EXPECT_EQ(a.str(), "a"); // the word does not overlap the characters or length
  EXPECT_EQ(bc.str(), "bc");
  for (Symbol sym : {a, bc, s.intern("defg"), s.intern("hijklmnop")})
    EXPECT_EQ(reinterpret_cast<uintptr_t>(sym.data() - Symbol::kBindingOffset) % alignof(void*),
              0u);
}

TEST(PointerMapTest, InsertFindEraseKeepChainsIntact) {
  PointerMap<int> m;
  std::vector<int> keys(5000);
  for (size_t i = 0; i < keys.size(); ++i)
    EXPECT_TRUE(m.insert(&keys[i], static_cast<int>(i)));
  EXPECT_FALSE(m.insert(&keys[0], 7));
  EXPECT_EQ(m.size(), keys.size());
  // Erase every third key; the rest stay reachable (backward-shift deletion).
  for (size_t i = 0; i < keys.size(); i += 3)
    EXPECT_TRUE(m.erase(&keys[i]));
  EXPECT_FALSE(m.erase(&keys[0]));
  for (size_t i = 0; i < keys.size(); ++i) {
    const int* v = m.find(&keys[i]);
    if (i % 3 == 0) {
      EXPECT_EQ(v, nullptr);
    } else {
      ASSERT_NE(v, nullptr);
      EXPECT_EQ(*v, static_cast<int>(i));
    }
  }
}
