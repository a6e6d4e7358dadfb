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
    // The last 1-7 bytes without a byte loop: two overlapping 4-byte reads,
    // or the first, middle and last byte (together they cover every byte).
    uint64_t w;
    if (n >= 4) {
      uint32_t a, b;
      std::memcpy(&a, p, 4);
      std::memcpy(&b, p + n - 4, 4);
      w = a | (uint64_t(b) << 32);
    } else {
      w = uint64_t(uint8_t(p[0])) | (uint64_t(uint8_t(p[n / 2])) << 8) |
          (uint64_t(uint8_t(p[n - 1])) << 16);
    }
    h = (h ^ w) * 0x94d049bb133111ebULL;
  }
  return mixHash(h);
}

inline uint64_t hashPointer(const void* p) {
  return mixHash(reinterpret_cast<uintptr_t>(p));
}

} // namespace piecewise
