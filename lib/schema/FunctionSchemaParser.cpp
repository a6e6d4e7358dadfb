//===- FunctionSchemaParser.cpp - Parsing torch's schema language ---------===//
//
// A hand-written recursive-descent parser for one schema:
//
//   schema    := ident '::' ident ('.' ident)? '(' arguments ')' '->' returns
//   arguments := (argument | '*' | '...') (',' (argument | '*' | '...'))*
//   returns   := '(' (return (',' return)*)? ')' | '...' | return
//   argument  := type ident ('=' default)?
//   return    := type ident?
//   type      := base alias? ('[' digits? ']' alias? | '?' alias?)*
//   alias     := '(' sets '!'? ('->' sets)? ')' | '!'
//   base      := dotted-ident ('(' type (',' type)* ')')?   -- Dict(str, t), Future(t)
//              | '(' type (',' type)* ')'                   -- a tuple
//   sets      := ('*' | ident) ('|' ('*' | ident))*
//   default   := string | '[' (default (',' default)*)? ']' | '(' ... ')' | atom
//
// After `->`, a `(` always opens the list of returns (as in torch); a single
// tuple-typed return is written `-> ((str, t)[])`. A `(` after a base type is
// an alias annotation unless the base is a type constructor (`Dict`, `Future`,
// ...). A bare `!` (`Tensor! out`, as vLLM writes) is a write to a fresh alias
// set, named `$0`, `$1`, ... in order; it prints back as `!`. Defaults are kept as the text
// written; ArgumentResolution interprets them.
//
// The parser makes one left-to-right pass with no backtracking, so it is linear
// in the length of the text. Nesting is bounded (kMaxDepth) so hostile input
// cannot exhaust the stack. Every failure is one located diagnostic.
//
//===----------------------------------------------------------------------===//

#include "piecewise/schema/FunctionSchema.h"
#include "piecewise/support/CharClass.h"

#include <fmt/format.h>

namespace piecewise {

namespace {

constexpr unsigned kMaxDepth = 64;

using ascii::isDigit;
using ascii::isIdentChar;
using ascii::isIdentStart;
using ascii::isSpace;

/// Characters that can appear in a schema outside string literals.
bool isSchemaChar(char c) {
  if (isIdentChar(c) || isSpace(c))
    return true;
  switch (c) {
  case ':':
  case '.':
  case '(':
  case ')':
  case '[':
  case ']':
  case ',':
  case '?':
  case '!':
  case '|':
  case '*':
  case '-':
  case '+':
  case '>':
  case '=':
  case '"':
  case '\'':
    return true;
  default:
    return false;
  }
}

/// Type constructors whose `(` opens type parameters, not an alias annotation.
bool isTypeConstructor(std::string_view name) {
  return name == "Dict" || name == "Future" || name == "Await" || name == "RRef" ||
         name == "Union" || name == "Optional" || name == "List" || name == "Tuple";
}

class SchemaParser {
public:
  SchemaParser(std::string_view text, Location loc, DiagnosticEngine& diag)
      : text_(text), loc_(loc), diag_(diag) {}

  FailureOr<FunctionSchema> parse();

private:
  //===--- Lexing helpers -------------------------------------------------===//

  bool atEnd() const { return pos_ >= text_.size(); }
  char peek(size_t ahead = 0) const {
    return pos_ + ahead < text_.size() ? text_[pos_ + ahead] : '\0';
  }
  void skipSpace() {
    while (!atEnd() && isSpace(text_[pos_]))
      ++pos_;
  }
  /// Skips whitespace, then consumes `s` if it comes next.
  bool consume(std::string_view s) {
    skipSpace();
    if (text_.substr(pos_, s.size()) != s)
      return false;
    pos_ += s.size();
    return true;
  }
  /// An identifier at the current position (no whitespace skipped), or empty.
  std::string_view identifier() {
    if (atEnd() || !isIdentStart(text_[pos_]))
      return {};
    size_t start = pos_;
    while (!atEnd() && isIdentChar(text_[pos_]))
      ++pos_;
    return text_.substr(start, pos_ - start);
  }

  //===--- Diagnostics ------------------------------------------------------===//

  LogicalResult error(size_t offset, std::string message);
  /// "expected X, found Y" at the current position (after whitespace); an
  /// unknown character is reported as such.
  LogicalResult expected(std::string_view what);
  LogicalResult expect(std::string_view token, std::string_view what) {
    if (consume(token))
      return success();
    return expected(what);
  }

  //===--- Grammar ----------------------------------------------------------===//

  LogicalResult parseArguments(FunctionSchema& schema);
  LogicalResult parseReturns(FunctionSchema& schema);
  LogicalResult parseArgument(SchemaArgument& arg, bool isReturn);
  LogicalResult parseType(SchemaArgument& arg);
  LogicalResult parseInnerType(std::string& out, unsigned depth);
  LogicalResult parseBaseType(std::string& out, unsigned depth);
  LogicalResult parseListSuffix(std::string& out);
  LogicalResult parseAlias(AliasInfo& alias);
  LogicalResult parseAliasSets(std::vector<std::string>& sets);
  LogicalResult parseDefault(std::string& out);
  LogicalResult parseDefaultValue(unsigned depth);

  std::string_view text_;
  Location loc_;
  DiagnosticEngine& diag_;
  size_t pos_ = 0;
  /// Counter naming the sets of `Tensor!` annotations (`$0`, `$1`, ...).
  unsigned freshAliasSets_ = 0;
};

LogicalResult SchemaParser::error(size_t offset, std::string message) {
  // Columns are relative to loc_; a newline inside the text starts a new line.
  Location at = loc_;
  uint32_t col = (loc_.col ? loc_.col : 1) + static_cast<uint32_t>(offset);
  size_t nl = text_.substr(0, offset).rfind('\n');
  if (nl != std::string_view::npos) {
    uint32_t lines = 0;
    for (size_t i = 0; i < offset; ++i)
      lines += text_[i] == '\n';
    at.line += lines;
    col = static_cast<uint32_t>(offset - nl);
  }
  at.col = col;
  diag_.error(at, std::move(message));
  return failure();
}

LogicalResult SchemaParser::expected(std::string_view what) {
  skipSpace();
  if (atEnd())
    return error(pos_, fmt::format("expected {}, found end of schema", what));
  char c = text_[pos_];
  if (!isSchemaChar(c)) {
    auto uc = static_cast<unsigned char>(c);
    if (uc >= 0x20 && uc < 0x7f)
      return error(pos_, fmt::format("unexpected character '{}' in schema", c));
    return error(pos_, fmt::format("unexpected character 0x{:02x} in schema", uc));
  }
  return error(pos_, fmt::format("expected {}, found '{}'", what, c));
}

FailureOr<FunctionSchema> SchemaParser::parse() {
  FunctionSchema schema;
  skipSpace();
  if (atEnd())
    return error(pos_, "empty schema");

  std::string_view ns = identifier();
  if (ns.empty())
    return expected("an operator namespace");
  if (text_.substr(pos_, 2) != "::")
    return expected("'::' after the namespace");
  pos_ += 2;
  std::string_view name = identifier();
  if (name.empty())
    return expected("an operator name after '::'");
  schema.ns = ns;
  schema.name = name;
  if (peek() == '.') {
    ++pos_;
    std::string_view overload = identifier();
    if (overload.empty())
      return expected("an overload name after '.'");
    schema.overload = overload;
  }
  if (failed(expect("(", "'(' to open the argument list")))
    return failure();
  if (failed(parseArguments(schema)))
    return failure();
  if (failed(expect("->", "'->' after the argument list")))
    return failure();
  if (failed(parseReturns(schema)))
    return failure();
  skipSpace();
  if (!atEnd())
    return expected("end of schema");
  return schema;
}

LogicalResult SchemaParser::parseArguments(FunctionSchema& schema) {
  if (consume(")"))
    return success();
  bool kwargOnly = false;
  while (true) {
    skipSpace();
    size_t itemStart = pos_;
    if (peek() == '*') {
      ++pos_;
      if (kwargOnly)
        return error(itemStart, "duplicate '*' in the argument list");
      kwargOnly = true;
    } else if (text_.substr(pos_, 3) == "...") {
      pos_ += 3;
      schema.isVararg = true;
      if (!consume(")"))
        return expected("')': '...' must be the last argument");
      return success();
    } else {
      SchemaArgument arg;
      if (failed(parseArgument(arg, /*isReturn=*/false)))
        return failure();
      arg.kwargOnly = kwargOnly;
      schema.arguments.push_back(std::move(arg));
    }
    if (consume(","))
      continue;
    if (consume(")"))
      return success();
    return expected("',' or ')' after an argument");
  }
}

LogicalResult SchemaParser::parseReturns(FunctionSchema& schema) {
  skipSpace();
  if (text_.substr(pos_, 3) == "...") {
    pos_ += 3;
    schema.isVarret = true;
    return success();
  }
  if (!consume("(")) {
    SchemaArgument ret;
    if (failed(parseArgument(ret, /*isReturn=*/true)))
      return failure();
    schema.returns.push_back(std::move(ret));
    return success();
  }
  if (consume(")"))
    return success();
  while (true) {
    skipSpace();
    if (text_.substr(pos_, 3) == "...") {
      pos_ += 3;
      schema.isVarret = true;
      if (!consume(")"))
        return expected("')': '...' must be the last return");
      return success();
    }
    SchemaArgument ret;
    if (failed(parseArgument(ret, /*isReturn=*/true)))
      return failure();
    schema.returns.push_back(std::move(ret));
    if (consume(","))
      continue;
    if (consume(")"))
      return success();
    return expected("',' or ')' after a return");
  }
}

LogicalResult SchemaParser::parseArgument(SchemaArgument& arg, bool isReturn) {
  if (failed(parseType(arg)))
    return failure();
  skipSpace();
  std::string_view name = identifier();
  if (name.empty()) {
    if (!isReturn)
      return expected("an argument name");
    return success();
  }
  arg.name = name;
  if (isReturn)
    return success();
  if (consume("=")) {
    std::string value;
    if (failed(parseDefault(value)))
      return failure();
    arg.defaultValue = std::move(value);
  }
  return success();
}

LogicalResult SchemaParser::parseType(SchemaArgument& arg) {
  std::string type;
  if (failed(parseBaseType(type, 0)))
    return failure();
  // Suffixes; the one alias annotation may follow the base, a `?`, or `[]`.
  unsigned lists = 0;
  unsigned listsAtAlias = 0;
  while (true) {
    skipSpace();
    char c = peek();
    if (c == '(') {
      if (arg.alias)
        return error(pos_, "a type takes at most one alias annotation");
      AliasInfo alias;
      if (failed(parseAlias(alias)))
        return failure();
      arg.alias = std::move(alias);
      listsAtAlias = lists;
    } else if (c == '!') {
      // `Tensor!`: a write to a fresh alias set of its own (vLLM writes this).
      if (arg.alias)
        return error(pos_, "a type takes at most one alias annotation");
      ++pos_;
      AliasInfo alias;
      alias.beforeSets.push_back(fmt::format("${}", freshAliasSets_++));
      alias.isWrite = true;
      arg.alias = std::move(alias);
      listsAtAlias = lists;
    } else if (c == '[') {
      if (arg.alias && listsAtAlias != 0)
        return error(pos_, "an alias annotation on an inner list is not supported");
      if (failed(parseListSuffix(type)))
        return failure();
      ++lists;
    } else if (c == '?') {
      ++pos_;
      type += '?';
    } else {
      break;
    }
  }
  arg.aliasOnElements = arg.alias && listsAtAlias == 0 && lists > 0;
  arg.type = std::move(type);
  return success();
}

LogicalResult SchemaParser::parseInnerType(std::string& out, unsigned depth) {
  if (failed(parseBaseType(out, depth)))
    return failure();
  while (true) {
    skipSpace();
    char c = peek();
    if (c == '[') {
      if (failed(parseListSuffix(out)))
        return failure();
    } else if (c == '?') {
      ++pos_;
      out += '?';
    } else if (c == '(') {
      return error(pos_, "alias annotations are not supported inside a type's parameters");
    } else {
      return success();
    }
  }
}

LogicalResult SchemaParser::parseBaseType(std::string& out, unsigned depth) {
  skipSpace();
  if (depth > kMaxDepth)
    return error(pos_, "type is nested too deeply");
  bool tuple = peek() == '(';
  if (!tuple) {
    size_t start = pos_;
    if (identifier().empty())
      return expected("a type");
    // Dotted class names: `__torch__.torch.classes.c10d.ProcessGroup`.
    while (peek() == '.' && isIdentStart(peek(1))) {
      ++pos_;
      identifier();
    }
    std::string_view name = text_.substr(start, pos_ - start);
    out += name;
    if (!isTypeConstructor(name) || peek() != '(')
      return success();
  }
  // A parenthesized, comma-separated list of types: a tuple or parameters.
  ++pos_;
  out += '(';
  if (consume(")")) {
    out += ')';
    return success();
  }
  while (true) {
    if (failed(parseInnerType(out, depth + 1)))
      return failure();
    if (consume(",")) {
      out += ", ";
      continue;
    }
    if (consume(")")) {
      out += ')';
      return success();
    }
    return expected(tuple ? "',' or ')' in a tuple type" : "',' or ')' in type parameters");
  }
}

LogicalResult SchemaParser::parseListSuffix(std::string& out) {
  ++pos_; // '['
  out += '[';
  skipSpace();
  while (!atEnd() && isDigit(text_[pos_]))
    out += text_[pos_++];
  if (!consume("]"))
    return expected("']' to close a list type");
  out += ']';
  return success();
}

LogicalResult SchemaParser::parseAlias(AliasInfo& alias) {
  ++pos_; // '('
  if (failed(parseAliasSets(alias.beforeSets)))
    return failure();
  if (consume("!"))
    alias.isWrite = true;
  if (consume("->")) {
    if (failed(parseAliasSets(alias.afterSets)))
      return failure();
  }
  if (!consume(")"))
    return expected("'|', '!', '->' or ')' in an alias annotation");
  return success();
}

LogicalResult SchemaParser::parseAliasSets(std::vector<std::string>& sets) {
  while (true) {
    skipSpace();
    if (peek() == '*') {
      ++pos_;
      sets.emplace_back("*");
    } else {
      std::string_view set = identifier();
      if (set.empty())
        return expected("an alias set name or '*' in an alias annotation");
      sets.emplace_back(set);
    }
    if (!consume("|"))
      return success();
  }
}

LogicalResult SchemaParser::parseDefault(std::string& out) {
  skipSpace();
  size_t start = pos_;
  if (failed(parseDefaultValue(0)))
    return failure();
  out.assign(text_.substr(start, pos_ - start));
  return success();
}

LogicalResult SchemaParser::parseDefaultValue(unsigned depth) {
  skipSpace();
  if (depth > kMaxDepth)
    return error(pos_, "default value is nested too deeply");
  char c = peek();
  if (c == '"' || c == '\'') {
    size_t open = pos_;
    for (size_t i = pos_ + 1; i < text_.size(); ++i) {
      char d = text_[i];
      if (d == '\n')
        break;
      if (d == '\\') {
        ++i;
        continue;
      }
      if (d == c) {
        pos_ = i + 1;
        return success();
      }
    }
    return error(open, "unterminated string in default value");
  }
  if (c == '[' || c == '(') {
    char close = c == '[' ? ']' : ')';
    const char closeText[2] = {close, '\0'};
    ++pos_;
    if (consume(closeText))
      return success();
    while (true) {
      if (failed(parseDefaultValue(depth + 1)))
        return failure();
      if (consume(","))
        continue;
      if (consume(closeText))
        return success();
      return expected(c == '[' ? "',' or ']' in a list default" : "',' or ')' in a tuple default");
    }
  }
  // An atom: `None`, `True`, `-1`, `1e-05`, `-inf`, `0.`, `contiguous_format`.
  size_t start = pos_;
  if (c == '-' || c == '+')
    ++pos_;
  size_t body = pos_;
  while (!atEnd()) {
    char d = text_[pos_];
    if (isIdentChar(d) || d == '.') {
      ++pos_;
    } else if ((d == '-' || d == '+') && pos_ > body &&
               (text_[pos_ - 1] == 'e' || text_[pos_ - 1] == 'E') &&
               (isDigit(text_[body]) || text_[body] == '.')) {
      ++pos_; // the sign of an exponent
    } else {
      break;
    }
  }
  if (pos_ == body) {
    pos_ = start;
    return expected("a default value");
  }
  return success();
}

} // namespace

FailureOr<FunctionSchema> parseSchema(std::string_view text, Location loc, DiagnosticEngine& diag) {
  return SchemaParser(text, loc, diag).parse();
}

} // namespace piecewise
