//===- StorageAnalysis.h - Which values share memory ------------*- C++ -*-===//
//
// A tensor value lives in a storage; a view or alias shares its base's.
// Storage classes come from the op schemas (DESIGN §4, §7):
//  - a return annotated `Tensor(a)` shares storage with every argument in
//    alias set `a` (`Tensor(a)[]` returns and `(a -> *)` arguments alike: each
//    element of a multi-output view shares its source's storage);
//  - a getitem of a value shares that value's storage, except for ops whose
//    returns carry no alias annotation (`var_mean`, `auto_functionalized`):
//    each element is a fresh tensor then, so one output can be freed early
//    while another lives on;
//  - an op without a schema (a custom op not registered, a call_method, a
//    Python callable other than getitem) may alias its tensor inputs: its
//    value joins their storage (conservative: it only lengthens lifetimes);
//  - `Tensor(a!)` arguments are written in place (writesInPlace()).
// Everything else (a fresh result, a SymInt, a Python scalar) is a storage of
// its own. Classes are computed once with union-find, in linear time.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/partition/NodeNumbering.h"
#include "piecewise/schema/OpRegistry.h"

#include <cstdint>
#include <vector>

namespace piecewise {

class StorageAnalysis {
public:
  /// Analyzes every node of `numbering`'s graph. `registry` may be null (all
  /// ops are then opaque).
  StorageAnalysis(const NodeNumbering& numbering, const OpRegistry* registry);

  /// Dense storage class (0 .. numStorages()-1) of the node with number `i`.
  uint32_t storageOf(uint32_t i) const { return storage_[i]; }
  size_t numStorages() const { return numStorages_; }
  /// True when node `i` writes one of its inputs in place (a `(a!)` argument,
  /// or an opaque op with tensor inputs).
  bool writesInPlace(uint32_t i) const { return writes_[i] != 0; }
  /// True when node `i` holds (or may hold) tensor memory.
  bool isTensorLike(uint32_t i) const { return tensorLike_[i] != 0; }

private:
  std::vector<uint32_t> storage_;
  std::vector<uint8_t> writes_;
  std::vector<uint8_t> tensorLike_;
  size_t numStorages_ = 0;
};

} // namespace piecewise
