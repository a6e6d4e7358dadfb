//===- CodeFormValues.h - Argument values in the code form ------*- C++ -*-===//
//
// The code form's half of the value grammar (ValueGrammar.h): values are
// Python expressions as repr() writes them, read from PyLexer tokens.
//
//   12  -3  1_000  0x1F  1.5e-6  inf  -nan  2j  (1+2j)   numbers
//   'a'  "b"  r'\d'  b'\x00'                            strings, bytes
//   None  True  False  ...  Ellipsis                    constants
//   x                                                   the node named x
//   torch.float32  torch.strided  torch.channels_last   dtype, layout, memory format
//   torch.ops.aten.add.Tensor                           an op
//   foo.bar                                             a global (an opaque name)
//
// A name is a node, looked up through CodeFormNames; using a node before its
// statement is an error (unless that statement failed: then the use is
// quiet). Calling or taking an attribute of a node inside an argument is no
// FX argument and an error too.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "CodeFormContext.h"
#include "CodeFormNames.h"
#include "PyLexer.h"
#include "ValueGrammar.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace piecewise::text {

class CodeFormValues : public ValueGrammar<CodeFormValues> {
public:
  /// The code form spells a value the same wherever it stands.
  struct Context {
    Context inner() const { return {}; }
  };

  CodeFormValues(CodeFormContext& cx, CodeFormNames& names) : cx_(cx), names_(names) {}

  /// Reads one value from `lex` at nesting depth `depth`.
  std::optional<Argument> parseArg(PyLexer& lex, int depth);
  /// Reads a call's arguments after its `(` (the token `open`, consumed) through its `)`.
  bool parseCallArgs(PyLexer& lex, Token open, std::vector<Argument>& args,
                     std::vector<KwArg>& kwargs, int depth);
  /// The node the name `t` names, or an error.
  std::optional<Argument> resolveName(Token t);

private:
  friend class ValueGrammar<CodeFormValues>;

  //===--- The Syntax of ValueGrammar (see there) --------------------------===//
  Graph& graph() { return *cx_.graph; }
  Punct peekPunct() {
    switch (lex_->peek().kind) {
    case Tok::End:
      return Punct::End;
    case Tok::LParen:
      return Punct::LParen;
    case Tok::RParen:
      return Punct::RParen;
    case Tok::LBracket:
      return Punct::LBracket;
    case Tok::RBracket:
      return Punct::RBracket;
    case Tok::LBrace:
      return Punct::LBrace;
    case Tok::RBrace:
      return Punct::RBrace;
    case Tok::Comma:
      return Punct::Comma;
    case Tok::Colon:
      return Punct::Colon;
    default:
      return Punct::Other;
    }
  }
  Pos here() { return lex_->peek().begin; }
  void take() { lex_->next(); }
  bool enterValue(int depth);
  std::optional<Argument> atom(int depth, Context ctx);
  /// `(re+imj)` as repr(complex) writes it.
  std::optional<Argument> afterOpenParen();
  std::optional<Argument> dictKey(int depth, Context ctx) { return value(depth, ctx); }
  bool keyword(std::string_view& name, Pos& at);
  bool expect(Punct p, const char* what);
  void endInside(Pos open, Punct close, bool expectingItem);
  void badSeparator(Pos open, Punct close);
  void unterminatedCall(Pos callee, Pos open);
  void duplicateKey(Pos open, Pos key);
  void badSlice(Pos callee, Pos open);
  void badDevice(Pos callee, Pos open, const std::string* why);
  void callsNodeValue(Pos callee, std::string_view node);
  void noteCallee(std::string_view callee, Pos at) { names_.noteGlobalHead(callee, at); }
  void error(Pos at, std::string message) { cx_.error(at, std::move(message)); }

  //===--- Atoms ----------------------------------------------------------===//
  std::optional<Argument> parseNumber(Token t, bool negate);
  /// `inf`, `nan`, `infj`, `nanj` (negated after a unary '-'), or nullopt.
  std::optional<Argument> namedNumber(std::string_view name, bool negate);
  std::optional<Argument> parseNameArg(Token first, int depth);

  CodeFormContext& cx_;
  CodeFormNames& names_;
  /// The lexer of the statement being read (set by each entry point).
  PyLexer* lex_ = nullptr;
  std::string scratch_;
};

} // namespace piecewise::text
