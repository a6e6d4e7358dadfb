//===- TensorMeta.cpp - What a node's value looks like --------------------===//
//
// Tensor, SymInt and opaque meta: byte sizes, equality, printing helpers (TensorMeta.h).
//
//===----------------------------------------------------------------------===//

#include "piecewise/ir/TensorMeta.h"

#include "piecewise/support/CheckedInt.h"

namespace piecewise {

std::optional<int64_t> TensorMeta::concreteNumel() const {
  int64_t n = 1;
  for (const SymExpr& s : sizes) {
    if (!s.isConstant() || s.value() < 0)
      return std::nullopt;
    std::optional<int64_t> next = checkedMul(n, s.value());
    if (!next)
      return std::nullopt;
    n = *next;
  }
  return n;
}

std::optional<int64_t> TensorMeta::concreteBytes() const {
  std::optional<int64_t> n = concreteNumel();
  if (!n)
    return std::nullopt;
  return checkedMul(*n, static_cast<int64_t>(dtypeItemSize(dtype)));
}

} // namespace piecewise
