//===- SyncEdits.h - fx.sync's edits applied in C++ --------------*- C++ -*-===//
//
// Binds `_core.apply_sync_edits` (SyncEdits.cpp).
//
//===----------------------------------------------------------------------===//
#pragma once

#include <pybind11/pybind11.h>

namespace piecewise::python {

void bindSyncEdits(pybind11::module_& m);

} // namespace piecewise::python
