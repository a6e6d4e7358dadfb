#include "piecewise/partition/NodeNumbering.h"

namespace piecewise {

NodeNumbering::NodeNumbering(const Graph& graph) {
  nodes_.reserve(graph.size());
  for (Node* n : graph)
    nodes_.push_back(n);
  // Load factor at most 1/2.
  size_t cap = 16;
  while (cap < nodes_.size() * 2)
    cap <<= 1;
  slots_.assign(cap, Slot{});
  size_t mask = cap - 1;
  for (uint32_t i = 0; i < nodes_.size(); ++i) {
    size_t j = hashPointer(nodes_[i]) & mask;
    while (slots_[j].node != nullptr)
      j = (j + 1) & mask;
    slots_[j] = Slot{nodes_[i], i};
  }
}

} // namespace piecewise
