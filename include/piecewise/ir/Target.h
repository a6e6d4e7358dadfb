//===- Target.h - Spelling of call targets ----------------------*- C++ -*-===//
//
// Dumps spell an op as Python (`torch.ops.aten.slice.Tensor`); the IR keeps
// the canonical schema spelling (`aten::slice.Tensor`). These functions map
// between the two and answer the matching questions the partitioners ask.
//
//   torch.ops.aten.add.Tensor        <-> aten::add.Tensor   (overload)
//   torch.ops.aten.add               <-> aten::add          (packet)
//   torch.ops.higher_order.cond      <-> higher_order::cond
//   operator.getitem, torch.sigmoid   (kept as written: Python callables)
//
//===----------------------------------------------------------------------===//
#pragma once

#include <string>
#include <string_view>

namespace piecewise {

/// Canonical target for a dotted Python spelling: `torch.ops.ns.op[.overload]`
/// becomes `ns::op[.overload]`; anything else is returned unchanged.
std::string canonicalTarget(std::string_view dotted);

/// The Python spelling of a canonical target: `aten::add.Tensor` becomes
/// `torch.ops.aten.add.Tensor`; a target without `::` is returned unchanged.
std::string pythonTarget(std::string_view canonical);

/// The short spelling FX uses when an op is printed as a value in graph form:
/// `aten::add.Tensor` becomes `aten.add.Tensor`.
std::string dottedOpName(std::string_view canonical);

/// True when `target` is a torch op (`ns::op` or `ns::op.overload`).
inline bool isOpTarget(std::string_view target) {
  return target.find("::") != std::string_view::npos;
}

/// `aten::add` for `aten::add.Tensor` and for `aten::add`.
std::string_view opPacket(std::string_view canonical);
/// `Tensor` for `aten::add.Tensor`; empty for a packet.
std::string_view opOverload(std::string_view canonical);

/// Canonicalizes a user-written op pattern (`vllm.unified_attention` -> `vllm::unified_attention`,
/// `torch.ops.aten.mm.default` -> `aten::mm.default`).
std::string canonicalOpPattern(std::string_view pattern);

} // namespace piecewise
