//===- SizeExpr.h - Integer size expressions as torch prints them -*- C++ -*-===//
//
// Internal to lib/partition (CaptureSafeCopies.cpp). A tensor's symbolic size
// or stride is kept as the text torch printed (`s0`, `2*s0 + 1`,
// `((s0 + 1)//2)`, `Max(1, s0)`; ir/SymExpr.h). To allocate a buffer of that
// size before the op that makes the tensor, the size has to be computed from
// values that exist earlier: this parses the text into a small tree whose
// operations are the SymInt arithmetic FX graphs record (`operator.add`,
// `operator.mul`, `operator.floordiv`, `torch.sym_max`, ...), and keeps
// products and sums of sizes as polynomials for byte counts (`8192*s0 + 512`).
// Anything else (`/`, `sqrt`, a relation) does not parse: the caller says so.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace piecewise::sizeexpr {

struct Expr {
  enum class Kind : uint8_t { Const, Symbol, Add, Sub, Mul, FloorDiv, Mod, Pow, Neg, Max, Min };
  Kind kind = Kind::Const;
  int64_t value = 0;      ///< Const
  std::string name;       ///< Symbol
  std::vector<Expr> args; ///< operands (two, or one for Neg, two or more for Max/Min)
};

/// Parses `text`; nullopt when it uses anything but integers, symbols,
/// `+ - * // % **`, parentheses and `Max`, `Min`, `FloorDiv`, `Mod`,
/// `PythonMod`.
std::optional<Expr> parse(std::string_view text);

/// The expression as Python source (and as torch would annotate it, up to
/// spacing): `2*s0 + 1`, `(s0 + 1)//2`, `Max(1, s0)`.
std::string print(const Expr& e);

/// The target of the FX call that computes an operation (`operator.add`,
/// `torch.sym_max`); empty for Const and Symbol.
std::string_view targetOf(Expr::Kind k);

/// A sum of monomials with integer coefficients; a factor that is not a
/// polynomial (a floor division, a maximum) is kept whole as an atom.
class Polynomial {
public:
  Polynomial() = default;
  static Polynomial constant(int64_t v);
  static Polynomial of(const Expr& e);

  Polynomial operator+(const Polynomial& o) const;
  Polynomial operator*(const Polynomial& o) const;
  /// True when a coefficient overflowed int64_t (the text then says `?`).
  bool overflowed() const { return overflow_; }
  bool isConstant() const;
  /// `8192*s0 + 512`, `0`; terms by decreasing degree, then by text.
  std::string str() const;

private:
  /// Monomial (sorted factor texts, with repeats) -> coefficient.
  std::map<std::vector<std::string>, int64_t> terms_;
  bool overflow_ = false;
};

} // namespace piecewise::sizeexpr
