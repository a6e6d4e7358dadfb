//===- Module.cpp - A GraphModule: a graph and its child modules ----------===//
//
// The module tree a dump describes: child lookup and walks (Module.h).
//
//===----------------------------------------------------------------------===//

#include "piecewise/ir/Module.h"

#include <cassert>

namespace piecewise {

Module::Module(std::string_view className)
    : Module(className, std::make_shared<StringInterner>()) {}

Module::Module(std::string_view className, std::shared_ptr<StringInterner> strings)
    : className_(className), graph_(std::make_unique<Graph>(std::move(strings))) {}

Module& Module::addChild(std::string_view name) {
  childIndex_.emplace(std::string(name), children_.size());
  children_.push_back({std::string(name), std::make_unique<Module>(name, graph_->sharedStrings())});
  return *children_.back().module;
}

Module& Module::adoptChild(std::string name, std::unique_ptr<Module> child) {
  assert(child->graph().sharedStrings() == graph_->sharedStrings() &&
         "a module tree shares one interner");
  childIndex_.emplace(name, children_.size());
  children_.push_back({std::move(name), std::move(child)});
  return *children_.back().module;
}

Module* Module::child(std::string_view name) const {
  auto it = childIndex_.find(name);
  return it == childIndex_.end() ? nullptr : children_[it->second].module.get();
}

Module* Module::resolve(std::string_view path) const {
  if (Module* m = child(path))
    return m;
  Module* cur = const_cast<Module*>(this);
  while (cur && !path.empty()) {
    size_t dot = path.find('.');
    cur = cur->child(path.substr(0, dot));
    path = dot == std::string_view::npos ? std::string_view() : path.substr(dot + 1);
  }
  return cur == this ? nullptr : cur;
}

size_t Module::totalNodes() const {
  size_t n = graph_->size();
  for (const Child& c : children_)
    n += c.module->totalNodes();
  return n;
}

} // namespace piecewise
