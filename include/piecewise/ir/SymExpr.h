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

#include "piecewise/support/CharClass.h"
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
    if (v >= kMinSmall && v <= kMaxSmall)
      e.bits_ = (static_cast<uint64_t>(v) << 2) | kSmallTag;
    else
      e.bits_ = reinterpret_cast<uintptr_t>(boxLarge(v)) | kLargeTag;
    return e;
  }
  /// Pre: `text` is a non-empty, trimmed expression interned by the graph's interner.
  static SymExpr symbolic(Symbol text) {
    SymExpr e;
    e.bits_ = reinterpret_cast<uintptr_t>(text.data());
    return e;
  }

  bool isConstant() const { return (bits_ & kTagMask) != 0; }
  bool isSymbolic() const { return (bits_ & kTagMask) == 0; }
  /// Pre: isConstant().
  int64_t value() const {
    if ((bits_ & kTagMask) == kSmallTag)
      return static_cast<int64_t>(bits_) >> 2;
    return *reinterpret_cast<const int64_t*>(bits_ & ~kTagMask);
  }
  /// Pre: isSymbolic().
  Symbol text() const { return Symbol::fromData(reinterpret_cast<const char*>(bits_)); }
  /// True when the expression is one bare symbol such as `s0`.
  bool isSingleSymbol() const;

  bool operator==(const SymExpr& o) const {
    if (bits_ == o.bits_)
      return true;
    // Two boxed constants compare by value; everything else is canonical.
    return (bits_ & kTagMask) == kLargeTag && (o.bits_ & kTagMask) == kLargeTag &&
           value() == o.value();
  }
  bool operator!=(const SymExpr& o) const { return !(*this == o); }

  std::string str() const {
    return isConstant() ? std::to_string(value()) : std::string(text().str());
  }

  /// Calls `fn(std::string_view name)` for every symbol name (`s0`, `u1`) in the expression.
  template <typename Fn> void forEachSymbol(Fn&& fn) const {
    if (isConstant())
      return;
    forEachSymbolIn(text().str(), fn);
  }
  /// Same, over arbitrary expression text.
  template <typename Fn> static void forEachSymbolIn(std::string_view s, Fn&& fn) {
    size_t i = 0;
    while (i < s.size()) {
      char c = s[i];
      if (ascii::isIdentStart(c)) {
        size_t b = i;
        while (i < s.size() && ascii::isIdentChar(s[i]))
          ++i;
        std::string_view name = s.substr(b, i - b);
        // Function names such as Max(...), floor(...) are not symbols.
        if (i < s.size() && s[i] == '(')
          continue;
        fn(name);
      } else if (ascii::isDigit(c)) {
        while (i < s.size() && ascii::isIdentChar(s[i]))
          ++i;
      } else {
        ++i;
      }
    }
  }
  /// True for names of unbacked (data-dependent) symbols: `u0`, `u12`, and
  /// the unbacked SymFloats `zuf0`.
  static bool isUnbackedSymbolName(std::string_view name);

private:
  // One word: an interned text pointer (4-byte aligned, tag 00), a 62-bit
  // constant shifted left by two (tag 01), or a pointer to a boxed int64 for
  // the rare constant outside that range (tag 10).
  static constexpr uint64_t kTagMask = 3, kSmallTag = 1, kLargeTag = 2;
  static constexpr int64_t kMaxSmall = (int64_t(1) << 61) - 1;
  static constexpr int64_t kMinSmall = -(int64_t(1) << 61);
  /// Stable storage for a large constant (interned process-wide; never freed).
  static const int64_t* boxLarge(int64_t v);

  uint64_t bits_ = kSmallTag; // the constant 0
};

} // namespace piecewise
static_assert(sizeof(piecewise::SymExpr) == 8, "SymExpr is one word");
