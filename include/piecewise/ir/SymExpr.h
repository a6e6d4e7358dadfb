//===- SymExpr.h - Sizes that may be symbolic -------------------*- C++ -*-===//
//
// A size, stride or SymInt value. The concrete case is a plain int64 (the fast
// path: no allocation, no interning). The symbolic case keeps the expression's
// text as torch printed it (`s0`, `2*s0 + 1`, `u3`), interned, so two SymExprs
// compare syntactically in O(1). piecewise never simplifies expressions; it
// only compares them and lists the symbols they mention.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/support/StringInterner.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace piecewise {

class SymExpr {
public:
  /// The constant 0.
  SymExpr() = default;
  static SymExpr constant(int64_t v) {
    SymExpr e;
    e.value_ = v;
    return e;
  }
  /// Pre: `text` is a non-empty, trimmed expression interned by the graph's interner.
  static SymExpr symbolic(Symbol text) {
    SymExpr e;
    e.text_ = text;
    return e;
  }

  bool isConstant() const { return text_.isNull(); }
  bool isSymbolic() const { return !text_.isNull(); }
  /// Pre: isConstant().
  int64_t value() const { return value_; }
  /// Pre: isSymbolic().
  Symbol text() const { return text_; }
  /// True when the expression is one bare symbol such as `s0`.
  bool isSingleSymbol() const;

  bool operator==(const SymExpr& o) const {
    return text_ == o.text_ && (isSymbolic() || value_ == o.value_);
  }
  bool operator!=(const SymExpr& o) const { return !(*this == o); }

  std::string str() const {
    return isConstant() ? std::to_string(value_) : std::string(text_.str());
  }

  /// Calls `fn(std::string_view name)` for every symbol name (`s0`, `u1`) in the expression.
  template <typename Fn> void forEachSymbol(Fn&& fn) const {
    if (isConstant())
      return;
    forEachSymbolIn(text_.str(), fn);
  }
  /// Same, over arbitrary expression text.
  template <typename Fn> static void forEachSymbolIn(std::string_view s, Fn&& fn) {
    size_t i = 0;
    while (i < s.size()) {
      char c = s[i];
      if (isIdentStart(c)) {
        size_t b = i;
        while (i < s.size() && isIdentChar(s[i]))
          ++i;
        std::string_view name = s.substr(b, i - b);
        // Function names such as Max(...), floor(...) are not symbols.
        if (i < s.size() && s[i] == '(')
          continue;
        fn(name);
      } else if (c >= '0' && c <= '9') {
        while (i < s.size() && isIdentChar(s[i]))
          ++i;
      } else {
        ++i;
      }
    }
  }
  /// True for names of unbacked (data-dependent) symbols: `u0`, `u12`.
  static bool isUnbackedSymbolName(std::string_view name);

private:
  static bool isIdentStart(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
  }
  static bool isIdentChar(char c) { return isIdentStart(c) || (c >= '0' && c <= '9'); }

  int64_t value_ = 0;
  Symbol text_;
};

} // namespace piecewise
