//===- StorageAnalysis.cpp - Which values share memory, which are written -===//

#include "piecewise/analysis/StorageAnalysis.h"

#include "piecewise/analysis/ValueKind.h"

#include <algorithm>
#include <numeric>

namespace piecewise {

namespace {

struct UnionFind {
  std::vector<uint32_t> parent;
  explicit UnionFind(size_t n) : parent(n) { std::iota(parent.begin(), parent.end(), 0u); }
  uint32_t find(uint32_t x) {
    while (parent[x] != x) {
      parent[x] = parent[parent[x]];
      x = parent[x];
    }
    return x;
  }
  /// The smaller number (the earlier node) stays the representative.
  void unite(uint32_t a, uint32_t b) {
    a = find(a);
    b = find(b);
    if (a != b)
      parent[std::max(a, b)] = std::min(a, b);
  }
};

} // namespace

StorageAnalysis::StorageAnalysis(const NodeNumbering& numbering, EffectAnalysis& effects)
    : numbering_(&numbering) {
  build(effects);
}

StorageAnalysis::StorageAnalysis(const NodeNumbering& numbering, const OpRegistry* registry)
    : numbering_(&numbering) {
  EffectAnalysis effects(registry);
  build(effects);
}

void StorageAnalysis::build(EffectAnalysis& effects) {
  const NodeNumbering& num = *numbering_;
  const size_t n = num.size();
  UnionFind uf(n);
  tensorLike_.assign(n, 0);
  writes_.assign(n, 0);
  std::vector<uint32_t> written;

  for (uint32_t i = 0; i < n; ++i) {
    const Node* node = num.node(i);
    if (node->isOutput())
      continue;
    ValueKind kind = classifyValue(*node, effects.registry());
    bool tensorish =
        kind == ValueKind::Tensor || kind == ValueKind::Tuple || kind == ValueKind::Opaque;
    tensorLike_[i] = tensorish;
    effects.forEachWritten(*node, [&](const Node* w) {
      writes_[i] = 1;
      uint32_t j = num.lookup(w);
      if (j != NodeNumbering::kAbsent)
        written.push_back(j);
    });
    if (!tensorish)
      continue;
    if (node->isGetItem()) {
      const Node* src =
          node->args().empty() || !node->args()[0].isNode() ? nullptr : node->args()[0].getNode();
      uint32_t j = src ? num.lookup(src) : NodeNumbering::kAbsent;
      if (j != NodeNumbering::kAbsent && tensorLike_[j] && !effects.of(*src).freshElements)
        uf.unite(i, j);
      continue;
    }
    effects.forEachAliased(*node, [&](const Node* in) {
      uint32_t j = num.lookup(in);
      if (j != NodeNumbering::kAbsent && j < i && tensorLike_[j])
        uf.unite(i, j);
    });
  }

  storage_.assign(n, 0);
  std::vector<uint32_t> dense(n, ~0u);
  uint32_t count = 0;
  for (uint32_t i = 0; i < n; ++i) {
    uint32_t r = uf.find(i);
    if (dense[r] == ~0u)
      dense[r] = count++;
    storage_[i] = dense[r];
  }
  written_.assign(count, 0);
  for (uint32_t j : written)
    written_[storage_[j]] = 1;
  anyWrites_ = std::any_of(writes_.begin(), writes_.end(), [](uint8_t w) { return w != 0; });
}

} // namespace piecewise
