//===- Module.h - A GraphModule: a graph and its child modules --*- C++ -*-===//
//
// What a dump describes: a class whose `forward` is a Graph, and nested
// classes for the submodules its call_module nodes call (a split module has
// one per piece). Children are kept in the order the dump gave them. All
// graphs of one module tree share one StringInterner.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/ir/Graph.h"

#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace piecewise {

class Module {
public:
  /// A root module with a fresh interner.
  explicit Module(std::string_view className);
  /// A module sharing `strings` (for children).
  Module(std::string_view className, std::shared_ptr<StringInterner> strings);

  Graph& graph() { return *graph_; }
  const Graph& graph() const { return *graph_; }
  StringInterner& strings() { return graph_->strings(); }

  /// The class name as printed (`GraphModule`, `<lambda>`, `submod_0`).
  const std::string& className() const { return className_; }
  void setClassName(std::string name) { className_ = std::move(name); }

  struct Child {
    std::string name;
    std::unique_ptr<Module> module;
  };
  const std::vector<Child>& children() const { return children_; }
  /// Adds a child sharing this module's interner and returns it.
  Module& addChild(std::string_view name);
  /// Adds `child`, which must share this module's interner, and returns it.
  Module& adoptChild(std::string name, std::unique_ptr<Module> child);
  /// The child called `name` (the first one added, if several share it), or
  /// nullptr. Constant time: a dump may nest tens of thousands of classes.
  Module* child(std::string_view name) const;
  /// The descendant at a call_module / get_attr path: a child of that very
  /// name, or the dotted path walked child by child (`layers.0`,
  /// `subgraph_1.subgraph_0`); nullptr when there is none.
  Module* resolve(std::string_view path) const;

  Location loc;

  /// Total number of nodes in this module and all descendants.
  size_t totalNodes() const;

private:
  std::string className_;
  std::unique_ptr<Graph> graph_;
  std::vector<Child> children_;
  struct NameHash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>()(s); }
  };
  /// Index into children_ by name (the first child of each name).
  std::unordered_map<std::string, size_t, NameHash, std::equal_to<>> childIndex_;
};

} // namespace piecewise
