//===- PointerMap.h - An open-addressing map keyed by pointers --*- C++ -*-===//
//
// Graphs map interned names (pointers) to nodes for every node they hold;
// std::unordered_map spends most of a large parse allocating and rehashing
// its nodes. PointerMap is a flat table with linear probing and
// backward-shift deletion: one allocation, no tombstones, keys compared by
// identity. Null is not a valid key.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/support/Hashing.h"
#include "piecewise/support/TableStorage.h"

#include <cassert>
#include <type_traits>
#include <vector>

namespace piecewise {

template <typename V> class PointerMap {
public:
  PointerMap() = default;

  size_t size() const { return size_; }
  void reserve(size_t n) {
    size_t cap = 16;
    while (cap * 3 < n * 4)
      cap <<= 1;
    if (cap > slots_.size())
      rehash(cap);
  }

  /// Starts loading the slot for `key` into cache (a hint).
  void prefetch(const void* key) const {
    if (!slots_.empty())
      __builtin_prefetch(&slots_[hashPointer(key) & (slots_.size() - 1)]);
  }

  /// The value for `key`, or nullptr.
  V* find(const void* key) {
    if (slots_.empty())
      return nullptr;
    size_t mask = slots_.size() - 1;
    for (size_t i = hashPointer(key) & mask;; i = (i + 1) & mask) {
      Slot& s = slots_[i];
      if (s.key == key)
        return &s.value;
      if (!s.key)
        return nullptr;
    }
  }
  const V* find(const void* key) const { return const_cast<PointerMap*>(this)->find(key); }

  /// Inserts `key -> value` unless `key` is present. Returns true when inserted.
  bool insert(const void* key, V value) {
    assert(key && "null keys are not allowed");
    if ((size_ + 1) * 4 > slots_.size() * 3)
      rehash(slots_.empty() ? 16 : slots_.size() * 2);
    size_t mask = slots_.size() - 1;
    for (size_t i = hashPointer(key) & mask;; i = (i + 1) & mask) {
      Slot& s = slots_[i];
      if (s.key == key)
        return false;
      if (!s.key) {
        s.key = key;
        s.value = std::move(value);
        ++size_;
        return true;
      }
    }
  }

  /// Removes `key` if present. Returns true when removed.
  bool erase(const void* key) {
    if (slots_.empty())
      return false;
    size_t mask = slots_.size() - 1;
    size_t i = hashPointer(key) & mask;
    while (slots_[i].key != key) {
      if (!slots_[i].key)
        return false;
      i = (i + 1) & mask;
    }
    // Backward-shift deletion keeps every probe chain unbroken.
    size_t hole = i;
    for (size_t j = (hole + 1) & mask; slots_[j].key; j = (j + 1) & mask) {
      size_t home = hashPointer(slots_[j].key) & mask;
      bool movable = hole <= j ? (home <= hole || home > j) : (home <= hole && home > j);
      if (movable) {
        slots_[hole] = std::move(slots_[j]);
        hole = j;
      }
    }
    slots_[hole] = Slot();
    --size_;
    return true;
  }

  /// Calls fn(key, value) for every entry, in table order.
  template <typename Fn> void forEach(Fn&& fn) const {
    for (const Slot& s : slots_)
      if (s.key)
        fn(s.key, s.value);
  }

private:
  struct Slot {
    const void* key = nullptr;
    V value{};
  };

  using Storage =
      std::conditional_t<std::is_trivially_copyable_v<V>, TableStorage<Slot>, std::vector<Slot>>;

  void rehash(size_t cap) {
    Storage old = std::move(slots_);
    slots_ = Storage(cap);
    size_ = 0;
    for (Slot& s : old)
      if (s.key)
        insert(s.key, std::move(s.value));
  }

  Storage slots_;
  size_t size_ = 0;
};

} // namespace piecewise
