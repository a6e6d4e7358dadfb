//===- Argument.cpp - The values in a node's args and kwargs --------------===//
//
// Construction, equality, hashing and traversal of Argument trees (Argument.h).
//
//===----------------------------------------------------------------------===//

#include "piecewise/ir/Argument.h"
#include "piecewise/support/CharClass.h"

#include <cstring>
#include <string_view>

namespace piecewise {

Argument::Argument(const Argument& o) : kind_(Kind::None) {
  copyFrom(o);
}

Argument& Argument::operator=(const Argument& o) {
  if (this != &o) {
    Argument tmp(o);
    *this = std::move(tmp);
  }
  return *this;
}

void Argument::deleteElements() {
  delete u_.list;
}

void Argument::copyFrom(const Argument& o) {
  kind_ = o.kind_;
  if (o.hasElements())
    u_.list = new std::vector<Argument>(*o.u_.list);
  else
    u_ = o.u_;
}

Argument Argument::real(double d) {
  Argument a;
  a.kind_ = Kind::Double;
  a.u_.d = d;
  return a;
}

Argument Argument::complex(double re, double im) {
  Argument a;
  a.kind_ = Kind::Complex;
  a.u_.c.re = re;
  a.u_.c.im = im;
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

Argument Argument::dict(std::vector<Argument> flatItems) {
  return withElements(Kind::Dict, std::move(flatItems));
}

Argument Argument::call(Symbol callee, std::vector<Argument> args, Argument kwargs) {
  std::vector<Argument> parts;
  parts.reserve(3);
  parts.push_back(global(callee));
  parts.push_back(tuple(std::move(args)));
  parts.push_back(std::move(kwargs));
  return withElements(Kind::Call, std::move(parts));
}

Argument Argument::withSameKind(const Argument& shape, std::vector<Argument> items) {
  return withElements(shape.kind(), std::move(items));
}

bool Argument::hasCallReadingNodes() const {
  if (!hasElements())
    return false;
  if (kind_ == Kind::Call) {
    bool readsNode = false;
    forEachNode([&](const Node*) { readsNode = true; });
    if (readsNode)
      return true;
  }
  for (const Argument& a : *u_.list)
    if (a.hasCallReadingNodes())
      return true;
  return false;
}

bool Argument::isGlobalText(std::string_view text) {
  if (text.empty())
    return false;
  size_t i = text[0] == '-' ? 1 : 0;
  if (i < text.size() && ascii::isDigit(text[i])) {
    bool hex = text.size() > i + 2 && text[i] == '0' && (text[i + 1] == 'x' || text[i + 1] == 'X');
    for (i += hex ? 2 : 0; i < text.size(); ++i) {
      char c = text[i];
      bool digit = ascii::isDigit(c) || c == '_' || (hex && ascii::isHexDigit(c));
      if (!digit)
        return false;
    }
    return true;
  }
  bool atStart = true;
  for (char c : text) {
    if (c == '.') {
      if (atStart)
        return false;
      atStart = true;
    } else if (ascii::isIdentStart(c) || (!atStart && ascii::isDigit(c))) {
      atStart = false;
    } else {
      return false;
    }
  }
  return !atStart;
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
  case Kind::Complex:
    return std::memcmp(&u_.c, &o.u_.c, sizeof(u_.c)) == 0;
  case Kind::String:
  case Kind::Bytes:
  case Kind::Device:
  case Kind::Layout:
  case Kind::MemoryFormat:
  case Kind::Op:
  case Kind::Global:
    return u_.str == o.u_.str;
  case Kind::Sym:
    return u_.sym.value == o.u_.sym.value && u_.sym.text == o.u_.sym.text;
  case Kind::NodeRef:
    return u_.node == o.u_.node;
  case Kind::List:
  case Kind::Tuple:
  case Kind::Slice:
  case Kind::Dict:
  case Kind::Call:
    return *u_.list == *o.u_.list;
  }
  return false;
}

} // namespace piecewise
