//===- PieceHash.h - Structural hashes of pieces ----------------*- C++ -*-===//
//
// Users compile each unique piece once: the pieces between the attention
// layers of a transformer are the same program on different weights. A
// piece's structural hash recognizes that. It covers, in order:
//  - the piece kind;
//  - each input's meta (dtype, sizes, strides, device; a SymInt's expression);
//  - each node's op, target, arguments and keyword arguments (constants
//    included: a string, an int, a dtype, a symbolic size), and meta, except
//    a tuple's (a multi-output node's list of metas): FX prints none for it, so
//    a piece hashes the same from a live graph and from its dump;
//  - the wiring: every reference is hashed as "input #i" or "node #j of the
//    piece", never by name;
//  - which values the piece returns, in order.
// It ignores node names and placeholder names (and source locations), so two
// pieces hash equal exactly when they are the same program up to renaming
// (barring 64-bit collisions). The hash does not depend on the process: it is
// computed from string contents, never from addresses.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/partition/PartitionPlan.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace piecewise {

/// Symbols numbered by first occurrence within one piece: `2*s72 + 1` reads
/// `2*s#0 + 1` when s72 is the piece's first symbol. A symbol is a run of
/// letters followed by digits (`s0`, `zf57`, `u3`), not inside a number
/// (`1e5`) and not a call; its letters are kept, so an unbacked `u0` never
/// equals a backed `s0`. The hash and the explainer (PieceExplain.h) both
/// read symbolic expressions through it.
class SymbolNumbering {
public:
  /// `text` with each symbol replaced by its letters, `#` and its number.
  std::string canonical(std::string_view text);

private:
  std::unordered_map<std::string, uint64_t> symbols_;
};

class PieceHasher {
public:
  /// A hasher for the pieces of `plan`; scratch space is sized for its graph.
  explicit PieceHasher(const PartitionPlan& plan);

  /// The structural hash of `piece`. Pre: its inputs and outputs are computed
  /// and every node it references is one of its inputs or its own nodes.
  uint64_t hash(const Piece& piece);

private:
  const PartitionPlan& plan_;
  /// Per node number: the epoch in which local_ was set, and the local reference.
  std::vector<uint32_t> stamp_;
  std::vector<uint32_t> local_;
  uint32_t epoch_ = 0;
};

} // namespace piecewise
