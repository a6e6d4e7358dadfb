//===- TorchPrivate.cpp - Every private torch / CPython surface, in one place ===//
//
// Finds the slots of torch._C._NodeBase's fields, and holds the torch.fx
// helpers and names the builders use (see TorchPrivate.h).
//
//===----------------------------------------------------------------------===//

#include "TorchPrivate.h"
#include "Bindings.h"

#include <structmember.h>

namespace piecewise::python {

namespace {

FxApi* gApi = nullptr; // set once; never freed (outlives every call)

} // namespace

FxApi* fxApi() {
  return gApi;
}

void installFxApi(FxApi* api) {
  gApi = api;
}

const FxNames& fxNames() {
  static const FxNames n;
  return n;
}

NodeFields& NodeFields::instance() {
  static NodeFields* fields = new NodeFields(); // outlives every call
  return *fields;
}

bool NodeFields::resolve(PyObject* nodeType) {
  static constexpr const char* kNames[kNumFields] = {
      "name", "op", "target", "type", "_args", "_kwargs", "_input_nodes", "users", "meta"};
  type_ = nullptr;
  if (!PyType_Check(nodeType))
    return false;
  auto* type = reinterpret_cast<PyTypeObject*>(nodeType);
  std::array<Py_ssize_t, kNumFields> offsets{};
  for (std::size_t f = 0; f < kNumFields; ++f) {
    pybind11::object name =
        pybind11::reinterpret_steal<pybind11::object>(PyUnicode_InternFromString(kNames[f]));
    if (!name)
      throw pybind11::error_already_set();
    // What torch.fx.Node finds for the name: a member of a C base class.
    PyObject* seen = _PyType_Lookup(type, name.ptr());
    if (!seen || Py_TYPE(seen) != &PyMemberDescr_Type)
      return false;
    auto* descr = reinterpret_cast<PyMemberDescrObject*>(seen);
    PyMemberDef* def = descr->d_member;
    if (!PyType_IsSubtype(type, PyDescr_TYPE(descr)) ||
        (def->type != T_OBJECT && def->type != T_OBJECT_EX) || (def->flags & READONLY))
      return false;
    offsets[f] = def->offset;
  }
  offsets_ = offsets;
  type_ = nodeType;
  return true;
}

void bindTorchPrivate(pybind11::module_& m) {
  m.def(
      "set_node_fields",
      [](pybind11::handle nodeType) {
        if (nodeType.is_none()) {
          NodeFields::instance().reset();
          return false;
        }
        return NodeFields::instance().resolve(nodeType.ptr());
      },
      pybind11::arg("node_type"),
      "The node_fields fast path: resolves torch.fx.Node's slots (returns whether they are "
      "plain writable slots), or, with None, stops using them.");
  m.def(
      "node_fields_available", [] { return NodeFields::instance().available(); },
      "Whether torch.fx.Node's fields are read and written at their C slots (TorchPrivate.h) "
      "rather than through getattr.");
}

} // namespace piecewise::python
