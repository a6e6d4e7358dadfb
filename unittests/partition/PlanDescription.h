//===- PlanDescription.h - A plan as one line, for partitioner tests ------===//
#pragma once

#include "piecewise/partition/PartitionPlan.h"

#include <string>
#include <vector>

namespace piecewise::testing {

/// `a,b,c`: the nodes' names.
inline std::string names(const std::vector<Node*>& nodes) {
  std::string s;
  for (const Node* n : nodes) {
    if (!s.empty())
      s += ',';
    s += n->name().str();
  }
  return s;
}

/// `id:K[nodes](inputs)->(outputs)` per piece, K = C (compiled or captured),
/// S (splitting) or U (cudagraph-unsafe, followed by `{reason}`).
inline std::string describe(const PartitionPlan& plan) {
  std::string s;
  for (const Piece& p : plan.pieces()) {
    if (!s.empty())
      s += ' ';
    s += std::to_string(p.id) + ':';
    if (p.kind == PieceKind::CudagraphUnsafe)
      s += "U{" + p.reason + '}';
    else
      s += p.isSplitting() ? 'S' : 'C';
    s += '[' + names(p.nodes) + "](" + names(p.inputs) + ")->(" + names(p.outputs) + ')';
  }
  return s;
}

} // namespace piecewise::testing
