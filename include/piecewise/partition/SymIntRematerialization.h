//===- SymIntRematerialization.h - Recompute SymInts inside pieces -*- C++ -*-===//
//
// Dynamo computes a SymInt once and every later use reads it: `mul = 2 * s27`
// in the first MoE layer, and each later layer's piece takes `mul` as an
// input. That piece then differs from the first one (which computes `mul`
// itself), so a backend that compiles each unique piece once compiles one
// more. Rematerialization rewrites, for every compiled piece of a plan,
//
//   from: an input X of the piece that another piece computes as pure integer
//         arithmetic (below) of values the piece already has;
//   to:   a copy of X's computation inside the piece, placed right before X's
//         first user there; the piece's users of X read the copy, so X no
//         longer crosses into the piece.
//
// "Pure integer arithmetic" is a closed set of call_function nodes whose
// value is an integer: `operator.add/sub/mul/floordiv/mod/neg/pos/pow/abs`,
// `torch.sym_max/sym_min/sym_sum`, `aten::sym_size.int`, `aten::sym_stride.int`,
// `aten::sym_numel` (and the call_method `x.size(d)`), every operand an
// integer literal or such a value. A SymBool, anything read from a tensor's
// data (`.item()` of a computed tensor, `aten::_local_scalar_dense`) or with a
// tensor meta is never copied.
// "Values the piece already has" are its other inputs and its own nodes that
// come before the insertion point: the copy adds no input to the piece (a
// symbol placeholder it does not take already, or a size of a tensor it does
// not see, blocks the copy). Copies are at most kMaxChain nodes per input.
// A computation left without users by the copies (only pure nodes) is
// erased, so the piece that first computed it for later layers only no longer
// returns it.
//
// The same holds for a SymFloat that is pure arithmetic (`operator.truediv`,
// `torch._sym_sqrt`, `torch.sym_float` too, float literals) of a Python float
// Dynamo lifted into a graph input: `x.item()` of a 0-d CPU tensor
// placeholder (GPT-2's `math.sqrt(2.0 / math.pi)`). Its copy may take that
// placeholder instead of X: one input for one, never more.
//
// Last, within each compiled piece, every such scalar computation whose users
// are all in the piece moves right before its first user (where the copies
// go), so the layer that computed a value for the later ones reads the same
// as they do.
//
// Splitting pieces are left alone (they run eagerly: nothing is compiled).
// The plan is invalid after a change (it points into the edited graph):
// partition again. The copies carry the original's meta and a name derived
// from it (`mul_45_1`).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/partition/PartitionPlan.h"
#include "piecewise/schema/OpRegistry.h"

#include <cstddef>

namespace piecewise {

struct SymIntRematerializationStats {
  /// Piece inputs no longer crossing.
  size_t inputsRemoved = 0;
  /// Nodes copied into pieces.
  size_t nodesCopied = 0;
  /// Original nodes erased because nothing used them any more.
  size_t nodesErased = 0;
  /// Nodes moved right before their first user.
  size_t nodesMoved = 0;

  bool changed() const { return inputsRemoved || nodesCopied || nodesErased || nodesMoved; }
};

/// Whether `node`'s value is an integer computed by pure integer arithmetic
/// (see the header comment), judged from its meta when that says SymInt or
/// tensor, else from its target and operands.
bool isPureIntArithmetic(const Node& node);

/// The same, SymFloats included: float arithmetic and `.item()` of a lifted
/// float input (see the header comment).
bool isPureScalarComputation(const Node& node);

/// Rewrites `graph` as the header comment says, for the pieces of `plan`
/// (finalized, over `graph`). Returns what changed; when anything did, the
/// plan must be rebuilt.
/// `registry` gives the schemas that say which writes keep sizes: a size read
/// (`sym_size`, `x.size(d)`) of a tensor that some node writes without keeping
/// its sizes (`t_`, `resize_`, `set_`, an out argument, an op without a
/// schema) is never copied or moved, since the tensor's sizes may differ there.
SymIntRematerializationStats rematerializeSymInts(Graph& graph, const PartitionPlan& plan,
                                                  const OpRegistry* registry);

} // namespace piecewise
