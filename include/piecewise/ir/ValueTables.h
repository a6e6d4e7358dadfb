//===- ValueTables.h - The named torch and Python values --------*- C++ -*-===//
//
// One table each of the names an FX argument value can spell, read by both
// text forms, the printer, the schema defaults and codegen (dtypes have their
// own table in DType.h):
//
//   device types    every type torch.device accepts in torch 2.13 (the list
//                   c10's device-string parser names in its error message:
//                   `torch.device('x')` fails with "Expected one of cpu, cuda,
//                   ipu, xpu, ..."); a device value is `type` or `type:N`
//   layouts         torch.strided, torch.sparse_coo, ... (`torch.layout` objects)
//   memory formats  torch.contiguous_format, ... (`torch.memory_format`
//                   objects; `legacy_contiguous_format` is the same object as
//                   `contiguous_format` and reads as it)
//   operators       the functions of Python's `operator` module FX graphs
//                   call, with the syntax FX prints for them (`a * b`, `-a`,
//                   `x[i]`, `a += b`)
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace piecewise {

/// The device types torch 2.13's torch.device accepts, in c10's order.
std::span<const std::string_view> deviceTypes();
/// True for a device type torch.device accepts (`cuda`, `hip`, `privateuseone`).
bool isDeviceType(std::string_view type);

/// A device value split into its parts: `cuda:0` -> {"cuda", 0}, `cpu` -> {"cpu", none}.
struct DeviceSpelling {
  std::string_view type;
  std::optional<int64_t> index;
};
/// Reads `type` or `type:N` as str(torch.device) writes it: a known device
/// type, then optionally ':' and a decimal index without sign or leading zeros
/// (`cuda:0`, `xpu:12`). Anything else is no device.
std::optional<DeviceSpelling> parseDeviceSpelling(std::string_view s);

/// True for a layout's name under `torch.` (`strided`, `sparse_coo`, ...).
bool isLayoutName(std::string_view name);
/// The canonical memory format for a name under `torch.` (`channels_last`;
/// `legacy_contiguous_format` -> `contiguous_format`), or empty.
std::string_view canonicalMemoryFormat(std::string_view name);

/// How FX prints a call of an `operator` function.
enum class OperatorSyntax : uint8_t {
  Call,    ///< no syntax of its own: `operator.contains(a, b)`
  Binary,  ///< `a * b`
  Unary,   ///< `-a`, `not a`
  Index,   ///< `x[i]`
  Inplace, ///< `a += b;  iadd = a`
};

struct PythonOperator {
  std::string_view name;   ///< the function's name in `operator` (`mul`, `iadd`)
  std::string_view symbol; ///< `*`, `-`, `not`, `+` (of `+=`); empty for Call and Index
  OperatorSyntax syntax;
};

/// Every `operator` function FX graphs call.
std::span<const PythonOperator> pythonOperators();
/// The entry for `operator.<name>`, or null.
const PythonOperator* findPythonOperator(std::string_view name);
/// The operator of the given syntax spelled `symbol` (`*` Binary is `mul`,
/// `+` Inplace is `iadd`), or null.
const PythonOperator* findOperatorBySymbol(std::string_view symbol, OperatorSyntax syntax);

} // namespace piecewise
