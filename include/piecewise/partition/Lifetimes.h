//===- Lifetimes.h - Buffer lifetimes and partition signatures --*- C++ -*-===//
//
// Given a PartitionPlan (from either partitioner), computes when each value
// dies and what each partition takes and gives back (docs/architecture.md §7).
//
// Execution order: the placeholders, then the stitching nodes (get_attr
// constants the splitting-op partitioner leaves outside every piece), then
// each piece's nodes in plan order. A value's *death* is the last use, in
// that order, of any name of its storage (analysis/StorageAnalysis.h,
// analysis/Liveness.h): a base stays alive as long as a view of it is used,
// and a piece uses each of its boundary inputs when it is called. Storages
// that reach the graph output never die (death == end()). Peak memory is
// analysis/PeakMemory.h's estimate of that order.
//
// Per piece, the signature is the piece's boundary (PartitionPlan: the one
// model of what crosses into and out of a piece, shared with the split
// module) plus the alias-only extras:
//  - inputs: the boundary inputs (values defined outside that it reads, and
//    the SymInt placeholders binding their shapes' symbols, in first-use
//    order), then values it never reads whose death falls inside it -- the
//    base of a view made earlier whose last alias use is here (PyTorch PR
//    #165815: the partition that frees a buffer must have it in scope).
//    `deallocate` is true when the input dies inside the piece;
//  - outputs: the boundary outputs (used by a later piece or the graph
//    output) and the values only an alias keeps alive after the piece (a
//    later piece frees them), in graph order; with keepInputsAlive, also the
//    inputs it does not free;
//  - symbolInputs: the backed symbols (`s0`) its values' shapes mention;
//  - cudagraphable / reason: from the piece kind (compiled pieces are captured).
//
// `debugDropAliasInputs` reproduces the old Inductor bug on purpose: the
// signature is the bare boundary -- the never-read inputs are dropped (and
// the producer does not return them), so
// the wrapper `del`s a name its partition never received. The plan verifier
// must reject the result.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/analysis/Liveness.h"
#include "piecewise/analysis/PeakMemory.h"
#include "piecewise/analysis/StorageAnalysis.h"
#include "piecewise/partition/PartitionPlan.h"

#include <memory>

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
  const StorageAnalysis& storages() const { return *storages_; }
  const Liveness& liveness() const { return *liveness_; }
  const LifetimeOptions& options() const { return options_; }

  /// Node numbers in execution order (placeholders first; no output node).
  const std::vector<uint32_t>& order() const { return liveness_->order(); }
  /// The position past the last node: the graph output.
  uint32_t endPosition() const { return liveness_->endPosition(); }
  /// Positions [0, numPlaceholders()) of order() are the placeholders,
  /// [numPlaceholders(), piecesBegin()) the stitching nodes, then the pieces.
  uint32_t numPlaceholders() const { return numPlaceholders_; }
  uint32_t piecesBegin() const { return piecesBegin_; }
  /// Position of node number `i` in order(), or ~0u for the output node.
  uint32_t position(uint32_t i) const { return liveness_->position(i); }
  /// Death position of node number `i` (endPosition() for graph-output storages).
  uint32_t death(uint32_t i) const { return liveness_->death(i); }
  /// Calls fn(i) for each node number `i` dying at position `p` (p < endPosition()).
  template <typename Fn> void forEachDyingAt(uint32_t p, Fn&& fn) const {
    liveness_->forEachDyingAt(p, std::forward<Fn>(fn));
  }
  /// Node numbers of the values node number `i` reads (args then kwargs, with
  /// repeats), computed once so later stages need no pointer lookups.
  std::span<const uint32_t> inputsOf(uint32_t i) const { return liveness_->inputsOf(i); }
  /// True when storage `s` reaches the graph output.
  bool storageIsOutput(uint32_t s) const { return liveness_->storageIsOutput(s); }

  /// One signature per plan piece, in plan order.
  const std::vector<PartitionSignature>& signatures() const { return signatures_; }

  using PeakMemory = piecewise::PeakMemory;
  using MemoryProfile = piecewise::MemoryProfile;
  /// Estimated peak live bytes of order() (analysis/PeakMemory.h).
  PeakMemory estimatePeakMemory() const { return piecewise::estimatePeakMemory(*liveness_); }
  /// The same estimate per position of order().
  MemoryProfile memoryProfile() const { return piecewise::memoryProfile(*liveness_); }

private:
  const PartitionPlan* plan_;
  LifetimeOptions options_;
  std::unique_ptr<StorageAnalysis> storages_;
  std::unique_ptr<Liveness> liveness_;
  std::vector<PartitionSignature> signatures_;
  uint32_t numPlaceholders_ = 0;
  uint32_t piecesBegin_ = 0;
};

/// The peak-memory estimate of `graph` run in its own order as one piece
/// (`piecewise stats --peak-memory`). Fails only on a malformed graph.
FailureOr<PeakMemory> estimateGraphPeakMemory(const Graph& graph, const OpRegistry* registry,
                                              DiagnosticEngine& diag);

} // namespace piecewise
