//===- Registry.h - The extension's op registry and error boundary -*- C++ -*-===//
//
// The one OpRegistry the extension's graphs use (aten's built-in table plus
// the schemas Python adds) and how a C++ failure becomes a Python error.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/schema/OpRegistry.h"
#include "piecewise/support/Diagnostic.h"

#include <string_view>

namespace piecewise::python {

/// The process-wide registry (never destroyed).
OpRegistry& registry();

/// Throws a RuntimeError with `what` and the rendered diagnostics.
[[noreturn]] void throwDiagnostics(const DiagnosticEngine& diag, std::string_view what);

} // namespace piecewise::python
