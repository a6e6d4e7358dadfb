#include "PyLexer.h"

#include "PythonLiteral.h"

namespace piecewise::text {

namespace {
bool isIdentStart(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
bool isDigit(char c) {
  return c >= '0' && c <= '9';
}
bool isIdentChar(char c) {
  return isIdentStart(c) || isDigit(c);
}
} // namespace

Token PyLexer::lex() {
  while (true) {
    while (cur_ < end_ &&
           (*cur_ == ' ' || *cur_ == '\t' || *cur_ == '\r' || (multiline_ && *cur_ == '\n')))
      ++cur_;
    if (!multiline_ || cur_ >= end_ || *cur_ != '#')
      break;
    while (cur_ < end_ && *cur_ != '\n')
      ++cur_;
  }
  if (cur_ >= end_ || *cur_ == '#')
    return Token{Tok::End, cur_, cur_};
  const char* b = cur_;
  char c = *cur_;
  if (isIdentStart(c)) {
    while (cur_ < end_ && isIdentChar(*cur_))
      ++cur_;
    return make(Tok::Name, b);
  }
  if (isDigit(c) || (c == '.' && cur_ + 1 < end_ && isDigit(cur_[1]))) {
    bool isFloat = false;
    if (c == '0' && cur_ + 1 < end_ && (cur_[1] == 'x' || cur_[1] == 'X')) {
      cur_ += 2;
      while (cur_ < end_ && (isDigit(*cur_) || (*cur_ >= 'a' && *cur_ <= 'f') ||
                             (*cur_ >= 'A' && *cur_ <= 'F') || *cur_ == '_'))
        ++cur_;
      return make(Tok::Int, b);
    }
    while (cur_ < end_ && (isDigit(*cur_) || *cur_ == '_'))
      ++cur_;
    if (cur_ < end_ && *cur_ == '.') {
      isFloat = true;
      ++cur_;
      while (cur_ < end_ && isDigit(*cur_))
        ++cur_;
    }
    if (cur_ < end_ && (*cur_ == 'e' || *cur_ == 'E')) {
      const char* save = cur_;
      ++cur_;
      if (cur_ < end_ && (*cur_ == '+' || *cur_ == '-'))
        ++cur_;
      if (cur_ < end_ && isDigit(*cur_)) {
        isFloat = true;
        while (cur_ < end_ && isDigit(*cur_))
          ++cur_;
      } else {
        cur_ = save;
      }
    }
    if (cur_ < end_ && (*cur_ == 'j' || *cur_ == 'J') &&
        !(cur_ + 1 < end_ && isIdentChar(cur_[1]))) {
      ++cur_;
      return make(Tok::Imag, b);
    }
    if (cur_ < end_ && isIdentStart(*cur_))
      return fail(cur_, "invalid number literal");
    return make(isFloat ? Tok::Float : Tok::Int, b);
  }
  if (c == '\'' || c == '"') {
    ++cur_;
    while (cur_ < end_ && *cur_ != c) {
      if (*cur_ == '\\' && cur_ + 1 < end_)
        ++cur_;
      ++cur_;
    }
    if (cur_ >= end_) {
      cur_ = end_;
      return fail(b, "unterminated string literal");
    }
    ++cur_;
    return make(Tok::String, b);
  }
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

bool PyLexer::decodeString(std::string_view lit, std::string& out, size_t& errorAt,
                           const char*& error) {
  return scanPythonString(lit, 0, out, errorAt, error) == lit.size();
}

} // namespace piecewise::text
