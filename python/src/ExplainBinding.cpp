//===- ExplainBinding.cpp - `_core.explain` -------------------------------===//
//
// `_core.explain(ir)` -> (text, json): renderExplanation()'s text and
// renderExplanationJson()'s array (partition/PieceExplain.h), the very
// renderings `piecewise split --explain` and `split --json --explain` print;
// piecewise.explain() reads the JSON with `json.loads`.
//
// The caller loads every node's meta and hashes the plan first
// (IRGraph.hashes()); a plan without hashes raises.
//
//===----------------------------------------------------------------------===//

#include "Bindings.h"
#include "IRGraph.h"

#include "piecewise/partition/PieceExplain.h"

#include <optional>
#include <stdexcept>

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
        return py::make_tuple(renderExplanation(*plan, e), renderExplanationJson(*plan, e));
      },
      py::arg("ir"),
      "Why pieces at the same place of the last split hash differently: (text, JSON). "
      "Call IRGraph.hashes() first.");
}

} // namespace piecewise::python
