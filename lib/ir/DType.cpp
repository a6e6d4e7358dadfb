//===- DType.cpp - Tensor element types -----------------------------------===//
//
// The dtype table: short annotation names (`f32`) and torch names (`torch.float32`) (DType.h).
//
//===----------------------------------------------------------------------===//

#include "piecewise/ir/DType.h"

#include <array>

namespace piecewise {
namespace {

struct DTypeInfo {
  DType type;
  std::string_view shortName;
  std::string_view torchName;
  unsigned itemSize;
};

// The short names are the abbreviations FX prints in annotations (torch.fx.graph's
// dtype_abbrs); a dtype FX has no abbreviation for keeps its torch name.
constexpr std::array<DTypeInfo, 47> kInfos = {{
    {DType::Unknown, "?", "unknown", 0},
    {DType::Bool, "b8", "bool", 1},
    {DType::UInt8, "u8", "uint8", 1},
    {DType::Int8, "i8", "int8", 1},
    {DType::Int16, "i16", "int16", 2},
    {DType::Int32, "i32", "int32", 4},
    {DType::Int64, "i64", "int64", 8},
    {DType::UInt16, "u16", "uint16", 2},
    {DType::UInt32, "u32", "uint32", 4},
    {DType::UInt64, "u64", "uint64", 8},
    {DType::Float16, "f16", "float16", 2},
    {DType::BFloat16, "bf16", "bfloat16", 2},
    {DType::Float32, "f32", "float32", 4},
    {DType::Float64, "f64", "float64", 8},
    {DType::Complex32, "c32", "complex32", 4},
    {DType::Complex64, "c64", "complex64", 8},
    {DType::Complex128, "c128", "complex128", 16},
    {DType::Float8E4M3FN, "f8e4m3fn", "float8_e4m3fn", 1},
    {DType::Float8E5M2, "f8e5m2", "float8_e5m2", 1},
    {DType::Float8E4M3FNUZ, "f8e4m3fnuz", "float8_e4m3fnuz", 1},
    {DType::Float8E5M2FNUZ, "f8e5m2fnuz", "float8_e5m2fnuz", 1},
    {DType::Float8E8M0FNU, "f8e8m0fnu", "float8_e8m0fnu", 1},
    {DType::Float4E2M1FNx2, "f4e2m1fnx2", "float4_e2m1fn_x2", 1},
    {DType::Bits8, "b8x1", "bits8", 1},
    {DType::Bits16, "b16x1", "bits16", 2},
    {DType::Bits1x8, "b1x8", "bits1x8", 1},
    {DType::Bits2x4, "b2x4", "bits2x4", 1},
    {DType::Bits4x2, "b4x2", "bits4x2", 1},
    {DType::QInt8, "qi8", "qint8", 1},
    {DType::QUInt8, "qu8", "quint8", 1},
    {DType::QInt32, "qi32", "qint32", 4},
    {DType::QUInt4x2, "quint4x2", "quint4x2", 1},
    {DType::QUInt2x4, "quint2x4", "quint2x4", 1},
    {DType::UInt1, "uint1", "uint1", 1},
    {DType::UInt2, "uint2", "uint2", 1},
    {DType::UInt3, "uint3", "uint3", 1},
    {DType::UInt4, "uint4", "uint4", 1},
    {DType::UInt5, "uint5", "uint5", 1},
    {DType::UInt6, "uint6", "uint6", 1},
    {DType::UInt7, "uint7", "uint7", 1},
    {DType::Int1, "int1", "int1", 1},
    {DType::Int2, "int2", "int2", 1},
    {DType::Int3, "int3", "int3", 1},
    {DType::Int4, "int4", "int4", 1},
    {DType::Int5, "int5", "int5", 1},
    {DType::Int6, "int6", "int6", 1},
    {DType::Int7, "int7", "int7", 1},
}};

const DTypeInfo& info(DType t) {
  return kInfos[static_cast<size_t>(t)];
}

} // namespace

std::string_view dtypeShortName(DType t) {
  return info(t).shortName;
}
std::string_view dtypeTorchName(DType t) {
  return info(t).torchName;
}
unsigned dtypeItemSize(DType t) {
  return info(t).itemSize;
}

std::optional<DType> parseDTypeShortName(std::string_view s) {
  for (const DTypeInfo& i : kInfos)
    if (i.type != DType::Unknown && i.shortName == s)
      return i.type;
  return std::nullopt;
}

std::optional<DType> parseDTypeTorchName(std::string_view s) {
  for (const DTypeInfo& i : kInfos)
    if (i.type != DType::Unknown && i.torchName == s)
      return i.type;
  // The aliases torch also accepts.
  if (s == "float")
    return DType::Float32;
  if (s == "double")
    return DType::Float64;
  if (s == "half")
    return DType::Float16;
  if (s == "long")
    return DType::Int64;
  if (s == "int")
    return DType::Int32;
  if (s == "short")
    return DType::Int16;
  if (s == "cfloat")
    return DType::Complex64;
  if (s == "cdouble")
    return DType::Complex128;
  if (s == "chalf")
    return DType::Complex32;
  if (s == "bit")
    return DType::UInt1;
  return std::nullopt;
}

} // namespace piecewise
