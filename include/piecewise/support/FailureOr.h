//===- FailureOr.h - Success/failure results without exceptions -*- C++ -*-===//
//
// The library reports errors through diagnostics and returns these small types
// instead of throwing. GCC 12 has no std::expected in C++20, so piecewise keeps
// its own: `LogicalResult` (success or failure) and `FailureOr<T>` (a value or
// failure). The diagnostics that explain a failure live in a DiagnosticEngine.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cassert>
#include <optional>
#include <utility>

namespace piecewise {

/// The outcome of an operation that produces no value.
class [[nodiscard]] LogicalResult {
public:
  static LogicalResult success() { return LogicalResult(true); }
  static LogicalResult failure() { return LogicalResult(false); }
  bool succeeded() const { return ok_; }
  bool failed() const { return !ok_; }

private:
  explicit LogicalResult(bool ok) : ok_(ok) {}
  bool ok_;
};

inline LogicalResult success() {
  return LogicalResult::success();
}
inline LogicalResult failure() {
  return LogicalResult::failure();
}
inline bool succeeded(LogicalResult r) {
  return r.succeeded();
}
inline bool failed(LogicalResult r) {
  return r.failed();
}

/// A value of type T, or failure. Converts from T and from `failure()`.
template <typename T> class [[nodiscard]] FailureOr {
public:
  FailureOr(LogicalResult r) {
    assert(r.failed() && "success needs a value");
    (void)r;
  }
  FailureOr(T value) : value_(std::move(value)) {}

  bool succeeded() const { return value_.has_value(); }
  bool failed() const { return !value_.has_value(); }
  explicit operator bool() const { return succeeded(); }

  /// Pre: succeeded().
  T& operator*() { return *value_; }
  const T& operator*() const { return *value_; }
  T* operator->() { return &*value_; }
  const T* operator->() const { return &*value_; }

  operator LogicalResult() const { return succeeded() ? success() : failure(); }

private:
  std::optional<T> value_;
};

template <typename T> bool failed(const FailureOr<T>& r) {
  return r.failed();
}
template <typename T> bool succeeded(const FailureOr<T>& r) {
  return r.succeeded();
}

} // namespace piecewise
