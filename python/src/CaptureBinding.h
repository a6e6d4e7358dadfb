//===- CaptureBinding.h - `_core.check_capture` -----------------*- C++ -*-===//
//
// Binds the capture-safety check (partition/CaptureSafety.h) for
// piecewise.check_capture (python/piecewise/capture.py). See CaptureBinding.cpp.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <pybind11/pybind11.h>

namespace piecewise::python {

/// Adds `check_capture(text, schemas, splitting_ops, break_ops, static_inputs)` to `m`.
void bindCapture(pybind11::module_& m);

} // namespace piecewise::python
