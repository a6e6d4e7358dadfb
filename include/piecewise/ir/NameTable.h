//===- NameTable.h - A graph's map from names to nodes ----------*- C++ -*-===//
//
// Every definition and every reference a parser reads resolves a name, so the
// map from names to nodes is on the hottest path of a million-node parse. A
// hash table keyed by the name costs a cache miss per probe; the interned
// name's own binding word (support/StringInterner.h) is already in cache,
// because interning the name has just touched it.
//
// The graphs of a module share one interner, and two graphs may both define
// `add` (the split module's pieces do). So the binding word is a first-come
// cache, and each table keeps the rest in an overflow map:
//
//  - every live node `n` of the graph is either bound (n->name().binding() is
//    n) or in the overflow map, never both;
//  - a bound node is unbound when it is erased or renamed, and every node the
//    graph still binds is unbound when the table is destroyed, so a binding
//    always points at a live node.
//
// A lookup reads the binding word: a node of this graph is the answer; anything
// else means the name is not bound here, and the overflow map (empty unless
// names collide across graphs) decides.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/ir/Node.h"
#include "piecewise/support/PointerMap.h"
#include "piecewise/support/StringInterner.h"

namespace piecewise {

class NameTable {
public:
  explicit NameTable(const Graph& owner) : owner_(&owner) {}
  NameTable(const NameTable&) = delete;
  NameTable& operator=(const NameTable&) = delete;

  /// The node of the owning graph called `name`, or nullptr.
  Node* lookup(Symbol name) const {
    auto* bound = static_cast<Node*>(name.binding());
    if (bound && bound->graph() == owner_)
      return bound;
    return overflow_.size() == 0 ? nullptr : lookupOverflow(name);
  }
  /// Records that `n` is called `name`. Pre: no node of this graph is.
  void insert(Symbol name, Node* n);
  /// Forgets `n`, which is called `name`. Pre: insert(name, n) happened.
  void erase(Symbol name, Node* n);
  /// Unbinds every node of the owning graph still bound; `nodes` are its live
  /// nodes. Called before the nodes are destroyed.
  template <typename Range> void unbindAll(const Range& nodes) {
    for (Node* n : nodes)
      unbind(n);
  }

private:
  Node* lookupOverflow(Symbol name) const;
  void unbind(Node* n);

  const Graph* owner_;
  PointerMap<Node*> overflow_;
};

} // namespace piecewise
