//===- Parser.cpp - Form detection and input sanity checks ----------------===//

#include "piecewise/text/Parser.h"

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

LogicalResult checkModuleText(const SourceBuffer& buffer, DiagnosticEngine& diag) {
  TextInputRules rules;
  rules.expected = "a graph in code form (`class ...` / `def forward`) or graph form (`graph():`)";
  rules.kind = "FX graph text";
  if (std::optional<TextInputProblem> problem = checkTextInput(buffer, rules)) {
    diag.error(problem->loc, std::move(problem->message));
    return failure();
  }
  return success();
}

FailureOr<std::unique_ptr<Module>> parseModule(const SourceBuffer& buffer, DiagnosticEngine& diag) {
  if (detectTextForm(buffer.text()) == TextForm::Graph)
    return parseGraphForm(buffer, diag);
  return parseCodeForm(buffer, diag);
}

} // namespace piecewise
