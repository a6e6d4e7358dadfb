//===- PythonNames.h - Python's keywords, builtins, reserved names -*- C++ -*-===//
//
// FX never names a node after a Python keyword, a builtin, or a name its
// generated code relies on (`self`, `torch`, `inf`, `nan`, `device`,
// `NoneType`, `fx_pytree`, `pytree`): its namespace renames such a value
// (`input` -> `input_1`). A node with such a name would print as code that
// means something else (`None = ...`, `def forward(self, self)`, a use of a
// node named `inf` read back as the float), so both parsers and the verifier
// reject it.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <string>
#include <string_view>

namespace piecewise {

/// True for one of Python's hard keywords (`None`, `class`, `elif`, ...): never a
/// name, and never a part of a dotted name, in a valid program.
bool isPythonKeyword(std::string_view name);

/// True for a name in Python's builtins module (`len`, `getattr`, `Ellipsis`)
/// that is not a keyword.
bool isPythonBuiltin(std::string_view name);

/// True when `name` is a Python keyword (`None`, `class`, `lambda`), a
/// builtin (`len`, `getattr`, `Ellipsis`), or one of the names FX's generated
/// code reserves (`self`, `torch`, `inf`, `nan`, `device`, `NoneType`,
/// `fx_pytree`, `pytree`).
bool isReservedPythonName(std::string_view name);

/// The diagnostic for a node named `name` when isReservedPythonName(name).
std::string reservedNameMessage(std::string_view name);

/// True for the prefix letters of a Python string literal (`r`, `b`, `rb`, `U`,
/// `f`, `t`, ...: Python 3.14's set, any case): a name Python's tokenizer reads
/// together with the quote that follows it.
bool isPythonStringPrefix(std::string_view name);

} // namespace piecewise
