//===- NodeNumbering.h - Dense numbers for a graph's nodes ------*- C++ -*-===//
//
// Partitioning and lifetime analyses keep one small record per node (a piece
// id, a last use, a stamp). A NodeNumbering gives every live node of a graph a
// dense number in graph order (0 for the first node, size()-1 for the output),
// so that those records are plain vectors instead of hash maps keyed by
// pointer.
//
// Building a numbering writes each node's number into the node itself; a
// lookup reads it back and checks that the numbering holds that node at that
// number. The check makes lookups exact whatever else numbered the node since
// (another numbering of the same graph agrees on every node that is where it
// was), and a node of another graph is reported absent: O(1), no hashing, no
// allocation. Numbering writes to nodes, so one graph must not be numbered from
// two threads at once.
//
// A numbering describes the graph as it was when it was built; it must be
// rebuilt after nodes are created, erased or moved.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/ir/Graph.h"

#include <cstdint>
#include <vector>

namespace piecewise {

class NodeNumbering {
public:
  /// The number returned for nodes that are not in the numbered graph.
  static constexpr uint32_t kAbsent = ~uint32_t(0);

  NodeNumbering() = default;
  /// Numbers every node of `graph` in graph order.
  explicit NodeNumbering(const Graph& graph);

  /// The node's number, or kAbsent when it was not in the graph when numbered.
  uint32_t lookup(const Node* n) const {
    uint32_t i = n->scratchNumber();
    return i < nodes_.size() && nodes_[i] == n ? i : kAbsent;
  }
  /// Pre: `n` was in the graph when numbered.
  uint32_t operator[](const Node* n) const { return lookup(n); }

  /// The node with number `i`. Pre: i < size().
  Node* node(uint32_t i) const { return nodes_[i]; }
  /// All numbered nodes in graph order.
  const std::vector<Node*>& nodes() const { return nodes_; }
  size_t size() const { return nodes_.size(); }

private:
  std::vector<Node*> nodes_;
};

} // namespace piecewise
