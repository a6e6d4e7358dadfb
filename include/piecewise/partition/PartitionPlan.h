//===- PartitionPlan.h - A graph cut into ordered pieces --------*- C++ -*-===//
//
// Every partitioner (the splitting-op partitioner of `piecewise split`, the
// cudagraph partitioner of `piecewise partition`) produces a PartitionPlan,
// and everything downstream (the split module, signatures and lifetimes,
// codegen, hashing, the JSON report) reads one, whichever partitioner made it.
//
// A plan is an ordered list of pieces over one Graph. A piece has:
//  - an integer id (`submod_<id>`); pieces are sorted by id, ids are unique
//    and a piece is never empty;
//  - a kind (compiled / splitting / cudagraph-unsafe) and a reason (why it is
//    of that kind, e.g. the splitting op or the unsafe op it holds);
//  - its nodes, in graph order; placeholders and the output node belong to no
//    piece;
//  - its inputs: the values defined outside it (placeholders or other pieces'
//    nodes) and used inside, in first-use order. A SymInt placeholder whose
//    symbol appears in the shape of one of the piece's tensor inputs is an
//    input too, right after the first such tensor (the piece needs the symbol
//    in scope to be compiled with dynamic shapes);
//  - its outputs: the values defined in it and used by a later piece or by
//    the graph output, in graph order;
//  - a structural hash (see PieceHash.h), computed on request: the
//    splitting-op partitioner computes it (piece deduplication is what split
//    users want), the cudagraph partitioner does not (nothing there reads it).
//
// Building a plan: a partitioner adds pieces with their ids, kinds, reasons
// and nodes, then calls finalize(), which orders and indexes the pieces and
// computes inputs and outputs, checking that the plan is well formed
// (every node in exactly one piece; every value defined in an earlier piece
// than its users, so the pieces can run in order).
//
// A plan points into its graph: it is invalid once the graph is edited.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/analysis/NodeNumbering.h"
#include "piecewise/ir/Graph.h"
#include "piecewise/support/Diagnostic.h"
#include "piecewise/support/FailureOr.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace piecewise {

enum class PieceKind : uint8_t {
  Compiled,        ///< an ordinary piece: compiled, cudagraph-captured
  Splitting,       ///< holds splitting ops only (and their getitems): runs eagerly
  CudagraphUnsafe, ///< compiled but not capturable (device copies, CPU ops, ...)
};

/// `compiled`, `splitting`, `cudagraph-unsafe`.
std::string_view pieceKindName(PieceKind kind);

struct Piece {
  int64_t id = 0;
  PieceKind kind = PieceKind::Compiled;
  /// Why the piece has its kind; empty for ordinary compiled pieces.
  std::string reason;
  /// The piece's nodes in graph order.
  std::vector<Node*> nodes;
  /// Computed by PartitionPlan::finalize().
  std::vector<Node*> inputs;
  std::vector<Node*> outputs;
  /// Computed by PartitionPlan::computeHashes(); 0 until then.
  uint64_t hash = 0;

  /// `submod_<id>`.
  std::string name() const;
  bool isSplitting() const { return kind == PieceKind::Splitting; }
  /// The hash as 16 lowercase hex digits.
  std::string hashString() const;
};

class PartitionPlan {
public:
  /// An empty plan over `graph`. The graph must outlive the plan and stay unchanged.
  explicit PartitionPlan(const Graph& graph);
  PartitionPlan(PartitionPlan&&) = default;
  PartitionPlan& operator=(PartitionPlan&&) = default;

  const Graph& graph() const { return *graph_; }
  /// Dense graph-order numbers for the graph's nodes (built once per plan).
  const NodeNumbering& numbering() const { return numbering_; }

  //===--- Building --------------------------------------------------------===//

  /// Appends a piece with no nodes yet; returns it (valid until the next addPiece).
  Piece& addPiece(int64_t id, PieceKind kind, std::string reason = {});
  std::vector<Piece>& pieces() { return pieces_; }

  /// Drops empty pieces, sorts pieces by id and each piece's nodes by graph
  /// order, indexes nodes, computes inputs and outputs. Fails with a
  /// diagnostic when two pieces share an id, a node is in two pieces or in
  /// none, a placeholder or the output is in a piece, or a value is used by a
  /// piece that does not come after the piece defining it.
  LogicalResult finalize(DiagnosticEngine& diag);
  bool isFinalized() const { return finalized_; }
  /// Computes every piece's structural hash (PieceHash.h). Pre: finalized.
  /// A plan of 65,536 nodes or more hashes half of its pieces on a second
  /// thread; the hashes are the same.
  void computeHashes();
  bool hasHashes() const { return hashed_; }

  //===--- Queries (after finalize) ---------------------------------------===//

  const std::vector<Piece>& pieces() const { return pieces_; }
  size_t size() const { return pieces_.size(); }
  /// Index into pieces() of the piece holding `n`, or -1 (placeholders, output).
  int32_t pieceIndexOf(const Node* n) const {
    uint32_t i = numbering_.lookup(n);
    return i == NodeNumbering::kAbsent ? -1 : pieceIndex_[i];
  }
  /// The same by node number (numbering()): for analyses that index vectors by number.
  int32_t pieceIndexAt(uint32_t number) const { return pieceIndex_[number]; }
  /// The piece with id `id`, or nullptr.
  const Piece* pieceById(int64_t id) const;
  const Piece* pieceOf(const Node* n) const {
    int32_t i = pieceIndexOf(n);
    return i < 0 ? nullptr : &pieces_[static_cast<size_t>(i)];
  }
  /// Number of splitting pieces.
  size_t numSplitting() const;
  /// Number of distinct hashes among the pieces that are compiled (all but the
  /// splitting ones): how many compilations a backend that compiles each unique
  /// piece once performs. Pre: computeHashes().
  size_t numUnique() const;
  /// Index of the piece with the most nodes (the first such), or -1 when empty.
  int32_t largestPiece() const;

private:
  const Graph* graph_;
  NodeNumbering numbering_;
  std::vector<Piece> pieces_;
  /// Piece index per node number; -1 for none.
  std::vector<int32_t> pieceIndex_;
  bool finalized_ = false;
  bool hashed_ = false;
};

} // namespace piecewise
