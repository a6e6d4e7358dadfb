//===- PassRegistry.cpp - Passes by pipeline name -------------------------===//

#include "piecewise/pass/PassRegistry.h"

#include <algorithm>

namespace piecewise {

void PassRegistry::add(std::string name, std::string description, Factory factory) {
  for (Entry& e : entries_) {
    if (e.name == name) {
      e.description = std::move(description);
      e.factory = std::move(factory);
      return;
    }
  }
  entries_.push_back({std::move(name), std::move(description), std::move(factory)});
}

std::unique_ptr<Pass> PassRegistry::create(std::string_view name) const {
  for (const Entry& e : entries_)
    if (e.name == name)
      return e.factory();
  return nullptr;
}

bool PassRegistry::contains(std::string_view name) const {
  return std::any_of(entries_.begin(), entries_.end(),
                     [&](const Entry& e) { return e.name == name; });
}

std::vector<const PassRegistry::Entry*> PassRegistry::entries() const {
  std::vector<const Entry*> out;
  for (const Entry& e : entries_)
    out.push_back(&e);
  std::sort(out.begin(), out.end(),
            [](const Entry* a, const Entry* b) { return a->name < b->name; });
  return out;
}

std::string PassRegistry::namesList() const {
  std::string out;
  for (const Entry* e : entries()) {
    if (!out.empty())
      out += ", ";
    out += e->name;
  }
  return out;
}

} // namespace piecewise
