//===- FxBuilder.h - piecewise.split's GraphModules, built in one pass ---*- C++ -*-===//
//
// Binds `_core.configure_fx_builder` and `_core.build_split` (FxBuilder.cpp).
//
//===----------------------------------------------------------------------===//
#pragma once

#include <pybind11/pybind11.h>

namespace piecewise::python {

void bindFxBuilder(pybind11::module_& m);

} // namespace piecewise::python
