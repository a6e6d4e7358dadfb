//===- ExplainBinding.h - Why pieces differ, seen from Python ----*- C++ -*-===//
//
// Binds `_core.explain(ir)` (ExplainBinding.cpp): the explanation of the
// last split of an IRGraph (partition/PieceExplain.h) as
// `(text, [difference dict, ...])`.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/partition/PartitionPlan.h"

#include <pybind11/pybind11.h>

#include <functional>

namespace piecewise::python {

/// The plan of an IRGraph's last split (hashed), or null when it has none.
using PlanOf = std::function<const PartitionPlan*(pybind11::handle ir)>;

/// Registers `explain` on `m`; `planOf` reads an IRGraph's plan.
void bindExplain(pybind11::module_& m, PlanOf planOf);

} // namespace piecewise::python
