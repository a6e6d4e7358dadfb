//===- DimList.h - A tensor's sizes or strides, shared ----------*- C++ -*-===//
//
// A DimList is the list of SymExprs a tensor annotation gives for its sizes
// or its strides (`[s0, 64]`). It is one pointer wide: the elements live in
// one reference-counted block that copies share, so the nodes of a graph whose
// annotations are equal (the parser copies each distinct annotation from a
// cache; the split builder copies meta from the source graph) hold one block
// between them instead of two heap vectors each. The empty list holds no
// block.
//
// The block is never changed while it is shared: push_back on a shared list
// first copies the elements into a block of its own (copy on write), so a
// DimList behaves as a value. The count is atomic, so lists that share a
// block may be copied and destroyed on different threads.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/ir/SymExpr.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <vector>

namespace piecewise {

class DimList {
public:
  DimList() = default;
  DimList(std::initializer_list<SymExpr> items) { assign(items.begin(), items.size()); }
  DimList(const std::vector<SymExpr>& items) { assign(items.data(), items.size()); }
  DimList(const SymExpr* items, size_t n) { assign(items, n); }
  DimList(const DimList& o) : rep_(o.rep_) {
    if (rep_)
      rep_->refs.fetch_add(1, std::memory_order_relaxed);
  }
  DimList(DimList&& o) noexcept : rep_(o.rep_) { o.rep_ = nullptr; }
  DimList& operator=(const DimList& o) {
    DimList copy(o);
    std::swap(rep_, copy.rep_);
    return *this;
  }
  DimList& operator=(DimList&& o) noexcept {
    std::swap(rep_, o.rep_);
    return *this;
  }
  ~DimList() { release(); }

  size_t size() const { return rep_ ? rep_->size : 0; }
  bool empty() const { return size() == 0; }
  const SymExpr* data() const { return rep_ ? rep_->items() : nullptr; }
  const SymExpr* begin() const { return data(); }
  const SymExpr* end() const { return data() + size(); }
  const SymExpr& operator[](size_t i) const { return rep_->items()[i]; }
  const SymExpr& front() const { return rep_->items()[0]; }
  const SymExpr& back() const { return rep_->items()[rep_->size - 1]; }

  /// Makes room for n elements in a block of this list's own.
  void reserve(size_t n);
  /// Appends e (copying the elements first when the block is shared).
  void push_back(SymExpr e);
  /// The elements as a vector (for callers that build a changed list).
  std::vector<SymExpr> vec() const { return std::vector<SymExpr>(begin(), end()); }

  /// True when the two lists hold the same block (a cheap equality test).
  bool sharesWith(const DimList& o) const { return rep_ == o.rep_; }
  bool operator==(const DimList& o) const;
  bool operator!=(const DimList& o) const { return !(*this == o); }

private:
  struct Rep {
    std::atomic<uint32_t> refs;
    uint32_t size;
    uint32_t capacity;
    uint32_t unused = 0;
    /// The `capacity` elements follow the header.
    SymExpr* items() { return reinterpret_cast<SymExpr*>(this + 1); }
  };
  static_assert(sizeof(Rep) % alignof(SymExpr) == 0);
  static Rep* allocate(size_t capacity);
  void assign(const SymExpr* items, size_t n);
  void release() {
    if (rep_ && rep_->refs.fetch_sub(1, std::memory_order_acq_rel) == 1)
      destroy(rep_);
    rep_ = nullptr;
  }
  static void destroy(Rep* r);

  Rep* rep_ = nullptr;
};

} // namespace piecewise
