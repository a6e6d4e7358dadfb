// The one input check every reader runs (checkTextInput), checked arithmetic
// on sizes, and constant-time child lookup.
#include "piecewise/ir/Module.h"
#include "piecewise/ir/TensorMeta.h"
#include "piecewise/support/CheckedInt.h"
#include "piecewise/support/SourceBuffer.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <optional>
#include <string>

using namespace piecewise;

namespace {

/// "line:col: message" of the problem in `text`, or "" when it is fine.
std::string problemIn(const std::string& text, bool strict = true) {
  SourceBuffer buffer("in", text);
  TextInputRules rules;
  rules.expected = "a graph";
  rules.kind = "graph text";
  rules.strictText = strict;
  std::optional<TextInputProblem> p = checkTextInput(buffer, rules);
  if (!p)
    return "";
  return std::to_string(p->loc.line) + ":" + std::to_string(p->loc.col) + ": " + p->message;
}

} // namespace

TEST(InputCheckTest, EmptyAndBinary) {
  EXPECT_EQ(problemIn(""), "1:1: input is empty: expected a graph");
  EXPECT_EQ(problemIn(" \n\t\r\n"), "1:1: input is empty: expected a graph");
  EXPECT_EQ(problemIn(std::string("ab\ncd\0e", 7)),
            "2:3: input contains a NUL byte; this looks like a binary file, not graph text");
}

TEST(InputCheckTest, Utf8) {
  EXPECT_EQ(problemIn("x = 'caf\xc3\xa9 \xe2\x80\x94 \xf0\x9f\x98\x80'\n"), "");
  EXPECT_EQ(problemIn("abc\xff"), "1:4: input is not valid UTF-8 (byte 0xff)");
  EXPECT_EQ(problemIn("\xc0\xaf"), "1:1: input is not valid UTF-8 (byte 0xc0)");         // overlong
  EXPECT_EQ(problemIn("\xe0\x80\xaf"), "1:1: input is not valid UTF-8 (byte 0xe0)");     // overlong
  EXPECT_EQ(problemIn("\xed\xa0\x80"), "1:1: input is not valid UTF-8 (byte 0xed)");     // surrogate
  EXPECT_EQ(problemIn("\xf4\x90\x80\x80"), "1:1: input is not valid UTF-8 (byte 0xf4)"); // > U+10FFFF
  EXPECT_EQ(problemIn("ok \xe2\x80"), "1:4: input is not valid UTF-8 (byte 0xe2)");      // truncated
  EXPECT_EQ(problemIn("\x80"), "1:1: input is not valid UTF-8 (byte 0x80)");
  // Past the eight-byte fast path, at every alignment.
  for (size_t pad = 0; pad < 17; ++pad) {
    std::string text = std::string(pad, 'a') + "\xfe" + std::string(9, 'b');
    EXPECT_EQ(problemIn(text), "1:" + std::to_string(pad + 1) + ": input is not valid UTF-8 (byte 0xfe)");
  }
  EXPECT_EQ(problemIn("abc\xff", /*strict=*/false), "");
}

TEST(InputCheckTest, LoneCarriageReturn) {
  EXPECT_EQ(problemIn("a\r\nb\r\n"), "");
  for (size_t pad = 0; pad < 17; ++pad) {
    std::string text = "x\n" + std::string(pad, ' ') + "\"f32[4]\r[1]\"\n";
    std::string p = problemIn(text);
    EXPECT_EQ(p.substr(0, p.find(':', 2)), "2:" + std::to_string(pad + 8)) << p;
    EXPECT_NE(p.find("carriage return not followed by a line feed"), std::string::npos);
  }
  EXPECT_NE(problemIn("end\r").find("1:4: carriage return"), std::string::npos);
}

TEST(CheckedIntTest, OverflowIsSeen) {
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  EXPECT_EQ(checkedMul(3, 4), 12);
  EXPECT_EQ(checkedMul(int64_t(1) << 62, 2), std::nullopt);
  EXPECT_EQ(checkedAdd(kMax, 1), std::nullopt);
  ByteTotal t;
  for (int i = 0; i < 4; ++i)
    t += kMax;
  EXPECT_EQ(t.clamped(), kMax);
  t -= kMax;
  t -= kMax;
  t -= kMax;
  EXPECT_EQ(t.clamped(), kMax);
  t -= kMax;
  EXPECT_EQ(t.clamped(), 0);
}

TEST(TensorMetaTest, ConcreteBytesNeverOverflows) {
  TensorMeta t;
  t.dtype = DType::Float32;
  t.sizes = {SymExpr::constant(4611686018427387905)};
  EXPECT_EQ(t.concreteNumel(), 4611686018427387905);
  EXPECT_EQ(t.concreteBytes(), std::nullopt); // 4 * that does not fit
  t.sizes = {SymExpr::constant(1), SymExpr::constant(-1)};
  EXPECT_EQ(t.concreteBytes(), std::nullopt);
  t.sizes = {SymExpr::constant(1024), SymExpr::constant(1024)};
  EXPECT_EQ(t.concreteBytes(), 4 << 20);
  t.sizes = {SymExpr::constant(int64_t(1) << 40), SymExpr::constant(int64_t(1) << 40)};
  EXPECT_EQ(t.concreteNumel(), std::nullopt);
}

TEST(ModuleTest, ChildLookupByName) {
  Module m("GraphModule");
  for (int i = 0; i < 1000; ++i)
    m.addChild("submod_" + std::to_string(i));
  Module& first = *m.children()[7].module;
  m.addChild("submod_7"); // a duplicate: lookup keeps the first
  EXPECT_EQ(m.child("submod_7"), &first);
  EXPECT_EQ(m.child("submod_999"), m.children()[999].module.get());
  EXPECT_EQ(m.child("submod_1000"), nullptr);
  auto child = std::make_unique<Module>("inner", m.graph().sharedStrings());
  Module* raw = child.get();
  m.adoptChild("inner", std::move(child));
  EXPECT_EQ(m.child("inner"), raw);
}
