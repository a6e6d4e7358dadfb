//===- PyStatementScanner.h - Logical lines of a Python module --*- C++ -*-===//
//
// The wrapper verifier reads Inductor's generated output code, which is a
// whole Python module, not one FX statement a line. This scanner turns the
// module text into Python's *logical lines*: one per statement line, with the
// indentation of its first physical line and its tokens. It follows Python's
// own lexical rules where they matter for name scoping:
//
//   - a line inside open brackets continues the logical line (multi-line calls),
//     and so does a backslash at the end of a line;
//   - comments and blank lines produce nothing (so they never change the
//     indentation structure);
//   - string literals with any prefix (r, b, u, f, rb, fr, ...) are one token,
//     and triple-quoted strings may span lines: the triton/C++ kernel source in
//     `async_compile.triton('''...''')` is never seen as code;
//   - indentation counts a tab as advancing to the next multiple of 8.
//
// It never recurses, so deep nesting or huge lines cannot overflow the stack,
// and it stops at the first lexical error (unterminated string, unmatched or
// unclosed bracket, a character Python does not accept), which it reports with
// its position. Private to lib/verify.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace piecewise::pyscan {

enum class PyTokKind : uint8_t {
  Name,   ///< identifier or keyword
  Number, ///< numeric literal
  String, ///< string literal, prefix and quotes included
  Op,     ///< operator or delimiter: `=`, `+=`, `.`, `,`, `:`, `:=`, `->`, `@`, ...
  Open,   ///< ( [ {
  Close,  ///< ) ] }
};

struct PyToken {
  PyTokKind kind = PyTokKind::Op;
  std::string_view text;
  uint32_t line = 0; ///< 1-based physical line of the first character
  uint32_t col = 0;  ///< 1-based byte column of the first character

  bool isName(std::string_view n) const { return kind == PyTokKind::Name && text == n; }
  bool isOp(std::string_view o) const { return kind == PyTokKind::Op && text == o; }
};

/// One statement line: tokens [firstToken, firstToken + numTokens) of the scan.
struct PyLogicalLine {
  uint32_t indent = 0; ///< indentation width of its first physical line
  uint32_t line = 0;   ///< 1-based physical line where it starts
  uint32_t firstToken = 0;
  uint32_t numTokens = 0;
};

struct PyScanError {
  uint32_t line = 0;
  uint32_t col = 0;
  std::string message;
};

struct PyScanResult {
  std::vector<PyToken> tokens;
  std::vector<PyLogicalLine> lines;
  /// Set when scanning stopped early; `lines` holds what came before.
  std::optional<PyScanError> error;
};

/// Scans `text` (a whole module, or a fragment of one) into logical lines.
/// Tokens point into `text`, which must outlive the result.
PyScanResult scanPythonModule(std::string_view text);

} // namespace piecewise::pyscan
