//===- PieceExplain.h - Why pieces at the same place differ -----*- C++ -*-===//
//
// A backend compiles each unique piece once, so a decoder should compile
// three: the first piece, the piece between two layers' splitting ops
// (shared by every layer) and the last. When pieces that sit at the same
// place of a repeated structure hash differently (PieceHash.h), one small
// thing makes them differ, and this says which, located in both pieces.
//
// Grouping: the compiled pieces whose neighbours have the same shape (the
// splitting ops right before and after them, or the graph's start/end) and
// whose node counts are within a few nodes of each other (kSizeSlack, or a
// tenth of the size) are at the same place. A group holding more than one
// hash is explained: the hash most of its pieces share (the earliest on a
// tie) is the reference, and the first piece of every other hash is compared
// with the reference's first piece.
//
// Comparison walks both pieces in the order the hash reads them (kind,
// inputs with their meta, each node's op, arguments and meta, the returned
// values; symbols numbered per piece as the hash numbers them) and reports
// the first difference as one of:
//  - `input`:    an input one piece takes and the other does not (where it
//                comes from: a graph input or the node of an earlier piece
//                that computes it, and whether the other piece computes an
//                equal value itself), or an input whose meta differs;
//  - `op`:       a different op or overload (or op kind) at the same node;
//  - `constant`: a literal argument that differs (a string such as a layer
//                name, an int, a float, a bool, a dtype, a device, ...);
//  - `symbol`:   a symbolic size or SymInt argument used differently;
//  - `layout`:   the same sizes with other strides (contiguous vs not);
//  - `meta`:     a node's value with another dtype, shape or device;
//  - `wiring`:   an argument that reads another value of the piece;
//  - `structure`: one piece has more nodes, or other arguments, than the other;
//  - `output`:   the pieces return different values.
// Nothing here changes the plan or the graph.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/partition/PartitionPlan.h"

#include <cstddef>
#include <string>
#include <vector>

namespace piecewise {

/// The first difference between two pieces, located in both.
struct PieceDifference {
  /// Indices into plan.pieces(): the reference piece and the piece compared.
  size_t reference = 0;
  size_t other = 0;
  /// Every piece sharing each one's hash, reference's and other's (indices).
  std::vector<size_t> referenceSharing, otherSharing;
  /// `input`, `op`, `constant`, `symbol`, `layout`, `meta`, `wiring`,
  /// `structure`, `output`, `kind` (the header comment).
  std::string category;
  /// Where, in words the same for both pieces: `input #9`, `node #12 argument 2`.
  std::string where;
  /// The node (or input) at that place in each piece; null when one piece has
  /// none there (an extra input, a shorter piece).
  const Node* referenceNode = nullptr;
  const Node* otherNode = nullptr;
  /// What each piece has there, as printed (`'model.layers.0.attn'`, `f32[s0, 64]`).
  std::string referenceValue, otherValue;
  /// One sentence saying it all.
  std::string message;
};

/// A group of pieces at the same place that hash differently.
struct PieceGroup {
  /// Indices into plan.pieces(), in plan order.
  std::vector<size_t> pieces;
  /// `between splitting op A and splitting op B`, `before splitting op A`, ...
  std::string place;
  size_t numHashes = 0;
  /// The differences, one per hash other than the reference's.
  std::vector<PieceDifference> differences;
};

struct PieceExplanation {
  std::vector<PieceGroup> groups;
  bool empty() const { return groups.empty(); }
};

struct PieceExplainOptions {
  /// Node counts within this many nodes (or a tenth of the size) are "the same size".
  size_t sizeSlack = 4;
  /// At most this many differences per group (each compares two pieces field by
  /// field); the group's numHashes still counts them all.
  size_t maxDifferencesPerGroup = 32;
};

/// Groups the pieces of `plan` and explains each group's differences (the
/// header comment). Pre: the plan is finalized and hashed.
PieceExplanation explainPieces(const PartitionPlan& plan, const PieceExplainOptions& options = {});

/// The first difference between pieces `a` and `b` of `plan` (indices), or
/// nullopt-like empty category when the walk finds none (they are the same
/// program, or differ where the hash collides).
PieceDifference comparePieces(const PartitionPlan& plan, size_t a, size_t b);

/// "file:line:col" of a node read from text, else empty.
std::string nodeLocation(const Node& node);

/// The explanation as text, one group after another; "no pieces at the same
/// place of a repeated structure differ" when there is none.
std::string renderExplanation(const PartitionPlan& plan, const PieceExplanation& explanation);

/// The explanation as a JSON array, one object per difference: `place`,
/// `category`, `where`, `reference`/`other` (piece names),
/// `reference_pieces`/`other_pieces` (the pieces sharing each hash),
/// `reference_node`/`other_node` (null when absent),
/// `reference_value`/`other_value`, `message`. `split --json --explain` and
/// `piecewise.explain()` both print this one rendering.
std::string renderExplanationJson(const PartitionPlan& plan, const PieceExplanation& explanation);

} // namespace piecewise
