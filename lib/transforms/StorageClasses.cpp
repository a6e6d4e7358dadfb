//===- StorageClasses.cpp - Which nodes may share storage -----------------===//

#include "StorageClasses.h"

namespace piecewise::transforms {

StorageClasses::StorageClasses(const Graph& graph, EffectAnalysis& effects) : ids_(graph.size()) {
  parent_.reserve(graph.size());
  std::vector<uint32_t> writes;
  for (Node* n : graph) {
    uint32_t id = static_cast<uint32_t>(parent_.size());
    ids_[n] = id;
    parent_.push_back(id);
    effects.forEachAliased(*n, [&](Node* in) {
      uint32_t other = number(in);
      if (other != UINT32_MAX)
        unite(id, other);
    });
    effects.forEachWritten(*n, [&](Node* w) {
      uint32_t other = number(w);
      if (other != UINT32_MAX)
        writes.push_back(other);
    });
  }
  written_.assign(parent_.size(), 0);
  for (uint32_t w : writes)
    written_[find(w)] = 1;
  anyWrites_ = !writes.empty();
}

void StorageClasses::unite(uint32_t a, uint32_t b) {
  a = find(a);
  b = find(b);
  if (a == b)
    return;
  // The smaller number (the earlier node) stays the representative.
  if (b < a)
    std::swap(a, b);
  parent_[b] = a;
}

} // namespace piecewise::transforms
