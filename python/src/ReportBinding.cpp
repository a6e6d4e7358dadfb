//===- ReportBinding.cpp - `piecewise report`'s page, from Python ---------===//
//
// `_core.render_report(ir, title=..., splitting_ops=[...],
// rematerialize_symints=False)` returns the HTML page `piecewise report FILE
// --splitting-ops=... [--rematerialize-symints]` writes, for the graph the
// IRGraph holds (what piecewise.fx imported from the GraphModule: nothing is
// printed and parsed again): verified against the extension's registry (aten's
// table and the custom ops' schemas piecewise.fx added), planned
// (codegen/PlanPipeline.h) and rendered by codegen/PlanReport.h, the CLI's
// own driver. The graph is edited by the plan (decompose-size): import a
// fresh IRGraph for it. The backend's report_dir uses it. Bad input raises
// RuntimeError with the located diagnostics.
//
//===----------------------------------------------------------------------===//

#include "Bindings.h"
#include "IRGraph.h"
#include "Registry.h"

#include "piecewise/codegen/PlanPipeline.h"
#include "piecewise/codegen/PlanReport.h"
#include "piecewise/verify/Verifier.h"

#include <pybind11/stl.h>

#include <memory>
#include <string>
#include <vector>

namespace py = pybind11;

namespace piecewise::python {
namespace {

std::string renderReport(IRGraph& ir, const std::string& title,
                         const std::vector<std::string>& splittingOps, bool rematerializeSymInts) {
  DiagnosticEngine diag;
  if (failed(verifyModule(ir.module(), &registry(), diag)))
    throwDiagnostics(diag, "piecewise: the graph does not verify");
  PlanPipelineOptions options;
  options.splittingOps = splittingOps;
  options.rematerializeSymInts = rematerializeSymInts;
  FailureOr<std::unique_ptr<PlanPipelineResult>> result =
      runPlanPipeline(ir.graph(), &registry(), options, diag);
  if (failed(result))
    throwDiagnostics(diag, "piecewise: the partition plan failed");
  HtmlReportOptions page;
  page.title = title;
  page.splittingOps = splittingOps;
  page.sourceModule = &ir.module();
  return renderPlanReport(**result, registry(), page).page;
}

} // namespace

void bindReport(py::module_& m) {
  m.def("render_report", &renderReport, py::arg("ir"), py::kw_only(), py::arg("title"),
        py::arg("splitting_ops"), py::arg("rematerialize_symints") = false,
        "The HTML page `piecewise report` writes for the graph of `ir` split at "
        "`splitting_ops` (see ReportBinding.cpp).");
}

} // namespace piecewise::python
