//===- Registry.cpp - The extension's op registry and error boundary ------===//
//
// Binds `add_schemas`, `has_schema`, `canonical_op_pattern` and `pass_names`.
//
//===----------------------------------------------------------------------===//

#include "Registry.h"
#include "Bindings.h"

#include "piecewise/ir/Target.h"
#include "piecewise/transforms/Passes.h"

#include <pybind11/stl.h>

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace py = pybind11;

namespace piecewise::python {
namespace {

std::vector<std::unique_ptr<SourceBuffer>>& schemaBuffers() {
  static auto* v = new std::vector<std::unique_ptr<SourceBuffer>>();
  return *v;
}

} // namespace

OpRegistry& registry() {
  static OpRegistry* r = new OpRegistry(OpRegistry::withBuiltinAten());
  return *r;
}

void throwDiagnostics(const DiagnosticEngine& diag, std::string_view what) {
  std::string msg(what);
  if (!diag.diagnostics().empty())
    msg += ":\n" + diag.renderAll();
  throw std::runtime_error(msg);
}

void bindRegistry(py::module_& m) {
  m.def(
      "add_schemas",
      [](const std::string& text, const std::string& name) {
        auto& buf = schemaBuffers().emplace_back(std::make_unique<SourceBuffer>(name, text));
        DiagnosticEngine diag;
        if (failed(registry().addFromBuffer(*buf, diag)))
          throwDiagnostics(diag, "piecewise: bad schema");
      },
      py::arg("text"), py::arg("name") = "<python>",
      "Adds op schemas (one per line, torch's schema language) to the registry.");
  m.def("has_schema",
        [](const std::string& target) { return registry().lookup(target) != nullptr; });
  m.def("canonical_op_pattern", [](const std::string& p) { return canonicalOpPattern(p); });
  m.def("pass_names", []() {
    std::vector<std::string> names;
    PassRegistry reg = builtinPassRegistry();
    for (const auto* e : reg.entries())
      names.push_back(e->name);
    return names;
  });
}

} // namespace piecewise::python
