//===- DimList.cpp - A tensor's sizes or strides, shared ------------------===//
//
// Allocation and sharing of the SymExpr lists of sizes and strides (DimList.h).
//
//===----------------------------------------------------------------------===//

#include "piecewise/ir/DimList.h"

#include <cstring>
#include <new>
#include <stdexcept>

namespace piecewise {

DimList::Rep* DimList::allocate(size_t capacity) {
  // As std::vector::reserve does past its max_size (no annotation comes near).
  if (capacity > UINT32_MAX)
    throw std::length_error("DimList: more than 2^32 - 1 dimensions");
  void* raw = ::operator new(sizeof(Rep) + capacity * sizeof(SymExpr));
  Rep* r = new (raw) Rep;
  r->refs.store(1, std::memory_order_relaxed);
  r->size = 0;
  r->capacity = static_cast<uint32_t>(capacity);
  return r;
}

void DimList::destroy(Rep* r) {
  r->~Rep();
  ::operator delete(static_cast<void*>(r));
}

void DimList::assign(const SymExpr* items, size_t n) {
  release();
  if (n == 0)
    return;
  rep_ = allocate(n);
  std::memcpy(static_cast<void*>(rep_->items()), items, n * sizeof(SymExpr));
  rep_->size = static_cast<uint32_t>(n);
}

void DimList::reserve(size_t n) {
  bool own = rep_ && rep_->refs.load(std::memory_order_acquire) == 1;
  if (own && rep_->capacity >= n)
    return;
  size_t keep = size();
  Rep* r = allocate(n > keep ? n : keep);
  if (keep)
    std::memcpy(static_cast<void*>(r->items()), rep_->items(), keep * sizeof(SymExpr));
  r->size = static_cast<uint32_t>(keep);
  release();
  rep_ = r;
}

void DimList::push_back(SymExpr e) {
  size_t n = size();
  bool own = rep_ && rep_->refs.load(std::memory_order_acquire) == 1;
  if (!own || rep_->capacity == n)
    reserve(n < 4 ? 4 : 2 * n);
  rep_->items()[n] = e;
  rep_->size = static_cast<uint32_t>(n + 1);
}

bool DimList::operator==(const DimList& o) const {
  if (rep_ == o.rep_)
    return true;
  size_t n = size();
  if (n != o.size())
    return false;
  for (size_t i = 0; i < n; ++i)
    if ((*this)[i] != o[i])
      return false;
  return true;
}

} // namespace piecewise
