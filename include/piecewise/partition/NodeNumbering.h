//===- NodeNumbering.h - Dense numbers for a graph's nodes ------*- C++ -*-===//
//
// Partitioning and lifetime analyses keep one small record per node (a piece
// id, a last use, a stamp). A NodeNumbering gives every live node of a graph a
// dense number in graph order (0 for the first node, size()-1 for the output),
// so that those records are plain vectors instead of hash maps keyed by
// pointer. The lookup itself is an open-addressing table keyed by the node's
// address: O(1), no allocation per query.
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
    if (slots_.empty())
      return kAbsent;
    size_t mask = slots_.size() - 1;
    for (size_t i = hashPointer(n) & mask;; i = (i + 1) & mask) {
      const Slot& s = slots_[i];
      if (s.node == n)
        return s.number;
      if (s.node == nullptr)
        return kAbsent;
    }
  }
  /// Pre: `n` was in the graph when numbered.
  uint32_t operator[](const Node* n) const { return lookup(n); }

  /// The node with number `i`. Pre: i < size().
  Node* node(uint32_t i) const { return nodes_[i]; }
  /// All numbered nodes in graph order.
  const std::vector<Node*>& nodes() const { return nodes_; }
  size_t size() const { return nodes_.size(); }

private:
  struct Slot {
    const Node* node = nullptr;
    uint32_t number = 0;
  };
  /// Nodes live in large contiguous chunks and most references point at
  /// recent nodes, so the hash keeps neighbouring addresses in neighbouring
  /// slots (a node is larger than 8 bytes: consecutive nodes never collide)
  /// and the probes of nearby lookups share cache lines. The high bits are
  /// folded in so that chunks far apart in memory spread over the table.
  static size_t hashPointer(const Node* n) {
    auto v = reinterpret_cast<uintptr_t>(n) >> 3;
    return static_cast<size_t>(v ^ (v >> 21) * 0x9e3779b1u);
  }

  std::vector<Node*> nodes_;
  std::vector<Slot> slots_;
};

} // namespace piecewise
