//===- Diagnostic.cpp - Located error messages ----------------------------===//
//
// Collects diagnostics and renders them as `file:line:col: error: ...` with a caret line
// (Diagnostic.h).
//
//===----------------------------------------------------------------------===//

#include "piecewise/support/Diagnostic.h"

#include <fmt/format.h>

namespace piecewise {

void DiagnosticEngine::error(Location loc, std::string message) {
  diags_.push_back({Severity::Error, loc, std::move(message)});
  ++numErrors_;
}

void DiagnosticEngine::warning(Location loc, std::string message) {
  diags_.push_back({Severity::Warning, loc, std::move(message)});
}

void DiagnosticEngine::note(Location loc, std::string message) {
  diags_.push_back({Severity::Note, loc, std::move(message)});
}

void DiagnosticEngine::clear() {
  diags_.clear();
  numErrors_ = 0;
}

static const char* severityName(Severity s) {
  switch (s) {
  case Severity::Error:
    return "error";
  case Severity::Warning:
    return "warning";
  case Severity::Note:
    return "note";
  }
  return "error";
}

std::string DiagnosticEngine::render(const Diagnostic& d) {
  // Not about any input (a usage error, a whole-plan note): said by the tool.
  if (!d.loc.buffer)
    return fmt::format("piecewise: {}: {}\n", severityName(d.severity), d.message);
  if (d.loc.line == 0)
    return fmt::format("{}: {}: {}\n", d.loc.buffer->name(), severityName(d.severity), d.message);
  std::string out = fmt::format("{}:{}:{}: {}: {}\n", d.loc.buffer->name(), d.loc.line, d.loc.col,
                                severityName(d.severity), d.message);
  std::string_view line = d.loc.buffer->lineText(d.loc.line);
  // Very long lines (a 10 MB single line) are shown as a window around the column.
  constexpr size_t kWindow = 160;
  size_t col = d.loc.col ? d.loc.col - 1 : 0;
  size_t begin = 0;
  std::string prefix;
  if (line.size() > kWindow * 2) {
    begin = col > kWindow / 2 ? col - kWindow / 2 : 0;
    if (begin > 0)
      prefix = "...";
    line = line.substr(begin, kWindow);
  }
  std::string shown = prefix;
  for (char c : line) // keep the caret aligned and the terminal sane
    shown.push_back((static_cast<unsigned char>(c) < 0x20 && c != '\t') || c == 0x7f ? '?' : c);
  out += shown;
  out += '\n';
  size_t caret = prefix.size() + (col >= begin ? col - begin : 0);
  for (size_t i = 0; i < caret; ++i)
    out.push_back(i >= prefix.size() && i - prefix.size() < line.size() &&
                          line[i - prefix.size()] == '\t'
                      ? '\t'
                      : ' ');
  out += "^\n";
  return out;
}

std::string DiagnosticEngine::renderAll() const {
  std::string out;
  for (const Diagnostic& d : diags_)
    out += render(d);
  return out;
}

} // namespace piecewise
