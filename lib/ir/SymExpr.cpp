#include "piecewise/ir/SymExpr.h"

namespace piecewise {

bool SymExpr::isSingleSymbol() const {
  if (isConstant())
    return false;
  std::string_view s = text_.str();
  if (s.empty() || !isIdentStart(s[0]))
    return false;
  for (char c : s)
    if (!isIdentChar(c))
      return false;
  return true;
}

bool SymExpr::isUnbackedSymbolName(std::string_view name) {
  if (name.size() < 2 || name[0] != 'u')
    return false;
  for (size_t i = 1; i < name.size(); ++i)
    if (name[i] < '0' || name[i] > '9')
      return false;
  return true;
}

} // namespace piecewise
