//===- PeakMemory.h - Estimated live bytes of running an order --*- C++ -*-===//
//
// The one peak-memory estimator. Over a Liveness (an order, its storages and
// their deaths) it adds up tensor bytes from meta:
//  - a storage counts once, at the size of its largest name (a view of a
//    buffer adds nothing), from the position of its first name;
//  - with frees, a storage is freed right after its death position (storages
//    reaching the graph output are never freed); without frees, nothing is;
//  - sizes that are not concrete (symbolic, no meta) count as 0 and are
//    reported in unknownSizes.
// Totals are kept in 128 bits (ByteTotal) and clamped to int64 at the end,
// so many large tensors never wrap around.
//
// Used by LifetimePlan (partition signatures), `stats --peak-memory`, the
// cudagraph partitioner's reorder check and `analyze --print=peak`.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/analysis/Liveness.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace piecewise {

/// Estimated peak live bytes with each storage freed at its death, and with no frees.
struct PeakMemory {
  int64_t withFrees = 0;
  int64_t withoutFrees = 0;
  /// Number of values whose size is unknown (symbolic or no meta).
  size_t unknownSizes = 0;
};

/// The same estimate per position of the order: live bytes while each node
/// runs (its output allocated, the values dying at it not yet freed), with
/// frees and without. Both vectors have endPosition() entries; the maximum of
/// `withFrees` is `peak.withFrees`, reached first at `peakPosition`
/// (endPosition() when nothing has a known size).
struct MemoryProfile {
  std::vector<int64_t> withFrees;
  std::vector<int64_t> withoutFrees;
  PeakMemory peak;
  uint32_t peakPosition = 0;
};

/// The peak estimate of running `liveness.order()`.
PeakMemory estimatePeakMemory(const Liveness& liveness);

/// The per-position profile of running `liveness.order()`.
MemoryProfile memoryProfile(const Liveness& liveness);

} // namespace piecewise
