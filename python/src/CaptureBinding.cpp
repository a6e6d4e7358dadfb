//===- CaptureBinding.cpp - `_core.check_capture` -------------------------===//
//
//   _core.check_capture(text, schemas, splitting_ops=None, break_ops=None,
//                       static_inputs="all") -> dict
//
// Reads a graph in code form (what piecewise.fx prints for a GraphModule),
// with the aten table and the given schema lines (the graph's custom ops, as
// torch has them), builds the plan exactly as the CLI's `check-capture` does
// (splitting ops: the `split` pipeline; break ops: breakable capture) and
// runs partition/CaptureSafety.h on it. The result is plain Python data:
//
//   {"clean": bool,
//    "segments": [{"name", "kind": "captured"|"eager", "nodes": [node names],
//                  "unstable_reads": int, "uncapturable_ops": int, "baked_scalars": int}],
//    "eager_ops": [{"name", "target", "segment", "contract", "stable", "buffer"}],
//    "unstable_reads": [{"segment", "value", "consumer", "origin", "origin_target",
//                        "chain": [names], "cause", "certain", "sizes_data_dependent",
//                        "message", "fix", "line", "col"}],
//    "uncapturable_ops": [{"segment", "name", "target", "cause", "certain", "reason",
//                          "message", "fix", "line", "col"}],
//    "baked_scalars": [like unstable_reads, cause "baked-scalar"]}
//
// Node names are those of the text, which piecewise.fx prints from the
// fx.Nodes' names. A graph that does not parse or plan raises RuntimeError
// with the diagnostics.
//
//   _core.make_capture_safe(ir, splitting_ops=None, break_ops=None,
//                           static_inputs="all") -> dict
//
// The automatic fix (partition/CaptureSafeCopies.h) on an IRGraph, in place;
// piecewise.make_capture_safe exports the result into a new GraphModule.
//
//===----------------------------------------------------------------------===//

#include "Bindings.h"
#include "IRGraph.h"
#include "Registry.h"

#include "piecewise/partition/CaptureSafeCopies.h"
#include "piecewise/partition/CaptureSafety.h"
#include "piecewise/partition/SplitGraph.h"
#include "piecewise/schema/OpRegistry.h"
#include "piecewise/text/Parser.h"

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

std::string str(const Node* n) {
  return std::string(n->name().str());
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

py::dict checkCaptureText(const std::string& text, const std::vector<std::string>& schemas,
                          const std::optional<std::vector<std::string>>& splittingOps,
                          const std::optional<std::vector<std::string>>& breakOps,
                          const std::string& staticInputs) {
  if (splittingOps.has_value() == breakOps.has_value())
    throw std::invalid_argument("check_capture needs exactly one of splitting_ops and break_ops");
  CaptureCheckOptions options;
  options.staticInputs = staticInputsFrom(staticInputs);

  DiagnosticEngine diag;
  OpRegistry registry = OpRegistry::withBuiltinAten();
  std::string schemaText;
  for (const std::string& s : schemas)
    schemaText += s + "\n";
  SourceBuffer schemaBuffer("<schemas>", schemaText);
  if (!schemaText.empty() && failed(registry.addFromBuffer(schemaBuffer, diag)))
    fail(diag, "piecewise: bad schema");
  SourceBuffer buffer("<graph>", text);
  FailureOr<std::unique_ptr<Module>> module = parseModule(buffer, diag);
  if (failed(module))
    fail(diag, "piecewise: the graph does not parse");
  Graph& graph = (*module)->graph();
  FailureOr<PartitionPlan> plan = failure();
  if (splittingOps) {
    SplitGraphOptions splitOptions;
    splitOptions.partition.splittingOps = *splittingOps;
    plan = splitGraph(graph, &registry, splitOptions, diag);
  } else {
    plan = partitionForBreakableCapture(graph, *breakOps, &registry, diag);
  }
  if (failed(plan))
    fail(diag, "piecewise: the graph does not split");
  EffectAnalysis effects(&registry);
  CaptureCheckResult result = checkCapture(*plan, effects, options);

  py::list segments;
  for (size_t p = 0; p < plan->size(); ++p) {
    const Piece& piece = plan->pieces()[p];
    py::list nodes;
    for (const Node* n : piece.nodes)
      nodes.append(str(n));
    py::dict s;
    s["name"] = piece.name();
    s["kind"] = piece.kind == PieceKind::Compiled ? "captured" : "eager";
    s["nodes"] = nodes;
    s["unstable_reads"] = result.unstablePerPiece[p];
    s["uncapturable_ops"] = result.uncapturablePerPiece[p];
    s["baked_scalars"] = result.bakedPerPiece[p];
    segments.append(s);
  }
  py::list ops;
  for (const EagerOp& op : result.eagerOps) {
    py::dict d;
    d["name"] = str(op.node);
    d["target"] = std::string(op.node->target().str());
    d["segment"] = plan->pieces()[op.pieceIndex].name();
    d["contract"] = std::string(outputContractName(op.contract));
    d["stable"] = op.stable;
    d["buffer"] = op.buffer ? py::object(py::str(str(op.buffer))) : py::object(py::none());
    ops.append(d);
  }
  auto readList = [&](const std::vector<UnstableRead>& list) {
    py::list reads;
    for (const UnstableRead& r : list) {
      py::list chain;
      for (const Node* n : r.chain)
        chain.append(str(n));
      py::dict d;
      d["segment"] = plan->pieces()[r.pieceIndex].name();
      d["value"] = str(r.value);
      d["consumer"] = str(r.consumer);
      d["origin"] = str(r.origin());
      d["origin_target"] = std::string(r.origin()->target().str());
      d["chain"] = chain;
      d["cause"] = std::string(unstableCauseName(r.cause));
      d["certain"] = r.certain;
      d["sizes_data_dependent"] = r.sizesDataDependent;
      d["message"] = describeUnstableRead(r, *plan);
      d["fix"] = fixForUnstableRead(r);
      d["line"] = r.origin()->loc().line;
      d["col"] = r.origin()->loc().col;
      reads.append(d);
    }
    return reads;
  };
  py::list uncapturable;
  for (const UncapturableOp& op : result.uncapturableOps) {
    py::dict d;
    d["segment"] = plan->pieces()[op.pieceIndex].name();
    d["name"] = str(op.node);
    d["target"] = std::string(op.node->target().str());
    d["cause"] = std::string(unstableCauseName(op.cause));
    d["certain"] = op.certain;
    d["reason"] = op.reason;
    d["message"] = describeUncapturableOp(op, *plan);
    d["fix"] = fixForUncapturableOp(op);
    d["line"] = op.node->loc().line;
    d["col"] = op.node->loc().col;
    uncapturable.append(d);
  }
  py::dict out;
  out["clean"] = result.clean();
  out["segments"] = segments;
  out["eager_ops"] = ops;
  out["unstable_reads"] = readList(result.unstableReads);
  out["uncapturable_ops"] = uncapturable;
  out["baked_scalars"] = readList(result.bakedScalars);
  return out;
}

/// `_core.make_capture_safe`: partition/CaptureSafeCopies.h's makeCaptureSafe
/// on an imported graph, in place, with the extension's registry (aten and
/// the schemas of the custom ops the import met). Returns
/// {"ok": True, "copies": [{"value", "buffer", "copy", "copy_back", "bytes"}],
///  "bytes_per_step"} or {"ok": False, "errors": [messages], "text": rendered}.
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
  py::list copies;
  for (const CaptureCopy& c : result->fix.copies) {
    py::dict d;
    d["value"] = str(c.value);
    d["buffer"] = str(c.buffer);
    d["copy"] = str(c.copy);
    d["copy_back"] = c.copyBack ? py::object(py::str(str(c.copyBack))) : py::object(py::none());
    d["bytes"] = c.bytes;
    copies.append(d);
  }
  out["copies"] = copies;
  out["bytes_per_step"] = result->fix.bytesPerStep;
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
  m.def("check_capture", &checkCaptureText, py::arg("text"), py::arg("schemas"),
        py::arg("splitting_ops") = py::none(), py::arg("break_ops") = py::none(),
        py::arg("static_inputs") = "all",
        "The capture-safety check on a graph in code form (see CaptureBinding.cpp); returns "
        "plain data.");
}

} // namespace piecewise::python
