//===- FlatBoundaries.h - Only flat values cross piece boundaries -*- C++ -*-===//
//
// AOTAutograd and standalone_compile accept flat arguments only, so a piece
// may take and return tensors, SymInts/SymFloats/SymBools and plain scalars,
// never a tuple, a list or a torch.Size. This check reports every value of a
// finalized plan that would cross a boundary while being one (see
// ValueKind.h for how a value's kind is told): a piece input, or a piece
// output used by a later piece or by the graph output. Values whose kind
// cannot be told (opaque) pass.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/analysis/ValueKind.h"
#include "piecewise/partition/PartitionPlan.h"

namespace piecewise {

/// One diagnostic per offending value, at the node defining it, naming the
/// pieces it would leave and enter. Pre: plan.isFinalized().
LogicalResult verifyFlatBoundaries(const PartitionPlan& plan, const OpRegistry* registry,
                                   DiagnosticEngine& diag);

} // namespace piecewise
