//===- WrapperVerifier.cpp - Name-scope check of Inductor output code -----===//
//
// Two passes over the logical lines of PyStatementScanner:
//
//  1. EventBuilder follows the indentation structure and turns every statement
//     into a flat list of events (enter/leave a function or class scope, enter/
//     leave a block, read/bind/delete a name), and collects per scope the names
//     it binds anywhere (its locals, as Python decides them at compile time),
//     its `global`/`nonlocal` declarations and star imports.
//  2. Checker replays the events, keeping one name -> state map per active
//     function (unbound, bound, deleted, maybe), journals the changes made in
//     conditional blocks and turns them into "maybe" when the block ends, and
//     reports the first definite violation of each function.
//
// Neither pass recurses: deep nesting is handled with explicit stacks, and
// bracket groups are skipped through a precomputed matching-bracket table, so
// the work stays linear in the number of tokens.
//
//===----------------------------------------------------------------------===//

#include "piecewise/verify/WrapperVerifier.h"

#include "piecewise/ir/PythonNames.h"

#include "PyStatementScanner.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <unordered_map>
#include <unordered_set>

namespace piecewise {

using pyscan::PyLogicalLine;
using pyscan::PyScanResult;
using pyscan::PyToken;
using pyscan::PyTokKind;

std::string_view toString(WrapperViolationKind kind) {
  switch (kind) {
  case WrapperViolationKind::DelNotInScope:
    return "del-not-in-scope";
  case WrapperViolationKind::UseAfterDel:
    return "use-after-del";
  case WrapperViolationKind::DeletedTwice:
    return "deleted-twice";
  case WrapperViolationKind::UsedBeforeAssignment:
    return "used-before-assignment";
  case WrapperViolationKind::UndefinedName:
    return "undefined-name";
  case WrapperViolationKind::Syntax:
    return "syntax";
  }
  return "unknown";
}

namespace {

bool isKeyword(std::string_view s) {
  return isPythonKeyword(s);
}

/// Python's builtins plus the names every module (and method) has implicitly.
bool isBuiltin(std::string_view s) {
  static constexpr std::string_view kImplicit[] = {"PythonFinalizationError",
                                                   "__annotations__",
                                                   "__builtins__",
                                                   "__cached__",
                                                   "__class__",
                                                   "__dict__",
                                                   "__file__",
                                                   "__path__"};
  return isPythonBuiltin(s) ||
         std::find(std::begin(kImplicit), std::end(kImplicit), s) != std::end(kImplicit);
}

enum class ScopeKind : uint8_t { Module, Function, Class, Fragment };

struct ScopeInfo {
  ScopeKind kind = ScopeKind::Module;
  int parent = -1;
  std::string qualName;
  std::unordered_set<std::string_view> locals;
  std::unordered_set<std::string_view> globalDecls;
  bool wildcard = false;
  /// Names read before any binding are taken as parameters (fragment body,
  /// and the module of a fragment).
  bool assumeParams = false;
};

enum class EvKind : uint8_t { Read, Bind, Del, EnterScope, ExitScope, EnterBlock, ExitBlock };
enum class BlockKind : uint8_t { Cond, Loop, Plain };
enum EvFlag : uint8_t { kDeferred = 1, kReturn = 2 };

struct Event {
  EvKind kind = EvKind::Read;
  uint8_t flags = 0;
  BlockKind block = BlockKind::Plain;
  uint32_t scope = 0;
  std::string_view name;
  uint32_t line = 0;
  uint32_t col = 0;
};

/// A token range [b, e) of the scan.
struct Span {
  uint32_t b = 0;
  uint32_t e = 0;
  bool empty() const { return b >= e; }
  uint32_t size() const { return e > b ? e - b : 0; }
};

constexpr uint32_t kNone = UINT32_MAX;

//===----------------------------------------------------------------------===//
// Pass 1: statements to events
//===----------------------------------------------------------------------===//

class EventBuilder {
public:
  explicit EventBuilder(const PyScanResult& scan) : toks_(scan.tokens), lines_(scan.lines) {}

  void build();

  std::vector<ScopeInfo> scopes;
  std::vector<Event> events;
  bool fragment = false;

private:
  enum class FrameKind : uint8_t { Module, Scope, Block };
  struct Frame {
    FrameKind kind = FrameKind::Module;
    BlockKind block = BlockKind::Plain;
    uint32_t scope = 0;
    int64_t headerIndent = -1;
    int64_t bodyIndent = 0; ///< -1 until the first body line is seen
    bool fragment = false;
  };

  const PyToken& tok(uint32_t i) const { return toks_[i]; }
  uint32_t curScope() const {
    for (auto it = frames_.rbegin(); it != frames_.rend(); ++it)
      if (it->kind != FrameKind::Block)
        return it->scope;
    return 0;
  }

  void computeMatches();
  void processLine(Span s, int64_t indent);
  void simpleStatements(Span s);
  void simpleStatement(Span s);
  void assignment(Span s);
  void importNames(Span s, bool fromImport);
  void targets(Span s, EvKind mode);
  void reads(Span s, uint8_t flags);
  void handleDef(Span s, uint32_t defIdx, int64_t indent);
  void handleClass(Span s, uint32_t classIdx, int64_t indent);
  void handleCompound(Span s, uint32_t kwIdx, int64_t indent);
  /// Index of the first depth-0 `:` in s at or after `from` that is not a
  /// lambda's, or kNone.
  uint32_t headerColon(Span s, uint32_t from) const;
  /// Index of the first depth-0 token in s that is the name `word`, or kNone.
  uint32_t findName(Span s, std::string_view word) const;
  /// Splits s at depth-0 tokens satisfying `isSep` (separators dropped).
  template <typename Pred> std::vector<Span> split(Span s, Pred isSep) const;
  /// Next index after token i at the same depth (skips a bracket group).
  uint32_t skip(uint32_t i) const {
    if (toks_[i].kind == PyTokKind::Open && match_[i] != kNone)
      return match_[i] + 1;
    return i + 1;
  }

  uint32_t newScope(ScopeKind kind, uint32_t parent, std::string_view name);
  void emit(EvKind kind, const PyToken& t, uint8_t flags = 0) {
    Event ev;
    ev.kind = kind;
    ev.flags = flags;
    ev.name = t.text;
    ev.line = t.line;
    ev.col = t.col;
    events.push_back(ev);
    if (kind == EvKind::Bind || kind == EvKind::Del)
      scopes[curScope()].locals.insert(t.text);
  }
  void pushBlock(BlockKind kind, int64_t indent) {
    Event ev;
    ev.kind = EvKind::EnterBlock;
    ev.block = kind;
    events.push_back(ev);
    Frame f;
    f.kind = FrameKind::Block;
    f.block = kind;
    f.scope = curScope();
    f.headerIndent = indent;
    f.bodyIndent = -1;
    frames_.push_back(f);
  }
  void pushScope(uint32_t scope, int64_t indent) {
    Event ev;
    ev.kind = EvKind::EnterScope;
    ev.scope = scope;
    events.push_back(ev);
    Frame f;
    f.kind = FrameKind::Scope;
    f.scope = scope;
    f.headerIndent = indent;
    f.bodyIndent = -1;
    frames_.push_back(f);
  }
  void popFrame() {
    const Frame& f = frames_.back();
    Event ev;
    if (f.kind == FrameKind::Scope) {
      ev.kind = EvKind::ExitScope;
      ev.scope = f.scope;
      events.push_back(ev);
    } else if (f.kind == FrameKind::Block) {
      ev.kind = EvKind::ExitBlock;
      ev.block = f.block;
      events.push_back(ev);
    }
    frames_.pop_back();
  }

  const std::vector<PyToken>& toks_;
  const std::vector<PyLogicalLine>& lines_;
  std::vector<uint32_t> match_;
  std::vector<Frame> frames_;
  // Scratch for reads().
  std::vector<uint8_t> deferred_;
  std::vector<std::string_view> excluded_;
};

void EventBuilder::computeMatches() {
  match_.assign(toks_.size(), kNone);
  std::vector<uint32_t> open;
  for (const PyLogicalLine& l : lines_) {
    open.clear();
    for (uint32_t i = l.firstToken; i < l.firstToken + l.numTokens; ++i) {
      if (toks_[i].kind == PyTokKind::Open) {
        open.push_back(i);
      } else if (toks_[i].kind == PyTokKind::Close && !open.empty()) {
        match_[open.back()] = i;
        match_[i] = open.back();
        open.pop_back();
      }
    }
  }
}

uint32_t EventBuilder::newScope(ScopeKind kind, uint32_t parent, std::string_view name) {
  ScopeInfo info;
  info.kind = kind;
  info.parent = static_cast<int>(parent);
  const ScopeInfo& p = scopes[parent];
  // Deeply nested definitions would make qualified names quadratic in size:
  // past a bound, the middle of the enclosing name is elided.
  constexpr size_t kMaxPrefix = 200;
  std::string_view prefix = p.qualName;
  bool elided = prefix.size() > kMaxPrefix;
  if (elided)
    prefix = prefix.substr(0, kMaxPrefix / 2);
  std::string sep = p.kind == ScopeKind::Class ? "." : ".<locals>.";
  if (p.kind == ScopeKind::Module)
    info.qualName = std::string(name);
  else
    info.qualName = std::string(prefix) + (elided ? "..." : "") + sep + std::string(name);
  scopes.push_back(std::move(info));
  return static_cast<uint32_t>(scopes.size() - 1);
}

void EventBuilder::build() {
  computeMatches();
  ScopeInfo module;
  module.kind = ScopeKind::Module;
  module.qualName = "<module>";
  scopes.push_back(std::move(module));
  frames_.push_back(Frame{});

  bool first = true;
  for (const PyLogicalLine& l : lines_) {
    int64_t indent = l.indent;
    if (first) {
      first = false;
      if (indent > 0) {
        fragment = true;
        scopes[0].assumeParams = true;
        ScopeInfo frag;
        // A cut that starts with a definition is most likely a class body
        // (`    def call(self, args):` of Inductor's Runner): methods are then
        // named `<fragment>.call` and do not see the fragment's names.
        const PyToken& t0 = toks_[l.firstToken];
        bool classBody = l.numTokens > 0 && (t0.isName("def") || t0.isName("class") ||
                                             t0.isName("async") || t0.isOp("@"));
        frag.kind = classBody ? ScopeKind::Class : ScopeKind::Fragment;
        frag.parent = 0;
        frag.qualName = "<fragment>";
        frag.assumeParams = true;
        scopes.push_back(std::move(frag));
        pushScope(static_cast<uint32_t>(scopes.size() - 1), -1);
        frames_.back().bodyIndent = indent;
        frames_.back().fragment = true;
      }
    }
    if (frames_.back().bodyIndent < 0) {
      if (indent > frames_.back().headerIndent)
        frames_.back().bodyIndent = indent;
      else
        popFrame(); // a header without a body (cut-off input)
    }
    while (frames_.size() > 1) {
      Frame& top = frames_.back();
      if (indent >= top.bodyIndent)
        break;
      if (top.fragment && indent > 0) {
        top.bodyIndent = indent;
        break;
      }
      popFrame();
    }
    processLine(Span{l.firstToken, l.firstToken + l.numTokens}, indent);
  }
  while (frames_.size() > 1)
    popFrame();
}

uint32_t EventBuilder::headerColon(Span s, uint32_t from) const {
  int lambdas = 0;
  for (uint32_t i = from; i < s.e; i = skip(i)) {
    const PyToken& t = toks_[i];
    if (t.isName("lambda"))
      ++lambdas;
    else if (t.isOp(":")) {
      if (lambdas == 0)
        return i;
      --lambdas;
    }
  }
  return kNone;
}

uint32_t EventBuilder::findName(Span s, std::string_view word) const {
  for (uint32_t i = s.b; i < s.e; i = skip(i))
    if (toks_[i].isName(word))
      return i;
  return kNone;
}

template <typename Pred> std::vector<Span> EventBuilder::split(Span s, Pred isSep) const {
  std::vector<Span> out;
  uint32_t start = s.b;
  for (uint32_t i = s.b; i < s.e; i = skip(i)) {
    if (isSep(toks_[i])) {
      out.push_back(Span{start, i});
      start = i + 1;
    }
  }
  out.push_back(Span{start, std::max(start, s.e)});
  return out;
}

void EventBuilder::processLine(Span s, int64_t indent) {
  if (s.empty())
    return;
  const PyToken& t0 = tok(s.b);
  if (t0.isOp("@")) { // decorator
    reads(Span{s.b + 1, s.e}, 0);
    return;
  }
  uint32_t kw = s.b;
  if (t0.isName("async") && s.size() > 1)
    kw = s.b + 1;
  const PyToken& k = tok(kw);
  if (k.kind == PyTokKind::Name) {
    std::string_view w = k.text;
    if (w == "def")
      return handleDef(s, kw, indent);
    if (w == "class")
      return handleClass(s, kw, indent);
    if (w == "if" || w == "elif" || w == "while" || w == "for" || w == "with" || w == "try" ||
        w == "else" || w == "finally" || w == "except")
      return handleCompound(s, kw, indent);
    if ((w == "match" || w == "case") && s.size() > 2 && tok(s.e - 1).isOp(":") &&
        headerColon(s, kw + 1) == s.e - 1)
      return handleCompound(s, kw, indent);
  }
  simpleStatements(s);
}

void EventBuilder::handleDef(Span s, uint32_t defIdx, int64_t indent) {
  uint32_t i = defIdx + 1;
  std::string_view name = "<def>";
  if (i < s.e && tok(i).kind == PyTokKind::Name) {
    name = tok(i).text;
    emit(EvKind::Bind, tok(i));
    ++i;
  }
  std::vector<uint32_t> params;
  uint32_t after = i;
  if (i < s.e && tok(i).kind == PyTokKind::Open && tok(i).text == "(") {
    uint32_t close = match_[i] != kNone ? match_[i] : s.e;
    bool itemStart = true;
    for (uint32_t j = i + 1; j < close; j = skip(j)) {
      const PyToken& t = tok(j);
      if (t.isOp(",")) {
        itemStart = true;
      } else if (itemStart && (t.isOp("*") || t.isOp("**") || t.isOp("/"))) {
        // still at the start of the item
      } else if (itemStart && t.kind == PyTokKind::Name) {
        params.push_back(j);
        itemStart = false;
      } else {
        itemStart = false;
      }
    }
    after = close < s.e ? close + 1 : s.e;
  }
  uint32_t colon = headerColon(s, after);
  uint32_t scope = newScope(ScopeKind::Function, curScope(), name);
  pushScope(scope, indent);
  for (uint32_t p : params)
    emit(EvKind::Bind, tok(p));
  if (colon != kNone && colon + 1 < s.e) {
    simpleStatements(Span{colon + 1, s.e});
    popFrame();
  }
}

void EventBuilder::handleClass(Span s, uint32_t classIdx, int64_t indent) {
  uint32_t i = classIdx + 1;
  std::string_view name = "<class>";
  const PyToken* nameTok = nullptr;
  if (i < s.e && tok(i).kind == PyTokKind::Name) {
    name = tok(i).text;
    nameTok = &tok(i);
    ++i;
  }
  uint32_t after = i;
  if (i < s.e && tok(i).kind == PyTokKind::Open && tok(i).text == "(") {
    uint32_t close = match_[i] != kNone ? match_[i] : s.e;
    reads(Span{i, close < s.e ? close + 1 : s.e}, 0); // with the parens: `metaclass=` is a keyword
    after = close < s.e ? close + 1 : s.e;
  }
  if (nameTok)
    emit(EvKind::Bind, *nameTok);
  uint32_t colon = headerColon(s, after);
  uint32_t scope = newScope(ScopeKind::Class, curScope(), name);
  pushScope(scope, indent);
  if (colon != kNone && colon + 1 < s.e) {
    simpleStatements(Span{colon + 1, s.e});
    popFrame();
  }
}

void EventBuilder::handleCompound(Span s, uint32_t kwIdx, int64_t indent) {
  std::string_view w = tok(kwIdx).text;
  uint32_t colon = headerColon(s, kwIdx + 1);
  Span header{kwIdx + 1, colon == kNone ? s.e : colon};
  if (w == "if" || w == "elif" || w == "match") {
    reads(header, 0);
    pushBlock(BlockKind::Cond, indent);
  } else if (w == "while") {
    reads(header, 0);
    pushBlock(BlockKind::Loop, indent);
  } else if (w == "for") {
    uint32_t in = findName(header, "in");
    if (in == kNone) {
      reads(header, 0);
      pushBlock(BlockKind::Loop, indent);
    } else {
      reads(Span{in + 1, header.e}, 0);
      pushBlock(BlockKind::Loop, indent);
      targets(Span{header.b, in}, EvKind::Bind);
    }
  } else if (w == "with") {
    Span items = header;
    // `with (a as b, c as d):`
    if (!items.empty() && tok(items.b).kind == PyTokKind::Open && match_[items.b] == items.e - 1 &&
        findName(Span{items.b + 1, items.e - 1}, "as") != kNone)
      items = Span{items.b + 1, items.e - 1};
    std::vector<Span> parts = split(items, [](const PyToken& t) { return t.isOp(","); });
    for (Span item : parts) {
      uint32_t as = findName(item, "as");
      if (as == kNone) {
        reads(item, 0);
      } else {
        reads(Span{item.b, as}, 0);
        targets(Span{as + 1, item.e}, EvKind::Bind);
      }
    }
    pushBlock(BlockKind::Plain, indent);
  } else if (w == "except") {
    uint32_t as = findName(header, "as");
    reads(Span{header.b, as == kNone ? header.e : as}, 0);
    pushBlock(BlockKind::Cond, indent);
    if (as != kNone)
      targets(Span{as + 1, header.e}, EvKind::Bind);
  } else if (w == "case") {
    // Patterns bind their capture names (`case [a, b]`, `case T() as x`,
    // `case P(k=v)`). Every plain name that is not a class (`T(`) or a dotted
    // value (`m.X`) is taken as bound; the pattern and guard are not read.
    pushBlock(BlockKind::Cond, indent);
    for (uint32_t i = header.b; i < header.e; ++i) {
      const PyToken& t = tok(i);
      if (t.kind != PyTokKind::Name || isKeyword(t.text))
        continue;
      bool dotted = (i > header.b && tok(i - 1).isOp(".")) ||
                    (i + 1 < header.e && (tok(i + 1).isOp(".") || tok(i + 1).text == "("));
      if (!dotted)
        emit(EvKind::Bind, t);
    }
  } else { // try, else, finally
    pushBlock(BlockKind::Cond, indent);
  }
  if (colon != kNone && colon + 1 < s.e) {
    simpleStatements(Span{colon + 1, s.e});
    popFrame();
  }
}

void EventBuilder::simpleStatements(Span s) {
  for (Span part : split(s, [](const PyToken& t) { return t.isOp(";"); }))
    simpleStatement(part);
}

void EventBuilder::simpleStatement(Span s) {
  if (s.empty())
    return;
  const PyToken& t = tok(s.b);
  if (t.kind == PyTokKind::Name) {
    std::string_view w = t.text;
    if (w == "pass" || w == "break" || w == "continue")
      return;
    if (w == "del")
      return targets(Span{s.b + 1, s.e}, EvKind::Del);
    if (w == "return")
      return reads(Span{s.b + 1, s.e}, kReturn);
    if (w == "global" || w == "nonlocal") {
      for (uint32_t i = s.b + 1; i < s.e; ++i)
        if (tok(i).kind == PyTokKind::Name)
          scopes[curScope()].globalDecls.insert(tok(i).text);
      return;
    }
    if (w == "import")
      return importNames(Span{s.b + 1, s.e}, false);
    if (w == "from") {
      uint32_t imp = findName(s, "import");
      if (imp == kNone)
        return;
      return importNames(Span{imp + 1, s.e}, true);
    }
  }
  assignment(s);
}

void EventBuilder::importNames(Span s, bool fromImport) {
  if (fromImport && !s.empty() && tok(s.b).kind == PyTokKind::Open && match_[s.b] != kNone)
    s = Span{s.b + 1, match_[s.b]};
  for (Span item : split(s, [](const PyToken& t) { return t.isOp(","); })) {
    if (item.empty())
      continue;
    if (fromImport && tok(item.b).isOp("*")) {
      scopes[curScope()].wildcard = true;
      continue;
    }
    uint32_t as = findName(item, "as");
    if (as != kNone) {
      if (as + 1 < item.e && tok(as + 1).kind == PyTokKind::Name)
        emit(EvKind::Bind, tok(as + 1));
    } else if (tok(item.b).kind == PyTokKind::Name) {
      emit(EvKind::Bind, tok(item.b)); // `import a.b.c` binds `a`
    }
  }
}

void EventBuilder::assignment(Span s) {
  static constexpr std::string_view kAugmented[] = {
      "+=", "-=", "*=", "/=", "//=", "%=", "**=", ">>=", "<<=", "&=", "|=", "^=", "@="};
  std::vector<uint32_t> assigns;
  uint32_t augmented = kNone;
  uint32_t annotation = kNone;
  int lambdas = 0;
  for (uint32_t i = s.b; i < s.e; i = skip(i)) {
    const PyToken& t = tok(i);
    if (t.kind == PyTokKind::Name && t.text == "lambda") {
      ++lambdas;
    } else if (t.kind == PyTokKind::Op) {
      if (t.text == "=") {
        if (lambdas == 0) // else a lambda parameter's default
          assigns.push_back(i);
      } else if (t.text == ":") {
        if (lambdas > 0)
          --lambdas;
        else if (annotation == kNone && assigns.empty())
          annotation = i;
      } else if (augmented == kNone && assigns.empty()) {
        for (std::string_view op : kAugmented)
          if (t.text == op) {
            augmented = i;
            break;
          }
      }
    }
  }
  if (augmented != kNone) {
    Span target{s.b, augmented};
    reads(target, 0);
    reads(Span{augmented + 1, s.e}, 0);
    targets(target, EvKind::Bind);
    return;
  }
  if (assigns.empty()) {
    if (annotation == kNone)
      reads(s, 0);
    return; // `x: T` binds nothing; annotations are not checked
  }
  reads(Span{assigns.back() + 1, s.e}, 0);
  uint32_t start = s.b;
  for (uint32_t a : assigns) {
    Span target{start, a};
    if (start == s.b && annotation != kNone && annotation < a)
      target.e = annotation;
    targets(target, EvKind::Bind);
    start = a + 1;
  }
}

void EventBuilder::targets(Span s, EvKind mode) {
  std::vector<Span> work{s};
  while (!work.empty()) {
    Span sp = work.back();
    work.pop_back();
    if (sp.empty())
      continue;
    const PyToken& t = tok(sp.b);
    if (sp.size() == 1 && t.kind == PyTokKind::Name && !isKeyword(t.text)) {
      emit(mode, t);
      continue;
    }
    bool hasComma = false;
    for (uint32_t i = sp.b; i < sp.e; i = skip(i))
      if (tok(i).isOp(",")) {
        hasComma = true;
        break;
      }
    if (hasComma) {
      std::vector<Span> parts = split(sp, [](const PyToken& x) { return x.isOp(","); });
      for (auto it = parts.rbegin(); it != parts.rend(); ++it)
        work.push_back(*it);
      continue;
    }
    if (t.isOp("*")) {
      work.push_back(Span{sp.b + 1, sp.e});
      continue;
    }
    if (t.kind == PyTokKind::Open && t.text != "{" && match_[sp.b] == sp.e - 1) {
      work.push_back(Span{sp.b + 1, sp.e - 1});
      continue;
    }
    // An attribute or subscript target (`self.x`, `buf[0]`): its names are read.
    reads(sp, 0);
  }
}

void EventBuilder::reads(Span s, uint8_t flags) {
  if (s.empty())
    return;
  // Pass A: lambda bodies (deferred) and names bound by lambdas and
  // comprehensions (excluded).
  deferred_.assign(s.size(), 0);
  excluded_.clear();
  struct Lambda {
    int depth;
    bool body;
  };
  std::vector<Lambda> lambdas;
  int bodies = 0;
  int depth = 0;
  int forDepth = -1;
  for (uint32_t i = s.b; i < s.e; ++i) {
    const PyToken& t = tok(i);
    if (t.kind == PyTokKind::Open) {
      ++depth;
    } else if (t.kind == PyTokKind::Close) {
      --depth;
      while (!lambdas.empty() && lambdas.back().depth > depth) {
        bodies -= lambdas.back().body ? 1 : 0;
        lambdas.pop_back();
      }
      if (forDepth > depth)
        forDepth = -1;
    } else if (t.isOp(",")) {
      while (!lambdas.empty() && lambdas.back().depth == depth && lambdas.back().body) {
        --bodies;
        lambdas.pop_back();
      }
    } else if (t.isOp(":")) {
      if (!lambdas.empty() && lambdas.back().depth == depth && !lambdas.back().body) {
        lambdas.back().body = true;
        ++bodies;
      }
    } else if (t.kind == PyTokKind::Name) {
      if (t.text == "lambda") {
        lambdas.push_back(Lambda{depth, false});
      } else if (!lambdas.empty() && !lambdas.back().body && lambdas.back().depth == depth) {
        excluded_.push_back(t.text);
      } else if (t.text == "for") {
        forDepth = depth;
      } else if (forDepth >= 0 && t.text == "in" && depth == forDepth) {
        forDepth = -1;
      } else if (forDepth >= 0) {
        excluded_.push_back(t.text);
      }
    }
    deferred_[i - s.b] = bodies > 0 ? 1 : 0;
  }
  std::sort(excluded_.begin(), excluded_.end());
  excluded_.erase(std::unique(excluded_.begin(), excluded_.end()), excluded_.end());

  // Pass B: walrus targets first. Evaluation order inside an expression is
  // not text order (`a if (a := f()) else b`, `[v for x in y if (v := g(x))]`),
  // so binding them before the statement's reads keeps the check definite.
  for (uint32_t i = s.b; i + 1 < s.e; ++i)
    if (tok(i).kind == PyTokKind::Name && tok(i + 1).isOp(":=") &&
        !(i > s.b && tok(i - 1).isOp(".")))
      emit(EvKind::Bind, tok(i));

  // Pass C: the reads.
  depth = 0;
  for (uint32_t i = s.b; i < s.e; ++i) {
    const PyToken& t = tok(i);
    if (t.kind == PyTokKind::Open) {
      ++depth;
      continue;
    }
    if (t.kind == PyTokKind::Close) {
      --depth;
      continue;
    }
    if (t.kind != PyTokKind::Name || isKeyword(t.text))
      continue;
    if (i > s.b && tok(i - 1).isOp("."))
      continue; // attribute
    if (i + 1 < s.e && tok(i + 1).isOp(":="))
      continue; // bound above
    if (depth > 0 && i + 1 < s.e && tok(i + 1).isOp("="))
      continue; // keyword argument
    if (std::binary_search(excluded_.begin(), excluded_.end(), t.text))
      continue;
    emit(EvKind::Read, t, static_cast<uint8_t>(flags | (deferred_[i - s.b] ? kDeferred : 0)));
  }
}

//===----------------------------------------------------------------------===//
// Pass 2: replay with name states
//===----------------------------------------------------------------------===//

enum class St : uint8_t { Unbound, Bound, Deleted, Maybe };

struct NameState {
  St st = St::Unbound;
  uint32_t line = 0;
  uint32_t col = 0;
};

class Checker {
public:
  Checker(const SourceBuffer& buffer, const std::vector<ScopeInfo>& scopes, DiagnosticEngine& diag,
          WrapperReport& report)
      : buffer_(buffer), scopes_(scopes), diag_(diag), report_(report),
        reported_(scopes.size(), false) {}

  void run(const std::vector<Event>& events);

private:
  struct Active {
    uint32_t scope = 0;
    std::unordered_map<std::string_view, NameState> names;
    std::vector<BlockKind> blocks;
    std::vector<std::unordered_map<std::string_view, NameState>> journals;
    int loopDepth = 0;
  };

  NameState current(const Active& a, std::string_view name) const {
    auto it = a.names.find(name);
    return it == a.names.end() ? NameState{} : it->second;
  }
  void set(Active& a, std::string_view name, NameState st) {
    if (!a.journals.empty())
      a.journals.back().try_emplace(name, current(a, name));
    a.names[name] = st;
  }
  void exitBlock(Active& a);
  bool isLocal(uint32_t scope, std::string_view name) const {
    const ScopeInfo& s = scopes_[scope];
    return s.locals.count(name) && !s.globalDecls.count(name);
  }
  /// True when `name` resolves outside `scope` (enclosing functions, the
  /// module, builtins) or cannot be ruled out (star import, fragment).
  bool resolvesOutside(uint32_t scope, std::string_view name) const;
  void read(Active& a, const Event& ev);
  void del(Active& a, const Event& ev);
  void report(const Active& a, WrapperViolationKind kind, const Event& ev, std::string message,
              const NameState* related = nullptr);
  std::string where(uint32_t scope) const {
    const ScopeInfo& s = scopes_[scope];
    if (s.kind == ScopeKind::Module)
      return "at module level";
    if (s.kind == ScopeKind::Class)
      return fmt::format("in class '{}'", s.qualName);
    return fmt::format("in function '{}'", s.qualName);
  }

  const SourceBuffer& buffer_;
  const std::vector<ScopeInfo>& scopes_;
  DiagnosticEngine& diag_;
  WrapperReport& report_;
  std::vector<bool> reported_;
};

void Checker::run(const std::vector<Event>& events) {
  std::vector<Active> stack(1);
  for (const Event& ev : events) {
    Active& a = stack.back();
    switch (ev.kind) {
    case EvKind::EnterScope: {
      Active next;
      next.scope = ev.scope;
      stack.push_back(std::move(next));
      break;
    }
    case EvKind::ExitScope:
      if (stack.size() > 1)
        stack.pop_back();
      break;
    case EvKind::EnterBlock:
      a.blocks.push_back(ev.block);
      if (ev.block != BlockKind::Plain)
        a.journals.emplace_back();
      if (ev.block == BlockKind::Loop)
        ++a.loopDepth;
      break;
    case EvKind::ExitBlock:
      exitBlock(a);
      break;
    case EvKind::Bind:
      if (!scopes_[a.scope].globalDecls.count(ev.name))
        set(a, ev.name, NameState{St::Bound, ev.line, ev.col});
      break;
    case EvKind::Del:
      del(a, ev);
      break;
    case EvKind::Read:
      read(a, ev);
      break;
    }
  }
}

void Checker::exitBlock(Active& a) {
  if (a.blocks.empty())
    return;
  BlockKind kind = a.blocks.back();
  a.blocks.pop_back();
  if (kind == BlockKind::Plain)
    return;
  if (kind == BlockKind::Loop)
    --a.loopDepth;
  std::unordered_map<std::string_view, NameState> journal = std::move(a.journals.back());
  a.journals.pop_back();
  for (const auto& [name, before] : journal) {
    NameState now = current(a, name);
    if (now.st == before.st)
      continue;
    if (!a.journals.empty())
      a.journals.back().try_emplace(name, before);
    a.names[name] = NameState{St::Maybe, now.line, now.col};
  }
}

bool Checker::resolvesOutside(uint32_t scope, std::string_view name) const {
  if (isBuiltin(name))
    return true;
  const ScopeInfo& self = scopes_[scope];
  if (self.wildcard || self.globalDecls.count(name))
    return true;
  for (int p = self.parent; p >= 0; p = scopes_[p].parent) {
    const ScopeInfo& s = scopes_[p];
    if (s.kind == ScopeKind::Class)
      continue; // class bodies are not enclosing scopes for their methods
    if (s.locals.count(name) || s.globalDecls.count(name) || s.wildcard || s.assumeParams)
      return true;
  }
  return false;
}

void Checker::read(Active& a, const Event& ev) {
  const ScopeInfo& scope = scopes_[a.scope];
  bool isReturn = (ev.flags & kReturn) != 0;
  if (ev.flags & kDeferred) {
    // A lambda body runs later: only names that exist nowhere are errors.
    if (scope.locals.count(ev.name) || scope.assumeParams || resolvesOutside(a.scope, ev.name))
      return;
    report(a, WrapperViolationKind::UndefinedName, ev,
           fmt::format("{}: name '{}' is not defined (read in a lambda; not a parameter, local, "
                       "global, import or builtin)",
                       where(a.scope), ev.name));
    return;
  }
  if (isLocal(a.scope, ev.name)) {
    NameState st = current(a, ev.name);
    switch (st.st) {
    case St::Bound:
    case St::Maybe:
      return;
    case St::Deleted:
      report(a, WrapperViolationKind::UseAfterDel, ev,
             isReturn
                 ? fmt::format("{}: returns '{}' after it was deleted", where(a.scope), ev.name)
                 : fmt::format("{}: '{}' is used after it was deleted", where(a.scope), ev.name),
             &st);
      return;
    case St::Unbound:
      break;
    }
    if (scope.assumeParams) {
      set(a, ev.name, NameState{St::Bound, ev.line, ev.col});
      return;
    }
    if (a.loopDepth > 0)
      return;
    if (scope.kind == ScopeKind::Function) {
      report(a, WrapperViolationKind::UsedBeforeAssignment, ev,
             fmt::format("{}: {} before it is assigned ('{}' is local to the function: it is "
                         "assigned or deleted in it, but not a parameter)",
                         where(a.scope),
                         isReturn ? fmt::format("returns '{}'", ev.name)
                                  : fmt::format("'{}' is read", ev.name),
                         ev.name));
      return;
    }
    if (scope.kind == ScopeKind::Class && resolvesOutside(a.scope, ev.name))
      return;
    if (scope.wildcard || isBuiltin(ev.name))
      return;
    report(a, WrapperViolationKind::UsedBeforeAssignment, ev,
           fmt::format("{}: '{}' is used before it is assigned", where(a.scope), ev.name));
    return;
  }
  if (scope.assumeParams || resolvesOutside(a.scope, ev.name))
    return;
  report(a, WrapperViolationKind::UndefinedName, ev,
         fmt::format("{}: {} not defined (not a parameter, not assigned in the function, not a "
                     "global, import or builtin)",
                     where(a.scope),
                     isReturn ? fmt::format("returns '{}', which is", ev.name)
                              : fmt::format("name '{}' is", ev.name)));
}

void Checker::del(Active& a, const Event& ev) {
  const ScopeInfo& scope = scopes_[a.scope];
  if (scope.globalDecls.count(ev.name))
    return;
  NameState st = current(a, ev.name);
  switch (st.st) {
  case St::Bound:
    set(a, ev.name, NameState{St::Deleted, ev.line, ev.col});
    return;
  case St::Maybe:
    return;
  case St::Deleted:
    report(a, WrapperViolationKind::DeletedTwice, ev,
           fmt::format("{}: '{}' is deleted twice", where(a.scope), ev.name), &st);
    return;
  case St::Unbound:
    if (a.loopDepth > 0) {
      set(a, ev.name, NameState{St::Maybe, ev.line, ev.col});
      return;
    }
    report(a, WrapperViolationKind::DelNotInScope, ev,
           fmt::format("{}: del of '{}', which is not in scope (not a parameter and not "
                       "assigned before this point)",
                       where(a.scope), ev.name));
    set(a, ev.name, NameState{St::Deleted, ev.line, ev.col});
    return;
  }
}

void Checker::report(const Active& a, WrapperViolationKind kind, const Event& ev,
                     std::string message, const NameState* related) {
  if (reported_[a.scope])
    return;
  reported_[a.scope] = true;
  WrapperViolation v;
  v.kind = kind;
  v.function = scopes_[a.scope].qualName;
  v.name = std::string(ev.name);
  v.loc = Location{&buffer_, ev.line, ev.col};
  v.message = std::move(message);
  diag_.error(v.loc, v.message);
  if (related && related->line != 0) {
    v.relatedLoc = Location{&buffer_, related->line, related->col};
    diag_.note(v.relatedLoc, kind == WrapperViolationKind::DeletedTwice
                                 ? fmt::format("'{}' was first deleted here", ev.name)
                                 : fmt::format("'{}' was deleted here", ev.name));
  }
  report_.violations.push_back(std::move(v));
}

void syntaxViolation(const SourceBuffer& buffer, uint32_t line, uint32_t col, std::string message,
                     DiagnosticEngine& diag, WrapperReport& report) {
  WrapperViolation v;
  v.kind = WrapperViolationKind::Syntax;
  v.function = "<module>";
  v.loc = Location{&buffer, line, col};
  v.message = std::move(message);
  diag.error(v.loc, v.message);
  report.violations.push_back(std::move(v));
}

} // namespace

WrapperReport verifyWrapper(const SourceBuffer& buffer, DiagnosticEngine& diag) {
  WrapperReport report;
  std::string_view text = buffer.text();
  TextInputRules rules;
  rules.expected = "Inductor output code (a Python module)";
  rules.kind = "Python code";
  rules.strictText = false; // the scanner reports other bytes itself
  if (std::optional<TextInputProblem> problem = checkTextInput(buffer, rules)) {
    syntaxViolation(buffer, problem->loc.line, problem->loc.col, std::move(problem->message), diag,
                    report);
    return report;
  }
  PyScanResult scan = pyscan::scanPythonModule(text);
  if (scan.error) {
    syntaxViolation(buffer, scan.error->line, scan.error->col,
                    fmt::format("cannot scan as Python: {}", scan.error->message), diag, report);
    return report;
  }
  EventBuilder builder(scan);
  builder.build();
  report.fragment = builder.fragment;
  for (const ScopeInfo& s : builder.scopes)
    if (s.kind == ScopeKind::Function || s.kind == ScopeKind::Fragment)
      ++report.numFunctions;
  Checker checker(buffer, builder.scopes, diag, report);
  checker.run(builder.events);
  return report;
}

} // namespace piecewise
