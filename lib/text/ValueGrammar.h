//===- ValueGrammar.h - The argument values of both text forms --*- C++ -*-===//
//
// One grammar reads every argument value of both FX text forms:
//
//   value     := '[' items ']'                 a list
//              | '(' items ')'                 a tuple; `(v)` without a comma is v
//              | '{' entry (',' entry)* ','? '}'   a dict; a repeated key is an error
//              | callee '(' call-args ')'      `slice(...)`, `device(...)`,
//                                              `complex(re, im)`, any other call
//              | atom
//   items     := (value (',' value)* ','?)?
//   entry     := key ':' value
//   call-args := items, where `name = value` items (keywords) come after the
//                positional ones and name each keyword once
//
// The grammar owns the structure (brackets, separators, the nesting limit)
// and what each construct makes: lists, tuples, dicts, slices, devices, calls
// (Argument.h). A form adds, as the `Syntax` this template is instantiated
// with (CRTP: `class S : public ValueGrammar<S>`), what differs between the
// two spellings of a value:
//
//  - the lexical layer: the punctuation that comes next (peekPunct, take),
//    positions (here), and a keyword's `name =` (keyword);
//  - the atoms: the code form reads Python tokens as repr() writes them (a
//    bare name is a node, strings are quoted: CodeFormValues.cpp); the graph
//    form reads FX's str() spelling (`%x` is a node, a bare word is a string:
//    GraphFormSyntax.h), and a dict key there is a bare token up to ':';
//  - the words and places of its diagnostics (each form reports an error the
//    way its users know, e.g. the code form names the token it found);
//  - `Context`: what a form needs to know about where a value stands (the
//    graph form: str() or repr() spelling, and whether an op name is
//    expected), with `inner()` giving the context of the values inside a
//    bracket.
//
// Items being read wait on one stack shared by every nesting level
// (pending_): each reader appends above where it started and, done, moves its
// items out in one allocation of the exact size (a vector grown item by item
// allocates up to three times for a node's arguments). After an error the
// stack is cut back to where the failed reader started.
//
// The Syntax provides (Pos is `const char*`, a position in the source buffer):
//
//   Graph& graph();
//   Punct peekPunct();                 the next token as punctuation (blanks skipped)
//   Pos here();                        where the next token starts
//   void take();                       consumes the punctuation peekPunct saw
//   bool enterValue(int depth);        false (reported) when a value cannot start
//                                      here: nested too deep, or at the end
//   std::optional<Argument> atom(int depth, Context);
//   std::optional<Argument> afterOpenParen();  a value `(` starts that is no
//                                      tuple (the code form's `(1+2j)`), or nullopt
//   std::optional<Argument> dictKey(int depth, Context);
//   bool keyword(std::string_view& name, Pos& at);  consumes `name =` when it comes next
//   bool expect(Punct, const char* what);
//   void endInside(Pos open, Punct close, bool expectingItem);
//   void badSeparator(Pos open, Punct close);
//   void unterminatedCall(Pos callee, Pos open);
//   void duplicateKey(Pos open, Pos key);
//   void badSlice(Pos callee, Pos open);
//   void badDevice(Pos callee, Pos open, const std::string* why);
//   void callsNodeValue(Pos callee, std::string_view node);
//   void noteCallee(std::string_view callee, Pos at);
//   void error(Pos at, std::string message);
//
//===----------------------------------------------------------------------===//
#pragma once

#include "Literal.h"

#include "piecewise/ir/Argument.h"
#include "piecewise/ir/Graph.h"

#include <fmt/format.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace piecewise::text {

/// The punctuation the grammar dispatches on; `Other` is anything else (an
/// atom, an operator, a lexical error), `End` the end of the text the value
/// may take (the line, or a bracketed statement's lines).
enum class Punct : uint8_t {
  Other,
  End,
  LParen,
  RParen,
  LBracket,
  RBracket,
  LBrace,
  RBrace,
  Comma,
  Colon,
};

/// Where the values are nested deeper than this, a form reports an error.
constexpr int kMaxValueDepth = 256;

/// The device of `device(...)` / `torch.device(...)`'s arguments, as
/// torch.device reads them: a type string (`'cuda'`, `'cuda:0'`) and an
/// optional index (None or an int), each positional or by keyword, each once.
/// Returns the canonical `type[:N]`; nullopt when the arguments are not of
/// that shape (`why` empty) or name no device (`why` says why).
std::optional<std::string> deviceFromCall(const std::vector<Argument>& args,
                                          const std::vector<KwArg>& kwargs, std::string& why);

template <typename Syntax> class ValueGrammar {
public:
  using Pos = const char*;

  /// Reads one value at nesting depth `depth`.
  template <typename Context> std::optional<Argument> value(int depth, Context ctx) {
    if (!self().enterValue(depth))
      return std::nullopt;
    Pos at = nullptr;
    switch (self().peekPunct()) {
    case Punct::LBracket:
      at = self().here();
      self().take();
      return sequence(at, Punct::RBracket, depth, ctx.inner(), /*isList=*/true);
    case Punct::LParen:
      at = self().here();
      self().take();
      if (std::optional<Argument> v = self().afterOpenParen())
        return v;
      return sequence(at, Punct::RParen, depth, ctx.inner(), /*isList=*/false);
    case Punct::LBrace:
      at = self().here();
      self().take();
      return dict(at, depth, ctx.inner());
    default:
      return self().atom(depth, ctx);
    }
  }

  /// Reads the items of a bracket opened at `open` (consumed) through its
  /// `close`, appending them to `out`: a call's positional arguments and
  /// keywords. `first` is the context of the first item, `rest` of the others.
  template <typename Context>
  bool items(Pos open, Punct close, int depth, Context first, Context rest,
             std::vector<Argument>& out) {
    size_t base = pending_.size();
    bool trailingComma = false;
    return finishPending(base, readItems(open, close, depth, first, rest, trailingComma), out);
  }

  /// Reads call arguments after the `(` at `open` (consumed) of the call whose
  /// callee starts at `callee`, through the `)`.
  template <typename Context>
  bool callArguments(Pos callee, Pos open, int depth, Context ctx, std::vector<Argument>& args,
                     std::vector<KwArg>& kwargs) {
    size_t base = pending_.size();
    return finishPending(base, readCallArguments(callee, open, depth, ctx, kwargs), args);
  }

  /// Reads the value of a call of `callee` (dotted; its first name is not a
  /// node) that starts at `at`; the `(` comes next. `argsCtx` is the context
  /// of its arguments.
  template <typename Context>
  std::optional<Argument> call(std::string_view callee, Pos at, int depth, Context argsCtx) {
    Pos open = self().here();
    self().take();
    std::vector<Argument> args;
    std::vector<KwArg> kwargs;
    if (callee == "device" || callee == "torch.device") {
      if (!callArguments(at, open, depth, argsCtx, args, kwargs))
        return std::nullopt;
      std::string why;
      std::optional<std::string> dev = deviceFromCall(args, kwargs, why);
      if (!dev) {
        self().badDevice(at, open, why.empty() ? nullptr : &why);
        return std::nullopt;
      }
      return Argument::device(self().graph().intern(*dev));
    }
    if (callee == "slice") {
      if (!callArguments(at, open, depth, argsCtx, args, kwargs))
        return std::nullopt;
      if (!kwargs.empty() || args.empty() || args.size() > 3) {
        self().badSlice(at, open);
        return std::nullopt;
      }
      if (args.size() == 1) // slice(stop)
        args.insert(args.begin(), Argument::none());
      while (args.size() < 3)
        args.push_back(Argument::none());
      return Argument::slice(std::move(args[0]), std::move(args[1]), std::move(args[2]));
    }
    std::string_view head = callee.substr(0, callee.find('.'));
    if (self().graph().lookup(head)) {
      self().callsNodeValue(at, head);
      return std::nullopt;
    }
    self().noteCallee(callee, at);
    if (!callArguments(at, open, depth, argsCtx, args, kwargs))
      return std::nullopt;
    if (std::optional<Argument> c = complexFromCall(callee, args, !kwargs.empty()))
      return c;
    std::vector<Argument> kw;
    kw.reserve(kwargs.size() * 2);
    for (KwArg& k : kwargs) {
      kw.push_back(Argument::string(k.name));
      kw.push_back(std::move(k.value));
    }
    return Argument::call(self().graph().intern(callee), std::move(args),
                          Argument::dict(std::move(kw)));
  }

private:
  Syntax& self() { return static_cast<Syntax&>(*this); }

  template <typename Context>
  std::optional<Argument> sequence(Pos open, Punct close, int depth, Context ctx, bool isList) {
    size_t base = pending_.size();
    bool trailingComma = false;
    if (!readItems(open, close, depth, ctx, ctx, trailingComma)) {
      pending_.resize(base);
      return std::nullopt;
    }
    if (!isList && pending_.size() == base + 1 && !trailingComma) {
      Argument v = std::move(pending_[base]); // a parenthesized value
      pending_.resize(base);
      return v;
    }
    std::vector<Argument> items;
    movePending(base, items);
    return isList ? Argument::list(std::move(items)) : Argument::tuple(std::move(items));
  }

  /// The items go onto pending_; `trailingComma` tells whether a comma ended them.
  template <typename Context>
  bool readItems(Pos open, Punct close, int depth, Context first, Context rest,
                 bool& trailingComma) {
    bool isFirst = true;
    while (true) {
      Punct p = self().peekPunct();
      if (p == close) {
        self().take();
        return true;
      }
      if (p == Punct::End) {
        self().endInside(open, close, /*expectingItem=*/true);
        return false;
      }
      std::optional<Argument> v = value(depth + 1, isFirst ? first : rest);
      if (!v)
        return false;
      isFirst = false;
      pending_.push_back(std::move(*v));
      Punct sep = self().peekPunct();
      if (sep == close) {
        self().take();
        trailingComma = false;
        return true;
      }
      if (sep == Punct::Comma) {
        self().take();
        trailingComma = true;
        continue;
      }
      if (sep == Punct::End)
        self().endInside(open, close, /*expectingItem=*/false);
      else
        self().badSeparator(open, close);
      return false;
    }
  }

  template <typename Context> std::optional<Argument> dict(Pos open, int depth, Context ctx) {
    std::vector<Argument> entries; // key, value, key, value, ...
    while (true) {
      Punct p = self().peekPunct();
      if (p == Punct::RBrace) {
        self().take();
        return Argument::dict(std::move(entries));
      }
      if (p == Punct::End) {
        self().endInside(open, Punct::RBrace, /*expectingItem=*/true);
        return std::nullopt;
      }
      Pos keyAt = self().here();
      std::optional<Argument> key = self().dictKey(depth + 1, ctx);
      if (!key || !self().expect(Punct::Colon, "':' after a dict key"))
        return std::nullopt;
      std::optional<Argument> v = value(depth + 1, ctx);
      if (!v)
        return std::nullopt;
      for (size_t i = 0; i < entries.size(); i += 2) {
        if (entries[i] == *key) {
          self().duplicateKey(open, keyAt);
          return std::nullopt;
        }
      }
      entries.push_back(std::move(*key));
      entries.push_back(std::move(*v));
      Punct sep = self().peekPunct();
      if (sep == Punct::RBrace) {
        self().take();
        return Argument::dict(std::move(entries));
      }
      if (sep == Punct::Comma) {
        self().take();
        continue;
      }
      if (sep == Punct::End)
        self().endInside(open, Punct::RBrace, /*expectingItem=*/false);
      else
        self().badSeparator(open, Punct::RBrace);
      return std::nullopt;
    }
  }

  /// The positional arguments go onto pending_.
  template <typename Context>
  bool readCallArguments(Pos callee, Pos open, int depth, Context ctx, std::vector<KwArg>& kwargs) {
    bool first = true;
    while (true) {
      Punct p = self().peekPunct();
      if (p == Punct::RParen) {
        self().take();
        return true;
      }
      if (!first) {
        if (p != Punct::Comma) {
          if (p == Punct::End)
            self().unterminatedCall(callee, open);
          else
            self().badSeparator(open, Punct::RParen);
          return false;
        }
        self().take();
        if (self().peekPunct() == Punct::RParen) {
          self().take();
          return true;
        }
      }
      first = false;
      if (self().peekPunct() == Punct::End) {
        self().unterminatedCall(callee, open);
        return false;
      }
      std::string_view key;
      Pos keyAt = nullptr;
      if (self().keyword(key, keyAt)) {
        std::optional<Argument> v = value(depth + 1, ctx);
        if (!v)
          return false;
        Symbol name = self().graph().intern(key);
        for (const KwArg& kw : kwargs) {
          if (kw.name == name) {
            self().error(keyAt, fmt::format("keyword argument '{}' given twice", key));
            return false;
          }
        }
        kwargs.push_back({name, std::move(*v)});
        continue;
      }
      if (!kwargs.empty()) {
        self().error(self().here(), "positional argument after keyword arguments");
        return false;
      }
      std::optional<Argument> v = value(depth + 1, ctx);
      if (!v)
        return false;
      pending_.push_back(std::move(*v));
    }
  }

  /// After a reader that started at `base`: its items go to `out` when it
  /// succeeded (`ok`), and are dropped either way. Returns `ok`.
  bool finishPending(size_t base, bool ok, std::vector<Argument>& out) {
    if (ok)
      movePending(base, out);
    else
      pending_.resize(base);
    return ok;
  }
  /// Appends pending_[base, end) to `out` and drops them from pending_.
  void movePending(size_t base, std::vector<Argument>& out) {
    out.reserve(out.size() + (pending_.size() - base));
    for (size_t i = base; i < pending_.size(); ++i)
      out.push_back(std::move(pending_[i]));
    pending_.resize(base);
  }

  /// The items of every bracket being read, innermost last.
  std::vector<Argument> pending_;
};

} // namespace piecewise::text
