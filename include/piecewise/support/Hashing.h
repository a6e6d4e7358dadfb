//===- Hashing.h - Fast hashes for interned strings and pointers -*- C++ -*-===//
//
// The parsers hash every name they read, so hashing sits on the hot path of a
// million-node parse. These are simple multiply-xorshift mixers: not
// cryptographic, but well distributed for identifiers and aligned pointers.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace piecewise {

inline uint64_t mixHash(uint64_t h) {
  h ^= h >> 32;
  h *= 0xd6e8feb86659fd93ULL;
  h ^= h >> 32;
  h *= 0xd6e8feb86659fd93ULL;
  h ^= h >> 32;
  return h;
}

/// Hash of a byte string, reading eight bytes at a time.
inline uint64_t hashBytes(std::string_view s) {
  uint64_t h = 0x9e3779b97f4a7c15ULL ^ (s.size() * 0xff51afd7ed558ccdULL);
  const char* p = s.data();
  size_t n = s.size();
  while (n >= 8) {
    uint64_t w;
    std::memcpy(&w, p, 8);
    h = (h ^ w) * 0xbf58476d1ce4e5b9ULL;
    h ^= h >> 29;
    p += 8;
    n -= 8;
  }
  if (n) {
    uint64_t w = 0;
    std::memcpy(&w, p, n);
    h = (h ^ w) * 0x94d049bb133111ebULL;
  }
  return mixHash(h);
}

inline uint64_t hashPointer(const void* p) {
  return mixHash(reinterpret_cast<uintptr_t>(p));
}

} // namespace piecewise
