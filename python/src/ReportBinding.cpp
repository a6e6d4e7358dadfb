//===- ReportBinding.cpp - `piecewise report`'s page, from Python ---------===//
//
// `_core.render_report(text, title=..., splitting_ops=[...], schemas="",
// rematerialize_symints=False)` returns the HTML page `piecewise report FILE
// --splitting-ops=... [--rematerialize-symints]` writes for
// the code-form `text`: parsed, verified against aten's schemas plus
// `schemas` (torch's schema language, one per line: the graph's custom ops),
// planned (codegen/PlanPipeline.h), checked for capture safety and rendered
// by the CLI's own function (codegen/HtmlReport.h, renderReportPage). The
// backend's report_dir uses it (no CLI subprocess). Bad input raises
// RuntimeError with the located diagnostics.
//
//===----------------------------------------------------------------------===//

#include "Bindings.h"
#include "Registry.h"

#include "piecewise/codegen/HtmlReport.h"
#include "piecewise/codegen/PlanPipeline.h"
#include "piecewise/text/Parser.h"
#include "piecewise/verify/Verifier.h"

#include <pybind11/stl.h>

#include <memory>
#include <string>
#include <vector>

namespace py = pybind11;

namespace piecewise::python {
namespace {

std::string renderReport(const std::string& text, const std::string& title,
                         const std::vector<std::string>& splittingOps, const std::string& schemas,
                         bool rematerializeSymInts) {
  DiagnosticEngine diag;
  OpRegistry reg = OpRegistry::withBuiltinAten();
  SourceBuffer schemaBuffer("<schemas>", schemas);
  if (!schemas.empty() && failed(reg.addFromBuffer(schemaBuffer, diag)))
    throwDiagnostics(diag, "piecewise: bad schema");
  SourceBuffer buffer(title, text);
  FailureOr<std::unique_ptr<Module>> module = parseModule(buffer, diag);
  if (failed(module) || diag.hasErrors())
    throwDiagnostics(diag, "piecewise: the graph does not parse");
  if (failed(verifyModule(**module, &reg, diag)))
    throwDiagnostics(diag, "piecewise: the graph does not verify");
  PlanPipelineOptions options;
  options.splittingOps = splittingOps;
  options.rematerializeSymInts = rematerializeSymInts;
  FailureOr<std::unique_ptr<PlanPipelineResult>> result =
      runPlanPipeline((*module)->graph(), &reg, options, diag);
  if (failed(result))
    throwDiagnostics(diag, "piecewise: the partition plan failed");
  HtmlReportOptions page;
  page.title = title;
  page.splittingOps = splittingOps;
  page.sourceModule = module->get();
  return renderReportPage(**result, &reg, page);
}

} // namespace

void bindReport(py::module_& m) {
  m.def("render_report", &renderReport, py::arg("text"), py::kw_only(), py::arg("title"),
        py::arg("splitting_ops"), py::arg("schemas") = "", py::arg("rematerialize_symints") = false,
        "The HTML page `piecewise report` writes for a code-form graph split at "
        "`splitting_ops` (see ReportBinding.cpp).");
}

} // namespace piecewise::python
