//===- CodeFormValues.cpp - Argument values in the code form -------------===//
//
// The code form's atoms and diagnostics for the shared value grammar.
//
//===----------------------------------------------------------------------===//

#include "CodeFormValues.h"

#include "piecewise/ir/DType.h"
#include "piecewise/ir/Target.h"
#include "piecewise/ir/ValueTables.h"

#include <charconv>
#include <limits>

namespace piecewise::text {

namespace {

char openingOf(Punct close) {
  return close == Punct::RBracket ? '[' : close == Punct::RBrace ? '{' : '(';
}
char closingOf(Punct close) {
  return close == Punct::RBracket ? ']' : close == Punct::RBrace ? '}' : ')';
}
Tok tokenOf(Punct p) {
  switch (p) {
  case Punct::LParen:
    return Tok::LParen;
  case Punct::RParen:
    return Tok::RParen;
  case Punct::LBracket:
    return Tok::LBracket;
  case Punct::RBracket:
    return Tok::RBracket;
  case Punct::LBrace:
    return Tok::LBrace;
  case Punct::RBrace:
    return Tok::RBrace;
  case Punct::Comma:
    return Tok::Comma;
  case Punct::Colon:
    return Tok::Colon;
  case Punct::End:
  case Punct::Other:
    break;
  }
  return Tok::End;
}

} // namespace

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

std::optional<Argument> CodeFormValues::parseArg(PyLexer& lex, int depth) {
  lex_ = &lex;
  return value(depth, Context{});
}

bool CodeFormValues::parseCallArgs(PyLexer& lex, Token open, std::vector<Argument>& args,
                                   std::vector<KwArg>& kwargs, int depth) {
  lex_ = &lex;
  return callArguments(open.begin, open.begin, depth, Context{}, args, kwargs);
}

std::optional<Argument> CodeFormValues::resolveName(Token t) {
  std::string_view name = t.text();
  if (Node* n = names_.findNode(name))
    return Argument::node(n);
  if (names_.isPoisoned(name)) {
    cx_.fail();
    return std::nullopt;
  }
  cx_.error(t.begin, fmt::format("name '{}' is used before it is defined", name));
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// The grammar's Syntax
//===----------------------------------------------------------------------===//

bool CodeFormValues::enterValue(int depth) {
  if (depth > kMaxValueDepth) {
    cx_.error(lex_->position(), fmt::format("nesting is deeper than {} levels", kMaxValueDepth));
    return false;
  }
  return true;
}

bool CodeFormValues::keyword(std::string_view& name, Pos& at) {
  // `name = value` (FX prints spaces around '=').
  if (!lex_->peek().is(Tok::Name) || !lex_->mayBeFollowedByAssign())
    return false;
  PyLexer probe = *lex_;
  Token key = probe.next();
  if (!probe.peek().is(Tok::Assign))
    return false;
  probe.next();
  *lex_ = probe;
  name = key.text();
  at = key.begin;
  return true;
}

bool CodeFormValues::expect(Punct p, const char* what) {
  return cx_.expect(*lex_, tokenOf(p), what);
}

void CodeFormValues::endInside(Pos open, Punct close, bool /*expectingItem*/) {
  cx_.error(open, fmt::format("unterminated '{}'", openingOf(close)));
}

void CodeFormValues::badSeparator(Pos /*open*/, Punct close) {
  Token t = lex_->next();
  if (t.is(Tok::Error))
    cx_.lexError(*lex_, t);
  else
    cx_.error(t.begin, fmt::format("expected ',' or '{}', found '{}'", closingOf(close), t.text()));
}

void CodeFormValues::unterminatedCall(Pos /*callee*/, Pos open) {
  cx_.error(open, "unterminated '(': the line ends before ')'");
}

void CodeFormValues::duplicateKey(Pos open, Pos /*key*/) {
  cx_.error(open, "a dict literal repeats a key");
}

void CodeFormValues::badSlice(Pos /*callee*/, Pos open) {
  cx_.error(open, "expected slice(start, stop, step)");
}

void CodeFormValues::badDevice(Pos /*callee*/, Pos open, const std::string* why) {
  cx_.error(open, why ? *why : std::string("expected device(type='...', index=N)"));
}

void CodeFormValues::callsNodeValue(Pos callee, std::string_view node) {
  cx_.error(
      callee,
      fmt::format("calling the value of node '{}' inside an argument is not an FX argument", node));
}

//===----------------------------------------------------------------------===//
// Atoms
//===----------------------------------------------------------------------===//

std::optional<Argument> CodeFormValues::atom(int depth, Context /*ctx*/) {
  PyLexer& lex = *lex_;
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
      cx_.error(t.begin + badAt, why);
      return std::nullopt;
    }
    return isBytes ? Argument::bytes(graph().intern(scratch_))
                   : Argument::string(graph().intern(scratch_));
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
      cx_.error(n.begin, "expected a number after '-' in an argument");
      return std::nullopt;
    }
    cx_.error(t.begin, fmt::format("unexpected '{}' in an argument", t.text()));
    return std::nullopt;
  case Tok::Ellipsis:
    return Argument::ellipsis();
  case Tok::Name:
    return parseNameArg(t, depth);
  case Tok::Error:
    cx_.lexError(lex, t);
    return std::nullopt;
  case Tok::End:
    cx_.error(t.begin, "expected an argument before the end of the line");
    return std::nullopt;
  default:
    cx_.error(t.begin, fmt::format("expected an argument, found '{}'", t.text()));
    return std::nullopt;
  }
}

std::optional<Argument> CodeFormValues::parseNumber(Token t, bool negate) {
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
  return text::numberArgument(text::readNumber(t.text(), shape, negate), graph());
}

std::optional<Argument> CodeFormValues::namedNumber(std::string_view name, bool negate) {
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

std::optional<Argument> CodeFormValues::parseNameArg(Token first, int depth) {
  PyLexer& lex = *lex_;
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
    Token part;
    if (!cx_.expectNamePart(lex, part))
      return std::nullopt;
    dotted += '.';
    dotted += part.text();
  }
  if (lex.peek().is(Tok::LParen))
    return call(dotted, first.begin, depth, Context{});
  if (lex.peek().is(Tok::LBracket)) {
    cx_.error(lex.peek().begin, fmt::format("a subscript of '{}' is not an FX argument", dotted));
    return std::nullopt;
  }
  std::string_view d = dotted;
  if (d.substr(0, 6) == "torch.") {
    std::string_view rest = d.substr(6);
    if (std::optional<DType> dt = parseDTypeTorchName(rest))
      return Argument::dtype(*dt);
    if (isLayoutName(rest))
      return Argument::layout(graph().intern(rest));
    if (std::string_view f = canonicalMemoryFormat(rest); !f.empty())
      return Argument::memoryFormat(graph().intern(f));
    if (rest.substr(0, 4) == "ops.")
      return Argument::op(graph().intern(canonicalTarget(d)));
  }
  if (graph().lookup(name)) {
    cx_.error(
        first.begin,
        fmt::format("attribute access on '{}' inside an argument is not an FX argument", name));
    return std::nullopt;
  }
  names_.noteGlobalHead(name, first.begin);
  return Argument::global(graph().intern(d));
}

std::optional<Argument> CodeFormValues::afterOpenParen() {
  // `(re+imj)` / `(re-imj)` as repr(complex) writes it; the '(' is consumed.
  PyLexer& lex = *lex_;
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

} // namespace piecewise::text
