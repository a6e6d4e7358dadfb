//===- NodeFields.h - Direct access to torch.fx.Node's C fields -*- C++ -*-===//
//
// torch._C._NodeBase keeps a Node's fields (name, op, target, args, users,
// meta, ...) in C slots exposed as member descriptors. Reading one through
// PyObject_GetAttr walks the type's MRO and the descriptor protocol for every
// node; NodeFields reads and writes the slots at the offsets the descriptors
// publish, found once (resolve()) and used only on instances of _NodeBase.
//
// A field is used directly only when its descriptor is a plain object slot
// (T_OBJECT or T_OBJECT_EX, writable) and torch.fx.Node does not shadow it;
// any other layout (another torch, a field that became a property) leaves
// `available()` false, and an object whose type is not exactly torch.fx.Node
// (a subclass may shadow a field) is never read directly: the callers take
// the attribute path. An empty T_OBJECT_EX slot reads as null: callers
// then go through PyObject_GetAttr, which raises the AttributeError.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <pybind11/pybind11.h>

#include <array>
#include <cstddef>

namespace piecewise::python {

class NodeFields {
public:
  enum Field : std::size_t {
    Name,
    Op,
    Target,
    Type,
    Args,
    Kwargs,
    InputNodes,
    Users,
    Meta,
    kNumFields
  };

  /// Finds the slot offsets of the fields as `nodeType` (torch.fx.Node)
  /// sees them. Returns whether every field is a plain writable object slot
  /// of a base class.
  bool resolve(PyObject* nodeType);
  bool available() const { return type_ != nullptr; }

  /// Whether `o` is exactly a torch.fx.Node (so the offsets apply to it).
  bool isNode(PyObject* o) const {
    return type_ && Py_TYPE(o) == reinterpret_cast<PyTypeObject*>(type_);
  }

  /// The field's value, borrowed; null when the slot is empty. Pre: isNode(o).
  PyObject* get(PyObject* o, Field f) const {
    return *reinterpret_cast<PyObject**>(reinterpret_cast<char*>(o) + offsets_[f]);
  }

  /// Stores a new reference to `v` in the field, releasing the old value.
  /// Pre: isNode(o).
  void set(PyObject* o, Field f, PyObject* v) const {
    PyObject** slot = reinterpret_cast<PyObject**>(reinterpret_cast<char*>(o) + offsets_[f]);
    Py_XINCREF(v);
    PyObject* old = *slot;
    *slot = v;
    Py_XDECREF(old);
  }

  /// The process-wide instance (resolved by `_core.configure`).
  static NodeFields& instance();

private:
  PyObject* type_ = nullptr; ///< torch.fx.Node, kept alive by its module
  std::array<Py_ssize_t, kNumFields> offsets_{};
};

/// `o.<name>` for a _NodeBase field: the slot when NodeFields is resolved
/// and the slot is set, else PyObject_GetAttr. A new reference (null with a
/// Python error set on failure).
inline PyObject* nodeField(PyObject* o, NodeFields::Field f, PyObject* name) {
  const NodeFields& nf = NodeFields::instance();
  if (nf.isNode(o))
    if (PyObject* v = nf.get(o, f)) {
      Py_INCREF(v);
      return v;
    }
  return PyObject_GetAttr(o, name);
}

} // namespace piecewise::python
