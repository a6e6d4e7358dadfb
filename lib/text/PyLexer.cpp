//===- PyLexer.cpp - Tokens of one line of FX Python code -----------------===//
//
// The code form's lexer: names, numbers, strings, brackets and operators of one statement
// (PyLexer.h).
//
//===----------------------------------------------------------------------===//

#include "PyLexer.h"

#include "Literal.h"
#include "piecewise/ir/PythonNames.h"
#include "piecewise/support/CharClass.h"

namespace piecewise::text {

using ascii::isDigit;
using ascii::isIdentChar;
using ascii::isIdentStart;

size_t PyLexer::skipDotNames(const char*& lastEnd, bool (*isKeyword)(std::string_view)) {
  if (hasPeeked_)
    return 0;
  size_t parts = 0;
  const char* p = cur_;
  const char* const e = end_;
  while (e - p >= 2 && p[0] == '.' && isIdentStart(p[1])) {
    const char* b = p + 1;
    const char* q = b + 1;
    while (q < e && isIdentChar(*q))
      ++q;
    std::string_view name(b, static_cast<size_t>(q - b));
    if ((q < e && (*q == '\'' || *q == '"') && name.size() <= 2 && isPythonStringPrefix(name)) ||
        isKeyword(name))
      break;
    p = q;
    lastEnd = q;
    ++parts;
  }
  cur_ = p;
  return parts;
}

Token PyLexer::lex() {
  // The two hot loops (blanks, then a name's characters) run on a local
  // pointer, stored back once: through `this` the compiler re-reads and
  // re-stores the members at every byte.
  const char* p = cur_;
  const char* const e = end_;
  if (!multiline_) {
    while (p < e && ascii::isBlankOrCR(*p))
      ++p;
  } else {
    while (true) {
      while (p < e && ascii::isSpace(*p))
        ++p;
      if (p >= e || *p != '#')
        break;
      while (p < e && *p != '\n')
        ++p;
    }
  }
  cur_ = p;
  if (p >= e || *p == '#')
    return Token{Tok::End, p, p};
  const char* b = p;
  char c = *p;
  if (isIdentStart(c)) {
    while (p < e && isIdentChar(*p))
      ++p;
    cur_ = p;
    // A prefixed string literal: `r'\d'`, `b'x'` (the literal layer decides
    // which prefixes are values).
    if (cur_ < end_ && (*cur_ == '\'' || *cur_ == '"') && cur_ - b <= 2 &&
        isPythonStringPrefix(std::string_view(b, static_cast<size_t>(cur_ - b))))
      return lexString(b);
    return make(Tok::Name, b);
  }
  if (isDigit(c) || (c == '.' && cur_ + 1 < end_ && isDigit(cur_[1]))) {
    NumberToken n = scanNumber(cur_, end_);
    if (n.error) {
      cur_ += n.length;
      return fail(b + n.errorAt, n.error);
    }
    cur_ += n.length;
    return make(n.isImag ? Tok::Imag : n.isFloat ? Tok::Float : Tok::Int, b);
  }
  if (c == '\'' || c == '"')
    return lexString(b);
  ++cur_;
  auto two = [&](char second) {
    if (cur_ < end_ && *cur_ == second) {
      ++cur_;
      return true;
    }
    return false;
  };
  switch (c) {
  case '(':
    return make(Tok::LParen, b);
  case ')':
    return make(Tok::RParen, b);
  case '[':
    return make(Tok::LBracket, b);
  case ']':
    return make(Tok::RBracket, b);
  case '{':
    return make(Tok::LBrace, b);
  case '}':
    return make(Tok::RBrace, b);
  case ',':
    return make(Tok::Comma, b);
  case ':':
    return make(Tok::Colon, b);
  case ';':
    return make(Tok::Semi, b);
  case '.':
    if (cur_ + 1 < end_ && cur_[0] == '.' && cur_[1] == '.') {
      cur_ += 2;
      return make(Tok::Ellipsis, b);
    }
    return make(Tok::Dot, b);
  case '=':
    if (two('='))
      return make(Tok::Operator, b);
    return make(Tok::Assign, b);
  case '-':
    if (two('>'))
      return make(Tok::Arrow, b);
    return make(Tok::Operator, b);
  case '*':
    two('*');
    return make(Tok::Operator, b);
  case '/':
    two('/');
    return make(Tok::Operator, b);
  case '<':
    if (!two('<'))
      two('=');
    return make(Tok::Operator, b);
  case '>':
    if (!two('>'))
      two('=');
    return make(Tok::Operator, b);
  case '!':
    if (two('='))
      return make(Tok::Operator, b);
    return fail(b, "unexpected character '!'");
  case '+':
  case '%':
  case '@':
  case '&':
  case '|':
  case '^':
  case '~':
    return make(Tok::Operator, b);
  default:
    break;
  }
  cur_ = b;
  return fail(b, "unexpected character");
}

Token PyLexer::lexString(const char* b) {
  size_t n = skipPythonString(std::string_view(b, static_cast<size_t>(end_ - b)), 0);
  if (n == std::string_view::npos) {
    cur_ = end_;
    return fail(b, "unterminated string literal");
  }
  cur_ = b + n;
  return make(Tok::String, b);
}

bool PyLexer::decodeString(std::string_view lit, std::string& out, size_t& errorAt,
                           const char*& error, bool* isBytes) {
  return scanPythonString(lit, 0, out, errorAt, error, isBytes) == lit.size();
}

} // namespace piecewise::text
