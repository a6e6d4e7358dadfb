//===- DType.h - Tensor element types ---------------------------*- C++ -*-===//
//
// The element types torch knows, with the short names FX annotations use
// (`f32`, `bf16`, `f8e4m3fn`, `b8`) and the long names arguments use
// (`torch.float32`). Unknown names are reported by the parsers, never guessed.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace piecewise {

enum class DType : uint8_t {
  Unknown,
  Bool,
  UInt8,
  Int8,
  Int16,
  Int32,
  Int64,
  UInt16,
  UInt32,
  UInt64,
  Float16,
  BFloat16,
  Float32,
  Float64,
  Complex32,
  Complex64,
  Complex128,
  Float8E4M3FN,
  Float8E5M2,
  Float8E4M3FNUZ,
  Float8E5M2FNUZ,
  Float8E8M0FNU,
  Float4E2M1FNx2,
  Bits8,
  Bits16,
  Bits1x8,
  Bits2x4,
  Bits4x2,
  QInt8,
  QUInt8,
  QInt32,
  QUInt4x2,
  QUInt2x4,
  UInt1,
  UInt2,
  UInt3,
  UInt4,
  UInt5,
  UInt6,
  UInt7,
  Int1,
  Int2,
  Int3,
  Int4,
  Int5,
  Int6,
  Int7,
};

/// `f32` for Float32: the spelling of FX type annotations.
std::string_view dtypeShortName(DType t);
/// `float32` for Float32: the attribute name under `torch.`.
std::string_view dtypeTorchName(DType t);
/// Size of one element in bytes (a packed sub-byte type counts its container).
unsigned dtypeItemSize(DType t);
/// Parses `f32`, `bf16`, ... Returns nullopt for an unknown name.
std::optional<DType> parseDTypeShortName(std::string_view s);
/// Parses `float32`, `float`, `half`, `long`, ... (without the `torch.` prefix).
std::optional<DType> parseDTypeTorchName(std::string_view s);

} // namespace piecewise
