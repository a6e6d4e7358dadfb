//===- CaptureBinding.cpp - `_core.check_capture` -------------------------===//
//
//   _core.check_capture(ir, splitting_ops=None, break_ops=None,
//                       static_inputs="all") -> (json, summary)
//
// The capture-safety check of an imported graph (an IRGraph: what
// piecewise.fx imported from the GraphModule, nothing printed and parsed
// again), planned as the CLI's `check-capture` plans it (planForCapture:
// splitting ops, the `split` pipeline; break ops, breakable capture) with the
// extension's registry (aten's table and the custom ops' schemas the import
// met), checked by partition/CaptureSafety.h and rendered by
// partition/CaptureCheckReport.h: the JSON `check-capture --json` prints (with
// each segment's `node_names`) and the summary line it prints. The split edits
// the graph: import a fresh one. A graph that does not plan raises
// RuntimeError with the diagnostics.
//
//   _core.make_capture_safe(ir, splitting_ops=None, break_ops=None,
//                           static_inputs="all") -> dict
//
// The automatic fix (partition/CaptureSafeCopies.h) on an IRGraph, in place;
// piecewise.make_capture_safe exports the result into a new GraphModule. On
// success the dict holds the JSON `check-capture --fix --json` prints (the
// check of the fixed graph and its `fix` member: the copies), rendered by the
// same function (partition/CaptureCheckReport.h), so that the copies have one
// writer.
//
//===----------------------------------------------------------------------===//

#include "Bindings.h"
#include "IRGraph.h"
#include "Registry.h"

#include "piecewise/partition/CaptureCheckReport.h"
#include "piecewise/partition/CaptureSafeCopies.h"

#include <pybind11/stl.h>

#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace py = pybind11;

namespace piecewise::python {
namespace {

[[noreturn]] void fail(const DiagnosticEngine& diag, std::string_view what) {
  std::string msg(what);
  if (!diag.diagnostics().empty())
    msg += ":\n" + diag.renderAll();
  throw std::runtime_error(msg);
}

StaticInputs staticInputsFrom(const std::string& s) {
  if (s == "all")
    return StaticInputs::All;
  if (s == "params")
    return StaticInputs::Params;
  if (s == "none")
    return StaticInputs::None;
  throw std::invalid_argument("static_inputs is 'all', 'params' or 'none'");
}

/// `_core.check_capture`: the plan `check-capture` checks (planForCapture) of
/// the imported graph (edited by the split: import a fresh one), checked with
/// the extension's registry and rendered by partition/CaptureCheckReport.h:
/// (JSON with node names, summary line).
py::tuple checkCaptureIR(IRGraph& ir, const std::optional<std::vector<std::string>>& splittingOps,
                         const std::optional<std::vector<std::string>>& breakOps,
                         const std::string& staticInputs) {
  if (splittingOps.has_value() == breakOps.has_value())
    throw std::invalid_argument("check_capture needs exactly one of splitting_ops and break_ops");
  CaptureSafeOptions options;
  options.check.staticInputs = staticInputsFrom(staticInputs);
  options.breakable = breakOps.has_value();
  if (breakOps)
    options.breakOps = *breakOps;
  else
    options.split.partition.splittingOps = *splittingOps;
  ir.plan().reset(); // it points into the graph the split edits
  DiagnosticEngine diag;
  FailureOr<PartitionPlan> plan = planForCapture(ir.graph(), &registry(), options, diag);
  if (failed(plan))
    fail(diag, "piecewise: the graph does not split");
  EffectAnalysis effects(&registry());
  CaptureCheckResult result = checkCapture(*plan, effects, options.check);
  CaptureJsonOptions json;
  json.breakable = options.breakable;
  json.staticInputs = options.check.staticInputs;
  json.nodeNames = true;
  return py::make_tuple(renderCaptureJson(result, *plan, json),
                        renderCaptureSummary(result, *plan));
}

/// `_core.make_capture_safe`: partition/CaptureSafeCopies.h's makeCaptureSafe
/// on an imported graph, in place, with the extension's registry (aten and
/// the schemas of the custom ops the import met). Returns {"ok": True,
/// "json": what `check-capture --fix --json` prints} or {"ok": False,
/// "errors": [messages], "text": rendered}.
py::dict makeCaptureSafeIR(IRGraph& ir, const std::optional<std::vector<std::string>>& splittingOps,
                           const std::optional<std::vector<std::string>>& breakOps,
                           const std::string& staticInputs) {
  if (splittingOps.has_value() == breakOps.has_value())
    throw std::invalid_argument(
        "make_capture_safe needs exactly one of splitting_ops and break_ops");
  CaptureSafeOptions options;
  options.check.staticInputs = staticInputsFrom(staticInputs);
  options.breakable = breakOps.has_value();
  if (breakOps)
    options.breakOps = *breakOps;
  else
    options.split.partition.splittingOps = *splittingOps;
  ir.plan().reset(); // it points into the graph edited here
  DiagnosticEngine diag;
  FailureOr<CaptureSafeResult> result = makeCaptureSafe(ir.graph(), &registry(), options, diag);
  py::dict out;
  out["ok"] = succeeded(result);
  if (failed(result)) {
    py::list errors;
    for (const Diagnostic& d : diag.diagnostics())
      if (d.severity == Severity::Error)
        errors.append(d.message);
    out["errors"] = errors;
    out["text"] = diag.renderAll();
    return out;
  }
  CaptureJsonOptions json;
  json.breakable = options.breakable;
  json.staticInputs = options.check.staticInputs;
  json.fix = &result->fix;
  out["json"] = renderCaptureJson(result->check, result->plan, json);
  return out;
}

} // namespace

void bindCapture(py::module_& m) {
  m.def("make_capture_safe", &makeCaptureSafeIR, py::arg("ir"), py::kw_only(),
        py::arg("splitting_ops") = py::none(), py::arg("break_ops") = py::none(),
        py::arg("static_inputs") = "all",
        "Rewrites an imported graph so that its captured pieces read only stable memory "
        "(see CaptureBinding.cpp); returns plain data.");
  m.def(
      "piecewise_schemas", [] { return std::string(piecewiseSchemas()); },
      "The schemas of piecewise's own ops (one a line), as the C++ registry has them.");
  m.def("check_capture", &checkCaptureIR, py::arg("ir"), py::kw_only(),
        py::arg("splitting_ops") = py::none(), py::arg("break_ops") = py::none(),
        py::arg("static_inputs") = "all",
        "The capture-safety check of an imported graph: (check-capture's JSON, its summary "
        "line) (see CaptureBinding.cpp).");
}

} // namespace piecewise::python
