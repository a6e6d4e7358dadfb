//===- Parser.cpp - Form detection and input sanity checks ----------------===//

#include "piecewise/text/Parser.h"

#include <cstring>
#include <fmt/format.h>

namespace piecewise {

TextForm detectTextForm(std::string_view text) {
  size_t pos = 0;
  while (pos < text.size()) {
    size_t nl = text.find('\n', pos);
    std::string_view line = text.substr(pos, nl == std::string_view::npos ? text.npos : nl - pos);
    size_t b = line.find_first_not_of(" \t\r");
    if (b != std::string_view::npos && line[b] != '#') {
      std::string_view rest = line.substr(b);
      if (rest.substr(0, 6) == "graph(" || rest[0] == '%')
        return TextForm::Graph;
      return TextForm::Code;
    }
    if (nl == std::string_view::npos)
      break;
    pos = nl + 1;
  }
  return TextForm::Code;
}

FailureOr<std::unique_ptr<Module>> parseModule(const SourceBuffer& buffer, DiagnosticEngine& diag) {
  std::string_view text = buffer.text();
  // Binary input: report the first NUL byte instead of parsing garbage.
  if (const void* nul = std::memchr(text.data(), '\0', text.size())) {
    size_t off = static_cast<size_t>(static_cast<const char*>(nul) - text.data());
    uint32_t line = buffer.lineOf(off);
    uint32_t col = static_cast<uint32_t>(off - buffer.lineStart(line)) + 1;
    diag.error(Location{&buffer, line, col},
               "the input is binary (a NUL byte), not an FX graph dump");
    return failure();
  }
  if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) {
    diag.error(Location{&buffer, 1, 1}, "the input is empty: no graph to read");
    return failure();
  }
  if (detectTextForm(text) == TextForm::Graph)
    return parseGraphForm(buffer, diag);
  return parseCodeForm(buffer, diag);
}

} // namespace piecewise
