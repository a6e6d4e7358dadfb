#include "piecewise/ir/TensorMeta.h"

namespace piecewise {

std::optional<int64_t> TensorMeta::concreteBytes() const {
  int64_t n = 1;
  for (const SymExpr& s : sizes) {
    if (!s.isConstant())
      return std::nullopt;
    n *= s.value();
  }
  return n * static_cast<int64_t>(dtypeItemSize(dtype));
}

} // namespace piecewise
