//===- PyLexer.h - Tokens of one line of FX Python code ---------*- C++ -*-===//
//
// The code form is Python, one statement a line. PyLexer splits one line
// (a [begin, end) range of the source buffer) into tokens on demand: names,
// numbers, strings, brackets and operators. It never reads past `end`, never
// allocates, and reports a bad character or an unterminated string as an
// Error token that points at the offending byte.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/support/CharClass.h"
#include <cstdint>
#include <string>
#include <string_view>

namespace piecewise::text {

enum class Tok : uint8_t {
  End,
  Error,
  Name,
  Int,
  Float,
  Imag, ///< an imaginary literal: `2j`, `1.5j`
  String,
  LParen,
  RParen,
  LBracket,
  RBracket,
  LBrace,
  RBrace,
  Comma,
  Colon,
  Semi,
  Dot,
  Assign,   ///< `=`
  Operator, ///< + - * / // % ** @ & | ^ ~ << >> == != < <= > >=
  Arrow,    ///< ->
  Ellipsis, ///< ...
};

/// Sixteen bytes, so that lex() returns it in registers: the parser calls it
/// for every token of a million-line file.
struct Token {
  Token() = default;
  Token(Tok k, const char* b, const char* e)
      : begin(b), length(static_cast<uint32_t>(e - b)), kind(k) {}

  const char* begin = nullptr;
  uint32_t length = 0;
  Tok kind = Tok::End;

  const char* end() const { return begin + length; }
  std::string_view text() const { return std::string_view(begin, length); }
  bool is(Tok k) const { return kind == k; }
  bool isOp(std::string_view op) const { return kind == Tok::Operator && text() == op; }
  bool isName(std::string_view n) const { return kind == Tok::Name && text() == n; }
};

class PyLexer {
public:
  PyLexer(const char* begin, const char* end) : cur_(begin), end_(end) {}

  /// Lets the range span several physical lines of one bracketed Python
  /// statement (a `def forward(` whose parameters are one a line, each with a
  /// `# comment`): newlines are whitespace and a comment ends at its newline.
  void allowLineBreaks() { multiline_ = true; }

  /// The next token, consumed.
  Token next() {
    if (hasPeeked_) {
      hasPeeked_ = false;
      return peeked_;
    }
    return lex();
  }
  /// The next token, not consumed.
  const Token& peek() {
    if (!hasPeeked_) {
      peeked_ = lex();
      hasPeeked_ = true;
    }
    return peeked_;
  }
  /// Consumes the next token when it has kind `k`.
  bool consumeIf(Tok k) {
    if (peek().kind != k)
      return false;
    next();
    return true;
  }
  /// Consumes `.name` parts that follow the last token directly (no blanks,
  /// no peeked token), stopping before any part that is not lexed as a plain
  /// Name (a string prefix before a quote) or that `isKeyword` accepts: what
  /// next() would return for them, without making the tokens. The hot path
  /// of dotted targets (`torch.ops.aten.add.Tensor`). Returns how many parts
  /// it consumed; `lastEnd` is set to the end of the last one.
  size_t skipDotNames(const char*& lastEnd, bool (*isKeyword)(std::string_view));
  /// After peek(): false when the token after the peeked one is surely not
  /// `=` (the next non-blank byte on the line is not '='); true when it may
  /// be. Lets a caller skip a probe lexer for `name = value`.
  bool mayBeFollowedByAssign() const {
    if (!hasPeeked_ || multiline_)
      return true;
    const char* p = peeked_.end();
    while (p < end_ && ascii::isBlankOrCR(*p))
      ++p;
    return p < end_ && *p == '=';
  }
  /// Where lexing would continue (after a peeked token if any).
  const char* position() const { return hasPeeked_ ? peeked_.begin : cur_; }
  /// Error message for the last Error token.
  const char* errorMessage() const { return error_; }

  /// Decodes a Python string literal token (quotes included) into `out`
  /// (text::scanPythonString's rules; a bytes literal is read only when
  /// `isBytes` is given). On a bad escape returns false and sets `errorAt` to
  /// the offending byte's offset in the literal and `error`.
  static bool decodeString(std::string_view literal, std::string& out, size_t& errorAt,
                           const char*& error, bool* isBytes = nullptr);

private:
  Token lex();
  /// A string literal starting at `b` (its prefix, if any, included).
  Token lexString(const char* b);
  Token make(Tok k, const char* b) { return Token{k, b, cur_}; }
  Token fail(const char* at, const char* msg) {
    error_ = msg;
    return Token{Tok::Error, at, at + 1 <= end_ ? at + 1 : at};
  }

  const char* cur_;
  const char* end_;
  Token peeked_;
  bool hasPeeked_ = false;
  bool multiline_ = false;
  const char* error_ = "";
};

} // namespace piecewise::text
