//===- GraphWriter.cpp - Appending fx.Nodes to a Graph from C++ -----------===//
//
// GraphWriter makes a node the way Graph.create_node does, minus the work a
// valid source graph makes redundant: `Node.__new__` and `_NodeBase.__init__`,
// then `_update_args_kwargs` (users and input nodes, or setArgs when the
// inputs are known), the name registered in the graph's namespace (a clash
// goes through `create_name`), the node inserted before the root and indexed
// in the find_nodes table. split.py checks once, at import, that the result
// equals what Graph.create_node gives before it configures the builders.
//
//===----------------------------------------------------------------------===//

#include "GraphWriter.h"
#include "TorchPrivate.h"

#include <cctype>
#include <stdexcept>
#include <string>
#include <string_view>

namespace py = pybind11;

namespace piecewise::python {
/// What `_update_args_kwargs(n, args, kwargs)` does to a new node `n` whose
/// `inputs` are known: sets its args and kwargs, records each input in its
/// `_input_nodes` (first use first) and `n` in each input's `users`. False
/// (nothing written) when the fields cannot be written directly.
bool setArgs(PyObject* n, PyObject* args, PyObject* kwargs, const Inputs& inputs) {
  const NodeFields& nf = NodeFields::instance();
  if (!nf.isNode(n))
    return false;
  PyObject* own = nf.get(n, NodeFields::InputNodes);
  if (!own || !PyDict_CheckExact(own) || PyDict_GET_SIZE(own) != 0)
    return false;
  for (const PyObject* in : inputs) {
    PyObject* users = nf.get(const_cast<PyObject*>(in), NodeFields::Users);
    if (!users || !PyDict_CheckExact(users))
      return false;
  }
  nf.set(n, NodeFields::Args, args);
  nf.set(n, NodeFields::Kwargs, kwargs);
  for (const PyObject* c : inputs) {
    auto* in = const_cast<PyObject*>(c);
    if (!PyDict_SetDefault(own, in, Py_None) ||
        !PyDict_SetDefault(nf.get(in, NodeFields::Users), n, Py_None))
      throw py::error_already_set();
  }
  return true;
}

GraphWriter::GraphWriter(py::handle graph) : graph_(graph) {
  const FxNames& s = fxNames();
  py::object ns = checked(PyObject_GetAttr(graph.ptr(), s.namespace_));
  used_ = checked(PyObject_GetAttr(ns.ptr(), s.usedNames));
  objToName_ = checked(PyObject_GetAttr(ns.ptr(), s.objToName));
  createName_ = checked(PyObject_GetAttr(ns.ptr(), s.createName));
  baseCount_ = checked(PyObject_GetAttr(ns.ptr(), s.baseCount));
  if (!PySet_Check(used_.ptr()) || !PyDict_Check(objToName_.ptr()) ||
      !PyDict_Check(baseCount_.ptr()) || !PyDict_Check(fxApi()->illegalNames.ptr()))
    throw std::invalid_argument("piecewise._core: unexpected fx.Graph internals");
  insert_ = checked(PyObject_GetAttr(graph.ptr(), s.insert));
  // Graph._insert is the root's Node.prepend: call its C method directly.
  py::object root = checked(PyObject_GetAttr(graph.ptr(), s.root));
  if (PyMethod_Check(insert_.ptr()) && PyMethod_GET_SELF(insert_.ptr()) == root.ptr() &&
      PyMethod_GET_FUNCTION(insert_.ptr()) == fxApi()->prepend.ptr())
    insert_ = checked(PyObject_GetAttr(root.ptr(), s.prependC));
  py::object lookup = checked(PyObject_GetAttr(graph.ptr(), s.lookupTable));
  table_ = checked(PyObject_GetAttr(lookup.ptr(), s.table));
}

py::object GraphWriter::bucket(PyObject* op, PyObject* target) {
  for (const Bucket& b : recent_)
    if (b.op == op && b.target == target)
      return b.bucket;
  const FxNames& s = fxNames();
  int isCall = op == s.callFunction ? 1 : PyUnicode_Compare(op, s.callFunction) == 0;
  if (PyErr_Occurred())
    throw py::error_already_set();
  py::object key = checked(PyTuple_Pack(2, op, isCall ? target : Py_None));
  py::object bucket = checked(PyObject_GetItem(table_.ptr(), key.ptr()));
  if (recent_.size() == kRecent)
    recent_.erase(recent_.begin());
  recent_.push_back({op, target, bucket});
  return bucket;
}

py::object GraphWriter::append(py::object name, PyObject* op, PyObject* target, PyObject* type,
                               PyObject* args, PyObject* kwargs, py::object meta, PyObject* bucket,
                               const Inputs* inputs) {
  name = uniqueName(std::move(name));
  auto* nodeType = reinterpret_cast<PyTypeObject*>(fxApi()->nodeType.ptr());
  py::object n = checked(nodeType->tp_new(nodeType, emptyTuple().ptr(), nullptr));
  PyObject* fields[] = {graph_.ptr(), name.ptr(), op, target, type};
  check(reinterpret_cast<PyTypeObject*>(fxApi()->nodeBase.ptr())
            ->tp_init(n.ptr(), initArgs(fields), nullptr));
  if (!inputs || !setArgs(n.ptr(), args, kwargs, *inputs)) {
    PyObject* update[] = {n.ptr(), args, kwargs};
    checked(PyObject_Vectorcall(fxApi()->update.ptr(), update, 3, nullptr));
  }
  check(PyDict_SetItem(objToName_.ptr(), n.ptr(), name.ptr()));
  checked(PyObject_CallOneArg(insert_.ptr(), n.ptr()));
  check(PyDict_CheckExact(bucket) ? PyDict_SetItem(bucket, n.ptr(), Py_None)
                                  : PyObject_SetItem(bucket, n.ptr(), Py_None));
  if (NodeFields::instance().isNode(n.ptr()))
    NodeFields::instance().set(n.ptr(), NodeFields::Meta, meta.ptr());
  else
    check(PyObject_GenericSetAttr(n.ptr(), fxNames().meta, meta.ptr()));
  ++added_;
  return n;
}

namespace {

/// FX's `_name_regex` (`^([a-zA-Z_][0-9a-zA-Z_]*?)(?:_(\d+))?$`) on `s`: the
/// base's length and the suffix's digits (empty when none); false when `s`
/// does not match (create_name would rewrite it).
bool splitName(std::string_view s, size_t& baseLen, std::string_view& digits) {
  auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0])) || !word(s[0]))
    return false;
  for (char c : s)
    if (!word(c))
      return false;
  // The lazy base stops at the one `_` (not the first character) followed by
  // digits only, up to the end.
  size_t end = s.size();
  size_t i = end;
  while (i > 0 && std::isdigit(static_cast<unsigned char>(s[i - 1])))
    --i;
  if (i < end && i >= 2 && s[i - 1] == '_') {
    baseLen = i - 1;
    digits = s.substr(i);
  } else {
    baseLen = end;
    digits = {};
  }
  return true;
}

} // namespace

py::object GraphWriter::uniqueName(py::object name) {
  // A name create_name keeps as it is (its form, not taken, not a Python keyword or
  // builtin) is registered here with create_name's bookkeeping: the used names and the
  // base's count. Any other goes through create_name.
  Py_ssize_t size = 0;
  const char* data =
      PyUnicode_Check(name.ptr()) ? PyUnicode_AsUTF8AndSize(name.ptr(), &size) : nullptr;
  if (!data)
    PyErr_Clear();
  size_t baseLen = 0;
  std::string_view digits;
  int illegal = data ? PyDict_Contains(fxApi()->illegalNames.ptr(), name.ptr()) : 1;
  check(illegal);
  if (data && !illegal &&
      splitName(std::string_view(data, static_cast<size_t>(size)), baseLen, digits)) {
    Py_ssize_t before = PySet_GET_SIZE(used_.ptr());
    check(PySet_Add(used_.ptr(), name.ptr()));
    if (PySet_GET_SIZE(used_.ptr()) != before) {
      py::object base =
          checked(PyUnicode_FromStringAndSize(data, static_cast<Py_ssize_t>(baseLen)));
      py::object num;
      if (!digits.empty()) {
        std::string text(digits);
        num = checked(PyLong_FromString(text.c_str(), nullptr, 10));
      } else {
        PyObject* old = PyDict_GetItemWithError(baseCount_.ptr(), base.ptr());
        if (!old && PyErr_Occurred())
          throw py::error_already_set();
        num = old ? py::reinterpret_borrow<py::object>(old) : py::object(py::int_(0));
      }
      check(PyDict_SetItem(baseCount_.ptr(), base.ptr(), num.ptr()));
      return name;
    }
  }
  return checked(PyObject_CallFunctionObjArgs(createName_.ptr(), name.ptr(), Py_None, nullptr));
}

PyObject* GraphWriter::initArgs(PyObject* const (&fields)[5]) {
  if (!init_ || Py_REFCNT(init_.ptr()) != 1)
    init_ = checked(PyTuple_Pack(5, Py_None, Py_None, Py_None, Py_None, Py_None));
  for (Py_ssize_t i = 0; i < 5; ++i) {
    PyObject* old = PyTuple_GET_ITEM(init_.ptr(), i);
    Py_INCREF(fields[i]);
    PyTuple_SET_ITEM(init_.ptr(), i, fields[i]);
    Py_DECREF(old);
  }
  return init_.ptr();
}

GraphWriter::~GraphWriter() {
  if (added_ == 0)
    return;
  PyObject *type, *value, *trace;
  PyErr_Fetch(&type, &value, &trace); // an error on its way out stays the error
  try {
    finish();
  } catch (const py::error_already_set&) {
  }
  PyErr_Clear();
  PyErr_Restore(type, value, trace);
}

void GraphWriter::finish() {
  const FxNames& s = fxNames();
  py::object len = checked(PyObject_GetAttr(graph_.ptr(), s.len));
  py::object more = checked(PyLong_FromSsize_t(added_));
  py::object sum = checked(PyNumber_Add(len.ptr(), more.ptr()));
  check(PyObject_SetAttr(graph_.ptr(), s.len, sum.ptr()));
  added_ = 0;
}

const py::tuple& GraphWriter::emptyTuple() {
  static const py::tuple* t = new py::tuple();
  return *t;
}

} // namespace piecewise::python
