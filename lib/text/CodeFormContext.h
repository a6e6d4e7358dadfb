//===- CodeFormContext.h - Where the code-form parse is ---------*- C++ -*-===//
//
// The code-form parser is three units: the statement parser
// (CodeFormParser.cpp), the code form's half of the value grammar
// (CodeFormValues.h, on the grammar both forms share: ValueGrammar.h) and
// name resolution with its caches (CodeFormNames.h). What all three read is
// here: the source, the statement being read (for the line and column of a
// diagnostic), the graph being built, and whether the parse has failed.
//
// An error stops the statement it is found in; the parse goes on with the
// next one, up to kMaxErrors errors.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "PyLexer.h"

#include "piecewise/ir/Graph.h"
#include "piecewise/ir/PythonNames.h"
#include "piecewise/support/Diagnostic.h"
#include "piecewise/support/SourceBuffer.h"

#include <fmt/format.h>

#include <string>

namespace piecewise::text {

class CodeFormContext {
public:
  /// Errors reported before the parse stops.
  static constexpr size_t kMaxErrors = 20;

  CodeFormContext(const SourceBuffer& buf, DiagnosticEngine& diag) : buf_(buf), diag_(diag) {}

  const SourceBuffer& buffer() const { return buf_; }
  DiagnosticEngine& diag() { return diag_; }

  /// The graph statements add nodes to (the current `forward`'s).
  Graph* graph = nullptr;

  /// The statement being read starts at line `line`, whose text is [begin, end).
  void startStatement(uint32_t line, const char* begin, const char* end) {
    line_ = line;
    lineBegin_ = begin;
    lineEnd_ = end;
  }
  uint32_t line() const { return line_; }
  const char* lineBegin() const { return lineBegin_; }

  Location locOf(const char* p) const {
    if (p > lineEnd_) { // a later physical line of a multi-line statement
      size_t offset = static_cast<size_t>(p - buf_.text().data());
      uint32_t line = buf_.lineOf(offset);
      return Location{&buf_, line, static_cast<uint32_t>(offset - buf_.lineStart(line)) + 1};
    }
    return Location{&buf_, line_, static_cast<uint32_t>(p - lineBegin_) + 1};
  }
  void error(const char* p, std::string msg) {
    if (diag_.numErrors() < kMaxErrors)
      diag_.error(locOf(p), std::move(msg));
    failed_ = true;
  }
  /// Reports the lexer's error token `t`.
  void lexError(PyLexer& lex, const Token& t) { error(t.begin, lex.errorMessage()); }
  /// Consumes a token of kind `kind`, or reports that `what` was expected.
  bool expect(PyLexer& lex, Tok kind, const char* what) {
    Token t = lex.next();
    if (t.is(kind))
      return true;
    if (t.is(Tok::Error))
      lexError(lex, t);
    else if (t.is(Tok::End))
      error(t.begin, fmt::format("expected {} before the end of the line", what));
    else
      error(t.begin, fmt::format("expected {}, found '{}'", what, t.text()));
    return false;
  }
  /// After a '.', reads the next part of a dotted name into `part`, or
  /// reports what stands there instead (a keyword, no name).
  bool expectNamePart(PyLexer& lex, Token& part) {
    part = lex.next();
    if (part.is(Tok::Name) && !isPythonKeyword(part.text()))
      return true;
    if (part.is(Tok::Error))
      lexError(lex, part);
    else
      error(part.begin, part.is(Tok::Name)
                            ? fmt::format("'{}' is a Python keyword, not a name", part.text())
                            : std::string("expected a name after '.'"));
    return false;
  }
  bool tooManyErrors() const { return diag_.numErrors() >= kMaxErrors; }

  /// Marks the parse failed (an error was reported elsewhere, or is implied).
  void fail() { failed_ = true; }
  bool failed() const { return failed_; }

private:
  const SourceBuffer& buf_;
  DiagnosticEngine& diag_;
  bool failed_ = false;
  uint32_t line_ = 0;
  const char* lineBegin_ = nullptr;
  const char* lineEnd_ = nullptr; ///< the end of the first physical line of the statement
};

} // namespace piecewise::text
