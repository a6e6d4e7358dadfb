//===- NameTable.cpp - A graph's map from names to nodes ------------------===//
//
// Binds names to nodes through the interned strings' binding words (NameTable.h).
//
//===----------------------------------------------------------------------===//

#include "piecewise/ir/NameTable.h"

namespace piecewise {

Node* NameTable::lookupOverflow(Symbol name) const {
  Node* const* n = overflow_.find(name.data());
  return n ? *n : nullptr;
}

void NameTable::insert(Symbol name, Node* n) {
  if (!name.binding())
    name.setBinding(n);
  else
    overflow_.insert(name.data(), n);
}

void NameTable::erase(Symbol name, Node* n) {
  if (name.binding() == n)
    name.setBinding(nullptr);
  else
    overflow_.erase(name.data());
}

void NameTable::unbind(Node* n) {
  if (n->name().binding() == n)
    n->name().setBinding(nullptr);
}

} // namespace piecewise
