//===- SymExpr.cpp - Sizes that may be symbolic ---------------------------===//
//
// Symbolic size expressions: boxed large constants, single symbols, unbacked names (SymExpr.h).
//
//===----------------------------------------------------------------------===//

#include "piecewise/ir/SymExpr.h"
#include "piecewise/support/CharClass.h"

#include <map>
#include <memory>
#include <mutex>

namespace piecewise {

const int64_t* SymExpr::boxLarge(int64_t v) {
  static std::mutex mu;
  static std::map<int64_t, std::unique_ptr<int64_t>> boxes;
  std::lock_guard<std::mutex> lock(mu);
  auto& slot = boxes[v];
  if (!slot)
    slot = std::make_unique<int64_t>(v);
  return slot.get();
}

bool SymExpr::isSingleSymbol() const {
  if (isConstant())
    return false;
  std::string_view s = text().str();
  if (s.empty() || !ascii::isIdentStart(s[0]))
    return false;
  for (char c : s)
    if (!ascii::isIdentChar(c))
      return false;
  return true;
}

bool SymExpr::isUnbackedSymbolName(std::string_view name) {
  // `u0` (an unbacked SymInt) or `zuf0` (an unbacked SymFloat).
  size_t digits = name.starts_with("zuf") ? 3 : 1;
  if (name.size() <= digits || name[0] != (digits == 3 ? 'z' : 'u'))
    return false;
  for (size_t i = digits; i < name.size(); ++i)
    if (!ascii::isDigit(name[i]))
      return false;
  return true;
}

} // namespace piecewise
