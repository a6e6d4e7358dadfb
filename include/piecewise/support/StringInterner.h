//===- StringInterner.h - Interned strings ----------------------*- C++ -*-===//
//
// Node names, targets and keyword names repeat across a graph; they are stored
// once in a StringInterner and handed out as `Symbol`s. Two Symbols from the
// same interner are equal exactly when their pointers are, so comparisons and
// hashing are O(1). Storage lives in large blocks owned by the interner and is
// never moved, so a Symbol stays valid for the interner's lifetime.
//
// Beside each string the interner keeps one pointer-sized binding word for its
// client, as a compiler's identifier table keeps a pointer from an identifier
// to its declaration: the graphs' name tables (ir/NameTable.h) bind a name to
// the node it defines, so that resolving a name costs no second hash probe.
// The word starts null; the interner never reads it.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/support/TableStorage.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <string_view>
#include <vector>

namespace piecewise {

/// An interned string: one pointer, so it is cheap to copy and to store in
/// every node. Compares by identity. The length is kept in the four bytes
/// before the characters and the binding word in the eight before those; the
/// characters are NUL-terminated.
class Symbol {
public:
  Symbol() = default;
  std::string_view str() const {
    return data_ ? std::string_view(data_, size()) : std::string_view();
  }
  bool empty() const { return data_ == nullptr || size() == 0; }
  bool isNull() const { return data_ == nullptr; }
  bool operator==(const Symbol& o) const { return data_ == o.data_; }
  bool operator!=(const Symbol& o) const { return data_ != o.data_; }
  const char* data() const { return data_; }
  size_t size() const {
    if (!data_)
      return 0;
    uint32_t n;
    std::memcpy(&n, data_ - sizeof(uint32_t), sizeof(uint32_t));
    return n;
  }
  /// Reconstructs a Symbol from data() of an interned string. Pre: `p` came from data().
  static Symbol fromData(const char* p) { return Symbol(p); }

  /// The binding word (see above). Pre: !isNull().
  void* binding() const {
    void* b;
    std::memcpy(&b, data_ - kBindingOffset, sizeof(void*));
    return b;
  }
  void setBinding(void* b) const {
    std::memcpy(const_cast<char*>(data_) - kBindingOffset, &b, sizeof(void*));
  }
  /// Bytes from the binding word to the characters: the word, then the length.
  static constexpr size_t kBindingOffset = sizeof(void*) + sizeof(uint32_t);

private:
  friend class StringInterner;
  explicit Symbol(const char* data) : data_(data) {}
  const char* data_ = nullptr;
};

class StringInterner {
public:
  StringInterner() = default;
  StringInterner(const StringInterner&) = delete;
  StringInterner& operator=(const StringInterner&) = delete;

  /// Returns the unique Symbol for `s`, copying it into the interner on first sight.
  Symbol intern(std::string_view s);
  /// The same, for a caller that already has `hash` == hashBytes(s) (support/Hashing.h).
  Symbol intern(std::string_view s, uint64_t hash);
  /// Returns the Symbol for `s` if it was interned before, else an empty Symbol.
  Symbol lookup(std::string_view s) const;
  size_t size() const { return size_; }
  /// Starts loading the table slot for `s` into cache (a hint; no effect on
  /// results). Returns hashBytes(s), for a later intern(s, hash).
  uint64_t prefetch(std::string_view s) const;
  /// Makes room for `n` strings without rehashing.
  void reserve(size_t n);

private:
  struct Slot {
    uint64_t hash = 0;
    const char* data = nullptr;
  };
  char* allocate(size_t n);
  const Slot* findSlot(std::string_view s, uint64_t hash) const;
  void rehash(size_t capacity);

  /// Open addressing with linear probing; entries are never removed.
  TableStorage<Slot> slots_;
  size_t size_ = 0;
  std::vector<std::unique_ptr<char[]>> blocks_;
  char* cur_ = nullptr;
  size_t left_ = 0;
};

} // namespace piecewise

template <> struct std::hash<piecewise::Symbol> {
  size_t operator()(const piecewise::Symbol& s) const noexcept {
    return std::hash<const void*>()(s.data());
  }
};
