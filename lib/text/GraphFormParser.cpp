//===- GraphFormParser.cpp - Reading `print(gm.graph)` text ---------------===//
//
// The graph form is line based: an optional `graph():` header, one
// `%name : [num_users=N] = op[target=T](args = (...), kwargs = {...})` line per
// node, and a `return X` line. Values never span lines, so the parser walks
// the buffer once, line by line, with a cursor over the current line:
//
//  - linear time: every byte is looked at a bounded number of times;
//  - bounded recursion: nested brackets recurse at most kMaxDepth deep, then
//    a diagnostic stops the line (opaque values are skipped iteratively);
//  - errors are collected with their line and column, stop the line they are
//    on, and are reported sorted by position once the input is read, capped at
//    kMaxErrors so that binary or garbage input cannot flood the output.
//
// Values are read by the grammar both forms share (ValueGrammar.h), with the
// graph form's atoms: as FX's _format_arg writes them (str(), not repr()),
// bare tokens are classified by GraphFormSyntax.h. The `return` line and the
// arguments of a call (`slice(...)`, `torch.Size([2, 3])`) use repr()
// instead: there names carry no `%` and strings are quoted.
//
//===----------------------------------------------------------------------===//

#include "piecewise/ir/PythonNames.h"
#include "piecewise/text/Parser.h"

#include "GraphFormSyntax.h"
#include "Literal.h"
#include "ValueGrammar.h"

#include "piecewise/support/CharClass.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

namespace piecewise {

namespace {

using text::Punct;
constexpr size_t kMaxErrors = 20;

/// Graph: FX's str() spelling (`%x` is a node, bare words are strings).
/// Repr: Python's repr() spelling (bare names are nodes, strings are quoted).
enum class ValueMode { Graph, Repr };

struct PendingDiagnostic {
  Severity severity;
  uint32_t line;
  uint32_t col;
  std::string message;
};

struct UnresolvedName {
  std::string name;
  uint32_t line;
  uint32_t col;
};

class GraphFormParser : public text::ValueGrammar<GraphFormParser> {
public:
  GraphFormParser(const SourceBuffer& buffer, DiagnosticEngine& diag)
      : buffer_(buffer), diag_(diag), module_(std::make_unique<Module>("GraphModule")),
        graph_(module_->graph()) {}

  FailureOr<std::unique_ptr<Module>> parse();

private:
  //===--- Diagnostics ----------------------------------------------------===//

  /// Reports an error at byte `pos` of the current line and abandons the line.
  bool error(size_t pos, std::string message) {
    if (!lineFailed_)
      report(Severity::Error, lineNo_, static_cast<uint32_t>(pos + 1), std::move(message));
    lineFailed_ = true;
    return false;
  }
  void report(Severity s, uint32_t line, uint32_t col, std::string message) {
    if (s == Severity::Error)
      ++numErrors_;
    pending_.push_back({s, line, col, std::move(message)});
  }
  /// An error for a line that ended where `what` was expected.
  bool errorAtEnd(std::string_view what) {
    return error(line_.size(), "unexpected end of line: expected " + std::string(what) +
                                   " (is the input truncated?)");
  }

  //===--- Cursor over the current line -------------------------------------===//

  bool atEnd() const { return pos_ >= line_.size(); }
  char peek() const { return atEnd() ? '\0' : line_[pos_]; }
  void skipSpaces() {
    while (pos_ < line_.size() && ascii::isBlank(line_[pos_]))
      ++pos_;
  }
  bool consume(char c) {
    if (peek() != c || atEnd())
      return false;
    ++pos_;
    return true;
  }
  bool consumeWord(std::string_view w) {
    if (line_.substr(pos_, w.size()) != w)
      return false;
    pos_ += w.size();
    return true;
  }
  /// Consumes `c` (after spaces) or reports what was expected.
  bool expect(char c) {
    skipSpaces();
    if (consume(c))
      return true;
    std::string what = std::string("'") + c + "'";
    if (atEnd())
      return errorAtEnd(what);
    return error(pos_, "expected " + what);
  }
  bool expectWord(std::string_view w) {
    skipSpaces();
    if (consumeWord(w))
      return true;
    // fmt, not `"'" + std::string(w)`: GCC 12 at -O3 reports a false
    // -Wrestrict on that string concatenation (Release builds use -Werror).
    std::string what = fmt::format("'{}'", w);
    if (line_.substr(pos_).size() < w.size() &&
        w.substr(0, line_.size() - pos_) == line_.substr(pos_))
      return errorAtEnd(what);
    return error(pos_, "expected " + what);
  }
  /// True when a prefixed string literal (`b'..'`, `rb".."`) starts at line_[at].
  bool startsPrefixedString(size_t at) const {
    if (at >= line_.size() || line_[at] == '\'' || line_[at] == '"' ||
        (at > 0 && ascii::isIdentChar(line_[at - 1])))
      return false;
    size_t n = text::stringPrefixLength(line_, at);
    return n != std::string_view::npos && n > 0;
  }
  std::string_view readName() {
    size_t b = pos_;
    while (pos_ < line_.size() && ascii::isIdentChar(line_[pos_]))
      ++pos_;
    return line_.substr(b, pos_ - b);
  }

  //===--- Grammar ---------------------------------------------------------===//

  void parseLine();
  void parseHeader(size_t start);
  void parseNode();
  void parseReturn(size_t start);
  bool parseKwargs(size_t openPos, std::vector<KwArg>& kwargs, int depth);
  bool skipBalanced(size_t open, size_t& end);
  Argument nodeRef(std::string_view name, size_t pos);
  Argument bareValue(std::string_view token, size_t pos, ValueMode mode, bool opContext);

  //===--- The Syntax of the value grammar (ValueGrammar.h) ----------------===//

  friend class text::ValueGrammar<GraphFormParser>;
  /// Graph: FX's str() spelling; Repr: Python's repr(). `opContext` where an
  /// op is expected (the first argument of a `higher_order::` target).
  struct Context {
    ValueMode mode = ValueMode::Graph;
    bool opContext = false;
    Context inner() const { return {mode, false}; }
  };
  Pos at(size_t pos) const { return line_.data() + pos; }
  size_t offsetOf(Pos p) const { return static_cast<size_t>(p - line_.data()); }
  Graph& graph() { return graph_; }
  Punct peekPunct() {
    skipSpaces();
    if (atEnd())
      return Punct::End;
    switch (line_[pos_]) {
    case '(':
      return Punct::LParen;
    case ')':
      return Punct::RParen;
    case '[':
      return Punct::LBracket;
    case ']':
      return Punct::RBracket;
    case '{':
      return Punct::LBrace;
    case '}':
      return Punct::RBrace;
    case ',':
      return Punct::Comma;
    case ':':
      return Punct::Colon;
    default:
      return Punct::Other;
    }
  }
  Pos here() { return at(pos_); }
  void take() { ++pos_; }
  bool enterValue(int depth);
  std::optional<Argument> atom(int depth, Context ctx);
  std::optional<Argument> afterOpenParen() { return std::nullopt; }
  std::optional<Argument> dictKey(int depth, Context ctx);
  bool keyword(std::string_view& name, Pos& where);
  bool expect(Punct p, const char* /*what*/) { return expect(p == Punct::Colon ? ':' : ','); }
  void endInside(Pos open, Punct close, bool expectingItem);
  void badSeparator(Pos /*open*/, Punct close) {
    error(pos_, std::string("expected ',' or '") + closingOf(close) + "'");
  }
  void unterminatedCall(Pos callee, Pos /*open*/) {
    error(offsetOf(callee), "unterminated '(': the line ends before it is closed");
  }
  void duplicateKey(Pos /*open*/, Pos key) { error(offsetOf(key), "a dict literal repeats a key"); }
  void badSlice(Pos callee, Pos /*open*/) {
    error(offsetOf(callee), "slice() takes one to three values");
  }
  void badDevice(Pos callee, Pos open, const std::string* why);
  void callsNodeValue(Pos callee, std::string_view node) {
    error(offsetOf(callee),
          fmt::format("calling the value of node '{}' is not an FX argument", node));
  }
  void noteCallee(std::string_view, Pos) {}
  void error(Pos where, std::string message) { error(offsetOf(where), std::move(message)); }
  static char closingOf(Punct close) {
    return close == Punct::RBracket ? ']' : close == Punct::RBrace ? '}' : ')';
  }

  const SourceBuffer& buffer_;
  DiagnosticEngine& diag_;
  std::unique_ptr<Module> module_;
  Graph& graph_;

  std::string_view line_;
  size_t pos_ = 0;
  uint32_t lineNo_ = 0;
  bool lineFailed_ = false;

  bool sawHeader_ = false;
  bool sawContent_ = false;
  Node* output_ = nullptr;
  size_t numErrors_ = 0;
  std::vector<PendingDiagnostic> pending_;
  std::vector<UnresolvedName> unresolved_;
  /// Each node and the [num_users=N] its line declares, checked after the parse.
  std::vector<std::pair<Node*, uint64_t>> declaredUsers_;
  /// Names whose definition line failed to parse: uses of them are not reported again.
  std::unordered_set<std::string> brokenNames_;
  std::string scratch_;
};

Argument GraphFormParser::nodeRef(std::string_view name, size_t pos) {
  if (Node* n = graph_.lookup(name))
    return Argument::node(n);
  if (!brokenNames_.empty() && brokenNames_.count(std::string(name)))
    return Argument::none();
  // Each unresolved name becomes an error; only the first kMaxErrors can be shown.
  if (unresolved_.size() < kMaxErrors)
    unresolved_.push_back({std::string(name), lineNo_, static_cast<uint32_t>(pos + 1)});
  return Argument::none();
}

bool GraphFormParser::skipBalanced(size_t open, size_t& end) {
  // Iterative: an opaque value may nest arbitrarily deep without recursion.
  size_t depth = 0;
  size_t i = open;
  while (i < line_.size()) {
    char c = line_[i];
    if (c == '(' || c == '[' || c == '{') {
      ++depth;
    } else if (c == ')' || c == ']' || c == '}') {
      if (--depth == 0) {
        end = i + 1;
        return true;
      }
    } else if (c == '\'' || c == '"' || startsPrefixedString(i)) {
      size_t errPos = 0;
      const char* msg = nullptr;
      bool isBytes = false;
      size_t after = text::scanPythonString(line_, i, scratch_, errPos, msg, &isBytes);
      if (after == std::string_view::npos)
        return error(errPos, msg);
      i = after;
      continue;
    }
    ++i;
  }
  return error(open, std::string("unterminated '") + line_[open] +
                         "': the line ends before it is closed");
}

Argument GraphFormParser::bareValue(std::string_view token, size_t pos, ValueMode mode,
                                    bool opContext) {
  text::BareValue v = text::classifyBareToken(token, opContext);
  switch (v.kind) {
  case text::BareKind::None:
    return Argument::none();
  case text::BareKind::True:
    return Argument::boolean(true);
  case text::BareKind::False:
    return Argument::boolean(false);
  case text::BareKind::Ellipsis:
    return Argument::ellipsis();
  case text::BareKind::Int:
    return Argument::integer(v.intValue);
  case text::BareKind::Float:
    return Argument::real(v.floatValue);
  case text::BareKind::Complex:
    return Argument::complex(v.floatValue, v.imagValue);
  case text::BareKind::DType:
    return Argument::dtype(v.dtype);
  case text::BareKind::Layout:
    return Argument::layout(graph_.intern(v.text));
  case text::BareKind::MemoryFormat:
    return Argument::memoryFormat(graph_.intern(v.text));
  case text::BareKind::Device:
    return Argument::device(graph_.intern(v.text));
  case text::BareKind::Op:
    return Argument::op(graph_.intern(v.text));
  case text::BareKind::Opaque:
    return Argument::global(graph_.intern(v.text));
  case text::BareKind::String:
    break;
  }
  if (mode == ValueMode::Repr) {
    // repr() writes nodes by bare name and quotes strings. Anything else would
    // have to be kept as verbatim text, which could name a node without using
    // it (`h%`): not accepted.
    if (text::isPythonIdentifier(token))
      return nodeRef(token, pos);
    error(pos, fmt::format("unexpected '{}' in the return value: expected a node name or a "
                           "constant",
                           token));
    return Argument::none();
  }
  return Argument::string(graph_.intern(token));
}

bool GraphFormParser::enterValue(int depth) {
  skipSpaces();
  if (atEnd())
    return errorAtEnd("a value");
  if (depth > text::kMaxValueDepth)
    return error(pos_,
                 "brackets nested deeper than " + std::to_string(text::kMaxValueDepth) + " levels");
  return true;
}

std::optional<Argument> GraphFormParser::atom(int depth, Context ctx) {
  size_t start = pos_;
  char c = line_[pos_];
  if (c == '%') {
    ++pos_;
    std::string_view name = readName();
    if (name.empty()) {
      error(pos_, "expected a node name after '%'");
      return std::nullopt;
    }
    return nodeRef(name, start);
  }
  if (c == '\'' || c == '"' || startsPrefixedString(pos_)) {
    // str() of a bytes value is its repr (`b'\x00'`): read as Python reads it.
    size_t errPos = 0;
    const char* msg = nullptr;
    bool isBytes = false;
    size_t after = text::scanPythonString(line_, pos_, scratch_, errPos, msg, &isBytes);
    if (after == std::string_view::npos) {
      error(errPos, msg);
      return std::nullopt;
    }
    pos_ = after;
    return isBytes ? Argument::bytes(graph_.intern(scratch_))
                   : Argument::string(graph_.intern(scratch_));
  }
  if (c == ')' || c == ']' || c == '}' || c == ',') {
    error(pos_, "expected a value");
    return std::nullopt;
  }

  // A bare token runs to the next delimiter.
  while (pos_ < line_.size()) {
    char d = line_[pos_];
    if (d == ',' || d == ')' || d == ']' || d == '}' || d == '(' || d == '[' || d == '{')
      break;
    ++pos_;
  }
  size_t end = pos_;
  while (end > start && ascii::isBlank(line_[end - 1]))
    --end;
  std::string_view token = line_.substr(start, end - start);
  char stop = peek();
  if (!atEnd() && (stop == '(' || stop == '[' || stop == '{') && !token.empty()) {
    // A call FX printed with str() (`torch.Size([2, 3])`, `slice(None, 7, None)`,
    // `device(type='cuda', index=0)`): a dotted name applied to values, which
    // are repr()s.
    if (stop != '(' || !text::isDottedName(token)) {
      error(start, fmt::format("unexpected '{}' before '{}'", token, stop));
      return std::nullopt;
    }
    return call(token, at(start), depth, Context{ValueMode::Repr, false});
  }
  if (token.empty()) {
    error(start, "expected a value");
    return std::nullopt;
  }
  return bareValue(token, start, ctx.mode, ctx.opContext);
}

std::optional<Argument> GraphFormParser::dictKey(int depth, Context ctx) {
  // FX's _format_arg writes `{key: value}` with str() of the key: a bare
  // token up to ':' (or a quoted string, a `%node`, a tuple), then a value.
  // In a `return` line (Repr) a key is repr()'d like any value: a bare name
  // is a node (`return ({relu: 1},)`), strings are quoted.
  char c = peek();
  if (c == '\'' || c == '"' || c == '%' || c == '(' || startsPrefixedString(pos_))
    return value(depth, ctx);
  size_t keyPos = pos_;
  while (pos_ < line_.size() && line_[pos_] != ':' && line_[pos_] != ',' && line_[pos_] != '}')
    ++pos_;
  size_t end = pos_;
  while (end > keyPos && ascii::isBlank(line_[end - 1]))
    --end;
  std::string_view token = line_.substr(keyPos, end - keyPos);
  if (token.empty()) {
    error(keyPos, "expected a dict key");
    return std::nullopt;
  }
  return bareValue(token, keyPos, ctx.mode, false);
}

bool GraphFormParser::keyword(std::string_view& name, Pos& where) {
  size_t itemPos = pos_;
  name = readName();
  skipSpaces();
  if (!name.empty() && peek() == '=' && !(pos_ + 1 < line_.size() && line_[pos_ + 1] == '=')) {
    ++pos_;
    where = at(itemPos);
    return true;
  }
  pos_ = itemPos;
  return false;
}

void GraphFormParser::endInside(Pos open, Punct close, bool expectingItem) {
  if (expectingItem && close != Punct::RBrace)
    errorAtEnd("a value");
  else
    error(offsetOf(open),
          std::string("unterminated '") + *open + "': the line ends before it is closed");
}

void GraphFormParser::badDevice(Pos callee, Pos open, const std::string* why) {
  if (why) {
    error(offsetOf(callee), *why);
    return;
  }
  std::string_view call = line_.substr(offsetOf(open), pos_ - offsetOf(open));
  error(offsetOf(callee), fmt::format("invalid device '{}': expected device(type='cuda', "
                                      "index=0) or device('cuda:0')",
                                      call));
}

bool GraphFormParser::parseKwargs(size_t openPos, std::vector<KwArg>& kwargs, int depth) {
  skipSpaces();
  if (consume('}'))
    return true;
  for (;;) {
    skipSpaces();
    if (atEnd())
      return error(openPos, "unterminated '{': the line ends before it is closed");
    size_t keyPos = pos_;
    std::string key;
    if (peek() == '\'' || peek() == '"') {
      size_t errPos = 0;
      const char* msg = nullptr;
      size_t after = text::scanPythonString(line_, pos_, key, errPos, msg);
      if (after == std::string_view::npos)
        return error(errPos, msg);
      pos_ = after;
    } else {
      key = std::string(readName());
    }
    if (key.empty())
      return error(keyPos, "expected a keyword name");
    if (!expect(':'))
      return false;
    std::optional<Argument> v = value(depth, Context{ValueMode::Graph, false});
    if (!v)
      return false;
    kwargs.push_back({graph_.intern(key), std::move(*v)});
    skipSpaces();
    if (consume(',')) {
      skipSpaces();
      if (consume('}'))
        return true;
      continue;
    }
    if (consume('}'))
      return true;
    if (atEnd())
      return error(openPos, "unterminated '{': the line ends before it is closed");
    return error(pos_, "expected ',' or '}'");
  }
}

void GraphFormParser::parseHeader(size_t start) {
  if (sawHeader_ || sawContent_) {
    error(start, "unexpected 'graph(' header: a graph has one, on its first line");
    return;
  }
  sawHeader_ = true;
  module_->loc = Location{&buffer_, lineNo_, static_cast<uint32_t>(start + 1)};
  pos_ = start + 5; // at '('
  size_t end = 0;
  if (!skipBalanced(pos_, end))
    return;
  pos_ = end;
  skipSpaces();
  // `graph():`; tolerate a return annotation (`graph() -> Tensor:`).
  if (consumeWord("->")) {
    while (pos_ < line_.size() && line_[pos_] != ':')
      ++pos_;
  }
  if (!expect(':'))
    return;
  skipSpaces();
  if (!atEnd())
    error(pos_, "unexpected text after the graph header");
}

void GraphFormParser::parseNode() {
  size_t start = pos_;
  ++pos_; // '%'
  std::string_view name = readName();
  if (name.empty()) {
    error(pos_, "expected a node name after '%'");
    return;
  }
  sawContent_ = true;
  // When this line fails, later uses of the name are not reported again.
  struct MarkBroken {
    GraphFormParser& p;
    std::string_view name;
    ~MarkBroken() {
      if (p.lineFailed_ && !p.graph_.lookup(name))
        p.brokenNames_.insert(std::string(name));
    }
  } markBroken{*this, name};

  if (!expect(':'))
    return;
  skipSpaces();
  // An optional type (`torch.Tensor`, `Tuple[int, int]`) stands before the users bracket.
  size_t users = line_.find("[num_users=", pos_);
  size_t oldUsers = line_.find("[#users=", pos_);
  size_t bracket = std::min(users, oldUsers);
  if (bracket == std::string_view::npos) {
    if (atEnd())
      errorAtEnd("'[num_users=N]'");
    else
      error(pos_, "expected '[num_users=N]'");
    return;
  }
  pos_ = bracket + (bracket == users ? 11 : 8);
  size_t digits = pos_;
  while (pos_ < line_.size() && ascii::isDigit(line_[pos_]))
    ++pos_;
  if (pos_ == digits) {
    if (atEnd())
      errorAtEnd("a user count");
    else
      error(pos_, "expected a user count");
    return;
  }
  uint64_t declaredUsers = 0;
  for (size_t i = digits; i < pos_ && declaredUsers < (1u << 30); ++i)
    declaredUsers = declaredUsers * 10 + static_cast<uint64_t>(line_[i] - '0');
  if (!expect(']') || !expect('='))
    return;
  skipSpaces();
  size_t opPos = pos_;
  while (pos_ < line_.size() && (ascii::isLower(line_[pos_]) || line_[pos_] == '_'))
    ++pos_;
  std::string_view opWord = line_.substr(opPos, pos_ - opPos);
  if (opWord.empty()) {
    if (atEnd())
      errorAtEnd("an op kind such as 'call_function'");
    else
      error(pos_, "expected an op kind such as 'call_function'");
    return;
  }
  if (atEnd()) {
    errorAtEnd("'[target=...]' after '" + std::string(opWord) + "'");
    return;
  }
  std::optional<OpKind> kind = parseOpKind(opWord);
  if (!kind) {
    error(opPos, "unknown op kind '" + std::string(opWord) + "'");
    return;
  }
  if (!expect('['))
    return;
  size_t targetOpen = pos_ - 1;
  if (!expectWord("target="))
    return;
  size_t targetStart = pos_;
  size_t depth = 0;
  while (pos_ < line_.size()) {
    char c = line_[pos_];
    if (c == '[') {
      ++depth;
    } else if (c == ']') {
      if (depth == 0)
        break;
      --depth;
    }
    ++pos_;
  }
  if (atEnd()) {
    error(targetOpen, "unterminated '[': the line ends before it is closed");
    return;
  }
  std::string_view targetText = line_.substr(targetStart, pos_ - targetStart);
  ++pos_; // ']'
  if (targetText.empty()) {
    error(targetStart, "expected a target");
    return;
  }
  bool respell = *kind == OpKind::CallFunction &&
                 (targetText.substr(0, 10) == "torch.ops." || targetText[0] == '<');
  Symbol target = respell ? graph_.intern(text::canonicalGraphFormTarget(targetText))
                          : graph_.intern(targetText);
  if (!text::isCodeFormTarget(*kind, target.str())) {
    error(targetStart,
          fmt::format("unsupported target '{}' for {}: piecewise keeps torch.ops overloads, "
                      "dotted Python names, built-in functions and module paths",
                      targetText, opKindName(*kind)));
    return;
  }

  std::vector<Argument> args;
  std::vector<KwArg> kwargs;
  skipSpaces();
  if (*kind == OpKind::Placeholder) {
    if (consume('(')) {
      size_t open = pos_ - 1;
      if (!expectWord("default"))
        return;
      if (!expect('='))
        return;
      std::optional<Argument> def = value(1, Context{ValueMode::Graph, false});
      if (!def)
        return;
      skipSpaces();
      if (!consume(')')) {
        if (atEnd())
          error(open, "unterminated '(': the line ends before it is closed");
        else
          error(pos_, "expected ')'");
        return;
      }
      args.push_back(std::move(*def));
    }
  } else if (*kind != OpKind::GetAttr) {
    if (atEnd()) {
      errorAtEnd("'(args = ...)'");
      return;
    }
    size_t open = pos_;
    if (!expect('(') || !expectWord("args") || !expect('='))
      return;
    skipSpaces();
    if (peek() != '(' || atEnd()) {
      if (atEnd())
        errorAtEnd("'(' to start the argument tuple");
      else
        error(pos_, "expected '(' to start the argument tuple");
      return;
    }
    size_t argsOpen = pos_++;
    bool hop = *kind == OpKind::CallFunction && target.str().substr(0, 14) == "higher_order::";
    if (!items(at(argsOpen), Punct::RParen, 1, Context{ValueMode::Graph, hop},
               Context{ValueMode::Graph, false}, args))
      return;
    skipSpaces();
    if (consume(',')) {
      if (!expectWord("kwargs") || !expect('=') || !expect('{'))
        return;
      if (!parseKwargs(pos_ - 1, kwargs, 2))
        return;
    }
    skipSpaces();
    if (!consume(')')) {
      if (atEnd())
        error(open, "unterminated '(': the line ends before it is closed");
      else
        error(pos_, "expected ')'");
      return;
    }
  }
  skipSpaces();
  if (!atEnd()) {
    error(pos_, "unexpected text after the node definition");
    return;
  }
  if (isReservedPythonName(name)) {
    error(start, reservedNameMessage(name));
    return;
  }
  // createNode renames a clashing name (FX style); a renamed node is a duplicate.
  Node* n = graph_.createNode(*kind, name, target, std::move(args), std::move(kwargs));
  if (n->name().str() != name) {
    graph_.erase(n);
    Node* previous = graph_.lookup(name);
    error(start, fmt::format("duplicate name '{}'", name));
    if (previous && previous->loc().isKnown())
      report(Severity::Note, previous->loc().line, previous->loc().col,
             fmt::format("'{}' was first defined here", name));
    return;
  }
  n->setLoc(Location{&buffer_, lineNo_, static_cast<uint32_t>(start + 1)});
  declaredUsers_.push_back({n, declaredUsers});
}

void GraphFormParser::parseReturn(size_t start) {
  pos_ = start + 6;
  sawContent_ = true;
  Argument returned = Argument::none();
  skipSpaces();
  if (!atEnd()) {
    std::optional<Argument> v = value(1, Context{ValueMode::Repr, false});
    if (!v)
      return;
    returned = std::move(*v);
  }
  skipSpaces();
  if (!atEnd()) {
    error(pos_, "unexpected text after the returned value");
    return;
  }
  if (output_) {
    error(start, "a graph has one 'return'");
    if (output_->loc().isKnown())
      report(Severity::Note, output_->loc().line, output_->loc().col, "the first 'return' is here");
    return;
  }
  std::vector<Argument> args;
  args.push_back(std::move(returned));
  output_ =
      graph_.createNode(OpKind::Output, "output", graph_.intern("output"), std::move(args), {});
  output_->setLoc(Location{&buffer_, lineNo_, static_cast<uint32_t>(start + 1)});
}

void GraphFormParser::parseLine() {
  skipSpaces();
  if (atEnd())
    return;
  size_t start = pos_;
  char c = line_[pos_];
  if (c == '#')
    return;
  if (c == '%') {
    parseNode();
    return;
  }
  std::string_view rest = line_.substr(pos_);
  if (rest.substr(0, 6) == "graph(") {
    parseHeader(start);
    return;
  }
  if (rest.substr(0, 6) == "return" && (rest.size() == 6 || !ascii::isIdentChar(rest[6]))) {
    parseReturn(start);
    return;
  }
  sawContent_ = true;
  error(start, "expected a node definition ('%name : [num_users=N] = ...') or 'return'");
}

FailureOr<std::unique_ptr<Module>> GraphFormParser::parse() {
  std::string_view text = buffer_.text();
  size_t begin = 0;
  while (begin < text.size() && numErrors_ + unresolved_.size() < kMaxErrors) {
    size_t end = text.find('\n', begin);
    if (end == std::string_view::npos)
      end = text.size();
    size_t lineEnd = end;
    if (lineEnd > begin && text[lineEnd - 1] == '\r')
      --lineEnd;
    line_ = text.substr(begin, lineEnd - begin);
    ++lineNo_;
    pos_ = 0;
    lineFailed_ = false;
    // (A bare CR or invalid UTF-8 never gets here: checkModuleText rejects it.)
    parseLine();
    begin = end + 1;
  }
  bool stoppedEarly = begin < text.size();
  // FX always prints a `return` line; without one the input is cut short.
  if (!output_ && numErrors_ == 0 && !stoppedEarly) {
    uint32_t last = buffer_.numLines();
    report(Severity::Error, last, static_cast<uint32_t>(buffer_.lineText(last).size() + 1),
           "the graph ends without a 'return' line (is the input cut short?)");
  }

  // FX's [num_users=N] counts the distinct nodes that read a node. A mismatch
  // means a reference was not read as one (a `%name` inside text that is not a
  // value, as in a dict key FX printed unquoted): never silently lose a use.
  if (numErrors_ == 0 && unresolved_.empty()) {
    for (const auto& [node, declared] : declaredUsers_) {
      std::vector<Node*> users = node->users().vec();
      std::sort(users.begin(), users.end());
      size_t actual = static_cast<size_t>(std::unique(users.begin(), users.end()) - users.begin());
      if (actual != declared && node->loc().isKnown())
        report(Severity::Error, node->loc().line, node->loc().col,
               fmt::format("'{}' is declared with [num_users={}] but {} node{} read it: a "
                           "reference in the text was not read as one",
                           node->name().str(), declared, actual, actual == 1 ? "" : "s"));
    }
  }

  for (const UnresolvedName& u : unresolved_) {
    if (brokenNames_.count(u.name))
      continue;
    if (Node* def = graph_.lookup(u.name)) {
      report(Severity::Error, u.line, u.col, "name '" + u.name + "' is used before it is defined");
      if (def->loc().isKnown())
        report(Severity::Note, def->loc().line, def->loc().col, "'" + u.name + "' is defined here");
    } else {
      report(Severity::Error, u.line, u.col, "undefined name '" + u.name + "'");
    }
  }

  // Errors in source order; a note stays right after the error it explains.
  struct Group {
    uint32_t line, col;
    size_t first, count;
  };
  std::vector<Group> groups;
  for (size_t i = 0; i < pending_.size(); ++i) {
    if (pending_[i].severity == Severity::Note && !groups.empty())
      ++groups.back().count;
    else
      groups.push_back({pending_[i].line, pending_[i].col, i, 1});
  }
  std::stable_sort(groups.begin(), groups.end(), [](const Group& a, const Group& b) {
    return a.line != b.line ? a.line < b.line : a.col < b.col;
  });
  size_t emittedErrors = 0;
  for (const Group& g : groups) {
    if (emittedErrors == kMaxErrors)
      break;
    for (size_t i = g.first; i < g.first + g.count; ++i) {
      PendingDiagnostic& p = pending_[i];
      Location loc{&buffer_, p.line, p.col};
      if (p.severity == Severity::Error) {
        diag_.error(loc, std::move(p.message));
        ++emittedErrors;
      } else {
        diag_.note(loc, std::move(p.message));
      }
    }
  }
  if (emittedErrors == kMaxErrors && (stoppedEarly || emittedErrors < numErrors_))
    diag_.note(Location{&buffer_, 0, 0}, "too many errors; stopping");

  if (numErrors_ != 0)
    return failure();
  return FailureOr<std::unique_ptr<Module>>(std::move(module_));
}

} // namespace

FailureOr<std::unique_ptr<Module>> parseGraphForm(const SourceBuffer& buffer,
                                                  DiagnosticEngine& diag) {
  if (failed(checkModuleText(buffer, diag)))
    return failure();
  GraphFormParser parser(buffer, diag);
  return parser.parse();
}

} // namespace piecewise
