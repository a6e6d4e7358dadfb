//===- Graph.h - An FX graph in C++ -----------------------------*- C++ -*-===//
//
// A Graph owns its Nodes in one ordered list. Nodes live in growing chunks
// (stable addresses, destroyed with the graph); erased nodes are unlinked and
// marked, never reused. Every edit goes through this class so that the invariants
// hold after each call:
//
//  - use lists are exact: n->users() holds one entry for each reference to n
//    in the args/kwargs of a live node, and no entry for erased nodes;
//  - names are unique in the graph (createNode uniquifies like FX: `add_1`)
//    and resolve in O(1) through the name table (NameTable.h);
//  - order is O(1) to query (isBefore) through gapped order numbers;
//  - lookups by (op, target) are indexed (FX's find_nodes), not scans.
//
// What the graph does not enforce (the verifier checks it): definitions before
// uses, placeholders first, one output last.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/ir/NameTable.h"
#include "piecewise/ir/Node.h"
#include "piecewise/support/PointerMap.h"
#include "piecewise/support/StringInterner.h"

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace piecewise {

class Graph {
public:
  /// A graph interning into `strings`; submodule graphs share their root's interner.
  explicit Graph(std::shared_ptr<StringInterner> strings);
  Graph(const Graph&) = delete;
  Graph& operator=(const Graph&) = delete;
  ~Graph();

  StringInterner& strings() { return *strings_; }
  const std::shared_ptr<StringInterner>& sharedStrings() const { return strings_; }
  Symbol intern(std::string_view s) { return strings_->intern(s); }

  //===--- Creation and structure edits ----------------------------------===//

  /// Creates a node and links it before `insertPoint` (at the end when null).
  /// `name` is made unique (FX-style `_1`, `_2` suffixes) if taken. Use lists of
  /// every referenced node gain an entry. Pre: referenced nodes belong to this graph.
  Node* createNode(OpKind op, std::string_view name, Symbol target, std::vector<Argument> args,
                   std::vector<KwArg> kwargs, Node* insertPoint = nullptr);
  /// Same with an interned name (uniquified only if taken).
  Node* createNode(OpKind op, Symbol name, Symbol target, std::vector<Argument> args,
                   std::vector<KwArg> kwargs, Node* insertPoint = nullptr);
  /// The node called `name` (an interned Symbol), or nullptr.
  Node* lookup(Symbol name) const { return names_.lookup(name); }

  /// Unlinks and erases `n`, dropping its uses of its inputs.
  /// Pre: `n` has no users. Post: no live node references `n`.
  void erase(Node* n);

  /// Makes every reference to `from` point to `to`. Post: from->users() is empty.
  void replaceAllUsesWith(Node* from, Node* to);
  /// Same, only in users for which `pred(user)` holds.
  void replaceUsesIf(Node* from, Node* to, const std::function<bool(Node*)>& pred);

  /// Replace the arguments of `n`, keeping use lists exact.
  void setArgs(Node* n, std::vector<Argument> args);
  void setKwargs(Node* n, std::vector<KwArg> kwargs);
  void setArg(Node* n, size_t index, Argument value);
  void setTarget(Node* n, Symbol target);
  /// Renames `n` to `name` (uniquified). Returns the name it got.
  Symbol rename(Node* n, std::string_view name);

  /// Moves `n` to just before / after `pos`. Pre: n != pos.
  void moveBefore(Node* n, Node* pos);
  void moveAfter(Node* n, Node* pos);

  //===--- Queries ---------------------------------------------------------===//

  Node* front() const { return head_; }
  Node* back() const { return tail_; }
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  /// The node called `name`, or nullptr.
  Node* lookup(std::string_view name) const;
  /// True when `a` comes before `b` in the list. Pre: both are live nodes of this graph.
  bool isBefore(const Node* a, const Node* b) const { return a->order_ < b->order_; }
  /// Live nodes with this op (and target, unless null), in graph order.
  std::vector<Node*> findNodes(OpKind op, Symbol target = Symbol()) const;
  std::vector<Node*> placeholders() const { return findNodes(OpKind::Placeholder); }
  /// The (last) output node, or nullptr.
  Node* outputNode() const;
  /// A name not used in this graph, derived from `base`.
  std::string uniqueName(std::string_view base) const;

  /// When set, the graph returns `pytree.tree_unflatten(<outputs>, self._out_spec)`.
  bool treeUnflattenOutput = false;
  /// When non-empty, `forward` takes these pytree arguments and flattens them
  /// into the placeholders with `fx_pytree.tree_flatten_spec([...], self._in_spec)`.
  std::vector<std::string> treeFlattenInputs;

  class Iterator {
  public:
    explicit Iterator(Node* n) : n_(n) {}
    Node* operator*() const { return n_; }
    Iterator& operator++() {
      n_ = n_->next();
      return *this;
    }
    bool operator!=(const Iterator& o) const { return n_ != o.n_; }
    bool operator==(const Iterator& o) const { return n_ == o.n_; }

  private:
    Node* n_;
  };
  Iterator begin() const { return Iterator(head_); }
  Iterator end() const { return Iterator(nullptr); }

private:
  void link(Node* n, Node* insertPoint);
  void unlink(Node* n);
  void assignOrder(Node* n);
  void renumber();
  void addUses(Node* n);
  void dropUses(Node* n);
  static void removeOneUse(Node* input, Node* user);
  void indexAdd(Node* n);
  void indexRemove(Node* n);
  Symbol uniqueSymbol(std::string_view base);

  std::shared_ptr<StringInterner> strings_;
  /// Nodes live in chunks (stable addresses, few allocations). Chunks grow
  /// from 16 nodes to 1024, so that the thousands of small graphs of a split
  /// module stay small and a million-node graph makes few allocations. Past
  /// kBigChunksFrom chunks (~11,000 nodes) a chunk holds 8192 nodes and is
  /// allocated as BlockUse::WriteSoon (support/MemoryHints.h): its pages fault
  /// in at once, not one trap per 4 KiB page as nodes are written (a tenth of
  /// a large parse).
  struct ChunkDeleter {
    void operator()(Node* chunk) const;
  };
  static constexpr size_t kFirstChunkNodes = 16;
  static constexpr size_t kMaxChunkNodes = 1024;
  static constexpr size_t kBigChunksFrom = 16;
  static constexpr size_t kBigChunkNodes = 8192;
  static size_t chunkCapacity(size_t index) {
    if (index >= kBigChunksFrom)
      return kBigChunkNodes;
    return index >= 6 ? kMaxChunkNodes : kFirstChunkNodes << index;
  }
  std::vector<std::unique_ptr<Node, ChunkDeleter>> chunks_;
  size_t usedInLastChunk_ = 0;
  Node* head_ = nullptr;
  Node* tail_ = nullptr;
  size_t size_ = 0;
  NameTable names_{*this};
  /// (op, target) -> nodes; each node stores its slot for O(1) removal.
  PointerMap<std::vector<Node*>> index_;
  /// Next suffix to try per base name, so uniquifying is amortized O(1).
  std::unordered_map<std::string, uint32_t> nextSuffix_;
};

} // namespace piecewise
