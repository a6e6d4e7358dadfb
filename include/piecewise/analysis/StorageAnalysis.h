//===- StorageAnalysis.h - Which values share memory, which are written -*- C++ -*-===//
//
// A tensor value lives in a storage; a view or alias shares its base's
// (docs/architecture.md §7). This is the one flow-insensitive may-alias partition of a
// graph's values, computed from the effect model (Effects.h) with a
// union-find over a NodeNumbering, in time linear in nodes plus references:
//  - a node joins the storage of every input its outputs may alias
//    (EffectAnalysis::forEachAliased): schema views, getitems, opaque ops;
//  - a getitem joins its producer's storage, unless the producer gives fresh
//    elements (NodeEffects::freshElements: `var_mean`, `auto_functionalized`),
//    so one output can be freed while another lives on;
//  - only tensor-like values (ValueKind tensor, tuple or opaque) take part:
//    a SymInt, a torch.Size or a Python scalar is a storage of its own and
//    never joins one (`x.size()` does not keep `x` alive);
//  - a storage is written when any node may write any of its members
//    (EffectAnalysis::forEachWritten), whoever the writer is.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/analysis/Effects.h"
#include "piecewise/analysis/NodeNumbering.h"

#include <cstdint>
#include <vector>

namespace piecewise {

class StorageAnalysis {
public:
  /// Analyzes every node of `numbering` (the numbering must outlive this).
  StorageAnalysis(const NodeNumbering& numbering, EffectAnalysis& effects);
  /// Same, with an effect analysis of its own over `registry` (may be null).
  StorageAnalysis(const NodeNumbering& numbering, const OpRegistry* registry);

  const NodeNumbering& numbering() const { return *numbering_; }

  /// Dense storage (0 .. numStorages()-1) of the node with number `i`,
  /// numbered in order of each storage's first member.
  uint32_t storageOf(uint32_t i) const { return storage_[i]; }
  /// The storage of `n`, or NodeNumbering::kAbsent when `n` is not numbered.
  uint32_t storageOf(const Node* n) const {
    uint32_t i = numbering_->lookup(n);
    return i == NodeNumbering::kAbsent ? i : storage_[i];
  }
  size_t numStorages() const { return written_.size(); }
  /// True when node `i` holds (or may hold) tensor memory.
  bool isTensorLike(uint32_t i) const { return tensorLike_[i] != 0; }
  /// True when node `i` may write any value in place.
  bool writes(uint32_t i) const { return writes_[i] != 0; }
  /// True when some node may write storage `s` in place.
  bool isStorageWritten(uint32_t s) const { return written_[s] != 0; }
  /// True when some node may write `n`'s storage (true for unnumbered nodes).
  bool isWritten(const Node* n) const {
    uint32_t s = storageOf(n);
    return s == NodeNumbering::kAbsent || written_[s] != 0;
  }
  /// True when any node of the graph may write anything.
  bool anyWrites() const { return anyWrites_; }

private:
  void build(EffectAnalysis& effects);

  const NodeNumbering* numbering_;
  std::vector<uint32_t> storage_;
  std::vector<uint8_t> tensorLike_;
  std::vector<uint8_t> writes_;
  std::vector<uint8_t> written_;
  bool anyWrites_ = false;
};

} // namespace piecewise
