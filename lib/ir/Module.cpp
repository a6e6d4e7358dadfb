#include "piecewise/ir/Module.h"

namespace piecewise {

Module::Module(std::string_view className)
    : Module(className, std::make_shared<StringInterner>()) {}

Module::Module(std::string_view className, std::shared_ptr<StringInterner> strings)
    : className_(className), graph_(std::make_unique<Graph>(std::move(strings))) {}

Module& Module::addChild(std::string_view name) {
  children_.push_back({std::string(name), std::make_unique<Module>(name, graph_->sharedStrings())});
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
