//===- Bytes16.h - Sixteen bytes at a time, one SIMD style ------*- C++ -*-===//
//
// The one way piecewise reads text 16 bytes at a time: the compiler's
// portable vector types (GCC and Clang vector extensions), which become SSE2
// on x86-64 and NEON on arm64 without an intrinsic in the code. The input
// check (every byte of the input: support/SourceBuffer.cpp) and the string
// skipper (every annotation: text/Literal.cpp) use it. Where the compiler has
// no vector types PIECEWISE_HAS_BYTES16 is 0 and the callers take their
// scalar loops.
//
// A comparison of two Bytes16 gives a Mask16: 0xff in each byte where it
// holds, 0 elsewhere.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <cstring>

#if defined(__GNUC__)
#define PIECEWISE_HAS_BYTES16 1
#else
#define PIECEWISE_HAS_BYTES16 0
#endif

#if PIECEWISE_HAS_BYTES16
namespace piecewise::simd {

typedef unsigned char Bytes16 __attribute__((vector_size(16)));
typedef signed char Mask16 __attribute__((vector_size(16)));

/// The 16 bytes at `p` (any alignment). Pre: 16 bytes are readable there.
inline Bytes16 load16(const char* p) {
  Bytes16 v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
/// `c` in every byte.
inline Bytes16 splat16(char c) {
  return Bytes16{} + static_cast<unsigned char>(c);
}

/// One bit per byte of the mask `m`: bit i is the top bit of byte i. (The one
/// target-specific line: SSE2's pmovmskb where the compiler targets it.)
inline unsigned bits16(Mask16 m) {
#if defined(__SSE2__)
  typedef char Chars16 __attribute__((vector_size(16)));
  return static_cast<unsigned>(__builtin_ia32_pmovmskb128((Chars16)m));
#else
  uint64_t lo, hi;
  std::memcpy(&lo, &m, 8);
  std::memcpy(&hi, reinterpret_cast<const char*>(&m) + 8, 8);
  constexpr uint64_t kTops = 0x8080808080808080ULL, kGather = 0x0002040810204081ULL;
  return static_cast<unsigned>(((lo & kTops) * kGather) >> 56) |
         static_cast<unsigned>(((hi & kTops) * kGather) >> 56) << 8;
#endif
}
/// True when some byte of the mask `m` is set.
inline bool anySet(Mask16 m) {
  return bits16(m) != 0;
}
/// The index of the first set byte of the mask `m`, or 16 when none is.
inline unsigned firstSet(Mask16 m) {
  unsigned b = bits16(m);
  return b ? static_cast<unsigned>(__builtin_ctz(b)) : 16;
}

} // namespace piecewise::simd
#endif
