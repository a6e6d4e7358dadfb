#include "PyLexer.h"

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
  while (cur_ < end_ && (*cur_ == ' ' || *cur_ == '\t' || *cur_ == '\r'))
    ++cur_;
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

bool PyLexer::decodeString(std::string_view lit, std::string& out) {
  out.clear();
  if (lit.size() < 2)
    return false;
  std::string_view body = lit.substr(1, lit.size() - 2);
  for (size_t i = 0; i < body.size(); ++i) {
    char c = body[i];
    if (c != '\\') {
      out.push_back(c);
      continue;
    }
    if (++i >= body.size())
      return false;
    switch (body[i]) {
    case 'n':
      out.push_back('\n');
      break;
    case 't':
      out.push_back('\t');
      break;
    case 'r':
      out.push_back('\r');
      break;
    case '0':
      out.push_back('\0');
      break;
    case '\\':
    case '\'':
    case '"':
      out.push_back(body[i]);
      break;
    case 'x': {
      if (i + 2 >= body.size())
        return false;
      auto hex = [](char h) -> int {
        if (h >= '0' && h <= '9')
          return h - '0';
        if (h >= 'a' && h <= 'f')
          return h - 'a' + 10;
        if (h >= 'A' && h <= 'F')
          return h - 'A' + 10;
        return -1;
      };
      int hi = hex(body[i + 1]), lo = hex(body[i + 2]);
      if (hi < 0 || lo < 0)
        return false;
      out.push_back(static_cast<char>(hi * 16 + lo));
      i += 2;
      break;
    }
    default:
      out.push_back('\\');
      out.push_back(body[i]);
      break;
    }
  }
  return true;
}

} // namespace piecewise::text
