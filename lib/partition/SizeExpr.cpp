//===- SizeExpr.cpp - Integer size expressions as torch prints them -------===//
//
// A recursive-descent parser over sympy's printed integer expressions, a
// printer, and polynomials for byte counts. See SizeExpr.h.
//
//===----------------------------------------------------------------------===//

#include "SizeExpr.h"

#include "piecewise/support/CharClass.h"
#include "piecewise/support/CheckedInt.h"

#include <algorithm>
#include <charconv>

namespace piecewise::sizeexpr {

namespace {

using Kind = Expr::Kind;

Expr binary(Kind k, Expr a, Expr b) {
  Expr e;
  e.kind = k;
  e.args.push_back(std::move(a));
  e.args.push_back(std::move(b));
  return e;
}

class Parser {
public:
  explicit Parser(std::string_view s) : s_(s) {}

  std::optional<Expr> run() {
    std::optional<Expr> e = expr();
    skipSpace();
    if (!e || pos_ != s_.size())
      return std::nullopt;
    return e;
  }

private:
  void skipSpace() {
    while (pos_ < s_.size() && ascii::isBlank(s_[pos_]))
      ++pos_;
  }
  bool eat(std::string_view tok) {
    skipSpace();
    if (s_.substr(pos_, tok.size()) != tok)
      return false;
    pos_ += tok.size();
    return true;
  }
  bool peek(std::string_view tok) {
    skipSpace();
    return s_.substr(pos_, tok.size()) == tok;
  }

  // expr := term (('+' | '-') term)*
  std::optional<Expr> expr() {
    std::optional<Expr> lhs = term();
    while (lhs) {
      Kind k;
      if (eat("+"))
        k = Kind::Add;
      else if (eat("-"))
        k = Kind::Sub;
      else
        break;
      std::optional<Expr> rhs = term();
      if (!rhs)
        return std::nullopt;
      lhs = binary(k, std::move(*lhs), std::move(*rhs));
    }
    return lhs;
  }

  // term := unary (('*' | '//' | '%') unary)*; a true division does not parse
  std::optional<Expr> term() {
    std::optional<Expr> lhs = unary();
    while (lhs) {
      Kind k;
      if (peek("**"))
        break;
      if (eat("*"))
        k = Kind::Mul;
      else if (eat("//"))
        k = Kind::FloorDiv;
      else if (eat("%"))
        k = Kind::Mod;
      else if (peek("/"))
        return std::nullopt;
      else
        break;
      std::optional<Expr> rhs = unary();
      if (!rhs)
        return std::nullopt;
      lhs = binary(k, std::move(*lhs), std::move(*rhs));
    }
    return lhs;
  }

  // unary := '-' unary | power
  std::optional<Expr> unary() {
    if (eat("-")) {
      std::optional<Expr> e = unary();
      if (!e)
        return std::nullopt;
      if (e->kind == Kind::Const && e->value != INT64_MIN) {
        e->value = -e->value;
        return e;
      }
      Expr n;
      n.kind = Kind::Neg;
      n.args.push_back(std::move(*e));
      return n;
    }
    return power();
  }

  // power := atom ('**' unary)?
  std::optional<Expr> power() {
    std::optional<Expr> base = atom();
    if (base && eat("**")) {
      std::optional<Expr> exp = unary();
      if (!exp)
        return std::nullopt;
      return binary(Kind::Pow, std::move(*base), std::move(*exp));
    }
    return base;
  }

  // atom := INT | NAME | NAME '(' expr (',' expr)* ')' | '(' expr ')'
  std::optional<Expr> atom() {
    skipSpace();
    if (pos_ >= s_.size())
      return std::nullopt;
    char c = s_[pos_];
    if (c == '(') {
      ++pos_;
      std::optional<Expr> e = expr();
      if (!e || !eat(")"))
        return std::nullopt;
      return e;
    }
    if (ascii::isDigit(c)) {
      size_t b = pos_;
      while (pos_ < s_.size() && ascii::isDigit(s_[pos_]))
        ++pos_;
      Expr e;
      auto [ptr, ec] = std::from_chars(s_.data() + b, s_.data() + pos_, e.value);
      if (ec != std::errc() || ptr != s_.data() + pos_)
        return std::nullopt;
      return e;
    }
    if (!ascii::isIdentStart(c))
      return std::nullopt;
    size_t b = pos_;
    while (pos_ < s_.size() && ascii::isIdentChar(s_[pos_]))
      ++pos_;
    std::string_view name = s_.substr(b, pos_ - b);
    if (!peek("(")) {
      Expr e;
      e.kind = Kind::Symbol;
      e.name = std::string(name);
      return e;
    }
    eat("(");
    std::vector<Expr> args;
    do {
      std::optional<Expr> a = expr();
      if (!a)
        return std::nullopt;
      args.push_back(std::move(*a));
    } while (eat(","));
    if (!eat(")"))
      return std::nullopt;
    Expr e;
    if ((name == "Max" || name == "Min") && args.size() >= 2)
      e.kind = name == "Max" ? Kind::Max : Kind::Min;
    else if (name == "FloorDiv" && args.size() == 2)
      e.kind = Kind::FloorDiv;
    else if ((name == "Mod" || name == "PythonMod") && args.size() == 2)
      e.kind = Kind::Mod;
    else
      return std::nullopt;
    e.args = std::move(args);
    return e;
  }

  std::string_view s_;
  size_t pos_ = 0;
};

int precedence(const Expr& e) {
  switch (e.kind) {
  case Kind::Add:
  case Kind::Sub:
    return 1;
  case Kind::Mul:
  case Kind::FloorDiv:
  case Kind::Mod:
    return 2;
  case Kind::Neg:
    return 3;
  case Kind::Pow:
    return 4;
  case Kind::Const:
    return e.value < 0 ? 3 : 5;
  default:
    return 5;
  }
}

void printInto(std::string& out, const Expr& e, int minPrec) {
  bool paren = precedence(e) < minPrec;
  if (paren)
    out += '(';
  auto bin = [&](std::string_view op, int lp, int rp) {
    printInto(out, e.args[0], lp);
    out += op;
    printInto(out, e.args[1], rp);
  };
  switch (e.kind) {
  case Kind::Const:
    out += std::to_string(e.value);
    break;
  case Kind::Symbol:
    out += e.name;
    break;
  case Kind::Add:
    bin(" + ", 1, 2);
    break;
  case Kind::Sub:
    bin(" - ", 1, 2);
    break;
  case Kind::Mul:
    bin("*", 2, 3);
    break;
  case Kind::FloorDiv:
    bin("//", 2, 3);
    break;
  case Kind::Mod:
    bin(" % ", 2, 3);
    break;
  case Kind::Pow:
    bin("**", 5, 4);
    break;
  case Kind::Neg:
    out += '-';
    printInto(out, e.args[0], 3);
    break;
  case Kind::Max:
  case Kind::Min:
    out += e.kind == Kind::Max ? "Max(" : "Min(";
    for (size_t i = 0; i < e.args.size(); ++i) {
      if (i)
        out += ", ";
      printInto(out, e.args[i], 0);
    }
    out += ')';
    break;
  }
  if (paren)
    out += ')';
}

} // namespace

std::optional<Expr> parse(std::string_view text) {
  return Parser(text).run();
}

std::string print(const Expr& e) {
  std::string out;
  printInto(out, e, 0);
  return out;
}

std::string_view targetOf(Expr::Kind k) {
  switch (k) {
  case Kind::Add:
    return "operator.add";
  case Kind::Sub:
    return "operator.sub";
  case Kind::Mul:
    return "operator.mul";
  case Kind::FloorDiv:
    return "operator.floordiv";
  case Kind::Mod:
    return "operator.mod";
  case Kind::Pow:
    return "operator.pow";
  case Kind::Neg:
    return "operator.neg";
  case Kind::Max:
    return "torch.sym_max";
  case Kind::Min:
    return "torch.sym_min";
  case Kind::Const:
  case Kind::Symbol:
    return {};
  }
  return {};
}

Polynomial Polynomial::constant(int64_t v) {
  Polynomial p;
  if (v != 0)
    p.terms_[{}] = v;
  return p;
}

Polynomial Polynomial::of(const Expr& e) {
  switch (e.kind) {
  case Kind::Const:
    return constant(e.value);
  case Kind::Add:
    return of(e.args[0]) + of(e.args[1]);
  case Kind::Sub:
    return of(e.args[0]) + constant(-1) * of(e.args[1]);
  case Kind::Mul:
    return of(e.args[0]) * of(e.args[1]);
  case Kind::Neg:
    return constant(-1) * of(e.args[0]);
  case Kind::Pow:
    if (e.args[1].kind == Kind::Const && e.args[1].value >= 0 && e.args[1].value <= 8) {
      Polynomial r = constant(1), base = of(e.args[0]);
      for (int64_t i = 0; i < e.args[1].value; ++i)
        r = r * base;
      return r;
    }
    break;
  default:
    break;
  }
  Polynomial p; // a symbol, or an expression kept whole (a call needs no parentheses)
  bool bare = e.kind == Kind::Symbol || e.kind == Kind::Max || e.kind == Kind::Min;
  p.terms_[{bare ? print(e) : "(" + print(e) + ")"}] = 1;
  return p;
}

Polynomial Polynomial::operator+(const Polynomial& o) const {
  Polynomial r = *this;
  r.overflow_ |= o.overflow_;
  for (const auto& [mono, c] : o.terms_) {
    int64_t& slot = r.terms_[mono];
    std::optional<int64_t> sum = checkedAdd(slot, c);
    r.overflow_ |= !sum;
    slot = sum.value_or(0);
    if (slot == 0)
      r.terms_.erase(mono);
  }
  return r;
}

Polynomial Polynomial::operator*(const Polynomial& o) const {
  Polynomial r;
  r.overflow_ = overflow_ || o.overflow_;
  for (const auto& [m1, c1] : terms_) {
    for (const auto& [m2, c2] : o.terms_) {
      std::vector<std::string> mono = m1;
      mono.insert(mono.end(), m2.begin(), m2.end());
      std::sort(mono.begin(), mono.end());
      std::optional<int64_t> prod = checkedMul(c1, c2);
      r.overflow_ |= !prod;
      Polynomial term;
      term.terms_[std::move(mono)] = prod.value_or(0);
      r = r + term;
    }
  }
  return r;
}

bool Polynomial::isConstant() const {
  return terms_.empty() || (terms_.size() == 1 && terms_.begin()->first.empty());
}

std::string Polynomial::str() const {
  if (overflow_ || std::any_of(terms_.begin(), terms_.end(),
                               [](const auto& t) { return t.second == INT64_MIN; }))
    return "?";
  if (terms_.empty())
    return "0";
  std::vector<std::pair<const std::vector<std::string>*, int64_t>> order;
  for (const auto& [mono, c] : terms_)
    order.emplace_back(&mono, c);
  std::stable_sort(order.begin(), order.end(), [](const auto& a, const auto& b) {
    return a.first->size() > b.first->size(); // by decreasing degree; the map orders by text
  });
  std::string out;
  for (const auto& [mono, c] : order) {
    int64_t coef = c;
    if (out.empty()) {
      if (coef < 0) {
        out += '-';
        coef = -coef;
      }
    } else {
      out += coef < 0 ? " - " : " + ";
      coef = coef < 0 ? -coef : coef;
    }
    bool first = true;
    if (coef != 1 || mono->empty()) {
      out += std::to_string(coef);
      first = false;
    }
    // Repeated factors as powers: s0*s0 -> s0**2.
    for (size_t i = 0; i < mono->size();) {
      size_t j = i;
      while (j < mono->size() && (*mono)[j] == (*mono)[i])
        ++j;
      if (!first)
        out += '*';
      out += (*mono)[i];
      if (j - i > 1)
        out += "**" + std::to_string(j - i);
      first = false;
      i = j;
    }
  }
  return out;
}

} // namespace piecewise::sizeexpr
