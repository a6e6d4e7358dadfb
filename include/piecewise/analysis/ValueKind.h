//===- ValueKind.h - What kind of value a node produces ---------*- C++ -*-===//
//
// Piece boundaries must be flat: AOTAutograd and standalone_compile accept
// tensors and scalars only. ValueKind says what a node's value is, from its
// meta when the dump carried one, else from the op's schema (`-> Tensor`,
// `-> Tensor[]`, `-> ()`), else from the few call shapes whose result is known
// (`x.size()` is a torch.Size, a getitem of a list is an element of it).
// What cannot be told is Opaque: allowed across a boundary, reported as such.
//
//   tensor, symint, symfloat, symbool   - the flat kinds a compiler expects
//   int, float, bool, none              - plain Python scalars (constant Sym meta)
//   opaque                              - unknown; never guessed
//   tuple, size                         - never allowed across a boundary
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/ir/Node.h"
#include "piecewise/schema/OpRegistry.h"

#include <optional>
#include <string_view>

namespace piecewise {

enum class ValueKind : uint8_t {
  Tensor,
  SymInt,
  SymFloat,
  SymBool,
  Int,
  Float,
  Bool,
  None,
  Opaque,
  Tuple, ///< a tuple or list (multi-output ops, HOPs, `Tensor[]` returns)
  Size,  ///< a torch.Size (`x.size()`)
};

/// `tensor`, `symint`, ..., `tuple`, `size`: the spelling of `split --json`.
std::string_view valueKindName(ValueKind kind);

/// True for every kind that may cross a piece boundary (all but Tuple and Size).
inline bool isFlatValueKind(ValueKind kind) {
  return kind != ValueKind::Tuple && kind != ValueKind::Size;
}

/// The kind of the value `node` produces. `registry` may be null (schemas are
/// then not consulted). Never fails: unknown is Opaque.
ValueKind classifyValue(const Node& node, const OpRegistry* registry);

/// The kind described by a meta alone, or nullopt when it is none.
std::optional<ValueKind> valueKindOfMeta(const Meta& meta);

} // namespace piecewise
