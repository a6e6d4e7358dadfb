//===- CharClassTest.cpp - The lexers' byte classes against <cctype> ------===//
//
// Every class of support/CharClass.h, for all 256 byte values, against the C
// library's classification in the "C" locale (which no one here wrote), and
// the lexers' own definitions where the C library has none (identifier
// bytes, blanks with CR).
//
//===----------------------------------------------------------------------===//

#include "piecewise/support/CharClass.h"

#include <gtest/gtest.h>

#include <cctype>
#include <clocale>
#include <cstdlib>

using namespace piecewise;

namespace {

struct CLocale {
  CLocale() { std::setlocale(LC_CTYPE, "C"); }
};

} // namespace

TEST(CharClass, AgreesWithTheCLibraryOnEveryByte) {
  CLocale c;
  for (int b = 0; b < 256; ++b) {
    char ch = static_cast<char>(b);
    SCOPED_TRACE(b);
    EXPECT_EQ(ascii::isLower(ch), std::islower(b) != 0);
    EXPECT_EQ(ascii::isUpper(ch), std::isupper(b) != 0);
    EXPECT_EQ(ascii::isAlpha(ch), std::isalpha(b) != 0);
    EXPECT_EQ(ascii::isDigit(ch), std::isdigit(b) != 0);
    EXPECT_EQ(ascii::isAlnum(ch), std::isalnum(b) != 0);
    EXPECT_EQ(ascii::isHexDigit(ch), std::isxdigit(b) != 0);
    EXPECT_EQ(ascii::isBlank(ch), std::isblank(b) != 0);
    // Python's identifier bytes (ASCII): letters, digits, `_`; a digit does not start one.
    EXPECT_EQ(ascii::isIdentChar(ch), std::isalnum(b) != 0 || b == '_');
    EXPECT_EQ(ascii::isIdentStart(ch), std::isalpha(b) != 0 || b == '_');
    // What the lexers skip: blanks, and CR (the rest of a CRLF) within a line, LF across lines.
    EXPECT_EQ(ascii::isBlankOrCR(ch), std::isblank(b) != 0 || b == '\r');
    EXPECT_EQ(ascii::isSpace(ch), std::isspace(b) != 0 && b != '\f' && b != '\v');
    EXPECT_EQ(ascii::isNonAscii(ch), b >= 0x80);
  }
}

TEST(CharClass, HexDigitValueIsWhatStrtolReads) {
  for (int b = 0; b < 256; ++b) {
    char text[2] = {static_cast<char>(b), '\0'};
    char* end = nullptr;
    long v = std::strtol(text, &end, 16);
    bool isDigit = end == text + 1; // one hex digit read
    SCOPED_TRACE(b);
    EXPECT_EQ(ascii::hexDigitValue(static_cast<char>(b)), isDigit ? v : -1);
  }
}

TEST(CharClass, IsUsableInConstantExpressions) {
  static_assert(ascii::isIdentStart('_') && !ascii::isIdentStart('7'));
  static_assert(ascii::hexDigitValue('F') == 15 && ascii::hexDigitValue('g') == -1);
  static_assert(!ascii::isDigit(static_cast<char>(0xb2))); // '²' in Latin-1: no digit
}
