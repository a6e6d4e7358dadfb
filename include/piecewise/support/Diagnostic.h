//===- Diagnostic.h - Located error messages --------------------*- C++ -*-===//
//
// Every problem piecewise finds in its input is a Diagnostic: a severity, a
// Location and a message. The DiagnosticEngine collects them and renders them
// like a compiler does:
//
//   graph.py:12:9: error: name 'x' is used before it is defined
//       y = torch.ops.aten.relu.default(x)
//                                       ^
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/support/SourceBuffer.h"

#include <string>
#include <vector>

namespace piecewise {

enum class Severity { Error, Warning, Note };

struct Diagnostic {
  Severity severity = Severity::Error;
  Location loc;
  std::string message;
};

class DiagnosticEngine {
public:
  /// Records an error at `loc`.
  void error(Location loc, std::string message);
  void warning(Location loc, std::string message);
  void note(Location loc, std::string message);

  bool hasErrors() const { return numErrors_ != 0; }
  size_t numErrors() const { return numErrors_; }
  const std::vector<Diagnostic>& diagnostics() const { return diags_; }
  void clear();

  /// Renders one diagnostic as `file:line:col: error: msg`, the source line and a caret;
  /// one with no location (a usage error) as `piecewise: error: msg`.
  static std::string render(const Diagnostic& d);
  /// Renders all diagnostics in the order they were reported.
  std::string renderAll() const;

private:
  std::vector<Diagnostic> diags_;
  size_t numErrors_ = 0;
};

} // namespace piecewise
