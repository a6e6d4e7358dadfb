//===- PeakMemory.cpp - Estimated live bytes of running an order ----------===//

#include "piecewise/analysis/PeakMemory.h"

#include "piecewise/support/CheckedInt.h"

#include <algorithm>

namespace piecewise {

namespace {

/// estimatePeakMemory() and memoryProfile(): fills `profile`'s vectors when non-null.
PeakMemory computeLiveBytes(const Liveness& lv, MemoryProfile* profile) {
  const StorageAnalysis& storages = lv.storages();
  const NodeNumbering& num = lv.numbering();
  PeakMemory out;
  const size_t ns = storages.numStorages();
  std::vector<int64_t> bytes(ns, 0);
  std::vector<uint32_t> born(ns, Liveness::kNotRun);
  const uint32_t end = lv.endPosition();
  std::vector<uint32_t> deathOf(ns, end);
  for (uint32_t i = 0; i < num.size(); ++i) {
    uint32_t p = lv.position(i);
    if (p == Liveness::kNotRun)
      continue;
    uint32_t s = storages.storageOf(i);
    born[s] = std::min(born[s], p);
    deathOf[s] = lv.death(i);
    if (const TensorMeta* t = num.node(i)->meta().tensor()) {
      if (std::optional<int64_t> b = t->concreteBytes())
        bytes[s] = std::max(bytes[s], *b);
      else
        ++out.unknownSizes;
    }
  }
  std::vector<ByteTotal> delta(static_cast<size_t>(end) + 1);
  ByteTotal withoutFrees;
  for (size_t s = 0; s < ns; ++s) {
    if (born[s] == Liveness::kNotRun || bytes[s] == 0)
      continue;
    withoutFrees += bytes[s];
    delta[born[s]] += bytes[s];
    if (deathOf[s] < end)
      delta[deathOf[s] + 1] -= bytes[s];
  }
  ByteTotal live, withFrees;
  if (profile) {
    // Without frees a storage stays allocated from its birth to the end.
    std::vector<ByteTotal> bornAt(static_cast<size_t>(end) + 1);
    for (size_t s = 0; s < ns; ++s)
      if (born[s] != Liveness::kNotRun)
        bornAt[born[s]] += bytes[s];
    profile->withFrees.resize(end);
    profile->withoutFrees.resize(end);
    profile->peakPosition = end;
    ByteTotal allocated;
    for (uint32_t p = 0; p < end; ++p) {
      live += delta[p];
      allocated += bornAt[p];
      profile->withFrees[p] = live.clamped();
      profile->withoutFrees[p] = allocated.clamped();
      if (withFrees < live) {
        withFrees = live;
        profile->peakPosition = p;
      }
    }
  } else {
    for (uint32_t p = 0; p < end; ++p) {
      live += delta[p];
      if (withFrees < live)
        withFrees = live;
    }
  }
  out.withFrees = withFrees.clamped();
  out.withoutFrees = withoutFrees.clamped();
  return out;
}

} // namespace

PeakMemory estimatePeakMemory(const Liveness& liveness) {
  return computeLiveBytes(liveness, nullptr);
}

MemoryProfile memoryProfile(const Liveness& liveness) {
  MemoryProfile profile;
  profile.peak = computeLiveBytes(liveness, &profile);
  return profile;
}

} // namespace piecewise
