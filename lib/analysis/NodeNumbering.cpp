//===- NodeNumbering.cpp - Dense numbers for a graph's nodes --------------===//
//
// Numbers the nodes of a graph in order, so per-node records are vectors (NodeNumbering.h).
//
//===----------------------------------------------------------------------===//

#include "piecewise/analysis/NodeNumbering.h"

namespace piecewise {

NodeNumbering::NodeNumbering(const Graph& graph) {
  nodes_.reserve(graph.size());
  for (Node* n : graph) {
    n->setScratchNumber(static_cast<uint32_t>(nodes_.size()));
    nodes_.push_back(n);
  }
}

} // namespace piecewise
