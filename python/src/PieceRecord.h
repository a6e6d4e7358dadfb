//===- PieceRecord.h - One piece of a split, as Python sees it ---*- C++ -*-===//
//
// The `_core.Piece` records IRGraph.split returns (IRGraphBinding.cpp binds
// them) and build_split reads (FxBuilder.cpp, without Python's attribute
// lookups).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/partition/PartitionPlan.h"

#include <pybind11/pybind11.h>

#include <cstdint>
#include <string>

namespace piecewise::python {

/// One piece of a split, as Python sees it (node positions in the synced
/// graph order).
struct PieceRecord {
  int64_t id = 0;
  PieceKind kind = PieceKind::Compiled;
  std::string reason;
  pybind11::list nodes, inputs, outputs;
  pybind11::object hash; ///< 16 hex digits, or None until hashes() (deferred meta)
};

} // namespace piecewise::python
