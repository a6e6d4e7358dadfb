//===- CodeFormParser.cpp - print_readable() text -> Module ---------------===//
//
// Reads the code form line by line. Structure comes from `class` and `def`
// lines (indentation decides nesting of classes); inside a `def forward` body
// every line is one FX statement until `return`. Indentation inside a body is
// not trusted (real dumps mix 4 and 8 spaces), and lines outside any body
// (imports, `f32: type` stubs, repro code after the graph) are skipped.
//
// Statement forms, each becoming one node:
//   name[: "ann"] = torch.ops.ns.op.overload(args, kw = v)   call_function (op)
//   name = torch.sigmoid(x) / operator.getitem(x, 0)        call_function (callable)
//   name = x.view(a, b)                                     call_method
//   name = self.submod_0(x)                                 call_module
//   name = self._tensor_constant0                           get_attr
//   name = x[0] / x[(Ellipsis, slice(None, 7, None))]       operator.getitem
//   name = x.is_cpu                                         builtins.getattr
//   name = a * b / -a / ~a / not a                          operator.*
//   return (a, b) | return a | return () | return pytree.tree_unflatten([...], ...)
// followed optionally by the `;  a = b = None` clean-up tail.
//
// This file is the statement parser, one of the three units of the code-form
// parser (CodeFormContext.h): argument values are read by CodeFormValues (the
// code form's half of the grammar both forms share, ValueGrammar.h) and names
// are resolved, with every cache, by CodeFormNames.
//
//===----------------------------------------------------------------------===//

#include "CodeFormContext.h"
#include "CodeFormNames.h"
#include "CodeFormValues.h"
#include "Literal.h"
#include "PyLexer.h"

#include "piecewise/ir/PythonNames.h"
#include "piecewise/ir/ValueTables.h"
#include "piecewise/support/CharClass.h"
#include "piecewise/text/Parser.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>

namespace piecewise {
namespace {

using text::CodeFormContext;
using text::CodeFormNames;
using text::CodeFormValues;
using text::PyLexer;
using text::Tok;
using text::Token;

constexpr int kMaxDepth = text::kMaxValueDepth;
constexpr size_t kMaxErrors = CodeFormContext::kMaxErrors;

/// `operator.mul` for `*`: the binary operator FX prints as that symbol.
std::string operatorTarget(std::string_view symbol, OperatorSyntax syntax) {
  const PythonOperator* op = findOperatorBySymbol(symbol, syntax);
  return op ? "operator." + std::string(op->name) : std::string();
}

/// Python builtins that FX prints as bare calls.
bool isPythonBuiltin(std::string_view s) {
  return s == "getattr" || s == "len" || s == "isinstance" || s == "max" || s == "min" ||
         s == "abs" || s == "int" || s == "float" || s == "bool" || s == "sum" || s == "round" ||
         s == "range" || s == "hasattr" || s == "divmod";
}

/// FX's global name for an `operator` function it has no syntax for: `_operator_` and the
/// function's name (the sanitized qualified name `_operator.is_not`).
constexpr std::string_view kFxOperatorPrefix = "_operator_";

bool isFxOperatorGlobal(std::string_view s) {
  return s.size() > kFxOperatorPrefix.size() &&
         s.substr(0, kFxOperatorPrefix.size()) == kFxOperatorPrefix &&
         findPythonOperator(s.substr(kFxOperatorPrefix.size())) != nullptr;
}

size_t indentWidth(const char* b, const char* e) {
  size_t w = 0;
  for (; b < e; ++b) {
    if (*b == ' ')
      ++w;
    else if (*b == '\t')
      w = (w / 8 + 1) * 8;
    else
      break;
  }
  return w;
}

/// What a statement's right-hand side becomes.
struct NodeSpec {
  OpKind op = OpKind::CallFunction;
  std::string target;
  /// Set instead of `target` when the interned target is already known.
  Symbol targetSym;
  std::vector<Argument> args;
  std::vector<KwArg> kwargs;
};

class CodeFormParser {
public:
  CodeFormParser(const SourceBuffer& buf, DiagnosticEngine& diag) : cx_(buf, diag) {}

  FailureOr<std::unique_ptr<Module>> parse();

private:
  struct ClassFrame {
    size_t indent;
    Module* module;
  };

  void handleLine(const char* b, const char* e, bool multiline);
  /// The physical lines after [b, e) that belong to its statement (one that
  /// leaves a bracket open), and where the statement ends.
  uint32_t continuationLines(const char* b, const char* e, const char* end, const char*& stmtEnd);
  void handleClass(PyLexer& lex, size_t indent, const char* kw, const char* e);
  void handleDef(PyLexer& lex, size_t indent, const char* kw);
  void handleStatement(PyLexer& lex, Token first);
  void handleSetItem(PyLexer& lex, Token target);
  void handleAugmentedAssignment(PyLexer& lex, Token target);
  bool parseResultBinding(PyLexer& lex, Token target, std::string_view& name, Meta& meta);
  /// Creates the call_function node of a statement that updates `target`
  /// (subscript or augmented assignment) and reads the rest of the line.
  void finishUpdate(PyLexer& lex, Token target, std::string_view name, Symbol op,
                    std::vector<Argument> args, Meta meta);
  void handleReturn(PyLexer& lex, Token ret);
  void handleDeclarations(PyLexer& lex, Token first);
  void handleFlattenInputs(PyLexer& lex, Token first);
  bool parseRhs(PyLexer& lex, NodeSpec& spec);
  bool parseSelfPath(PyLexer& lex, std::string& path, int depth);
  bool parseTail(PyLexer& lex, Symbol self);
  Module* startImplicitGraph();
  /// Makes `g` the graph the statements add nodes to.
  void startGraph(Graph& g) {
    cx_.graph = &g;
    names_.startGraph();
  }

  CodeFormContext cx_;
  CodeFormNames names_{cx_};
  CodeFormValues values_{cx_, names_};
  std::unique_ptr<Module> root_;
  std::vector<ClassFrame> classes_;
  bool inBody_ = false;
  /// The `File: ...` comment in force for the next body statement.
  Symbol provenance_;
  std::string scratch_;
};

//===----------------------------------------------------------------------===//
// Lines and structure
//===----------------------------------------------------------------------===//

FailureOr<std::unique_ptr<Module>> CodeFormParser::parse() {
  const SourceBuffer& buf = cx_.buffer();
  std::string_view text = buf.text();
  const char* p = text.data();
  const char* end = p + text.size();
  uint32_t line = 0;
  while (p < end && !cx_.tooManyErrors()) {
    ++line;
    // The buffer indexed its lines already: the next line's start is one past this one's end.
    const char* next = text.data() + buf.lineStart(line + 1);
    bool indexed = text.data() + buf.lineStart(line) == p && next > p && next[-1] == '\n';
    const char* nl =
        indexed ? next - 1
                : static_cast<const char*>(std::memchr(p, '\n', static_cast<size_t>(end - p)));
    const char* e = nl ? nl : end;
    cx_.startStatement(line, p, e);
    const char* stmtEnd = e;
    uint32_t extraLines = continuationLines(p, e, end, stmtEnd);
    if (inBody_ && cx_.graph && stmtEnd < end && names_.prefetching()) {
      names_.prefetchNextName(stmtEnd + 1, end);
      names_.loadNextInputName();
    }
    handleLine(p, stmtEnd, extraLines != 0);
    line += extraLines;
    const char* after = stmtEnd;
    p = after < end ? after + 1 : end;
  }
  if (inBody_ && !cx_.failed()) {
    Location l{&buf, line ? line : 1, 1};
    l.col = static_cast<uint32_t>(buf.lineText(l.line).size()) + 1;
    cx_.diag().error(l, "the graph ends without a 'return' statement (is the input cut short?)");
    cx_.fail();
  }
  if (!root_ && !cx_.failed()) {
    cx_.diag().error(Location{&buf, 1, 1},
                     "no graph found: expected 'class ...(torch.nn.Module):', 'def forward(self, "
                     "...):' or 'graph():'");
    cx_.fail();
  }
  if (cx_.failed())
    return failure();
  return std::move(root_);
}

uint32_t CodeFormParser::continuationLines(const char* b, const char* e, const char* end,
                                           const char*& stmtEnd) {
  // A statement that leaves a bracket open continues on the next lines (torch
  // >= 2.12 prints an AOT graph's `def forward(` and `return (` one item a
  // line). Such a line ends in an opening bracket or a comma; checking that
  // first keeps the common one-line statement at no extra cost.
  const char* p = b;
  while (p < e && ascii::isBlank(*p))
    ++p;
  stmtEnd = e;
  const char* last = e;
  while (last > p && ascii::isBlankOrCR(last[-1]))
    --last;
  if (last == p || *p == '#' ||
      (last[-1] != '(' && last[-1] != '[' && last[-1] != '{' && last[-1] != ','))
    return 0;
  int depth = 0;
  uint32_t lines = 0;
  const char* q = p;
  while (true) {
    for (; q < stmtEnd; ++q) {
      char c = *q;
      if (c == '#')
        break;
      if (c == '\'' || c == '"') {
        const char* close = q + 1;
        while (close < stmtEnd && *close != c)
          close += *close == '\\' ? 2 : 1;
        q = close < stmtEnd ? close : stmtEnd - 1;
      } else if (c == '(' || c == '[' || c == '{') {
        ++depth;
      } else if (c == ')' || c == ']' || c == '}') {
        --depth;
      }
    }
    if (depth <= 0 || stmtEnd >= end || lines >= 100000)
      return lines;
    const char* next = stmtEnd + 1;
    const char* nl =
        static_cast<const char*>(std::memchr(next, '\n', static_cast<size_t>(end - next)));
    q = next;
    stmtEnd = nl ? nl : end;
    ++lines;
  }
}

void CodeFormParser::handleLine(const char* b, const char* e, bool multiline) {
  size_t indent = indentWidth(b, e);
  const char* p = b;
  while (p < e && ascii::isBlankOrCR(*p))
    ++p;
  if (p == e)
    return;
  if (*p == '#') {
    // FX's provenance comments inside a body: `# File: path:12 in forward,
    // code: ...` describes the nodes that follow, up to the next such comment.
    if (inBody_) {
      std::string_view c(p, static_cast<size_t>(e - p));
      while (!c.empty() && (c.back() == '\r' || c.back() == ' '))
        c.remove_suffix(1);
      if (c.substr(0, 8) == "# File: ")
        provenance_ = cx_.graph->intern(c.substr(2));
      else if (c.substr(0, 22) == "# No stacktrace found ")
        provenance_ = Symbol();
    }
    return;
  }
  PyLexer lex(p, e);
  if (multiline)
    lex.allowLineBreaks();
  const Token& first = lex.peek();
  if (first.isName("class") && !inBody_) {
    lex.next();
    handleClass(lex, indent, first.begin, e);
    return;
  }
  if (first.isName("def")) {
    Token kw = lex.next();
    handleDef(lex, indent, kw.begin);
    return;
  }
  if (inBody_) {
    Token t = lex.next();
    handleStatement(lex, t);
    return;
  }
  // Outside a body: top-level Python (imports, stubs, repro code) is skipped.
  // An indented statement with no enclosing `def` is a fragment: parse it as
  // a graph so that its undefined names are reported.
  if (indent > 0 && !root_ && classes_.empty() && first.is(Tok::Name)) {
    PyLexer probe = lex;
    probe.next();
    const Token& second = probe.peek();
    if (second.is(Tok::Assign) || second.is(Tok::Colon)) {
      startImplicitGraph();
      Token t = lex.next();
      handleStatement(lex, t);
    }
  }
}

Module* CodeFormParser::startImplicitGraph() {
  root_ = std::make_unique<Module>("GraphModule");
  root_->loc = cx_.locOf(cx_.lineBegin());
  startGraph(root_->graph());
  inBody_ = true;
  provenance_ = Symbol();
  return root_.get();
}

void CodeFormParser::handleClass(PyLexer& lex, size_t indent, const char* kw, const char* e) {
  (void)lex;
  // The class name is everything up to '(' or ':' (it may be `<lambda>`).
  const char* nameBegin = kw + 5;
  while (nameBegin < e && ascii::isBlank(*nameBegin))
    ++nameBegin;
  const char* nameEnd = nameBegin;
  while (nameEnd < e && *nameEnd != '(' && *nameEnd != ':')
    ++nameEnd;
  std::string_view name(nameBegin, static_cast<size_t>(nameEnd - nameBegin));
  while (!name.empty() && ascii::isBlank(name.back()))
    name.remove_suffix(1);
  if (name.empty() || nameEnd == e) {
    cx_.error(nameBegin, "malformed class header: expected 'class Name(torch.nn.Module):'");
    return;
  }
  // The name is an identifier (or FX's `<lambda>`); the bases, if any, are
  // dotted names; then ':' ends the line.
  if (!text::isPythonIdentifier(name) && name != "<lambda>") {
    cx_.error(nameBegin,
              fmt::format("invalid class name '{}': expected a Python identifier", name));
    return;
  }
  PyLexer rest(nameEnd, e);
  if (rest.consumeIf(Tok::LParen)) {
    bool expectName = true;
    while (!rest.consumeIf(Tok::RParen)) {
      Token t = rest.next();
      if (expectName && t.is(Tok::Name)) {
        while (rest.consumeIf(Tok::Dot)) {
          Token part = rest.next();
          if (!part.is(Tok::Name)) {
            cx_.error(part.begin, "expected a name after '.' in the class bases");
            return;
          }
        }
        expectName = false;
      } else if (!expectName && t.is(Tok::Comma)) {
        expectName = true;
      } else {
        cx_.error(t.is(Tok::End) ? nameEnd : t.begin,
                  t.is(Tok::End) ? "unterminated '(' in the class header"
                                 : "malformed class header: the bases must be dotted names");
        return;
      }
    }
  }
  Token colon = rest.next();
  if (!colon.is(Tok::Colon)) {
    cx_.error(colon.is(Tok::End) ? nameEnd : colon.begin,
              "malformed class header: expected ':' after the class name and bases");
    return;
  }
  if (Token after = rest.next(); !after.is(Tok::End)) {
    cx_.error(after.begin, "unexpected text after the class header");
    return;
  }
  while (!classes_.empty() && classes_.back().indent >= indent)
    classes_.pop_back();
  Module* m = nullptr;
  if (classes_.empty()) {
    if (root_) {
      cx_.error(kw, "a second top-level graph: piecewise reads one graph (with its submodules) "
                    "per input");
      return;
    }
    root_ = std::make_unique<Module>(name);
    m = root_.get();
  } else {
    Module* parent = classes_.back().module;
    if (parent->child(name)) {
      cx_.error(nameBegin, fmt::format("submodule '{}' is defined twice", name));
      return;
    }
    m = &parent->addChild(name);
  }
  m->loc = cx_.locOf(kw);
  classes_.push_back({indent, m});
  inBody_ = false;
}

void CodeFormParser::handleDef(PyLexer& lex, size_t indent, const char* kw) {
  inBody_ = false;
  Token name = lex.next();
  if (!name.is(Tok::Name)) {
    cx_.error(name.begin, "expected a function name after 'def'");
    return;
  }
  while (!classes_.empty() && classes_.back().indent >= indent)
    classes_.pop_back();
  if (name.text() != "forward")
    return; // other methods carry no graph
  Module* owner = nullptr;
  if (!classes_.empty()) {
    owner = classes_.back().module;
  } else if (!root_) {
    root_ = std::make_unique<Module>("GraphModule");
    root_->loc = cx_.locOf(kw);
    owner = root_.get();
  } else {
    cx_.error(kw, "a second top-level graph: piecewise reads one graph (with its submodules) per "
                  "input");
    return;
  }
  Graph& g = owner->graph();
  if (owner == root_.get()) {
    // About one node per line: size the tables once instead of rehashing.
    g.strings().reserve(cx_.buffer().numLines() + 1024);
  }
  if (!g.empty()) {
    cx_.error(kw, "a second 'forward' in the same class");
    return;
  }
  startGraph(g);
  Token open = lex.next();
  if (!open.is(Tok::LParen)) {
    cx_.error(open.begin, "expected '(' after 'def forward'");
    return;
  }
  bool first = true;
  bool sawDoubleStar = false;
  const char* textEnd = cx_.buffer().text().data() + cx_.buffer().text().size();
  while (true) {
    Token t = lex.next();
    if (t.is(Tok::RParen))
      break;
    if (!first) {
      if (!t.is(Tok::Comma)) {
        if (t.is(Tok::End))
          cx_.error(open.begin, "unterminated '(' in the 'def forward' line");
        else if (t.is(Tok::Error))
          cx_.lexError(lex, t);
        else
          cx_.error(t.begin, "expected ',' or ')' between parameters");
        return;
      }
      t = lex.next();
      if (t.is(Tok::RParen))
        break;
    }
    bool isSelf = first && t.isName("self");
    first = false;
    std::string_view stars;
    if (t.isOp("*") || t.isOp("**")) {
      stars = t.text();
      t = lex.next();
    }
    if (!t.is(Tok::Name)) {
      if (t.is(Tok::End))
        cx_.error(open.begin, "unterminated '(' in the 'def forward' line");
      else if (t.is(Tok::Error))
        cx_.lexError(lex, t);
      else
        cx_.error(t.begin, "expected a parameter name");
      return;
    }
    if (isSelf)
      continue;
    if (sawDoubleStar) {
      cx_.error(t.begin, "no parameter may follow a '**' parameter");
      return;
    }
    if (isReservedPythonName(t.text())) {
      cx_.error(t.begin, reservedNameMessage(t.text()));
      return;
    }
    Meta meta;
    if (lex.consumeIf(Tok::Colon)) {
      Token ann = lex.next();
      if (ann.is(Tok::Error)) {
        cx_.lexError(lex, ann);
        return;
      }
      if (ann.is(Tok::Name)) {
        // An unquoted class (Dynamo's non-tensor inputs since torch 2.11):
        // an opaque-object input.
        std::string cls(ann.text());
        while (lex.consumeIf(Tok::Dot)) {
          Token part = lex.next();
          if (!part.is(Tok::Name)) {
            cx_.error(part.begin, "expected a name after '.' in the annotation");
            return;
          }
          cls += '.';
          cls += part.text();
        }
        meta = Meta(OpaqueMeta{g.intern(cls), true});
      } else if (!ann.is(Tok::String)) {
        cx_.error(ann.begin, "expected a type annotation (a quoted one, or a class name)");
        return;
      } else {
        if (!names_.readAnnotation(ann, g, meta)) {
          cx_.fail();
          return;
        }
      }
    }
    std::vector<Argument> args;
    if (lex.consumeIf(Tok::Assign)) {
      if (!stars.empty()) {
        cx_.error(t.begin, fmt::format("a '{}' parameter takes no default value", stars));
        return;
      }
      std::optional<Argument> def = values_.parseArg(lex, 0);
      if (!def)
        return;
      args.push_back(std::move(*def));
    }
    // A dump of a large model has a parameter per weight, all on this line:
    // start loading the next one's interner slot while this one is created.
    const uint64_t hash = names_.hashOf(t.text());
    if (names_.prefetching())
      names_.prefetchNextName(lex.position(), textEnd);
    Symbol name = g.strings().intern(t.text(), hash);
    if (g.lookup(name)) {
      cx_.error(t.begin, fmt::format("duplicate parameter name '{}'", t.text()));
      return;
    }
    // FX's placeholder for `*args` has the name `args` and the target `*args`.
    sawDoubleStar = stars == "**";
    Symbol target = stars.empty() ? name : g.intern(std::string(stars) + std::string(t.text()));
    Node* n = g.createNode(OpKind::Placeholder, name, target, std::move(args), {});
    n->setMeta(std::move(meta));
    n->setLoc(cx_.locOf(t.begin));
  }
  // An optional return annotation, then ':'.
  // (An error token does not advance the lexer: stop at it, `expect` reports it.)
  if (lex.consumeIf(Tok::Arrow)) {
    while (!lex.peek().is(Tok::Colon) && !lex.peek().is(Tok::End) && !lex.peek().is(Tok::Error))
      lex.next();
  }
  if (!cx_.expect(lex, Tok::Colon, "':' at the end of the 'def' line"))
    return;
  inBody_ = true;
  provenance_ = Symbol();
}

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

void CodeFormParser::handleSetItem(PyLexer& lex, Token target) {
  // `x[index] = value` (Dynamo graphs): FX's operator.setitem node, which
  // writes x. FX names it `setitem` (`setitem_1`, ...) and prints no name.
  std::optional<Argument> self = values_.resolveName(target);
  if (!self)
    return;
  Token open = lex.next();
  std::optional<Argument> index = values_.parseArg(lex, 1);
  if (!index)
    return;
  if (!lex.peek().is(Tok::RBracket)) {
    // `x[a, b] = v` indexes with the tuple (a, b).
    std::vector<Argument> items;
    items.push_back(std::move(*index));
    while (lex.consumeIf(Tok::Comma)) {
      if (lex.peek().is(Tok::RBracket))
        break;
      std::optional<Argument> more = values_.parseArg(lex, 1);
      if (!more)
        return;
      items.push_back(std::move(*more));
    }
    index = Argument::tuple(std::move(items));
  }
  if (!cx_.expect(lex, Tok::RBracket, "']' to close the subscript") ||
      !cx_.expect(lex, Tok::Assign, "'=' after the subscript"))
    return;
  std::optional<Argument> value = values_.parseArg(lex, 0);
  if (!value)
    return;
  (void)open;
  Graph& g = *cx_.graph;
  // torch >= 2.12 binds the node's value, the written tensor: `;  setitem = x`.
  std::string_view name = "setitem";
  Meta meta;
  if (!parseResultBinding(lex, target, name, meta))
    return;
  std::vector<Argument> args;
  args.push_back(std::move(*self));
  args.push_back(std::move(*index));
  args.push_back(std::move(*value));
  finishUpdate(lex, target, name, g.intern("operator.setitem"), std::move(args), std::move(meta));
}

void CodeFormParser::finishUpdate(PyLexer& lex, Token target, std::string_view name, Symbol op,
                                  std::vector<Argument> args, Meta meta) {
  Node* n = cx_.graph->createNode(OpKind::CallFunction, name, op, std::move(args), {});
  n->setMeta(std::move(meta));
  n->setLoc(cx_.locOf(target.begin));
  n->setProvenance(provenance_);
  names_.remember(n);
  if (lex.consumeIf(Tok::Semi) && !parseTail(lex, n->name()))
    return;
  Token t = lex.next();
  if (!t.is(Tok::End))
    cx_.error(t.begin, fmt::format("unexpected '{}' after the statement", t.text()));
}

bool CodeFormParser::parseResultBinding(PyLexer& lex, Token target, std::string_view& name,
                                        Meta& meta) {
  // `;  name = target` or `;  name: "ann" = target`, ending the statement or
  // followed by its clean-up tail. Anything else is left for the tail parser.
  if (!lex.peek().is(Tok::Semi))
    return true;
  PyLexer probe = lex;
  probe.next();
  Token alias = probe.next();
  if (!alias.is(Tok::Name))
    return true;
  Token ann;
  if (probe.consumeIf(Tok::Colon)) {
    ann = probe.next();
    if (!ann.is(Tok::String))
      return true;
  }
  if (!probe.consumeIf(Tok::Assign) || !probe.peek().is(Tok::Name) ||
      probe.peek().text() != target.text())
    return true;
  probe.next();
  if (!probe.peek().is(Tok::Semi) && !probe.peek().is(Tok::End))
    return true;
  if (isReservedPythonName(alias.text())) {
    cx_.error(alias.begin, reservedNameMessage(alias.text()));
    return false;
  }
  if (cx_.graph->lookup(alias.text())) {
    cx_.error(alias.begin, fmt::format("redefinition of '{}'", alias.text()));
    return false;
  }
  if (ann.is(Tok::String)) {
    if (!names_.readAnnotation(ann, *cx_.graph, meta)) {
      cx_.fail();
      return false;
    }
  }
  name = alias.text();
  lex = probe;
  return true;
}

void CodeFormParser::handleAugmentedAssignment(PyLexer& lex, Token target) {
  // `a += b;  iadd = a` (Dynamo graphs): FX's operator.iadd node, which
  // updates a in place and is bound to it.
  Token op = lex.next();
  lex.next(); // '='
  std::string opTarget = operatorTarget(op.text(), OperatorSyntax::Inplace);
  if (opTarget.empty()) {
    cx_.error(op.begin, fmt::format("unsupported augmented assignment '{}='", op.text()));
    return;
  }
  std::optional<Argument> self = values_.resolveName(target);
  if (!self)
    return;
  if (!self->isNode()) {
    cx_.error(target.begin,
              fmt::format("augmented assignment to '{}', which is not a node", target.text()));
    return;
  }
  std::optional<Argument> value = values_.parseArg(lex, 0);
  if (!value)
    return;
  Graph& g = *cx_.graph;
  std::string_view name = std::string_view(opTarget).substr(std::string_view("operator.").size());
  Meta meta;
  if (!parseResultBinding(lex, target, name, meta))
    return;
  std::vector<Argument> args;
  args.push_back(std::move(*self));
  args.push_back(std::move(*value));
  finishUpdate(lex, target, name, g.intern(opTarget), std::move(args), std::move(meta));
}

void CodeFormParser::handleStatement(PyLexer& lex, Token first) {
  if (first.is(Tok::Error)) {
    cx_.lexError(lex, first);
    return;
  }
  if (first.isName("return")) {
    handleReturn(lex, first);
    return;
  }
  if (first.isName("pass") && lex.peek().is(Tok::End)) {
    inBody_ = false; // the body of an empty graph (no output node)
    return;
  }
  if (!first.is(Tok::Name)) {
    cx_.error(first.begin, "expected a statement of the form 'name = ...'");
    return;
  }
  if (lex.peek().is(Tok::LBracket))
    return handleSetItem(lex, first);
  if (lex.peek().is(Tok::Operator)) {
    // `a += b`: an operator token glued to '='.
    PyLexer probe = lex;
    Token op = probe.next();
    if (op.is(Tok::Operator) && probe.peek().is(Tok::Assign) && probe.peek().begin == op.end())
      return handleAugmentedAssignment(lex, first);
  }
  std::string_view name = first.text();
  Graph& g = *cx_.graph;
  // The name's interner slot is cold: its load overlaps with the annotation
  // (unless the previous line prefetched it already).
  const uint64_t nameHash = names_.prefetchDefinition(name);
  auto poison = [&] { names_.poison(name); };
  {
    // `a: "f32[4]"; b: "f32[4]"` (declarations) and `a, b, = fx_pytree...`
    // (flattened inputs) are the two statement forms that define no node.
    if (lex.peek().is(Tok::Comma))
      return handleFlattenInputs(lex, first);
  }
  Meta meta;
  if (lex.peek().is(Tok::Colon)) {
    PyLexer atColon = lex;
    lex.next();
    Token ann = lex.next();
    if (ann.is(Tok::String) && (lex.peek().is(Tok::Semi) || lex.peek().is(Tok::End))) {
      lex = atColon;
      return handleDeclarations(lex, first);
    }
    if (ann.is(Tok::Error)) {
      cx_.lexError(lex, ann);
      return poison();
    }
    if (!ann.is(Tok::String)) {
      cx_.error(ann.begin, "expected a quoted type annotation after ':'");
      return poison();
    }
    if (!names_.readAnnotation(ann, g, meta)) {
      cx_.fail();
      return poison();
    }
  }
  if (!cx_.expect(lex, Tok::Assign, "'='"))
    return poison();
  if (isReservedPythonName(name)) {
    cx_.error(first.begin, reservedNameMessage(name));
    return poison();
  }
  if (const Location* readAt = names_.globalHeadOf(name)) {
    // `u = d.cuda()` before `d = ...`: the earlier statement reads this node.
    if (cx_.diag().numErrors() < kMaxErrors) {
      cx_.diag().error(*readAt, fmt::format("name '{}' is used before it is defined", name));
      cx_.diag().note(cx_.locOf(first.begin), fmt::format("'{}' is defined here", name));
    }
    cx_.fail();
    return poison();
  }
  Symbol nameSym = g.strings().intern(name, nameHash);
  auto redefined = [&]() {
    Node* prev = g.lookup(nameSym);
    if (!prev)
      return false;
    cx_.error(first.begin, fmt::format("redefinition of '{}'", name));
    if (prev->loc().isKnown() && cx_.diag().numErrors() < kMaxErrors)
      cx_.diag().note(prev->loc(), fmt::format("'{}' was first defined here", name));
    return true;
  };
  // `l_x_ = L_x_`: FX prints a placeholder whose name differs from its target
  // (Dynamo's inputs) as a parameter named by the target and this rename.
  if (lex.peek().is(Tok::Name)) {
    PyLexer probe = lex;
    Token ref = probe.next();
    if (probe.peek().is(Tok::End) || probe.peek().is(Tok::Semi)) {
      Node* p = g.lookup(ref.text());
      if (p && p->isPlaceholder() && !p->hasUsers() && p->name() == p->target()) {
        if (redefined())
          return;
        g.rename(p, name);
        names_.remember(p);
        if (!meta.isNone())
          p->setMeta(std::move(meta));
        lex = probe;
        if (lex.consumeIf(Tok::Semi) && !parseTail(lex, p->name()))
          return;
        Token t = lex.next();
        if (!t.is(Tok::End))
          cx_.error(t.begin, fmt::format("unexpected '{}' after the statement", t.text()));
        return;
      }
    }
  }
  NodeSpec spec;
  if (!parseRhs(lex, spec))
    return poison();
  if (redefined())
    return;
  Symbol target = spec.targetSym.isNull() ? g.intern(spec.target) : spec.targetSym;
  Node* n = g.createNode(spec.op, nameSym, target, std::move(spec.args), std::move(spec.kwargs));
  n->setMeta(std::move(meta));
  n->setLoc(cx_.locOf(first.begin));
  n->setProvenance(provenance_);
  if (n->name() == nameSym)
    names_.remember(n, nameHash);
  else
    names_.remember(n);
  if (lex.consumeIf(Tok::Semi)) {
    if (!parseTail(lex, n->name()))
      return;
  }
  Token t = lex.next();
  if (t.is(Tok::Error))
    cx_.lexError(lex, t);
  else if (!t.is(Tok::End))
    cx_.error(t.begin, fmt::format("unexpected '{}' after the statement", t.text()));
}

void CodeFormParser::handleDeclarations(PyLexer& lex, Token first) {
  Token name = first;
  while (true) {
    lex.next(); // ':'
    Token ann = lex.next();
    if (!ann.is(Tok::String)) {
      if (ann.is(Tok::Error))
        cx_.lexError(lex, ann);
      else
        cx_.error(ann.begin, "expected a quoted type annotation after ':'");
      return;
    }
    Meta meta;
    if (!names_.readAnnotation(ann, *cx_.graph, meta)) {
      cx_.fail();
      return;
    }
    names_.declare(name.text(), std::move(meta));
    Token sep = lex.next();
    if (sep.is(Tok::End))
      return;
    if (!sep.is(Tok::Semi)) {
      cx_.error(sep.begin, "expected ';' between declarations");
      return;
    }
    if (lex.peek().is(Tok::End))
      return;
    name = lex.next();
    if (!name.is(Tok::Name) || !lex.peek().is(Tok::Colon)) {
      cx_.error(name.begin, "expected 'name: \"annotation\"'");
      return;
    }
  }
}

void CodeFormParser::handleFlattenInputs(PyLexer& lex, Token first) {
  // `a, b, = fx_pytree.tree_flatten_spec([x, y], self._in_spec)`: the flat
  // names are the graph's real placeholders; the def's parameters are the
  // pytree it flattens.
  Graph& g = *cx_.graph;
  std::vector<Token> names{first};
  while (lex.consumeIf(Tok::Comma)) {
    if (lex.peek().is(Tok::Assign))
      break;
    Token t = lex.next();
    if (!t.is(Tok::Name)) {
      cx_.error(t.begin, "expected a name in the unpacking assignment");
      return;
    }
    names.push_back(t);
  }
  if (!cx_.expect(lex, Tok::Assign, "'='"))
    return;
  Token callee = lex.next();
  std::string dotted(callee.text());
  while (lex.consumeIf(Tok::Dot)) {
    dotted += '.';
    dotted += lex.next().text();
  }
  if (dotted != "fx_pytree.tree_flatten_spec" && dotted != "pytree.tree_flatten_spec") {
    cx_.error(callee.begin, "only 'fx_pytree.tree_flatten_spec(...)' may be unpacked into several "
                            "names");
    return;
  }
  std::vector<Node*> params = g.placeholders();
  for (Node* p : params) {
    if (p->hasUsers()) {
      cx_.error(callee.begin, fmt::format("parameter '{}' is used before the inputs are flattened",
                                          p->name().str()));
      return;
    }
    g.treeFlattenInputs.push_back(std::string(p->name().str()));
  }
  for (Node* p : params)
    g.erase(p);
  names_.forgetRecent();
  for (const Token& t : names) {
    if (isReservedPythonName(t.text())) {
      cx_.error(t.begin, reservedNameMessage(t.text()));
      return;
    }
    if (g.lookup(t.text())) {
      cx_.error(t.begin, fmt::format("redefinition of '{}'", t.text()));
      return;
    }
    Node* n = g.createNode(OpKind::Placeholder, t.text(), g.intern(t.text()), {}, {});
    if (const Meta* declared = names_.declared(t.text()))
      n->setMeta(*declared);
    n->setLoc(cx_.locOf(t.begin));
  }
  // The rest of the line is the flatten call's arguments.
  while (!lex.peek().is(Tok::End) && !lex.peek().is(Tok::Error))
    lex.next();
  if (lex.peek().is(Tok::Error))
    cx_.lexError(lex, lex.peek());
}

bool CodeFormParser::parseTail(PyLexer& lex, Symbol self) {
  // `a = b = None`: names released at this statement.
  while (true) {
    Token t = lex.next();
    if (t.isName("None"))
      return true;
    if (t.is(Tok::Error)) {
      cx_.lexError(lex, t);
      return false;
    }
    if (!t.is(Tok::Name)) {
      cx_.error(t.is(Tok::End) ? t.begin : t.begin,
                "malformed clean-up after ';': expected 'a = b = None'");
      return false;
    }
    // FX releases values at their last use, so a tail name is almost always
    // the statement itself or one of its inputs: check those without hashing.
    bool known = t.text() == self.str();
    if (!known) {
      if (Node* n = cx_.graph->lookup(self))
        n->forEachInput([&](Node* in) { known = known || in->name().str() == t.text(); });
    }
    if (!known && !cx_.graph->lookup(t.text()) && !names_.isPoisoned(t.text())) {
      cx_.error(t.begin,
                fmt::format("the clean-up after ';' names '{}', which is not defined", t.text()));
      return false;
    }
    if (!cx_.expect(lex, Tok::Assign, "'=' in the clean-up after ';'"))
      return false;
  }
}

void CodeFormParser::handleReturn(PyLexer& lex, Token ret) {
  Graph& g = *cx_.graph;
  inBody_ = false;
  Argument value;
  const Token& t = lex.peek();
  if (t.isName("pytree")) {
    PyLexer probe = lex;
    probe.next();
    if (probe.consumeIf(Tok::Dot) && probe.peek().isName("tree_unflatten")) {
      probe.next();
      Token open = probe.next();
      if (!open.is(Tok::LParen)) {
        cx_.error(open.begin, "expected '(' after 'pytree.tree_unflatten'");
        return;
      }
      std::optional<Argument> flat = values_.parseArg(probe, 1);
      if (!flat)
        return;
      // The spec argument (`self._out_spec`) is implied by the module.
      int depth = 1;
      while (depth > 0) {
        Token s = probe.next();
        if (s.is(Tok::End)) {
          cx_.error(open.begin, "unterminated '(' in 'return pytree.tree_unflatten(...)'");
          return;
        }
        if (s.is(Tok::Error)) {
          cx_.lexError(probe, s);
          return;
        }
        if (s.is(Tok::LParen) || s.is(Tok::LBracket))
          ++depth;
        else if (s.is(Tok::RParen) || s.is(Tok::RBracket))
          --depth;
      }
      g.treeUnflattenOutput = true;
      value = std::move(*flat);
      lex = probe;
    }
  }
  if (!g.treeUnflattenOutput) {
    if (t.is(Tok::End)) {
      value = Argument::none();
    } else {
      std::optional<Argument> v = values_.parseArg(lex, 0);
      if (!v)
        return;
      value = std::move(*v);
    }
  }
  Token end = lex.next();
  if (end.is(Tok::Error)) {
    cx_.lexError(lex, end);
    return;
  }
  if (!end.is(Tok::End)) {
    cx_.error(end.begin, fmt::format("unexpected '{}' after the return value", end.text()));
    return;
  }
  std::vector<Argument> args;
  args.push_back(std::move(value));
  Node* out = g.createNode(OpKind::Output, "output", g.intern("output"), std::move(args), {});
  out->setLoc(cx_.locOf(ret.begin));
}

bool CodeFormParser::parseRhs(PyLexer& lex, NodeSpec& spec) {
  const Token first = lex.peek();
  if (first.is(Tok::Error)) {
    cx_.lexError(lex, first);
    return false;
  }
  // Unary operators.
  if (first.isOp("-") || first.isOp("~") || first.isOp("+") || first.isName("not")) {
    lex.next();
    std::optional<Argument> operand = values_.parseArg(lex, 1);
    if (!operand)
      return false;
    if (first.isOp("-") && !operand->isNode()) {
      cx_.error(first.begin, "unsupported expression: negation of a constant");
      return false;
    }
    spec.op = OpKind::CallFunction;
    spec.target = operatorTarget(first.text(), OperatorSyntax::Unary);
    spec.args.push_back(std::move(*operand));
    return true;
  }
  // `getattr(self.layers, "0").weight` / `getattr(self.layers, "0")(x)`: FX's
  // spelling of attribute paths whose parts are not identifiers.
  if (first.isName("getattr")) {
    PyLexer probe = lex;
    probe.next();
    if (probe.consumeIf(Tok::LParen) &&
        (probe.peek().isName("self") || probe.peek().isName("getattr"))) {
      std::string path;
      if (!parseSelfPath(lex, path, 0))
        return false;
      if (lex.peek().is(Tok::LParen)) {
        Token open = lex.next();
        spec.op = OpKind::CallModule;
        spec.target = path;
        return values_.parseCallArgs(lex, open, spec.args, spec.kwargs, 1);
      }
      spec.op = OpKind::GetAttr;
      spec.target = path;
      return true;
    }
  }
  std::optional<Argument> left;
  if (first.is(Tok::Name)) {
    // A dotted name, then '(' (a call), '[' (getitem) or nothing (attribute / operand).
    PyLexer save = lex;
    Token head = lex.next();
    const char* dottedEnd = head.end();
    size_t parts = 1 + lex.skipDotNames(dottedEnd, isPythonKeyword);
    // Blanks can only be inside parts read token by token (below).
    bool mayHaveBlanks = false;
    while (lex.peek().is(Tok::Dot)) {
      mayHaveBlanks = true;
      lex.next();
      Token part;
      if (!cx_.expectNamePart(lex, part))
        return false;
      dottedEnd = part.end();
      ++parts;
    }
    // The dotted name as written; spaces around dots (never printed by FX) are dropped.
    std::string_view dotted(head.begin, static_cast<size_t>(dottedEnd - head.begin));
    // (A plain loop: find_first_of calls memchr once per character.)
    if (mayHaveBlanks && std::any_of(dotted.begin(), dotted.end(), ascii::isBlank)) {
      scratch_.clear();
      for (char c : dotted)
        if (!ascii::isBlank(c))
          scratch_.push_back(c);
      dotted = scratch_;
    }
    std::string_view headName = head.text();
    bool headIsSelf = headName == "self";
    Node* headNode = headIsSelf ? nullptr : names_.findNode(headName);
    const Token& next = lex.peek();
    if (next.is(Tok::LParen)) {
      Token open = lex.next();
      if (headIsSelf && parts >= 2) {
        spec.op = OpKind::CallModule;
        spec.target = std::string(dotted.substr(5));
      } else if (parts == 2 && headNode) {
        spec.op = OpKind::CallMethod;
        spec.target = std::string(dotted.substr(headName.size() + 1));
        spec.args.push_back(Argument::node(headNode));
      } else if (parts == 2 && !headNode && names_.isPoisoned(headName)) {
        cx_.fail();
        return false;
      } else if (parts == 1 && isPythonBuiltin(headName)) {
        spec.op = OpKind::CallFunction;
        spec.target = "builtins." + std::string(dotted);
      } else if (parts == 1 && !headNode && isFxOperatorGlobal(headName)) {
        // FX names the global of an `operator` function without syntax by its qualified
        // name: `_operator_is_not(a, b)` is operator.is_not.
        spec.op = OpKind::CallFunction;
        spec.target = "operator." + std::string(headName.substr(kFxOperatorPrefix.size()));
      } else if (parts == 1 && !headNode) {
        cx_.error(head.begin, fmt::format("call of unknown function '{}'", headName));
        return false;
      } else if (headNode) {
        cx_.error(head.begin,
                  fmt::format("'{}' calls through the value of node '{}', which is not an "
                              "FX call",
                              dotted, headName));
        return false;
      } else {
        names_.noteGlobalHead(head.text(), head.begin);
        spec.op = OpKind::CallFunction;
        spec.target.clear();
        spec.targetSym = names_.canonicalTargetOf(dotted);
      }
      return values_.parseCallArgs(lex, open, spec.args, spec.kwargs, 1);
    }
    if (next.is(Tok::LBracket) && parts == 1) {
      Token open = lex.next();
      std::optional<Argument> base = values_.resolveName(head);
      if (!base)
        return false;
      std::optional<Argument> index = values_.parseArg(lex, 1);
      if (!index)
        return false;
      Token close = lex.next();
      if (!close.is(Tok::RBracket)) {
        if (close.is(Tok::End))
          cx_.error(open.begin, "unterminated '['");
        else if (close.is(Tok::Error))
          cx_.lexError(lex, close);
        else
          cx_.error(close.begin, fmt::format("expected ']', found '{}'", close.text()));
        return false;
      }
      spec.op = OpKind::CallFunction;
      spec.target = "operator.getitem";
      spec.args.push_back(std::move(*base));
      spec.args.push_back(std::move(*index));
      return true;
    }
    if (parts >= 2 && headIsSelf) {
      spec.op = OpKind::GetAttr;
      spec.target = std::string(dotted.substr(5));
      return true;
    }
    if (parts == 2 && headNode && !next.is(Tok::Operator)) {
      spec.op = OpKind::CallFunction;
      spec.target = "builtins.getattr";
      spec.args.push_back(Argument::node(headNode));
      spec.args.push_back(Argument::string(cx_.graph->intern(dotted.substr(headName.size() + 1))));
      return true;
    }
    // An operand of an infix expression: re-read it as an argument.
    lex = save;
  }
  left = values_.parseArg(lex, 1);
  if (!left)
    return false;
  Token op = lex.next();
  if (op.is(Tok::Error)) {
    cx_.lexError(lex, op);
    return false;
  }
  std::string target =
      op.is(Tok::Operator) ? operatorTarget(op.text(), OperatorSyntax::Binary) : std::string();
  if (target.empty()) {
    if (op.is(Tok::End))
      cx_.error(first.begin,
                "unsupported statement: the right-hand side is not a call, an index, an "
                "attribute or an operator expression");
    else
      cx_.error(op.begin, fmt::format("unexpected '{}' in expression", op.text()));
    return false;
  }
  std::optional<Argument> right = values_.parseArg(lex, 1);
  if (!right)
    return false;
  spec.op = OpKind::CallFunction;
  spec.target = std::string(target);
  spec.args.push_back(std::move(*left));
  spec.args.push_back(std::move(*right));
  return true;
}

bool CodeFormParser::parseSelfPath(PyLexer& lex, std::string& path, int depth) {
  if (depth > kMaxDepth) {
    cx_.error(lex.position(), fmt::format("nesting is deeper than {} levels", kMaxDepth));
    return false;
  }
  Token head = lex.next();
  if (head.isName("getattr")) {
    Token open = lex.next();
    if (!open.is(Tok::LParen)) {
      cx_.error(open.begin, "expected '(' after 'getattr'");
      return false;
    }
    if (!parseSelfPath(lex, path, depth + 1) || !cx_.expect(lex, Tok::Comma, "','"))
      return false;
    Token attr = lex.next();
    size_t badAt = 0;
    const char* why = nullptr;
    if (!attr.is(Tok::String) || !PyLexer::decodeString(attr.text(), scratch_, badAt, why)) {
      cx_.error(attr.begin, "expected a quoted attribute name in getattr(...)");
      return false;
    }
    if (!path.empty())
      path += '.';
    path += scratch_;
    if (!cx_.expect(lex, Tok::RParen, "')' to close getattr(...)"))
      return false;
  } else if (!head.isName("self")) {
    cx_.error(head.begin, "expected 'self' or 'getattr(self...)' in an attribute path");
    return false;
  }
  while (lex.peek().is(Tok::Dot)) {
    lex.next();
    Token part = lex.next();
    if (!part.is(Tok::Name)) {
      cx_.error(part.begin, "expected a name after '.'");
      return false;
    }
    if (!path.empty())
      path += '.';
    path += part.text();
  }
  if (depth == 0 && path.empty()) {
    cx_.error(head.begin, "expected an attribute of 'self'");
    return false;
  }
  return true;
}

} // namespace

FailureOr<std::unique_ptr<Module>> parseCodeForm(const SourceBuffer& buffer,
                                                 DiagnosticEngine& diag) {
  if (failed(checkModuleText(buffer, diag)))
    return failure();
  CodeFormParser parser(buffer, diag);
  return parser.parse();
}

} // namespace piecewise
