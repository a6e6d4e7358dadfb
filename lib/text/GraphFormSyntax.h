//===- GraphFormSyntax.h - Bare tokens of the graph form --------*- C++ -*-===//
//
// `print(gm.graph)` writes most values with str(), not repr(): strings lose
// their quotes (`layer_name: model.layers.0.attn`), devices print as
// `cuda:0`, ops as `aten.add.Tensor`. A reader therefore has to classify a
// bare token by its spelling. This header is the one place that decides it;
// the graph-form parser reads with it and the graph-form printer uses it to
// check that what it writes reads back as the same value (and quotes a string
// that would not).
//
//   None True False Ellipsis ...         -> the constants
//   12  -3                               -> int      (out of int64 range: opaque)
//   1e-06  2.0  inf  -inf  nan           -> float
//   2j  1+2j  inf+0j                     -> complex
//                                           (each exactly as str() writes the
//                                           number, Literal.h's readCanonicalNumber:
//                                           `1_000`, `1e-6`, `007` are strings)
//   torch.float32 / torch.strided / torch.contiguous_format
//                                        -> dtype / layout / memory format
//   cpu  cuda  cuda:0  hip:0  xpu:1      -> device (every type torch.device accepts)
//   torch.ops.ns.op[.overload]           -> op, anywhere
//   ns.op.default                        -> op, anywhere
//   ns.op[.overload]                     -> op, only where an op is expected
//                                           (the first argument of a
//                                           higher_order op)
//   anything else                        -> string
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/ir/DType.h"
#include "piecewise/ir/Node.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace piecewise::text {

enum class BareKind : uint8_t {
  None,
  True,
  False,
  Ellipsis,
  Int,
  Float,
  Complex, ///< floatValue + imagValue j
  DType,
  Layout,
  MemoryFormat,
  Device,
  Op,
  Opaque,
  String,
};

struct BareValue {
  BareKind kind = BareKind::String;
  int64_t intValue = 0;
  double floatValue = 0;
  double imagValue = 0;
  DType dtype = DType::Unknown;
  /// Layout / memory format name without `torch.` (`strided`), device text
  /// (`cuda:0`), or the canonical op target (`aten::add.Tensor`).
  std::string text;
};

/// Classifies a trimmed bare token. `opContext` is true where FX prints an op
/// value (the first argument of a `higher_order::` target).
BareValue classifyBareToken(std::string_view token, bool opContext);

/// True when `s`, written without quotes, reads back as the same string.
bool isSafeBareString(std::string_view s, bool opContext);

/// True for `cpu`, `cuda`, `cuda:0`, `hip:1`, ...: str(torch.device) for a
/// device type in piecewise/ir/ValueTables.h.
bool isDeviceSpelling(std::string_view s);

/// The canonical target for a call_function target as the graph form prints
/// it: `torch.ops.aten.mm.default` -> `aten::mm.default`,
/// `<built-in function mul>` -> `operator.mul`,
/// `<built-in function getattr>` -> `builtins.getattr`; others verbatim.
std::string canonicalGraphFormTarget(std::string_view target);

/// True for `name` or `a.b.c` (identifiers joined by dots).
bool isDottedName(std::string_view s);

/// True when a node of kind `op` with this (canonical) target can be written
/// in code form: an op overload or packet (`aten::mm.default`) or a
/// module-qualified Python name (`torch.sigmoid`, `operator.getitem`) for
/// call_function, an identifier for call_method and
/// placeholders, a path of identifiers or numbers (`layers.0.mlp`) for
/// call_module and get_attr. What the graph form allows beyond that
/// (`<function f at 0x7f...>`, arbitrary bytes) would print as code that
/// does not parse.
bool isCodeFormTarget(OpKind op, std::string_view target);

} // namespace piecewise::text
