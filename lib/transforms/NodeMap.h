//===- NodeMap.h - A flat hash map keyed by node --------------------------===//
//
// Passes that visit every node of a million-node graph need per-node scratch
// data (a dense number, a class id). std::unordered_map allocates per entry;
// this table is open addressing with linear probing over one array, keyed by
// the node's address. Entries are never erased (passes build one per run).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/ir/Node.h"

#include <cstdint>
#include <vector>

namespace piecewise::transforms {

template <typename V> class NodeMap {
public:
  explicit NodeMap(size_t expected = 16) { rehash(capacityFor(expected)); }

  /// The value for `n`, or nullptr.
  V* find(const Node* n) {
    size_t i = slotOf(n);
    while (slots_[i].key) {
      if (slots_[i].key == n)
        return &slots_[i].value;
      i = (i + 1) & mask_;
    }
    return nullptr;
  }
  const V* find(const Node* n) const { return const_cast<NodeMap*>(this)->find(n); }

  /// The value for `n`, default-constructed on first access.
  V& operator[](const Node* n) {
    if ((size_ + 1) * 2 > slots_.size())
      rehash(slots_.size() * 2);
    size_t i = slotOf(n);
    while (slots_[i].key) {
      if (slots_[i].key == n)
        return slots_[i].value;
      i = (i + 1) & mask_;
    }
    slots_[i].key = n;
    ++size_;
    return slots_[i].value;
  }

  size_t size() const { return size_; }

private:
  struct Slot {
    const Node* key = nullptr;
    V value{};
  };

  static size_t capacityFor(size_t expected) {
    size_t cap = 16;
    while (cap < expected * 2)
      cap *= 2;
    return cap;
  }

  size_t slotOf(const Node* n) const {
    uint64_t h = static_cast<uint64_t>(reinterpret_cast<uintptr_t>(n)) * 0x9E3779B97F4A7C15ull;
    return static_cast<size_t>(h >> shift_);
  }

  void rehash(size_t capacity) {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(capacity, Slot{});
    mask_ = capacity - 1;
    unsigned bits = 0;
    while ((size_t(1) << bits) < capacity)
      ++bits;
    shift_ = 64 - bits;
    size_ = 0;
    for (Slot& s : old) {
      if (!s.key)
        continue;
      size_t i = slotOf(s.key);
      while (slots_[i].key)
        i = (i + 1) & mask_;
      slots_[i] = std::move(s);
      ++size_;
    }
  }

  std::vector<Slot> slots_;
  size_t size_ = 0;
  size_t mask_ = 0;
  unsigned shift_ = 60;
};

} // namespace piecewise::transforms
