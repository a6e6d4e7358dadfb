//===- FlatBoundaries.cpp - Only flat values cross piece boundaries -------===//
//
// Checks and repairs piece boundaries so only tensors, SymInts and scalars cross
// (FlatBoundaries.h).
//
//===----------------------------------------------------------------------===//

#include "piecewise/partition/FlatBoundaries.h"

#include <fmt/format.h>

namespace piecewise {

namespace {

std::string_view describe(ValueKind k) {
  switch (k) {
  case ValueKind::Tuple:
    return "a tuple or list";
  case ValueKind::Size:
    return "a torch.Size";
  default:
    return valueKindName(k);
  }
}

} // namespace

LogicalResult verifyFlatBoundaries(const PartitionPlan& plan, const OpRegistry* registry,
                                   DiagnosticEngine& diag) {
  const NodeNumbering& num = plan.numbering();
  std::vector<uint8_t> reported(num.size(), 0);
  bool ok = true;

  auto check = [&](const Node* value, const Piece* into) {
    uint32_t i = num.lookup(value);
    if (i == NodeNumbering::kAbsent || reported[i])
      return;
    ValueKind k = classifyValue(*value, registry);
    if (isFlatValueKind(k))
      return;
    reported[i] = 1;
    ok = false;
    const Piece* from = plan.pieceOf(value);
    std::string where = from ? fmt::format("from {}", from->name()) : "from the graph inputs";
    std::string to = into ? fmt::format("into {}", into->name()) : "to the graph output";
    diag.error(value->loc(),
               fmt::format("'{}' is {} and would cross a piece boundary ({} {}); only tensors "
                           "and scalars may cross (run decompose-size for x.size() values)",
                           value->name().str(), describe(k), where, to));
  };

  for (const Piece& p : plan.pieces()) {
    for (const Node* in : p.inputs)
      check(in, &p);
    for (const Node* out : p.outputs) {
      for (const Node* user : out->users()) {
        if (user->isOutput()) {
          check(out, nullptr);
          break;
        }
      }
    }
  }
  return ok ? success() : failure();
}

} // namespace piecewise
