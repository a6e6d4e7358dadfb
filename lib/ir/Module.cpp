#include "piecewise/ir/Module.h"

#include <cassert>

namespace piecewise {

Module::Module(std::string_view className)
    : Module(className, std::make_shared<StringInterner>()) {}

Module::Module(std::string_view className, std::shared_ptr<StringInterner> strings)
    : className_(className), graph_(std::make_unique<Graph>(std::move(strings))) {}

Module& Module::addChild(std::string_view name) {
  children_.push_back({std::string(name), std::make_unique<Module>(name, graph_->sharedStrings())});
  return *children_.back().module;
}

Module& Module::adoptChild(std::string name, std::unique_ptr<Module> child) {
  assert(child->graph().sharedStrings() == graph_->sharedStrings() &&
         "a module tree shares one interner");
  children_.push_back({std::move(name), std::move(child)});
  return *children_.back().module;
}

Module* Module::child(std::string_view name) const {
  for (const Child& c : children_)
    if (c.name == name)
      return c.module.get();
  return nullptr;
}

size_t Module::totalNodes() const {
  size_t n = graph_->size();
  for (const Child& c : children_)
    n += c.module->totalNodes();
  return n;
}

} // namespace piecewise
