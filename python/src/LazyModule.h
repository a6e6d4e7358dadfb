//===- LazyModule.h - A lazy GraphModule over a graph, assembled in C++ -*- C++ -*-===//
//
// `_core.make_lazy_module` (LazyModule.cpp), called by the C++ builder too.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <pybind11/pybind11.h>

namespace piecewise::python {

/// `make_lazy_module(graph, modules)` once configured, else null.
pybind11::object makeLazyModule(pybind11::handle graph, pybind11::handle modules);
/// Whether configure_lazy_module has been called.
bool lazyModuleConfigured();

} // namespace piecewise::python
