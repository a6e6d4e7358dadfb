//===- Lifetimes.h - Buffer lifetimes and partition signatures --*- C++ -*-===//
//
// Given a PartitionPlan (from either partitioner), computes when each value
// dies and what each partition takes and gives back (DESIGN §7).
//
// Execution order: the placeholders, then each piece's nodes in plan order.
// A value's *death* is the last use, in that order, of any name of its
// storage (StorageAnalysis): a base stays alive as long as a view of it is
// used. Storages that reach the graph output never die (death == end()).
//
// Per piece, the signature:
//  - inputs: values defined before the piece that it reads (first-use order),
//    then values it never reads whose death falls inside it -- the base of a
//    view made earlier whose last alias use is here (PyTorch PR #165815: the
//    partition that frees a buffer must have it in scope). `deallocate` is
//    true when the input dies inside the piece;
//  - outputs: values defined in the piece that are alive after it (read later,
//    kept alive by an alias used later, or graph outputs), in graph order;
//    with keepInputsAlive, also the inputs it does not free;
//  - symbolInputs: the backed symbols (`s0`) its values' shapes mention;
//  - cudagraphable / reason: from the piece kind (compiled pieces are captured).
//
// `debugDropAliasInputs` reproduces the old Inductor bug on purpose: the
// never-read inputs are dropped (and the producer does not return them), so
// the wrapper `del`s a name its partition never received. The plan verifier
// must reject the result.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/lifetime/StorageAnalysis.h"
#include "piecewise/partition/PartitionPlan.h"

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace piecewise {

struct LifetimeOptions {
  /// Re-return the inputs a partition does not free (static input addresses).
  bool keepInputsAlive = false;
  /// Debug only: drop the never-read (aliasing) inputs, reproducing the bug.
  bool debugDropAliasInputs = false;
};

struct SignatureInput {
  Node* value = nullptr;
  /// The value dies inside this partition (it frees it).
  bool deallocate = false;
  /// False for inputs taken only to free them (the aliasing case).
  bool read = true;
};

struct PartitionSignature {
  std::vector<SignatureInput> inputs;
  std::vector<Node*> outputs;
  std::vector<std::string> symbolInputs;
  bool cudagraphable = true;
  std::string reason;
  /// Position range [begin, end) of the piece in the execution order.
  uint32_t begin = 0, end = 0;
};

class LifetimePlan {
public:
  /// Pre: `plan` is finalized. The plan and its graph must outlive this object.
  LifetimePlan(const PartitionPlan& plan, const OpRegistry* registry,
               const LifetimeOptions& options = {});

  const PartitionPlan& plan() const { return *plan_; }
  const StorageAnalysis& storages() const { return storages_; }
  const LifetimeOptions& options() const { return options_; }

  /// Node numbers in execution order (placeholders first; no output node).
  const std::vector<uint32_t>& order() const { return order_; }
  /// The position past the last node: the graph output.
  uint32_t endPosition() const { return static_cast<uint32_t>(order_.size()); }
  /// Position of node number `i` in order(), or ~0u for the output node.
  uint32_t position(uint32_t i) const { return pos_[i]; }
  /// Death position of node number `i` (endPosition() for graph-output storages).
  uint32_t death(uint32_t i) const { return death_[i]; }
  /// Node numbers dying at position `p` (p < endPosition()), in number order.
  std::vector<uint32_t> diesAt(uint32_t p) const {
    return {dyingFlat_.begin() + dyingStart_[p], dyingFlat_.begin() + dyingStart_[p + 1]};
  }
  template <typename Fn> void forEachDyingAt(uint32_t p, Fn&& fn) const {
    for (uint32_t k = dyingStart_[p]; k < dyingStart_[p + 1]; ++k)
      fn(dyingFlat_[k]);
  }
  /// Node numbers of the values node number `i` reads (args then kwargs, with
  /// repeats), computed once so later stages need no pointer lookups.
  std::span<const uint32_t> inputsOf(uint32_t i) const {
    return {inputsFlat_.data() + inputsStart_[i], inputsStart_[i + 1] - inputsStart_[i]};
  }
  /// True when storage `s` reaches the graph output.
  bool storageIsOutput(uint32_t s) const { return storageIsOutput_[s] != 0; }

  /// One signature per plan piece, in plan order.
  const std::vector<PartitionSignature>& signatures() const { return signatures_; }

  /// Estimated peak live bytes (tensor sizes from meta; a storage counts its
  /// largest name), with each storage freed at its death and with no frees.
  struct PeakMemory {
    int64_t withFrees = 0;
    int64_t withoutFrees = 0;
    /// Number of values whose size is unknown (symbolic or no meta).
    size_t unknownSizes = 0;
  };
  PeakMemory estimatePeakMemory() const;

  /// The same estimate per position of order(): live bytes while each node
  /// runs (its output allocated, the values dying at it not yet freed), with
  /// frees and without. Both vectors have endPosition() entries; the maximum
  /// of `withFrees` is `peak.withFrees`, reached first at `peakPosition`
  /// (endPosition() when nothing has a known size).
  struct MemoryProfile {
    std::vector<int64_t> withFrees;
    std::vector<int64_t> withoutFrees;
    PeakMemory peak;
    uint32_t peakPosition = 0;
  };
  MemoryProfile memoryProfile() const;

private:
  /// estimatePeakMemory() and memoryProfile(): fills `profile`'s vectors when non-null.
  PeakMemory computeLiveBytes(MemoryProfile* profile) const;

  const PartitionPlan* plan_;
  LifetimeOptions options_;
  StorageAnalysis storages_;
  std::vector<uint32_t> order_;
  std::vector<uint32_t> pos_;
  std::vector<uint32_t> death_;
  std::vector<uint32_t> dyingStart_;
  std::vector<uint32_t> dyingFlat_;
  std::vector<uint8_t> storageIsOutput_;
  std::vector<uint32_t> inputsStart_;
  std::vector<uint32_t> inputsFlat_;
  std::vector<PartitionSignature> signatures_;
};

/// The peak-memory estimate of `graph` run in its own order as one piece
/// (`piecewise stats --peak-memory`). Fails only on a malformed graph.
FailureOr<LifetimePlan::PeakMemory>
estimateGraphPeakMemory(const Graph& graph, const OpRegistry* registry, DiagnosticEngine& diag);

} // namespace piecewise
