//===- InplaceOperators.h - FX's augmented-assignment statements ----------===//
//
// FX prints a call of an in-place Python operator (`operator.iadd`, ...) as an
// augmented assignment followed by a binding of the node to the operand it
// updated:
//
//   getitem += 3.0;  iadd: "f32[3][1]cpu" = getitem;  getitem = None
//
// The parser reads that statement into an `operator.iadd(getitem, 3.0)` node
// named `iadd`; the printer writes the node back the same way. This table is
// the one place both sides read. Private to lib/text.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <string_view>

namespace piecewise::text {

struct InplaceOperator {
  std::string_view symbol; ///< `+` for `+=`
  std::string_view target; ///< `operator.iadd`
};

inline constexpr InplaceOperator kInplaceOperators[] = {
    {"+", "operator.iadd"},     {"-", "operator.isub"},       {"*", "operator.imul"},
    {"/", "operator.itruediv"}, {"//", "operator.ifloordiv"}, {"%", "operator.imod"},
    {"**", "operator.ipow"},    {"@", "operator.imatmul"},    {"&", "operator.iand"},
    {"|", "operator.ior"},      {"^", "operator.ixor"},       {"<<", "operator.ilshift"},
    {">>", "operator.irshift"},
};

/// The operator.i* target of the augmented assignment `symbol=`, or empty.
inline std::string_view inplaceOperatorTarget(std::string_view symbol) {
  for (const InplaceOperator& op : kInplaceOperators)
    if (op.symbol == symbol)
      return op.target;
  return {};
}

/// The operator symbol (`+`) FX prints for an operator.i* target, or empty.
inline std::string_view inplaceOperatorSymbol(std::string_view target) {
  for (const InplaceOperator& op : kInplaceOperators)
    if (op.target == target)
      return op.symbol;
  return {};
}

} // namespace piecewise::text
