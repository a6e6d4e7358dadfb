#include "piecewise/ir/Argument.h"

namespace piecewise {

Argument::Argument(const Argument& o) : kind_(Kind::None) {
  copyFrom(o);
}

Argument::Argument(Argument&& o) noexcept : kind_(o.kind_), u_(o.u_) {
  o.kind_ = Kind::None;
  o.u_.i = 0;
}

Argument& Argument::operator=(const Argument& o) {
  if (this != &o) {
    Argument tmp(o);
    *this = std::move(tmp);
  }
  return *this;
}

Argument& Argument::operator=(Argument&& o) noexcept {
  if (this != &o) {
    destroy();
    kind_ = o.kind_;
    u_ = o.u_;
    o.kind_ = Kind::None;
    o.u_.i = 0;
  }
  return *this;
}

void Argument::destroy() {
  if (hasElements())
    delete u_.list;
  kind_ = Kind::None;
  u_.i = 0;
}

void Argument::copyFrom(const Argument& o) {
  kind_ = o.kind_;
  if (o.hasElements())
    u_.list = new std::vector<Argument>(*o.u_.list);
  else
    u_ = o.u_;
}

Argument Argument::boolean(bool b) {
  Argument a;
  a.kind_ = Kind::Bool;
  a.u_.b = b;
  return a;
}

Argument Argument::integer(int64_t i) {
  Argument a;
  a.kind_ = Kind::Int;
  a.u_.i = i;
  return a;
}

Argument Argument::real(double d) {
  Argument a;
  a.kind_ = Kind::Double;
  a.u_.d = d;
  return a;
}

Argument Argument::dtype(DType t) {
  Argument a;
  a.kind_ = Kind::DType;
  a.u_.i = static_cast<int64_t>(t);
  return a;
}

Argument Argument::sym(SymExpr e) {
  Argument a;
  a.kind_ = Kind::Sym;
  a.u_.sym.value = e.isConstant() ? e.value() : 0;
  a.u_.sym.text = e.isConstant() ? nullptr : e.text().data();
  return a;
}

SymExpr Argument::getSym() const {
  if (u_.sym.text == nullptr)
    return SymExpr::constant(u_.sym.value);
  return SymExpr::symbolic(Symbol::fromData(u_.sym.text));
}

Argument Argument::node(Node* n) {
  Argument a;
  a.kind_ = Kind::NodeRef;
  a.u_.node = n;
  return a;
}

Argument Argument::withSymbol(Kind k, Symbol s) {
  Argument a;
  a.kind_ = k;
  a.u_.str = s.data();
  return a;
}

Argument Argument::withElements(Kind k, std::vector<Argument> items) {
  Argument a;
  a.kind_ = k;
  a.u_.list = new std::vector<Argument>(std::move(items));
  return a;
}

Argument Argument::list(std::vector<Argument> items) {
  return withElements(Kind::List, std::move(items));
}

Argument Argument::tuple(std::vector<Argument> items) {
  return withElements(Kind::Tuple, std::move(items));
}

Argument Argument::slice(Argument start, Argument stop, Argument step) {
  std::vector<Argument> items;
  items.reserve(3);
  items.push_back(std::move(start));
  items.push_back(std::move(stop));
  items.push_back(std::move(step));
  return withElements(Kind::Slice, std::move(items));
}

Argument Argument::ellipsis() {
  Argument a;
  a.kind_ = Kind::Ellipsis;
  return a;
}

bool Argument::operator==(const Argument& o) const {
  if (kind_ != o.kind_)
    return false;
  switch (kind_) {
  case Kind::None:
  case Kind::Ellipsis:
    return true;
  case Kind::Bool:
    return u_.b == o.u_.b;
  case Kind::Int:
  case Kind::DType:
    return u_.i == o.u_.i;
  case Kind::Double:
    // Bitwise: NaN literals compare equal to themselves, -0.0 differs from 0.0.
    return u_.i == o.u_.i;
  case Kind::String:
  case Kind::Device:
  case Kind::Layout:
  case Kind::MemoryFormat:
  case Kind::Op:
  case Kind::Opaque:
    return u_.str == o.u_.str;
  case Kind::Sym:
    return u_.sym.value == o.u_.sym.value && u_.sym.text == o.u_.sym.text;
  case Kind::NodeRef:
    return u_.node == o.u_.node;
  case Kind::List:
  case Kind::Tuple:
  case Kind::Slice:
    return *u_.list == *o.u_.list;
  }
  return false;
}

} // namespace piecewise
