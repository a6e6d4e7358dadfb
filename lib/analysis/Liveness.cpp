//===- Liveness.cpp - When each value is born and dies in an order --------===//

#include "piecewise/analysis/Liveness.h"

#include <algorithm>

namespace piecewise {

Liveness::Liveness(const StorageAnalysis& storages, std::vector<uint32_t> order,
                   std::span<const ExtraUse> extraUses)
    : storages_(&storages), order_(std::move(order)) {
  const NodeNumbering& num = storages.numbering();
  const size_t n = num.size();
  pos_.assign(n, kNotRun);
  for (size_t k = 0; k < order_.size(); ++k)
    pos_[order_[k]] = static_cast<uint32_t>(k);
  const uint32_t end = endPosition();

  // Inputs per node (one lookup per edge, here only).
  inputsStart_.assign(n + 1, 0);
  inputsFlat_.reserve(2 * n);
  for (uint32_t i = 0; i < n; ++i) {
    num.node(i)->forEachInput([&](const Node* in) {
      uint32_t j = num.lookup(in);
      if (j != NodeNumbering::kAbsent)
        inputsFlat_.push_back(j);
    });
    inputsStart_[i + 1] = static_cast<uint32_t>(inputsFlat_.size());
  }

  // Last use per value, then death per storage.
  std::vector<uint32_t> last(n, 0);
  for (uint32_t i = 0; i < n; ++i)
    if (pos_[i] != kNotRun)
      last[i] = pos_[i];
  for (uint32_t i = 0; i < n; ++i) {
    uint32_t at = pos_[i] == kNotRun ? end : pos_[i];
    for (uint32_t j : inputsOf(i))
      last[j] = std::max(last[j], at);
  }
  for (const ExtraUse& u : extraUses)
    last[u.value] = std::max(last[u.value], u.position);
  std::vector<uint32_t> storageDeath(storages.numStorages(), 0);
  for (uint32_t i = 0; i < n; ++i) {
    if (pos_[i] == kNotRun)
      continue;
    uint32_t& d = storageDeath[storages.storageOf(i)];
    d = std::max(d, last[i]);
  }
  storageIsOutput_.assign(storages.numStorages(), 0);
  for (size_t s = 0; s < storageDeath.size(); ++s)
    storageIsOutput_[s] = storageDeath[s] == end;
  death_.assign(n, end);
  dyingStart_.assign(static_cast<size_t>(end) + 2, 0);
  for (uint32_t i = 0; i < n; ++i) {
    if (pos_[i] == kNotRun)
      continue;
    death_[i] = storageDeath[storages.storageOf(i)];
    if (death_[i] < end)
      ++dyingStart_[death_[i] + 1];
  }
  for (size_t p = 1; p < dyingStart_.size(); ++p)
    dyingStart_[p] += dyingStart_[p - 1];
  dyingFlat_.resize(dyingStart_[end]);
  std::vector<uint32_t> fill(dyingStart_.begin(), dyingStart_.end() - 1);
  for (uint32_t i = 0; i < n; ++i)
    if (pos_[i] != kNotRun && death_[i] < end)
      dyingFlat_[fill[death_[i]]++] = i;
}

} // namespace piecewise
