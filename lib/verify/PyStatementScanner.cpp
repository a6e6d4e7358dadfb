//===- PyStatementScanner.cpp - Logical lines of a Python module ----------===//

#include "PyStatementScanner.h"

#include "piecewise/ir/PythonNames.h"
#include "piecewise/support/CharClass.h"

#include <fmt/format.h>

namespace piecewise::pyscan {

namespace {

/// Python identifiers may hold any non-ASCII letter: every UTF-8 byte is taken as one.
bool isNameStart(char c) {
  return ascii::isIdentStart(c) || ascii::isNonAscii(c);
}
bool isNameChar(char c) {
  return ascii::isIdentChar(c) || ascii::isNonAscii(c);
}
using ascii::isDigit;

class Scanner {
public:
  explicit Scanner(std::string_view text) : text_(text) {}

  PyScanResult run() {
    while (pos_ < text_.size() && !result_.error) {
      if (atLineStart_ && openBrackets_.empty() && !continuation_) {
        if (!startLine())
          continue;
      }
      lexOne();
    }
    if (!result_.error) {
      if (!openBrackets_.empty()) {
        const PyToken& open = openBrackets_.back();
        fail(open.line, open.col, fmt::format("'{}' was never closed", open.text));
      }
    }
    endLogicalLine();
    return std::move(result_);
  }

private:
  /// At the start of a physical line outside brackets: measures the indent,
  /// skips blank and comment-only lines. Returns false when the line was
  /// consumed entirely (blank or comment).
  bool startLine() {
    uint32_t width = 0;
    size_t p = pos_;
    while (p < text_.size()) {
      char c = text_[p];
      if (c == ' ')
        ++width;
      else if (c == '\t')
        width = (width / 8 + 1) * 8;
      else if (c == '\f')
        width = 0;
      else
        break;
      ++p;
    }
    col_ += static_cast<uint32_t>(p - pos_);
    pos_ = p;
    if (pos_ >= text_.size())
      return false;
    char c = text_[pos_];
    if (c == '\n' || c == '\r' || c == '#') {
      skipToLineEnd();
      newline();
      return false;
    }
    atLineStart_ = false;
    pendingIndent_ = width;
    return true;
  }

  void skipToLineEnd() {
    while (pos_ < text_.size() && text_[pos_] != '\n')
      ++pos_;
  }

  /// Consumes a newline at pos_ (if any) and moves to the next line.
  void newline() {
    if (pos_ < text_.size() && text_[pos_] == '\n')
      ++pos_;
    ++line_;
    col_ = 1;
    atLineStart_ = true;
  }

  void endLogicalLine() {
    if (inLine_) {
      PyLogicalLine& l = result_.lines.back();
      l.numTokens = static_cast<uint32_t>(result_.tokens.size()) - l.firstToken;
    }
    inLine_ = false;
  }

  void fail(uint32_t line, uint32_t col, std::string message) {
    if (!result_.error)
      result_.error = PyScanError{line, col, std::move(message)};
  }

  void push(PyTokKind kind, size_t begin, size_t end, uint32_t line, uint32_t col) {
    if (!inLine_) {
      inLine_ = true;
      PyLogicalLine l;
      l.indent = pendingIndent_;
      l.line = line;
      l.firstToken = static_cast<uint32_t>(result_.tokens.size());
      result_.lines.push_back(l);
    }
    result_.tokens.push_back(PyToken{kind, text_.substr(begin, end - begin), line, col});
  }

  /// Advances pos_ to `to` on the current physical line.
  void advance(size_t to) {
    col_ += static_cast<uint32_t>(to - pos_);
    pos_ = to;
  }

  void lexOne() {
    char c = text_[pos_];
    auto uc = static_cast<unsigned char>(c);
    if (c == ' ' || c == '\t' || c == '\f' || c == '\r') {
      advance(pos_ + 1);
      return;
    }
    if (c == '\n') {
      newline();
      if (openBrackets_.empty()) {
        continuation_ = false;
        endLogicalLine();
      }
      return;
    }
    if (c == '#') {
      skipToLineEnd();
      return;
    }
    if (c == '\\') {
      size_t p = pos_ + 1;
      if (p < text_.size() && text_[p] == '\r')
        ++p;
      if (p >= text_.size()) {
        pos_ = p;
        return;
      }
      if (text_[p] == '\n') {
        pos_ = p;
        newline();
        continuation_ = true;
        return;
      }
      fail(line_, col_, "unexpected character after line continuation character");
      return;
    }
    atLineStart_ = false;
    continuation_ = false;
    uint32_t line = line_, col = col_;
    size_t begin = pos_;
    if (isNameStart(c)) {
      size_t p = pos_ + 1;
      while (p < text_.size() && isNameChar(text_[p]))
        ++p;
      if (p < text_.size() && (text_[p] == '\'' || text_[p] == '"') &&
          isPythonStringPrefix(text_.substr(pos_, p - pos_))) {
        advance(p);
        lexString(begin, line, col);
        return;
      }
      advance(p);
      push(PyTokKind::Name, begin, pos_, line, col);
      return;
    }
    if (c == '\'' || c == '"') {
      lexString(begin, line, col);
      return;
    }
    if (isDigit(c) || (c == '.' && pos_ + 1 < text_.size() && isDigit(text_[pos_ + 1]))) {
      size_t p = pos_ + 1;
      bool hex = c == '0' && p < text_.size() && (text_[p] | 0x20) == 'x';
      while (p < text_.size()) {
        char d = text_[p];
        if (isNameChar(d) || d == '.') {
          ++p;
        } else if ((d == '+' || d == '-') && !hex && (text_[p - 1] | 0x20) == 'e') {
          ++p;
        } else {
          break;
        }
      }
      advance(p);
      push(PyTokKind::Number, begin, pos_, line, col);
      return;
    }
    if (c == '(' || c == '[' || c == '{') {
      advance(pos_ + 1);
      push(PyTokKind::Open, begin, pos_, line, col);
      openBrackets_.push_back(result_.tokens.back());
      return;
    }
    if (c == ')' || c == ']' || c == '}') {
      char want = c == ')' ? '(' : c == ']' ? '[' : '{';
      if (openBrackets_.empty()) {
        fail(line, col, fmt::format("unmatched '{}'", c));
        return;
      }
      if (openBrackets_.back().text[0] != want) {
        fail(line, col,
             fmt::format("closing '{}' does not match '{}' opened at line {}", c,
                         openBrackets_.back().text, openBrackets_.back().line));
        return;
      }
      openBrackets_.pop_back();
      advance(pos_ + 1);
      push(PyTokKind::Close, begin, pos_, line, col);
      return;
    }
    // Operators, longest match first.
    static constexpr std::string_view kOps[] = {
        "**=", "//=", ">>=", "<<=", "...", "->", ":=", "==", "!=", "<=", ">=", "**", "//", "<<",
        ">>",  "+=",  "-=",  "*=",  "/=",  "%=", "&=", "|=", "^=", "@=", "+",  "-",  "*",  "/",
        "%",   "@",   "&",   "|",   "^",   "~",  "<",  ">",  "=",  ".",  ",",  ":",  ";",  "!"};
    std::string_view rest = text_.substr(pos_);
    for (std::string_view op : kOps) {
      if (rest.substr(0, op.size()) == op) {
        advance(pos_ + op.size());
        push(PyTokKind::Op, begin, pos_, line, col);
        return;
      }
    }
    fail(line, col,
         uc >= 0x20 && uc < 0x7f
             ? fmt::format("unexpected character '{}'", c)
             : fmt::format("unexpected byte 0x{:02x}", static_cast<unsigned>(uc)));
  }

  /// pos_ is at the opening quote; the token starts at `begin` (its prefix).
  void lexString(size_t begin, uint32_t line, uint32_t col) {
    char quote = text_[pos_];
    bool triple = pos_ + 2 < text_.size() && text_[pos_ + 1] == quote && text_[pos_ + 2] == quote;
    size_t p = pos_ + (triple ? 3 : 1);
    uint32_t curLine = line_;
    size_t lineStartPos = pos_ - (col_ - 1);
    for (;;) {
      if (p >= text_.size()) {
        fail(line, col,
             triple ? "unterminated triple-quoted string literal" : "unterminated string literal");
        pos_ = text_.size();
        return;
      }
      char d = text_[p];
      if (d == '\\') {
        size_t q = p + 1;
        if (q + 1 < text_.size() && text_[q] == '\r' && text_[q + 1] == '\n')
          ++q;
        if (q < text_.size() && text_[q] == '\n') {
          ++curLine;
          lineStartPos = q + 1;
        }
        p = q + 1;
        continue;
      }
      if (d == '\n') {
        if (!triple) {
          fail(line, col, "unterminated string literal");
          pos_ = p;
          return;
        }
        ++curLine;
        lineStartPos = p + 1;
        ++p;
        continue;
      }
      if (d == quote) {
        if (!triple) {
          ++p;
          break;
        }
        if (p + 2 < text_.size() && text_[p + 1] == quote && text_[p + 2] == quote) {
          p += 3;
          break;
        }
      }
      ++p;
    }
    if (p > text_.size())
      p = text_.size();
    pos_ = p;
    line_ = curLine;
    col_ = static_cast<uint32_t>(p - lineStartPos) + 1;
    push(PyTokKind::String, begin, pos_, line, col);
  }

  std::string_view text_;
  size_t pos_ = 0;
  uint32_t line_ = 1;
  uint32_t col_ = 1;
  bool atLineStart_ = true;
  bool continuation_ = false;
  bool inLine_ = false;
  uint32_t pendingIndent_ = 0;
  std::vector<PyToken> openBrackets_;
  PyScanResult result_;
};

} // namespace

PyScanResult scanPythonModule(std::string_view text) {
  return Scanner(text).run();
}

} // namespace piecewise::pyscan
