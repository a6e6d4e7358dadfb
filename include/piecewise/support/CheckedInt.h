//===- CheckedInt.h - Overflow-checked integer arithmetic -------*- C++ -*-===//
//
// Sizes, element counts and byte counts come from untrusted text
// (`f32[4611686018427387905]`): every product or sum of them goes through
// these helpers, so an overflow is a value the caller sees (nullopt, or a
// clamped total), never undefined behaviour.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <limits>
#include <optional>

namespace piecewise {

/// a * b, or nullopt when the product does not fit in int64_t.
inline std::optional<int64_t> checkedMul(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_mul_overflow(a, b, &r))
    return std::nullopt;
  return r;
}

/// a + b, or nullopt when the sum does not fit in int64_t.
inline std::optional<int64_t> checkedAdd(int64_t a, int64_t b) {
  int64_t r;
  if (__builtin_add_overflow(a, b, &r))
    return std::nullopt;
  return r;
}

/// A running total of byte counts that cannot overflow: sums of int64 values
/// are kept in 128 bits (enough for 2^64 terms) and read back clamped to the
/// int64_t range.
class ByteTotal {
public:
  ByteTotal() = default;
  explicit ByteTotal(int64_t v) : v_(v) {}
  ByteTotal& operator+=(int64_t b) {
    v_ += b;
    return *this;
  }
  ByteTotal& operator-=(int64_t b) {
    v_ -= b;
    return *this;
  }
  ByteTotal& operator+=(ByteTotal b) {
    v_ += b.v_;
    return *this;
  }
  bool operator<(ByteTotal o) const { return v_ < o.v_; }
  /// The total clamped to [INT64_MIN, INT64_MAX].
  int64_t clamped() const {
    if (v_ > std::numeric_limits<int64_t>::max())
      return std::numeric_limits<int64_t>::max();
    if (v_ < std::numeric_limits<int64_t>::min())
      return std::numeric_limits<int64_t>::min();
    return static_cast<int64_t>(v_);
  }

private:
  __extension__ __int128 v_ = 0;
};

} // namespace piecewise
