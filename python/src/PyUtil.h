//===- PyUtil.h - Small helpers for the CPython C API -----------*- C++ -*-===//
#pragma once

#include <pybind11/pybind11.h>

namespace piecewise::python {

/// A new reference as an owned object, or the pending Python error as an exception.
inline pybind11::object checked(PyObject* o) {
  if (!o)
    throw pybind11::error_already_set();
  return pybind11::reinterpret_steal<pybind11::object>(o);
}

/// Throws the pending Python error when a C API status is negative.
inline void check(int rc) {
  if (rc < 0)
    throw pybind11::error_already_set();
}

} // namespace piecewise::python
