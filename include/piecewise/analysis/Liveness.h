//===- Liveness.h - When each value is born and dies in an order -*- C++ -*-===//
//
// Given an execution order (node numbers; usually the placeholders, then the
// nodes in the order they run; the output node is never in it) and the
// storages of the graph (StorageAnalysis), computes:
//  - position(i): the index of node number `i` in the order (kNotRun when it
//    is not in the order, e.g. the output node);
//  - death(i): the last position at which any name of i's storage is used
//    (a base stays alive while a view of it is used). A use by a node that is
//    not in the order (the graph output) is a use at endPosition(): storages
//    that reach the graph output never die (death == endPosition());
//  - the values dying at each position (forEachDyingAt), in number order.
//
// Besides the node arguments, a caller may give extra uses: a value used at a
// position by something that is not a node argument (LifetimePlan: a piece
// takes its boundary inputs when it is called, and a SymInt that binds a
// symbol of an input's shape is one of them without being read).
//
// Linear in nodes plus references.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/analysis/StorageAnalysis.h"

#include <cstdint>
#include <span>
#include <vector>

namespace piecewise {

class Liveness {
public:
  /// The position of a node that is not in the order.
  static constexpr uint32_t kNotRun = ~uint32_t(0);

  /// A use of node number `value` at position `position` that is not a node argument.
  struct ExtraUse {
    uint32_t value;
    uint32_t position;
  };

  /// Pre: every entry of `order` is a number of `storages.numbering()`, at
  /// most once; extra uses name numbered values and positions < order.size().
  /// `storages` must outlive this object.
  Liveness(const StorageAnalysis& storages, std::vector<uint32_t> order,
           std::span<const ExtraUse> extraUses = {});

  const StorageAnalysis& storages() const { return *storages_; }
  const NodeNumbering& numbering() const { return storages_->numbering(); }

  /// Node numbers in execution order.
  const std::vector<uint32_t>& order() const { return order_; }
  /// The position past the last node: the graph output.
  uint32_t endPosition() const { return static_cast<uint32_t>(order_.size()); }
  /// Position of node number `i` in order(), or kNotRun.
  uint32_t position(uint32_t i) const { return pos_[i]; }
  /// Death position of node number `i` (endPosition() for graph-output
  /// storages and for nodes not in the order).
  uint32_t death(uint32_t i) const { return death_[i]; }
  /// Calls fn(i) for each node number `i` dying at position `p` (p < endPosition()).
  template <typename Fn> void forEachDyingAt(uint32_t p, Fn&& fn) const {
    for (uint32_t k = dyingStart_[p]; k < dyingStart_[p + 1]; ++k)
      fn(dyingFlat_[k]);
  }
  /// Node numbers of the values node number `i` reads (args then kwargs,
  /// with repeats; unnumbered nodes left out).
  std::span<const uint32_t> inputsOf(uint32_t i) const {
    return {inputsFlat_.data() + inputsStart_[i], inputsStart_[i + 1] - inputsStart_[i]};
  }
  /// True when storage `s` is used at endPosition() (reaches the graph output).
  bool storageIsOutput(uint32_t s) const { return storageIsOutput_[s] != 0; }

private:
  const StorageAnalysis* storages_;
  std::vector<uint32_t> order_;
  std::vector<uint32_t> pos_;
  std::vector<uint32_t> death_;
  std::vector<uint32_t> dyingStart_;
  std::vector<uint32_t> dyingFlat_;
  std::vector<uint8_t> storageIsOutput_;
  std::vector<uint32_t> inputsStart_;
  std::vector<uint32_t> inputsFlat_;
};

} // namespace piecewise
