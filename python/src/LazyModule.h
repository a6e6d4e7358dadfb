//===- LazyModule.h - A lazy GraphModule over a graph, assembled in C++ -*- C++ -*-===//
//
// Binds `_core.configure_lazy_module` and `_core.make_lazy_module` (LazyModule.cpp).
//
//===----------------------------------------------------------------------===//
#pragma once

#include <pybind11/pybind11.h>

namespace piecewise::python {

/// `make_lazy_module(graph, modules)` once configured, else null.
pybind11::object makeLazyModule(pybind11::handle graph, pybind11::handle modules);
/// Whether configure_lazy_module has been called.
bool lazyModuleConfigured();

void bindLazyModule(pybind11::module_& m);

} // namespace piecewise::python
