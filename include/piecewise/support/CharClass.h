//===- CharClass.h - The byte classes every lexer tests ---------*- C++ -*-===//
//
// The one definition of the ASCII character classes that the lexers and
// scanners of piecewise test (the code-form lexer, the graph-form reader, the
// annotation and number readers, the schema parser, the log reader, the output
// code scanner, SymExpr): Python identifier bytes, digits of each radix,
// letters, blanks. Each test is one load from a 256-entry table and a mask, so
// a lexer's hot loop costs the same as a hand-written comparison chain, and
// `char` being signed cannot misclassify a byte.
//
// Only ASCII bytes are in a class. A reader that lets UTF-8 into its names
// (Python source does; FX never prints such names) adds isNonAscii itself.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <array>
#include <cstdint>

namespace piecewise::ascii {

namespace detail {
enum : uint8_t {
  kLower = 1 << 0,      ///< a-z
  kUpper = 1 << 1,      ///< A-Z
  kUnderscore = 1 << 2, ///< _
  kDigit = 1 << 3,      ///< 0-9
  kHexLetter = 1 << 4,  ///< a-f A-F
  kBlank = 1 << 5,      ///< space, tab
  kCR = 1 << 6,         ///< carriage return
  kNewline = 1 << 7,    ///< line feed
};
inline constexpr std::array<uint8_t, 256> kTable = [] {
  std::array<uint8_t, 256> t{};
  for (int c = 'a'; c <= 'z'; ++c)
    t[static_cast<unsigned>(c)] |= kLower;
  for (int c = 'A'; c <= 'Z'; ++c)
    t[static_cast<unsigned>(c)] |= kUpper;
  for (int c = '0'; c <= '9'; ++c)
    t[static_cast<unsigned>(c)] |= kDigit;
  for (int c = 'a'; c <= 'f'; ++c)
    t[static_cast<unsigned>(c)] |= kHexLetter;
  for (int c = 'A'; c <= 'F'; ++c)
    t[static_cast<unsigned>(c)] |= kHexLetter;
  t['_'] |= kUnderscore;
  t[' '] |= kBlank;
  t['\t'] |= kBlank;
  t['\r'] |= kCR;
  t['\n'] |= kNewline;
  return t;
}();
constexpr bool in(char c, uint8_t classes) {
  return (kTable[static_cast<unsigned char>(c)] & classes) != 0;
}
} // namespace detail

/// `a`-`z`.
constexpr bool isLower(char c) {
  return detail::in(c, detail::kLower);
}
/// `A`-`Z`.
constexpr bool isUpper(char c) {
  return detail::in(c, detail::kUpper);
}
/// An ASCII letter.
constexpr bool isAlpha(char c) {
  return detail::in(c, detail::kLower | detail::kUpper);
}
/// `0`-`9`.
constexpr bool isDigit(char c) {
  return detail::in(c, detail::kDigit);
}
/// An ASCII letter or digit.
constexpr bool isAlnum(char c) {
  return detail::in(c, detail::kLower | detail::kUpper | detail::kDigit);
}
/// `0`-`7`.
constexpr bool isOctDigit(char c) {
  return c >= '0' && c <= '7';
}
/// `0`-`9`, `a`-`f`, `A`-`F`.
constexpr bool isHexDigit(char c) {
  return detail::in(c, detail::kDigit | detail::kHexLetter);
}
/// The value of a hex digit, or -1.
constexpr int hexDigitValue(char c) {
  if (isDigit(c))
    return c - '0';
  if (!detail::in(c, detail::kHexLetter))
    return -1;
  return (c | 0x20) - 'a' + 10;
}
/// The first byte of an ASCII Python identifier: a letter or `_`.
constexpr bool isIdentStart(char c) {
  return detail::in(c, detail::kLower | detail::kUpper | detail::kUnderscore);
}
/// A byte of an ASCII Python identifier: a letter, a digit or `_`.
constexpr bool isIdentChar(char c) {
  return detail::in(c, detail::kLower | detail::kUpper | detail::kUnderscore | detail::kDigit);
}
/// A blank inside a line: space or tab.
constexpr bool isBlank(char c) {
  return detail::in(c, detail::kBlank);
}
/// A blank or a carriage return: what a lexer skips between tokens of a line
/// whose CRLF end left its CR behind.
constexpr bool isBlankOrCR(char c) {
  return detail::in(c, detail::kBlank | detail::kCR);
}
/// Space, tab, CR or LF.
constexpr bool isSpace(char c) {
  return detail::in(c, detail::kBlank | detail::kCR | detail::kNewline);
}
/// A byte of a multi-byte UTF-8 sequence (>= 0x80).
constexpr bool isNonAscii(char c) {
  return static_cast<unsigned char>(c) >= 0x80;
}

} // namespace piecewise::ascii
