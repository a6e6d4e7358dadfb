//===- TorchPrivate.cpp - Every private torch / CPython surface, in one place ===//
//
// Finds the slots of torch._C._NodeBase's fields, and holds the torch.fx
// helpers and names the builders use (see TorchPrivate.h).
//
//===----------------------------------------------------------------------===//

#include "TorchPrivate.h"
#include "Bindings.h"

#include <structmember.h>

#include <cstring>
#include <stdexcept>

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

NodeInit& NodeInit::instance() {
  static NodeInit* init = new NodeInit(); // outlives every call
  return *init;
}

namespace {

/// A member slot of a node's classes, as Node sees it.
struct Member {
  std::string name;
  const PyMemberDef* def;
};

/// The member descriptors Node finds (not shadowed by a subclass), in MRO
/// order; false when the MRO is not a tuple of types.
bool nodeMembers(PyTypeObject* type, std::vector<Member>& out) {
  PyObject* mro = type->tp_mro;
  if (!mro || !PyTuple_Check(mro))
    return false;
  for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(mro); ++i) {
    PyObject* cls = PyTuple_GET_ITEM(mro, i);
    if (!PyType_Check(cls))
      return false;
    PyObject* dict = reinterpret_cast<PyTypeObject*>(cls)->tp_dict;
    if (!dict)
      continue;
    Py_ssize_t pos = 0;
    PyObject *key, *value;
    while (PyDict_Next(dict, &pos, &key, &value)) {
      if (Py_TYPE(value) != &PyMemberDescr_Type || !PyUnicode_Check(key) ||
          _PyType_Lookup(type, key) != value)
        continue;
      const char* text = PyUnicode_AsUTF8(key);
      if (!text)
        throw pybind11::error_already_set();
      out.push_back({text, reinterpret_cast<PyMemberDescrObject*>(value)->d_member});
    }
  }
  return true;
}

/// The pending Python error's text (cleared).
std::string takeError() {
  PyObject *type, *value, *trace;
  PyErr_Fetch(&type, &value, &trace);
  PyErr_NormalizeException(&type, &value, &trace);
  std::string text = "an error";
  if (value)
    if (PyObject* str = PyObject_Str(value)) {
      if (const char* c = PyUnicode_AsUTF8(str))
        text = c;
      Py_DECREF(str);
    }
  PyErr_Clear();
  Py_XDECREF(type);
  Py_XDECREF(value);
  Py_XDECREF(trace);
  return text;
}

} // namespace

std::string NodeInit::learn(PyObject* nodeType, PyObject* init,
                            PyObject* const (&sample)[kNumArgs]) {
  type_ = nullptr;
  on_ = false;
  steps_.clear();
  metaOffset_ = -1;
  if (!PyType_Check(nodeType) || !reinterpret_cast<PyTypeObject*>(nodeType)->tp_new)
    return "torch.fx.Node is not a class with a constructor";
  if (!PyCallable_Check(init))
    return "the initializer is not callable";
  auto* type = reinterpret_cast<PyTypeObject*>(nodeType);
  for (int i = 0; i < kNumArgs; ++i)
    for (int j = i + 1; j < kNumArgs; ++j)
      if (sample[i] == sample[j])
        return "the sample arguments are not distinct objects";
  std::vector<Member> members;
  if (!nodeMembers(type, members))
    return "torch.fx.Node's MRO is not a tuple of classes";
  const Py_ssize_t size = type->tp_basicsize;
  std::vector<char> covered(static_cast<size_t>(size), 0);
  for (const Member& m : members) {
    Py_ssize_t width;
    if (m.def->type == T_OBJECT || m.def->type == T_OBJECT_EX)
      width = sizeof(PyObject*);
    else if (m.def->type == T_BOOL)
      width = sizeof(char);
    else
      return "the member " + m.name + " is neither an object nor a bool slot";
    if (m.def->offset < static_cast<Py_ssize_t>(sizeof(PyObject)) || m.def->offset + width > size)
      return "the member " + m.name + " lies outside the object";
    std::memset(covered.data() + m.def->offset, 1, static_cast<size_t>(width));
  }

  // A sample node, made as the builders make one; its bytes before and after
  // torch's initializer.
  pybind11::object node = pybind11::reinterpret_steal<pybind11::object>(
      type->tp_new(type, pybind11::tuple().ptr(), nullptr));
  if (!node)
    return "Node.__new__ failed on the sample: " + takeError();
  auto* bytes = reinterpret_cast<const unsigned char*>(node.ptr());
  std::vector<unsigned char> before(bytes, bytes + size);
  PyObject* args[] = {node.ptr(), sample[0], sample[1], sample[2], sample[3], sample[4]};
  PyObject* done = PyObject_Vectorcall(init, args, 6, nullptr);
  if (!done)
    return "_NodeBase.__init__ failed on the sample: " + takeError();
  Py_DECREF(done);
  if (Py_TYPE(node.ptr()) != type)
    return "_NodeBase.__init__ changed the node's class";
  for (Py_ssize_t off = sizeof(PyObject); off < size; ++off)
    if (bytes[off] != before[static_cast<size_t>(off)] && !covered[static_cast<size_t>(off)])
      return "_NodeBase.__init__ writes the node at byte " + std::to_string(off) +
             ", outside its member slots";

  std::vector<Step> steps;
  Py_ssize_t metaOffset = -1;
  for (const Member& m : members) {
    Py_ssize_t off = m.def->offset;
    if (m.def->type == T_BOOL) {
      if (bytes[off] != before[static_cast<size_t>(off)])
        steps.push_back({Step::Byte, off, 0, nullptr, bytes[off]});
      continue;
    }
    PyObject* was;
    PyObject* now;
    std::memcpy(&was, before.data() + off, sizeof(PyObject*));
    std::memcpy(&now, bytes + off, sizeof(PyObject*));
    if (now == was)
      continue;
    if (was)
      return "_NodeBase.__init__ replaces the " + m.name + " Node.__new__ set";
    Step step{Step::Field, off};
    int arg = -1;
    for (int i = 0; i < kNumArgs; ++i)
      if (now == sample[i])
        arg = i;
    if (arg >= 0) {
      step.arg = arg;
    } else if (now == node.ptr()) {
      step.kind = Step::Self;
    } else if (now == Py_None || now == Py_True || now == Py_False) {
      step.kind = Step::Value;
      step.value = now;
    } else if (PyDict_CheckExact(now) && PyDict_GET_SIZE(now) == 0 && Py_REFCNT(now) == 1) {
      step.kind = Step::FreshDict;
      if (m.name == "meta")
        metaOffset = off;
    } else {
      return "_NodeBase.__init__ sets " + m.name + " to a " + Py_TYPE(now)->tp_name +
             " this path cannot make";
    }
    steps.push_back(step);
  }
  if (metaOffset < 0)
    return "_NodeBase.__init__ does not give meta a fresh dict";
  for (Step& step : steps) {
    switch (step.kind) {
    case Step::Field:
      step.source = step.arg;
      break;
    case Step::Self:
      step.source = kNumArgs;
      break;
    case Step::FreshDict:
      step.source = step.offset == metaOffset ? kNumArgs + 1 : -1;
      break;
    case Step::Value:
      step.source = step.value == Py_None   ? kNumArgs + 2
                    : step.value == Py_True ? kNumArgs + 3
                                            : kNumArgs + 4;
      break;
    case Step::Byte:
      break;
    }
  }
  steps_ = std::move(steps);
  metaOffset_ = metaOffset;
  type_ = nodeType;
  return "";
}

void NodeInit::init(PyObject* n, PyObject* const (&fields)[kNumArgs], PyObject* meta) {
  // What each step stores, by Step::source: the arguments, the node, the meta
  // dict given, then the constants (a fresh dict where the source is -1).
  PyObject* const sources[] = {
      fields[Graph], fields[Name], fields[Op], fields[Target], fields[Type], n,
      meta,          Py_None,      Py_True,    Py_False};
  char* base = reinterpret_cast<char*>(n);
  for (const Step& s : steps_) {
    if (s.kind == Step::Byte) {
      *reinterpret_cast<unsigned char*>(base + s.offset) = s.byte;
      continue;
    }
    PyObject* v;
    if (s.source >= 0) {
      v = sources[s.source];
      Py_INCREF(v);
    } else if (!(v = PyDict_New())) {
      throw pybind11::error_already_set();
    }
    auto** slot = reinterpret_cast<PyObject**>(base + s.offset);
    PyObject* old = *slot;
    *slot = v;
    Py_XDECREF(old);
  }
  ++uses_;
}

void bindTorchPrivate(pybind11::module_& m) {
  m.def(
      "learn_node_init",
      [](pybind11::handle nodeType, pybind11::handle init, pybind11::tuple sample) {
        if (sample.size() != NodeInit::kNumArgs)
          throw std::invalid_argument("learn_node_init: the sample is (graph, name, op, target, "
                                      "type)");
        PyObject* const args[NodeInit::kNumArgs] = {
            sample[0].ptr(), sample[1].ptr(), sample[2].ptr(), sample[3].ptr(), sample[4].ptr()};
        return NodeInit::instance().learn(nodeType.ptr(), init.ptr(), args);
      },
      pybind11::arg("node_type"), pybind11::arg("init"), pybind11::arg("sample"),
      "The node_init fast path: learns what init(node, *sample) (torch's "
      "_NodeBase.__init__) writes into a node node_type.__new__ made (TorchPrivate.h, "
      "NodeInit). Returns '' when learned, else why not.");
  m.def(
      "set_node_init",
      [](bool on) {
        NodeInit::instance().enable(on);
        return NodeInit::instance().enabled();
      },
      pybind11::arg("on"),
      "Turns the node_init fast path on (once learned) or off; returns whether it is on.");
  m.def(
      "node_init_uses", [] { return NodeInit::instance().uses(); },
      "How many nodes the node_init path has written.");
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
