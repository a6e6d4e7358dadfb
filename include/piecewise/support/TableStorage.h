//===- TableStorage.h - Zeroed arrays for large hash tables -----*- C++ -*-===//
//
// A million-node graph has name tables of tens of megabytes that are probed
// at random; with 4 KiB pages nearly every probe also misses the TLB. Large
// tables are therefore allocated 2 MiB-aligned and marked for transparent huge
// pages (a hint: where the kernel declines, they behave like any allocation).
// Elements must be trivially copyable; a new table is all zero bytes.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/support/MemoryHints.h"

#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <new>
#include <type_traits>
#include <utility>

namespace piecewise {

template <typename T> class TableStorage {
  static_assert(std::is_trivially_copyable_v<T>, "table elements are zero-initialized bytes");

public:
  TableStorage() = default;
  explicit TableStorage(size_t n) : size_(n) {
    size_t bytes = n * sizeof(T);
    constexpr size_t kHuge = size_t(2) << 20;
    if (bytes >= kHuge) {
      bytes = (bytes + kHuge - 1) & ~(kHuge - 1);
      data_ = static_cast<T*>(std::aligned_alloc(kHuge, bytes));
      if (data_)
        adviseHugePages(data_, bytes);
      if (data_)
        std::memset(static_cast<void*>(data_), 0, bytes);
    } else {
      data_ = static_cast<T*>(std::calloc(n ? n : 1, sizeof(T)));
    }
    if (!data_)
      throw std::bad_alloc();
  }
  TableStorage(TableStorage&& o) noexcept
      : data_(std::exchange(o.data_, nullptr)), size_(std::exchange(o.size_, 0)) {}
  TableStorage& operator=(TableStorage&& o) noexcept {
    if (this != &o) {
      std::free(data_);
      data_ = std::exchange(o.data_, nullptr);
      size_ = std::exchange(o.size_, 0);
    }
    return *this;
  }
  TableStorage(const TableStorage&) = delete;
  TableStorage& operator=(const TableStorage&) = delete;
  ~TableStorage() { std::free(data_); }

  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  T& operator[](size_t i) { return data_[i]; }
  const T& operator[](size_t i) const { return data_[i]; }
  T* begin() { return data_; }
  T* end() { return data_ + size_; }
  const T* begin() const { return data_; }
  const T* end() const { return data_ + size_; }

private:
  T* data_ = nullptr;
  size_t size_ = 0;
};

} // namespace piecewise
