//===- StorageClasses.h - Which nodes may share storage -------------------===//
//
// A flow-insensitive may-alias partition of a graph's values: two nodes are in
// one class when one's output may alias the other (a view of it, a getitem of
// it, an opaque op given it), transitively. A class is written when any node
// writes any member in place (per EffectAnalysis). Built in one walk with a
// union-find over dense node numbers; linear in nodes plus references.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "NodeMap.h"
#include "OpEffects.h"

#include "piecewise/ir/Graph.h"

#include <cstdint>
#include <vector>

namespace piecewise::transforms {

class StorageClasses {
public:
  StorageClasses(const Graph& graph, EffectAnalysis& effects);

  /// The dense number of `n` (graph order at construction), or UINT32_MAX when
  /// `n` was not in the graph then.
  uint32_t number(const Node* n) const {
    const uint32_t* id = ids_.find(n);
    return id ? *id : UINT32_MAX;
  }
  /// The class of `n` (a representative number), or UINT32_MAX.
  uint32_t classOf(const Node* n) {
    uint32_t id = number(n);
    return id == UINT32_MAX ? id : find(id);
  }
  /// True when some node may write `n`'s storage in place (unknown nodes: true).
  bool isWritten(const Node* n) {
    uint32_t c = classOf(n);
    return c == UINT32_MAX || written_[c];
  }
  /// True when the graph writes anything at all.
  bool anyWrites() const { return anyWrites_; }
  size_t size() const { return parent_.size(); }

private:
  uint32_t find(uint32_t x) {
    while (parent_[x] != x) {
      parent_[x] = parent_[parent_[x]];
      x = parent_[x];
    }
    return x;
  }
  void unite(uint32_t a, uint32_t b);

  NodeMap<uint32_t> ids_;
  std::vector<uint32_t> parent_;
  std::vector<uint8_t> written_;
  bool anyWrites_ = false;
};

} // namespace piecewise::transforms
