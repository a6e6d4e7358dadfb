//===- ExplainBinding.cpp - `_core.explain` -------------------------------===//
//
// `_core.explain(ir)` -> (text, differences): renderExplanation()'s text and
// renderExplanationJson()'s records (codegen/PlanJson.h, the same writer as
// `piecewise split --json --explain`), one dict per difference:
//
//   {"place": "compiled piece between splitting op A and splitting op A",
//    "category": "constant", "where": "node #7 (vllm::kv_update.default) argument 2",
//    "reference": "submod_2", "other": "submod_4",
//    "reference_pieces": ["submod_2", ...], "other_pieces": ["submod_4"],
//    "reference_node": "kv_update", "other_node": "kv_update_1",  (None when absent)
//    "reference_value": "'model.layers.0.attn'", "other_value": "'model.layers.1.attn'",
//    "message": "..."}
//
// The caller loads every node's meta and hashes the plan first
// (IRGraph.hashes()); a plan without hashes raises.
//
//===----------------------------------------------------------------------===//

#include "Bindings.h"
#include "IRGraph.h"

#include "piecewise/codegen/PlanJson.h"
#include "piecewise/partition/PieceExplain.h"

#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

namespace py = pybind11;

namespace piecewise::python {

void bindExplain(py::module_& m) {
  m.def(
      "explain",
      [](IRGraph& ir) {
        const std::optional<PartitionPlan>& plan = ir.plan();
        if (!plan)
          throw std::runtime_error("piecewise._core: explain() before split()");
        if (!plan->hasHashes())
          throw std::runtime_error("piecewise._core: explain() needs hashes() first");
        PieceExplanation e = explainPieces(*plan);
        py::object diffs =
            py::module_::import("json").attr("loads")(renderExplanationJson(*plan, e));
        return py::make_tuple(renderExplanation(*plan, e), diffs);
      },
      py::arg("ir"),
      "Why pieces at the same place of the last split hash differently: (text, [dict]). "
      "Call IRGraph.hashes() first.");
}

} // namespace piecewise::python
