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
//===----------------------------------------------------------------------===//

#include "Literal.h"
#include "PyLexer.h"
#include "piecewise/ir/PythonNames.h"
#include "piecewise/ir/Target.h"
#include "piecewise/ir/ValueTables.h"
#include "piecewise/support/Hashing.h"
#include "piecewise/support/PointerMap.h"
#include "piecewise/text/Parser.h"

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <fmt/format.h>
#include <iterator>
#include <limits>
#include <unordered_map>
#include <unordered_set>

namespace piecewise {
namespace {

using text::PyLexer;
using text::Tok;
using text::Token;

constexpr int kMaxDepth = 256;
constexpr size_t kMaxErrors = 20;

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
  CodeFormParser(const SourceBuffer& buf, DiagnosticEngine& diag) : buf_(buf), diag_(diag) {}

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
  /// The canonical target for a dotted callee, cached per spelling (a graph
  /// names few distinct ops, so this avoids rebuilding strings per node).
  Symbol canonicalTargetOf(std::string_view dotted);
  /// The node called `name` in the current graph. Most references name a
  /// recent node, so a small direct-mapped cache answers them without touching
  /// the graph's (large, cache-cold) name table.
  /// Each entry keeps its name's hash, so that a miss (a reference to a node
  /// defined long ago, such as a weight) does not first load the entry's cold
  /// node to compare names.
  /// A reference the recent cache misses is most often a graph input read for
  /// the first time (a layer's weight), and Dynamo lifts inputs in the order
  /// the model first reads them: the input after the last one read is tried
  /// before the name table, with its node and name already in cache.
  Node* findNode(std::string_view name) {
    uint64_t h = hashBytes(name);
    Recent& slot = recent_[h & (kRecent - 1)];
    if (slot.node && slot.hash == h && slot.node->name().str() == name)
      return slot.node;
    Node* n = nextInput_ && nextInput_->name().str() == name ? nextInput_ : graph_->lookup(name);
    if (n) {
      slot = Recent{h, n};
      if (n->isPlaceholder())
        expectNextInput(n->next());
    }
    return n;
  }
  /// The input predicted to be read next (see findNode), or null.
  Node* nextInput_ = nullptr;
  bool nextInputNameLoading_ = false;
  void expectNextInput(Node* n) {
    nextInput_ = n && n->isPlaceholder() ? n : nullptr;
    nextInputNameLoading_ = false;
    if (nextInput_)
      __builtin_prefetch(nextInput_);
  }
  /// Once a statement later the predicted input's node is in cache: start
  /// loading its name.
  void loadNextInputName() {
    if (nextInput_ && !nextInputNameLoading_) {
      __builtin_prefetch(nextInput_->name().data());
      nextInputNameLoading_ = true;
    }
  }
  void remember(Node* n) { remember(n, hashBytes(n->name().str())); }
  /// Pre: `hash` == hashBytes(n->name().str()).
  void remember(Node* n, uint64_t hash) { recent_[hash & (kRecent - 1)] = Recent{hash, n}; }
  void forgetRecent() {
    std::fill(std::begin(recent_), std::end(recent_), Recent{});
    expectNextInput(nullptr);
  }
  bool parseTail(PyLexer& lex, Symbol self);
  bool parseCallArgs(PyLexer& lex, Token open, std::vector<Argument>& args,
                     std::vector<KwArg>& kwargs, int depth);
  /// parseCallArgs' reading: the positional arguments go onto pending_.
  bool readCallArgs(PyLexer& lex, Token open, std::vector<KwArg>& kwargs, int depth);
  std::optional<Argument> parseArg(PyLexer& lex, int depth);
  std::optional<Argument> parseNameArg(PyLexer& lex, Token first, int depth);
  std::optional<Argument> parseSequence(PyLexer& lex, Token open, Tok close, int depth,
                                        bool isList);
  /// parseSequence's reading: the items go onto pending_ above `base`.
  std::optional<Argument> readSequence(PyLexer& lex, Token open, Tok close, int depth, bool isList,
                                       size_t base);
  /// The arguments of every call and sequence being read, innermost last:
  /// each reader appends above where it started and, done, moves its items
  /// out in one allocation of the exact size (a vector grown item by item
  /// allocates up to three times for a node's arguments).
  std::vector<Argument> pending_;
  /// Appends pending_[base, end) to `out` and drops them from pending_.
  void movePending(size_t base, std::vector<Argument>& out) {
    out.reserve(out.size() + (pending_.size() - base));
    for (size_t i = base; i < pending_.size(); ++i)
      out.push_back(std::move(pending_[i]));
    pending_.resize(base);
  }
  std::optional<Argument> parseDevice(PyLexer& lex, Token open);
  std::optional<Argument> tryParseComplex(PyLexer& lex);
  std::optional<Argument> parseDict(PyLexer& lex, Token open, int depth);
  std::optional<Argument> parseNumber(Token t, bool negate);
  /// `inf`, `nan`, `infj`, `nanj` (negated after a unary '-'), or nullopt.
  std::optional<Argument> namedNumber(std::string_view name, bool negate);
  std::optional<Argument> resolveName(Token t);
  bool expect(PyLexer& lex, Tok kind, const char* what);
  /// Reads the quoted annotation `ann` into `meta`: its string value (escapes
  /// decoded, as for any string) parsed by parseAnnotation.
  bool readAnnotation(Token ann, Graph& g, Meta& meta);
  Module* startImplicitGraph();

  Location locOf(const char* p) const {
    if (p > lineEnd_) { // a later physical line of a multi-line `def`
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
  void lexError(PyLexer& lex, const Token& t) { error(t.begin, lex.errorMessage()); }
  bool tooManyErrors() const { return diag_.numErrors() >= kMaxErrors; }

  const SourceBuffer& buf_;
  DiagnosticEngine& diag_;
  std::unique_ptr<Module> root_;
  std::vector<ClassFrame> classes_;
  Graph* graph_ = nullptr;
  bool inBody_ = false;
  bool failed_ = false;
  uint32_t line_ = 0;
  const char* lineBegin_ = nullptr;
  const char* lineEnd_ = nullptr; ///< the end of the first physical line of the statement
  /// Below this many interned strings the interner's table (16 bytes a slot)
  /// stays in cache, and prefetching ahead would cost instructions for nothing.
  static constexpr size_t kPrefetchAbove = 65536;
  /// The name prefetchNextName last prefetched (in the buffer) and its hash.
  std::string_view prefetchedName_;
  uint64_t prefetchedHash_ = 0;
  /// Starts loading the interner slot of the name that begins the line at `p`
  /// (the next statement's node name): a definition's slot is a cache miss in
  /// a table of tens of megabytes, and prefetched one statement ahead its load
  /// overlaps with the parse of the current one. A hint only: a line that is
  /// no statement costs a wasted prefetch.
  void prefetchNextName(const char* p, const char* end) {
    // (Also the next parameter of a `def` line: after `, ` and any `*`.)
    while (p < end && (*p == ' ' || *p == ',' || *p == '*' || *p == '\n'))
      ++p;
    const char* b = p;
    while (p < end && ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
                       (*p >= '0' && *p <= '9') || *p == '_'))
      ++p;
    if (p == b)
      return;
    prefetchedName_ = std::string_view(b, static_cast<size_t>(p - b));
    prefetchedHash_ = graph_->strings().prefetch(prefetchedName_);
  }
  /// Whether `name` (in the buffer) is the one prefetchNextName hashed last:
  /// then prefetchedHash_ is its hash.
  bool wasPrefetched(std::string_view name) const {
    return name.data() == prefetchedName_.data() && name.size() == prefetchedName_.size();
  }
  /// Hashes text with the interner's hash (std::hash reads a byte at a time).
  struct TextHash {
    size_t operator()(std::string_view s) const noexcept { return hashBytes(s); }
  };
  /// The `File: ...` comment in force for the next body statement.
  Symbol provenance_;
  Location bodyStart_;
  /// Names whose statements failed: later references to them stay quiet.
  std::unordered_set<std::string> poisoned_;
  /// The first name of each dotted callable or global the current graph reads
  /// (`foo` of `foo.bar(x)`), where it is first read: a node defined later under
  /// that name would be read there instead, so that definition is an error.
  std::unordered_map<std::string_view, Location, TextHash> globalHeads_;
  void noteGlobalHead(std::string_view dotted, const char* at) {
    std::string_view head = dotted.substr(0, dotted.find('.'));
    if (head != "torch")
      globalHeads_.try_emplace(head, locOf(at));
  }
  /// `name: "ann"` declarations without a value (pytree-flattened inputs).
  std::unordered_map<std::string, Meta> declared_;
  PointerMap<Symbol> canonicalTargets_;
  static constexpr size_t kRecent = 4096;
  struct Recent {
    uint64_t hash = 0;
    Node* node = nullptr;
  };
  Recent recent_[kRecent] = {};
  std::string scratch_;
  /// Annotations already read, by their text in the source buffer (escape-free
  /// ones only): a dump repeats a few hundred shapes over a million nodes.
  std::unordered_map<std::string_view, Meta, TextHash> annotationCache_;
};

//===----------------------------------------------------------------------===//
// Lines and structure
//===----------------------------------------------------------------------===//

FailureOr<std::unique_ptr<Module>> CodeFormParser::parse() {
  std::string_view text = buf_.text();
  const char* p = text.data();
  const char* end = p + text.size();
  line_ = 0;
  while (p < end && !tooManyErrors()) {
    ++line_;
    // The buffer indexed its lines already: the next line's start is one past this one's end.
    const char* next = text.data() + buf_.lineStart(line_ + 1);
    bool indexed = text.data() + buf_.lineStart(line_) == p && next > p && next[-1] == '\n';
    const char* nl =
        indexed ? next - 1
                : static_cast<const char*>(std::memchr(p, '\n', static_cast<size_t>(end - p)));
    const char* e = nl ? nl : end;
    lineBegin_ = p;
    lineEnd_ = e;
    const char* stmtEnd = e;
    uint32_t extraLines = continuationLines(p, e, end, stmtEnd);
    if (inBody_ && graph_ && stmtEnd < end && graph_->strings().size() >= kPrefetchAbove) {
      prefetchNextName(stmtEnd + 1, end);
      loadNextInputName();
    }
    handleLine(p, stmtEnd, extraLines != 0);
    line_ += extraLines;
    const char* after = stmtEnd;
    p = after < end ? after + 1 : end;
  }
  if (inBody_ && !failed_) {
    Location l{&buf_, line_ ? line_ : 1, 1};
    l.col = static_cast<uint32_t>(buf_.lineText(l.line).size()) + 1;
    diag_.error(l, "the graph ends without a 'return' statement (is the input cut short?)");
    failed_ = true;
  }
  if (!root_ && !failed_) {
    diag_.error(Location{&buf_, 1, 1},
                "no graph found: expected 'class ...(torch.nn.Module):', 'def forward(self, "
                "...):' or 'graph():'");
    failed_ = true;
  }
  if (failed_)
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
  while (p < e && (*p == ' ' || *p == '\t'))
    ++p;
  stmtEnd = e;
  const char* last = e;
  while (last > p && (last[-1] == ' ' || last[-1] == '\t' || last[-1] == '\r'))
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
  while (p < e && (*p == ' ' || *p == '\t' || *p == '\r'))
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
        provenance_ = graph_->intern(c.substr(2));
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
  root_->loc = locOf(lineBegin_);
  graph_ = &root_->graph();
  globalHeads_.clear();
  annotationCache_.clear();
  inBody_ = true;
  provenance_ = Symbol();
  return root_.get();
}

void CodeFormParser::handleClass(PyLexer& lex, size_t indent, const char* kw, const char* e) {
  (void)lex;
  // The class name is everything up to '(' or ':' (it may be `<lambda>`).
  const char* nameBegin = kw + 5;
  while (nameBegin < e && (*nameBegin == ' ' || *nameBegin == '\t'))
    ++nameBegin;
  const char* nameEnd = nameBegin;
  while (nameEnd < e && *nameEnd != '(' && *nameEnd != ':')
    ++nameEnd;
  std::string_view name(nameBegin, static_cast<size_t>(nameEnd - nameBegin));
  while (!name.empty() && (name.back() == ' ' || name.back() == '\t'))
    name.remove_suffix(1);
  if (name.empty() || nameEnd == e) {
    error(nameBegin, "malformed class header: expected 'class Name(torch.nn.Module):'");
    return;
  }
  // The name is an identifier (or FX's `<lambda>`); the bases, if any, are
  // dotted names; then ':' ends the line.
  if (!text::isPythonIdentifier(name) && name != "<lambda>") {
    error(nameBegin, fmt::format("invalid class name '{}': expected a Python identifier", name));
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
            error(part.begin, "expected a name after '.' in the class bases");
            return;
          }
        }
        expectName = false;
      } else if (!expectName && t.is(Tok::Comma)) {
        expectName = true;
      } else {
        error(t.is(Tok::End) ? nameEnd : t.begin,
              t.is(Tok::End) ? "unterminated '(' in the class header"
                             : "malformed class header: the bases must be dotted names");
        return;
      }
    }
  }
  Token colon = rest.next();
  if (!colon.is(Tok::Colon)) {
    error(colon.is(Tok::End) ? nameEnd : colon.begin,
          "malformed class header: expected ':' after the class name and bases");
    return;
  }
  if (Token after = rest.next(); !after.is(Tok::End)) {
    error(after.begin, "unexpected text after the class header");
    return;
  }
  while (!classes_.empty() && classes_.back().indent >= indent)
    classes_.pop_back();
  Module* m = nullptr;
  if (classes_.empty()) {
    if (root_) {
      error(kw, "a second top-level graph: piecewise reads one graph (with its submodules) "
                "per input");
      return;
    }
    root_ = std::make_unique<Module>(name);
    m = root_.get();
  } else {
    Module* parent = classes_.back().module;
    if (parent->child(name)) {
      error(nameBegin, fmt::format("submodule '{}' is defined twice", name));
      return;
    }
    m = &parent->addChild(name);
  }
  m->loc = locOf(kw);
  classes_.push_back({indent, m});
  inBody_ = false;
}

void CodeFormParser::handleDef(PyLexer& lex, size_t indent, const char* kw) {
  inBody_ = false;
  Token name = lex.next();
  if (!name.is(Tok::Name)) {
    error(name.begin, "expected a function name after 'def'");
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
    root_->loc = locOf(kw);
    owner = root_.get();
  } else {
    error(kw, "a second top-level graph: piecewise reads one graph (with its submodules) per "
              "input");
    return;
  }
  Graph& g = owner->graph();
  if (owner == root_.get()) {
    // About one node per line: size the tables once instead of rehashing.
    g.strings().reserve(buf_.numLines() + 1024);
  }
  if (!g.empty()) {
    error(kw, "a second 'forward' in the same class");
    return;
  }
  graph_ = &g;
  globalHeads_.clear();
  annotationCache_.clear();
  forgetRecent();
  Token open = lex.next();
  if (!open.is(Tok::LParen)) {
    error(open.begin, "expected '(' after 'def forward'");
    return;
  }
  bool first = true;
  bool sawDoubleStar = false;
  const bool bigGraph = g.strings().size() >= kPrefetchAbove || buf_.numLines() >= kPrefetchAbove;
  const char* textEnd = buf_.text().data() + buf_.text().size();
  while (true) {
    Token t = lex.next();
    if (t.is(Tok::RParen))
      break;
    if (!first) {
      if (!t.is(Tok::Comma)) {
        if (t.is(Tok::End))
          error(open.begin, "unterminated '(' in the 'def forward' line");
        else if (t.is(Tok::Error))
          lexError(lex, t);
        else
          error(t.begin, "expected ',' or ')' between parameters");
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
        error(open.begin, "unterminated '(' in the 'def forward' line");
      else if (t.is(Tok::Error))
        lexError(lex, t);
      else
        error(t.begin, "expected a parameter name");
      return;
    }
    if (isSelf)
      continue;
    if (sawDoubleStar) {
      error(t.begin, "no parameter may follow a '**' parameter");
      return;
    }
    if (isReservedPythonName(t.text())) {
      error(t.begin, reservedNameMessage(t.text()));
      return;
    }
    Meta meta;
    if (lex.consumeIf(Tok::Colon)) {
      Token ann = lex.next();
      if (ann.is(Tok::Error)) {
        lexError(lex, ann);
        return;
      }
      if (ann.is(Tok::Name)) {
        // An unquoted class (Dynamo's non-tensor inputs since torch 2.11):
        // an opaque-object input.
        std::string cls(ann.text());
        while (lex.consumeIf(Tok::Dot)) {
          Token part = lex.next();
          if (!part.is(Tok::Name)) {
            error(part.begin, "expected a name after '.' in the annotation");
            return;
          }
          cls += '.';
          cls += part.text();
        }
        meta = Meta(OpaqueMeta{g.intern(cls), true});
      } else if (!ann.is(Tok::String)) {
        error(ann.begin, "expected a type annotation (a quoted one, or a class name)");
        return;
      } else {
        if (!readAnnotation(ann, g, meta)) {
          failed_ = true;
          return;
        }
      }
    }
    std::vector<Argument> args;
    if (lex.consumeIf(Tok::Assign)) {
      if (!stars.empty()) {
        error(t.begin, fmt::format("a '{}' parameter takes no default value", stars));
        return;
      }
      std::optional<Argument> def = parseArg(lex, 0);
      if (!def)
        return;
      args.push_back(std::move(*def));
    }
    // A dump of a large model has a parameter per weight, all on this line:
    // start loading the next one's interner slot while this one is created.
    const uint64_t hash = wasPrefetched(t.text()) ? prefetchedHash_ : hashBytes(t.text());
    if (bigGraph)
      prefetchNextName(lex.position(), textEnd);
    Symbol name = g.strings().intern(t.text(), hash);
    if (g.lookup(name)) {
      error(t.begin, fmt::format("duplicate parameter name '{}'", t.text()));
      return;
    }
    // FX's placeholder for `*args` has the name `args` and the target `*args`.
    sawDoubleStar = stars == "**";
    Symbol target = stars.empty() ? name : g.intern(std::string(stars) + std::string(t.text()));
    Node* n = g.createNode(OpKind::Placeholder, name, target, std::move(args), {});
    n->setMeta(std::move(meta));
    n->setLoc(locOf(t.begin));
  }
  // An optional return annotation, then ':'.
  // (An error token does not advance the lexer: stop at it, `expect` reports it.)
  if (lex.consumeIf(Tok::Arrow)) {
    while (!lex.peek().is(Tok::Colon) && !lex.peek().is(Tok::End) && !lex.peek().is(Tok::Error))
      lex.next();
  }
  if (!expect(lex, Tok::Colon, "':' at the end of the 'def' line"))
    return;
  inBody_ = true;
  provenance_ = Symbol();
}

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

bool CodeFormParser::readAnnotation(Token ann, Graph& g, Meta& meta) {
  std::string_view lit = ann.text();
  std::string_view value;
  size_t valueAt = 1;
  bool cacheable = (lit[0] == '"' || lit[0] == '\'') && lit.find('\\') == std::string_view::npos;
  if (cacheable) {
    value = lit.substr(1, lit.size() - 2); // no escapes: the text is the value
    if (auto it = annotationCache_.find(value); it != annotationCache_.end()) {
      meta = it->second;
      return true;
    }
  } else {
    size_t badAt = 0;
    const char* why = nullptr;
    if (!PyLexer::decodeString(lit, scratch_, badAt, why)) {
      error(ann.begin + badAt, why);
      return false;
    }
    value = scratch_;
    valueAt = lit.find_first_of("'\"") + 1;
  }
  if (failed(parseAnnotation(value, locOf(ann.begin + valueAt), g, meta, diag_))) {
    failed_ = true;
    return false;
  }
  // The interned names a Meta holds belong to `g`: a nested class's graph has its own.
  if (cacheable && &g == graph_ && annotationCache_.size() < 65536)
    annotationCache_.emplace(value, meta);
  return true;
}

bool CodeFormParser::expect(PyLexer& lex, Tok kind, const char* what) {
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

void CodeFormParser::handleSetItem(PyLexer& lex, Token target) {
  // `x[index] = value` (Dynamo graphs): FX's operator.setitem node, which
  // writes x. FX names it `setitem` (`setitem_1`, ...) and prints no name.
  std::optional<Argument> self = resolveName(target);
  if (!self)
    return;
  Token open = lex.next();
  std::optional<Argument> index = parseArg(lex, 1);
  if (!index)
    return;
  if (!lex.peek().is(Tok::RBracket)) {
    // `x[a, b] = v` indexes with the tuple (a, b).
    std::vector<Argument> items;
    items.push_back(std::move(*index));
    while (lex.consumeIf(Tok::Comma)) {
      if (lex.peek().is(Tok::RBracket))
        break;
      std::optional<Argument> more = parseArg(lex, 1);
      if (!more)
        return;
      items.push_back(std::move(*more));
    }
    index = Argument::tuple(std::move(items));
  }
  if (!expect(lex, Tok::RBracket, "']' to close the subscript") ||
      !expect(lex, Tok::Assign, "'=' after the subscript"))
    return;
  std::optional<Argument> value = parseArg(lex, 0);
  if (!value)
    return;
  (void)open;
  Graph& g = *graph_;
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
  Node* n = graph_->createNode(OpKind::CallFunction, name, op, std::move(args), {});
  n->setMeta(std::move(meta));
  n->setLoc(locOf(target.begin));
  n->setProvenance(provenance_);
  remember(n);
  if (lex.consumeIf(Tok::Semi) && !parseTail(lex, n->name()))
    return;
  Token t = lex.next();
  if (!t.is(Tok::End))
    error(t.begin, fmt::format("unexpected '{}' after the statement", t.text()));
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
    error(alias.begin, reservedNameMessage(alias.text()));
    return false;
  }
  if (graph_->lookup(alias.text())) {
    error(alias.begin, fmt::format("redefinition of '{}'", alias.text()));
    return false;
  }
  if (ann.is(Tok::String)) {
    if (!readAnnotation(ann, *graph_, meta)) {
      failed_ = true;
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
    error(op.begin, fmt::format("unsupported augmented assignment '{}='", op.text()));
    return;
  }
  std::optional<Argument> self = resolveName(target);
  if (!self)
    return;
  if (!self->isNode()) {
    error(target.begin,
          fmt::format("augmented assignment to '{}', which is not a node", target.text()));
    return;
  }
  std::optional<Argument> value = parseArg(lex, 0);
  if (!value)
    return;
  Graph& g = *graph_;
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
    lexError(lex, first);
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
    error(first.begin, "expected a statement of the form 'name = ...'");
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
  Graph& g = *graph_;
  // The name's interner slot is cold: its load overlaps with the annotation
  // (unless the previous line prefetched it already).
  const uint64_t nameHash = wasPrefetched(name) ? prefetchedHash_ : g.strings().prefetch(name);
  auto poison = [&] { poisoned_.insert(std::string(name)); };
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
      lexError(lex, ann);
      return poison();
    }
    if (!ann.is(Tok::String)) {
      error(ann.begin, "expected a quoted type annotation after ':'");
      return poison();
    }
    if (!readAnnotation(ann, g, meta)) {
      failed_ = true;
      return poison();
    }
  }
  if (!expect(lex, Tok::Assign, "'='"))
    return poison();
  if (isReservedPythonName(name)) {
    error(first.begin, reservedNameMessage(name));
    return poison();
  }
  if (auto it = globalHeads_.find(name); it != globalHeads_.end()) {
    // `u = d.cuda()` before `d = ...`: the earlier statement reads this node.
    if (diag_.numErrors() < kMaxErrors) {
      diag_.error(it->second, fmt::format("name '{}' is used before it is defined", name));
      diag_.note(locOf(first.begin), fmt::format("'{}' is defined here", name));
    }
    failed_ = true;
    return poison();
  }
  Symbol nameSym = g.strings().intern(name, nameHash);
  auto redefined = [&]() {
    Node* prev = g.lookup(nameSym);
    if (!prev)
      return false;
    error(first.begin, fmt::format("redefinition of '{}'", name));
    if (prev->loc().isKnown() && diag_.numErrors() < kMaxErrors)
      diag_.note(prev->loc(), fmt::format("'{}' was first defined here", name));
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
        remember(p);
        if (!meta.isNone())
          p->setMeta(std::move(meta));
        lex = probe;
        if (lex.consumeIf(Tok::Semi) && !parseTail(lex, p->name()))
          return;
        Token t = lex.next();
        if (!t.is(Tok::End))
          error(t.begin, fmt::format("unexpected '{}' after the statement", t.text()));
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
  n->setLoc(locOf(first.begin));
  n->setProvenance(provenance_);
  if (n->name() == nameSym)
    remember(n, nameHash);
  else
    remember(n);
  if (lex.consumeIf(Tok::Semi)) {
    if (!parseTail(lex, n->name()))
      return;
  }
  Token t = lex.next();
  if (t.is(Tok::Error))
    lexError(lex, t);
  else if (!t.is(Tok::End))
    error(t.begin, fmt::format("unexpected '{}' after the statement", t.text()));
}

void CodeFormParser::handleDeclarations(PyLexer& lex, Token first) {
  Token name = first;
  while (true) {
    lex.next(); // ':'
    Token ann = lex.next();
    if (!ann.is(Tok::String)) {
      if (ann.is(Tok::Error))
        lexError(lex, ann);
      else
        error(ann.begin, "expected a quoted type annotation after ':'");
      return;
    }
    Meta meta;
    if (!readAnnotation(ann, *graph_, meta)) {
      failed_ = true;
      return;
    }
    declared_[std::string(name.text())] = std::move(meta);
    Token sep = lex.next();
    if (sep.is(Tok::End))
      return;
    if (!sep.is(Tok::Semi)) {
      error(sep.begin, "expected ';' between declarations");
      return;
    }
    if (lex.peek().is(Tok::End))
      return;
    name = lex.next();
    if (!name.is(Tok::Name) || !lex.peek().is(Tok::Colon)) {
      error(name.begin, "expected 'name: \"annotation\"'");
      return;
    }
  }
}

void CodeFormParser::handleFlattenInputs(PyLexer& lex, Token first) {
  // `a, b, = fx_pytree.tree_flatten_spec([x, y], self._in_spec)`: the flat
  // names are the graph's real placeholders; the def's parameters are the
  // pytree it flattens.
  Graph& g = *graph_;
  std::vector<Token> names{first};
  while (lex.consumeIf(Tok::Comma)) {
    if (lex.peek().is(Tok::Assign))
      break;
    Token t = lex.next();
    if (!t.is(Tok::Name)) {
      error(t.begin, "expected a name in the unpacking assignment");
      return;
    }
    names.push_back(t);
  }
  if (!expect(lex, Tok::Assign, "'='"))
    return;
  Token callee = lex.next();
  std::string dotted(callee.text());
  while (lex.consumeIf(Tok::Dot)) {
    dotted += '.';
    dotted += lex.next().text();
  }
  if (dotted != "fx_pytree.tree_flatten_spec" && dotted != "pytree.tree_flatten_spec") {
    error(callee.begin, "only 'fx_pytree.tree_flatten_spec(...)' may be unpacked into several "
                        "names");
    return;
  }
  std::vector<Node*> params = g.placeholders();
  for (Node* p : params) {
    if (p->hasUsers()) {
      error(callee.begin,
            fmt::format("parameter '{}' is used before the inputs are flattened", p->name().str()));
      return;
    }
    g.treeFlattenInputs.push_back(std::string(p->name().str()));
  }
  for (Node* p : params)
    g.erase(p);
  forgetRecent();
  for (const Token& t : names) {
    if (isReservedPythonName(t.text())) {
      error(t.begin, reservedNameMessage(t.text()));
      return;
    }
    if (g.lookup(t.text())) {
      error(t.begin, fmt::format("redefinition of '{}'", t.text()));
      return;
    }
    Node* n = g.createNode(OpKind::Placeholder, t.text(), g.intern(t.text()), {}, {});
    auto it = declared_.find(std::string(t.text()));
    if (it != declared_.end())
      n->setMeta(it->second);
    n->setLoc(locOf(t.begin));
  }
  // The rest of the line is the flatten call's arguments.
  while (!lex.peek().is(Tok::End) && !lex.peek().is(Tok::Error))
    lex.next();
  if (lex.peek().is(Tok::Error))
    lexError(lex, lex.peek());
}

bool CodeFormParser::parseTail(PyLexer& lex, Symbol self) {
  // `a = b = None`: names released at this statement.
  while (true) {
    Token t = lex.next();
    if (t.isName("None"))
      return true;
    if (t.is(Tok::Error)) {
      lexError(lex, t);
      return false;
    }
    if (!t.is(Tok::Name)) {
      error(t.is(Tok::End) ? t.begin : t.begin,
            "malformed clean-up after ';': expected 'a = b = None'");
      return false;
    }
    // FX releases values at their last use, so a tail name is almost always
    // the statement itself or one of its inputs: check those without hashing.
    bool known = t.text() == self.str();
    if (!known) {
      if (Node* n = graph_->lookup(self))
        n->forEachInput([&](Node* in) { known = known || in->name().str() == t.text(); });
    }
    if (!known && !graph_->lookup(t.text()) && !poisoned_.count(std::string(t.text()))) {
      error(t.begin,
            fmt::format("the clean-up after ';' names '{}', which is not defined", t.text()));
      return false;
    }
    if (!expect(lex, Tok::Assign, "'=' in the clean-up after ';'"))
      return false;
  }
}

void CodeFormParser::handleReturn(PyLexer& lex, Token ret) {
  Graph& g = *graph_;
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
        error(open.begin, "expected '(' after 'pytree.tree_unflatten'");
        return;
      }
      std::optional<Argument> flat = parseArg(probe, 1);
      if (!flat)
        return;
      // The spec argument (`self._out_spec`) is implied by the module.
      int depth = 1;
      while (depth > 0) {
        Token s = probe.next();
        if (s.is(Tok::End)) {
          error(open.begin, "unterminated '(' in 'return pytree.tree_unflatten(...)'");
          return;
        }
        if (s.is(Tok::Error)) {
          lexError(probe, s);
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
      std::optional<Argument> v = parseArg(lex, 0);
      if (!v)
        return;
      value = std::move(*v);
    }
  }
  Token end = lex.next();
  if (end.is(Tok::Error)) {
    lexError(lex, end);
    return;
  }
  if (!end.is(Tok::End)) {
    error(end.begin, fmt::format("unexpected '{}' after the return value", end.text()));
    return;
  }
  std::vector<Argument> args;
  args.push_back(std::move(value));
  Node* out = g.createNode(OpKind::Output, "output", g.intern("output"), std::move(args), {});
  out->setLoc(locOf(ret.begin));
}

bool CodeFormParser::parseRhs(PyLexer& lex, NodeSpec& spec) {
  const Token first = lex.peek();
  if (first.is(Tok::Error)) {
    lexError(lex, first);
    return false;
  }
  // Unary operators.
  if (first.isOp("-") || first.isOp("~") || first.isOp("+") || first.isName("not")) {
    lex.next();
    std::optional<Argument> operand = parseArg(lex, 1);
    if (!operand)
      return false;
    if (first.isOp("-") && !operand->isNode()) {
      error(first.begin, "unsupported expression: negation of a constant");
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
        return parseCallArgs(lex, open, spec.args, spec.kwargs, 1);
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
      Token part = lex.next();
      if (!part.is(Tok::Name) || isPythonKeyword(part.text())) {
        if (part.is(Tok::Error))
          lexError(lex, part);
        else
          error(part.begin, part.is(Tok::Name)
                                ? fmt::format("'{}' is a Python keyword, not a name", part.text())
                                : std::string("expected a name after '.'"));
        return false;
      }
      dottedEnd = part.end();
      ++parts;
    }
    // The dotted name as written; spaces around dots (never printed by FX) are dropped.
    std::string_view dotted(head.begin, static_cast<size_t>(dottedEnd - head.begin));
    // (A plain loop: find_first_of calls memchr once per character.)
    if (mayHaveBlanks &&
        std::any_of(dotted.begin(), dotted.end(), [](char c) { return c == ' ' || c == '\t'; })) {
      scratch_.clear();
      for (char c : dotted)
        if (c != ' ' && c != '\t')
          scratch_.push_back(c);
      dotted = scratch_;
    }
    std::string_view headName = head.text();
    bool headIsSelf = headName == "self";
    Node* headNode = headIsSelf ? nullptr : findNode(headName);
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
      } else if (parts == 2 && !headNode && poisoned_.count(std::string(headName))) {
        failed_ = true;
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
        error(head.begin, fmt::format("call of unknown function '{}'", headName));
        return false;
      } else if (headNode) {
        error(head.begin, fmt::format("'{}' calls through the value of node '{}', which is not an "
                                      "FX call",
                                      dotted, headName));
        return false;
      } else {
        noteGlobalHead(head.text(), head.begin);
        spec.op = OpKind::CallFunction;
        spec.target.clear();
        spec.targetSym = canonicalTargetOf(dotted);
      }
      return parseCallArgs(lex, open, spec.args, spec.kwargs, 1);
    }
    if (next.is(Tok::LBracket) && parts == 1) {
      Token open = lex.next();
      std::optional<Argument> base = resolveName(head);
      if (!base)
        return false;
      std::optional<Argument> index = parseArg(lex, 1);
      if (!index)
        return false;
      Token close = lex.next();
      if (!close.is(Tok::RBracket)) {
        if (close.is(Tok::End))
          error(open.begin, "unterminated '['");
        else if (close.is(Tok::Error))
          lexError(lex, close);
        else
          error(close.begin, fmt::format("expected ']', found '{}'", close.text()));
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
      spec.args.push_back(Argument::string(graph_->intern(dotted.substr(headName.size() + 1))));
      return true;
    }
    // An operand of an infix expression: re-read it as an argument.
    lex = save;
  }
  left = parseArg(lex, 1);
  if (!left)
    return false;
  Token op = lex.next();
  if (op.is(Tok::Error)) {
    lexError(lex, op);
    return false;
  }
  std::string target =
      op.is(Tok::Operator) ? operatorTarget(op.text(), OperatorSyntax::Binary) : std::string();
  if (target.empty()) {
    if (op.is(Tok::End))
      error(first.begin, "unsupported statement: the right-hand side is not a call, an index, an "
                         "attribute or an operator expression");
    else
      error(op.begin, fmt::format("unexpected '{}' in expression", op.text()));
    return false;
  }
  std::optional<Argument> right = parseArg(lex, 1);
  if (!right)
    return false;
  spec.op = OpKind::CallFunction;
  spec.target = std::string(target);
  spec.args.push_back(std::move(*left));
  spec.args.push_back(std::move(*right));
  return true;
}

Symbol CodeFormParser::canonicalTargetOf(std::string_view dotted) {
  Symbol raw = graph_->intern(dotted);
  if (const Symbol* c = canonicalTargets_.find(raw.data()))
    return *c;
  Symbol c = graph_->intern(canonicalTarget(dotted));
  canonicalTargets_.insert(raw.data(), c);
  return c;
}

bool CodeFormParser::parseSelfPath(PyLexer& lex, std::string& path, int depth) {
  if (depth > kMaxDepth) {
    error(lex.position(), fmt::format("nesting is deeper than {} levels", kMaxDepth));
    return false;
  }
  Token head = lex.next();
  if (head.isName("getattr")) {
    Token open = lex.next();
    if (!open.is(Tok::LParen)) {
      error(open.begin, "expected '(' after 'getattr'");
      return false;
    }
    if (!parseSelfPath(lex, path, depth + 1) || !expect(lex, Tok::Comma, "','"))
      return false;
    Token attr = lex.next();
    size_t badAt = 0;
    const char* why = nullptr;
    if (!attr.is(Tok::String) || !PyLexer::decodeString(attr.text(), scratch_, badAt, why)) {
      error(attr.begin, "expected a quoted attribute name in getattr(...)");
      return false;
    }
    if (!path.empty())
      path += '.';
    path += scratch_;
    if (!expect(lex, Tok::RParen, "')' to close getattr(...)"))
      return false;
  } else if (!head.isName("self")) {
    error(head.begin, "expected 'self' or 'getattr(self...)' in an attribute path");
    return false;
  }
  while (lex.peek().is(Tok::Dot)) {
    lex.next();
    Token part = lex.next();
    if (!part.is(Tok::Name)) {
      error(part.begin, "expected a name after '.'");
      return false;
    }
    if (!path.empty())
      path += '.';
    path += part.text();
  }
  if (depth == 0 && path.empty()) {
    error(head.begin, "expected an attribute of 'self'");
    return false;
  }
  return true;
}

//===----------------------------------------------------------------------===//
// Arguments
//===----------------------------------------------------------------------===//

bool CodeFormParser::parseCallArgs(PyLexer& lex, Token open, std::vector<Argument>& args,
                                   std::vector<KwArg>& kwargs, int depth) {
  size_t base = pending_.size();
  bool ok = readCallArgs(lex, open, kwargs, depth);
  if (ok)
    movePending(base, args);
  else
    pending_.resize(base);
  return ok;
}

bool CodeFormParser::readCallArgs(PyLexer& lex, Token open, std::vector<KwArg>& kwargs, int depth) {
  bool first = true;
  while (true) {
    const Token& t = lex.peek();
    if (t.is(Tok::RParen)) {
      lex.next();
      return true;
    }
    if (!first) {
      Token comma = lex.next();
      if (!comma.is(Tok::Comma)) {
        if (comma.is(Tok::End))
          error(open.begin, "unterminated '(': the line ends before ')'");
        else if (comma.is(Tok::Error))
          lexError(lex, comma);
        else
          error(comma.begin, fmt::format("expected ',' or ')', found '{}'", comma.text()));
        return false;
      }
      if (lex.peek().is(Tok::RParen)) {
        lex.next();
        return true;
      }
    }
    first = false;
    if (lex.peek().is(Tok::End)) {
      error(open.begin, "unterminated '(': the line ends before ')'");
      return false;
    }
    // A keyword argument is `name = value` (FX prints spaces around '=').
    if (lex.peek().is(Tok::Name) && lex.mayBeFollowedByAssign()) {
      PyLexer probe = lex;
      Token key = probe.next();
      if (probe.peek().is(Tok::Assign)) {
        probe.next();
        lex = probe;
        std::optional<Argument> v = parseArg(lex, depth + 1);
        if (!v)
          return false;
        Symbol k = graph_->intern(key.text());
        for (const KwArg& kw : kwargs) {
          if (kw.name == k) {
            error(key.begin, fmt::format("keyword argument '{}' given twice", key.text()));
            return false;
          }
        }
        kwargs.push_back({k, std::move(*v)});
        continue;
      }
    }
    if (!kwargs.empty()) {
      error(lex.peek().begin, "positional argument after keyword arguments");
      return false;
    }
    std::optional<Argument> v = parseArg(lex, depth + 1);
    if (!v)
      return false;
    pending_.push_back(std::move(*v));
  }
}

std::optional<Argument> CodeFormParser::parseArg(PyLexer& lex, int depth) {
  if (depth > kMaxDepth) {
    error(lex.position(), fmt::format("nesting is deeper than {} levels", kMaxDepth));
    return std::nullopt;
  }
  Token t = lex.next();
  switch (t.kind) {
  case Tok::Int:
  case Tok::Float:
  case Tok::Imag:
    return parseNumber(t, false);
  case Tok::String: {
    size_t badAt = 0;
    const char* why = nullptr;
    bool isBytes = false;
    if (!PyLexer::decodeString(t.text(), scratch_, badAt, why, &isBytes)) {
      error(t.begin + badAt, why);
      return std::nullopt;
    }
    return isBytes ? Argument::bytes(graph_->intern(scratch_))
                   : Argument::string(graph_->intern(scratch_));
  }
  case Tok::Operator:
    if (t.isOp("-")) {
      Token n = lex.next();
      if (n.is(Tok::Int) || n.is(Tok::Float) || n.is(Tok::Imag))
        return parseNumber(n, true);
      if (n.is(Tok::Name) && !lex.peek().is(Tok::Dot) && !lex.peek().is(Tok::LParen)) {
        if (std::optional<Argument> v = namedNumber(n.text(), true))
          return v;
      }
      error(n.begin, "expected a number after '-' in an argument");
      return std::nullopt;
    }
    error(t.begin, fmt::format("unexpected '{}' in an argument", t.text()));
    return std::nullopt;
  case Tok::Ellipsis:
    return Argument::ellipsis();
  case Tok::LBracket:
    return parseSequence(lex, t, Tok::RBracket, depth, true);
  case Tok::LParen:
    if (std::optional<Argument> c = tryParseComplex(lex))
      return c;
    return parseSequence(lex, t, Tok::RParen, depth, false);
  case Tok::LBrace:
    return parseDict(lex, t, depth);
  case Tok::Name:
    return parseNameArg(lex, t, depth);
  case Tok::Error:
    lexError(lex, t);
    return std::nullopt;
  case Tok::End:
    error(t.begin, "expected an argument before the end of the line");
    return std::nullopt;
  default:
    error(t.begin, fmt::format("expected an argument, found '{}'", t.text()));
    return std::nullopt;
  }
}

std::optional<Argument> CodeFormParser::parseNumber(Token t, bool negate) {
  // Small decimal ints (sizes, dims) are most numbers: no separators, no prefix.
  if (t.is(Tok::Int) && t.length <= 18) {
    int64_t v = 0;
    auto [p, ec] = std::from_chars(t.begin, t.end(), v);
    if (ec == std::errc() && p == t.end())
      return Argument::integer(negate ? -v : v);
  }
  text::NumberToken shape;
  shape.length = t.length;
  shape.isFloat = t.is(Tok::Float);
  shape.isImag = t.is(Tok::Imag);
  return text::numberArgument(text::readNumber(t.text(), shape, negate), *graph_);
}

std::optional<Argument> CodeFormParser::namedNumber(std::string_view name, bool negate) {
  // repr(float) and repr(complex) write `inf`, `nan`, `infj`, `nanj`, names
  // that the module print_readable writes defines (`inf = float('inf')`).
  constexpr double kInf = std::numeric_limits<double>::infinity();
  constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
  double sign = negate ? -1.0 : 1.0;
  if (name == "inf")
    return Argument::real(sign * kInf);
  if (name == "nan")
    return Argument::real(negate ? -kNaN : kNaN);
  if (name == "infj")
    return Argument::complex(negate ? -0.0 : 0.0, sign * kInf);
  if (name == "nanj")
    return Argument::complex(negate ? -0.0 : 0.0, negate ? -kNaN : kNaN);
  return std::nullopt;
}

std::optional<Argument> CodeFormParser::resolveName(Token t) {
  std::string_view name = t.text();
  if (Node* n = findNode(name))
    return Argument::node(n);
  if (poisoned_.count(std::string(name))) {
    failed_ = true;
    return std::nullopt;
  }
  error(t.begin, fmt::format("name '{}' is used before it is defined", name));
  return std::nullopt;
}

std::optional<Argument> CodeFormParser::parseNameArg(PyLexer& lex, Token first, int depth) {
  std::string_view name = first.text();
  if (!lex.peek().is(Tok::Dot) && !lex.peek().is(Tok::LParen)) {
    if (name == "None")
      return Argument::none();
    if (name == "True")
      return Argument::boolean(true);
    if (name == "False")
      return Argument::boolean(false);
    if (name == "Ellipsis")
      return Argument::ellipsis();
    if (std::optional<Argument> v = namedNumber(name, false))
      return v;
    return resolveName(first);
  }
  std::string dotted(name);
  while (lex.peek().is(Tok::Dot)) {
    lex.next();
    Token part = lex.next();
    if (!part.is(Tok::Name) || isPythonKeyword(part.text())) {
      if (part.is(Tok::Error))
        lexError(lex, part);
      else
        error(part.begin, part.is(Tok::Name)
                              ? fmt::format("'{}' is a Python keyword, not a name", part.text())
                              : std::string("expected a name after '.'"));
      return std::nullopt;
    }
    dotted += '.';
    dotted += part.text();
  }
  if (lex.peek().is(Tok::LParen)) {
    Token open = lex.next();
    if (dotted == "device" || dotted == "torch.device")
      return parseDevice(lex, open);
    if (dotted == "slice") {
      std::vector<Argument> items;
      std::vector<KwArg> kwargs;
      if (!parseCallArgs(lex, open, items, kwargs, depth))
        return std::nullopt;
      if (!kwargs.empty() || items.empty() || items.size() > 3) {
        error(open.begin, "expected slice(start, stop, step)");
        return std::nullopt;
      }
      if (items.size() == 1) // slice(stop)
        items.insert(items.begin(), Argument::none());
      while (items.size() < 3)
        items.push_back(Argument::none());
      return Argument::slice(std::move(items[0]), std::move(items[1]), std::move(items[2]));
    }
    if (graph_->lookup(name)) {
      error(first.begin, fmt::format("calling the value of node '{}' inside an argument is not an "
                                     "FX argument",
                                     name));
      return std::nullopt;
    }
    noteGlobalHead(name, first.begin);
    std::vector<Argument> items;
    std::vector<KwArg> kwargs;
    if (!parseCallArgs(lex, open, items, kwargs, depth))
      return std::nullopt;
    if (std::optional<Argument> c = text::complexFromCall(dotted, items, !kwargs.empty()))
      return c;
    std::vector<Argument> kw;
    kw.reserve(kwargs.size() * 2);
    for (KwArg& k : kwargs) {
      kw.push_back(Argument::string(k.name));
      kw.push_back(std::move(k.value));
    }
    return Argument::call(graph_->intern(dotted), std::move(items), Argument::dict(std::move(kw)));
  }
  if (lex.peek().is(Tok::LBracket)) {
    error(lex.peek().begin, fmt::format("a subscript of '{}' is not an FX argument", dotted));
    return std::nullopt;
  }
  std::string_view d = dotted;
  if (d.substr(0, 6) == "torch.") {
    std::string_view rest = d.substr(6);
    if (std::optional<DType> dt = parseDTypeTorchName(rest))
      return Argument::dtype(*dt);
    if (isLayoutName(rest))
      return Argument::layout(graph_->intern(rest));
    if (std::string_view f = canonicalMemoryFormat(rest); !f.empty())
      return Argument::memoryFormat(graph_->intern(f));
    if (rest.substr(0, 4) == "ops.")
      return Argument::op(graph_->intern(canonicalTarget(d)));
  }
  if (Node* n = graph_->lookup(name)) {
    (void)n;
    error(first.begin, fmt::format("attribute access on '{}' inside an argument is not an FX "
                                   "argument",
                                   name));
    return std::nullopt;
  }
  noteGlobalHead(name, first.begin);
  return Argument::global(graph_->intern(d));
}

std::optional<Argument> CodeFormParser::parseSequence(PyLexer& lex, Token open, Tok close,
                                                      int depth, bool isList) {
  size_t base = pending_.size();
  std::optional<Argument> result = readSequence(lex, open, close, depth, isList, base);
  pending_.resize(base);
  return result;
}

std::optional<Argument> CodeFormParser::readSequence(PyLexer& lex, Token open, Tok close, int depth,
                                                     bool isList, size_t base) {
  bool trailingComma = false;
  while (true) {
    const Token& t = lex.peek();
    if (t.kind == close) {
      lex.next();
      break;
    }
    if (t.is(Tok::End)) {
      error(open.begin, fmt::format("unterminated '{}'", isList ? '[' : '('));
      return std::nullopt;
    }
    std::optional<Argument> v = parseArg(lex, depth + 1);
    if (!v)
      return std::nullopt;
    pending_.push_back(std::move(*v));
    Token sep = lex.next();
    if (sep.kind == close) {
      trailingComma = false;
      break;
    }
    if (sep.is(Tok::Comma)) {
      trailingComma = true;
      continue;
    }
    if (sep.is(Tok::End))
      error(open.begin, fmt::format("unterminated '{}'", isList ? '[' : '('));
    else if (sep.is(Tok::Error))
      lexError(lex, sep);
    else
      error(sep.begin,
            fmt::format("expected ',' or '{}', found '{}'", isList ? ']' : ')', sep.text()));
    return std::nullopt;
  }
  if (!isList && pending_.size() == base + 1 && !trailingComma)
    return std::move(pending_[base]); // a parenthesized value
  std::vector<Argument> items;
  movePending(base, items);
  return isList ? Argument::list(std::move(items)) : Argument::tuple(std::move(items));
}

std::optional<Argument> CodeFormParser::parseDevice(PyLexer& lex, Token open) {
  std::vector<Argument> args;
  std::vector<KwArg> kwargs;
  if (!parseCallArgs(lex, open, args, kwargs, 1))
    return std::nullopt;
  std::string type;
  std::optional<int64_t> index;
  auto take = [&](const Argument& a, bool isIndex) -> bool {
    if (isIndex) {
      if (a.isNone())
        return true;
      if (!a.isInt())
        return false;
      index = a.getInt();
      return true;
    }
    if (a.kind() != Argument::Kind::String)
      return false;
    type = std::string(a.getSymbol().str());
    return true;
  };
  bool ok = args.size() <= 2 && (args.empty() || take(args[0], false)) &&
            (args.size() < 2 || take(args[1], true));
  for (const KwArg& k : kwargs) {
    if (k.name.str() == "type")
      ok = ok && take(k.value, false);
    else if (k.name.str() == "index")
      ok = ok && take(k.value, true);
    else
      ok = false;
  }
  if (!ok || type.empty()) {
    error(open.begin, "expected device(type='...', index=N)");
    return std::nullopt;
  }
  std::string why;
  std::optional<std::string> dev = text::deviceFromParts(type, index, why);
  if (!dev) {
    error(open.begin, why);
    return std::nullopt;
  }
  return Argument::device(graph_->intern(*dev));
}

std::optional<Argument> CodeFormParser::tryParseComplex(PyLexer& lex) {
  // `(re+imj)` / `(re-imj)` as repr(complex) writes it; the '(' is consumed.
  // repr writes `inf` and `nan` as names (`(inf+0j)`, `(nan+infj)`), which
  // print_readable's module defines.
  PyLexer probe = lex;
  bool reIsInt = false;
  auto real = [&](double& out) -> bool {
    bool neg = probe.peek().isOp("-");
    if (neg)
      probe.next();
    Token t = probe.next();
    reIsInt = t.is(Tok::Int);
    if (t.isName("inf") || t.isName("nan")) {
      out = t.isName("inf") ? std::numeric_limits<double>::infinity()
                            : std::numeric_limits<double>::quiet_NaN();
    } else if (t.is(Tok::Int) || t.is(Tok::Float)) {
      std::optional<Argument> v = parseNumber(Token(Tok::Float, t.begin, t.end()), false);
      if (!v || v->kind() != Argument::Kind::Double)
        return false;
      out = v->getDouble();
    } else {
      return false;
    }
    if (neg)
      out = -out;
    return true;
  };
  double re = 0;
  if (!real(re))
    return std::nullopt;
  Token sign = probe.next();
  if (!sign.isOp("+") && !sign.isOp("-"))
    return std::nullopt;
  Token im = probe.next();
  double imag = 0;
  if (im.isName("infj") || im.isName("nanj")) {
    imag = im.isName("infj") ? std::numeric_limits<double>::infinity()
                             : std::numeric_limits<double>::quiet_NaN();
  } else if (im.is(Tok::Imag)) {
    std::optional<Argument> i = parseNumber(im, false);
    if (!i)
      return std::nullopt;
    imag = i->getImag();
  } else {
    return std::nullopt;
  }
  if (!probe.peek().is(Tok::RParen))
    return std::nullopt;
  probe.next();
  lex = probe;
  text::ComplexValue c = text::pythonComplexSum(re, reIsInt, sign.isOp("-"), imag);
  return Argument::complex(c.re, c.im);
}

std::optional<Argument> CodeFormParser::parseDict(PyLexer& lex, Token open, int depth) {
  // `{key: value, ...}`: keys and values are arguments; node references in
  // either are uses like any other.
  std::vector<Argument> items;
  while (true) {
    if (lex.peek().is(Tok::RBrace)) {
      lex.next();
      return Argument::dict(std::move(items));
    }
    if (lex.peek().is(Tok::End)) {
      error(open.begin, "unterminated '{'");
      return std::nullopt;
    }
    std::optional<Argument> key = parseArg(lex, depth + 1);
    if (!key)
      return std::nullopt;
    if (!expect(lex, Tok::Colon, "':' after a dict key"))
      return std::nullopt;
    std::optional<Argument> value = parseArg(lex, depth + 1);
    if (!value)
      return std::nullopt;
    for (size_t i = 0; i < items.size(); i += 2) {
      if (items[i] == *key) {
        error(open.begin, "a dict literal repeats a key");
        return std::nullopt;
      }
    }
    items.push_back(std::move(*key));
    items.push_back(std::move(*value));
    Token sep = lex.next();
    if (sep.is(Tok::RBrace))
      return Argument::dict(std::move(items));
    if (sep.is(Tok::Comma))
      continue;
    if (sep.is(Tok::End))
      error(open.begin, "unterminated '{'");
    else if (sep.is(Tok::Error))
      lexError(lex, sep);
    else
      error(sep.begin, fmt::format("expected ',' or '}}', found '{}'", sep.text()));
    return std::nullopt;
  }
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
