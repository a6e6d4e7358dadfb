//===- GraphWriter.cpp - Appending fx.Nodes to a Graph from C++ -----------===//
//
// GraphWriter makes a node the way Graph.create_node does, minus the work a
// valid source graph makes redundant: `Node.__new__` and `_NodeBase.__init__`
// (or, where the node_init path is on, what it writes: NodeInit), then `_update_args_kwargs` (users
// and input nodes, or setArgs when the inputs are known), the name registered in the graph's
// namespace (a clash goes through `create_name`), the node inserted before the root and indexed in
// the find_nodes table. split.py checks once, at import, that the result equals what
// Graph.create_node gives before it configures the builders.
//
//===----------------------------------------------------------------------===//

#include "GraphWriter.h"
#include "TorchPrivate.h"

#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>

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
  // A bound one-argument C method (the root's `_prepend`): its C function is called
  // directly, as the method call would call it.
  if (PyCFunction_Check(insert_.ptr()) &&
      (PyCFunction_GET_FLAGS(insert_.ptr()) & ~METH_COEXIST) == METH_O) {
    insertFn_ = PyCFunction_GET_FUNCTION(insert_.ptr());
    insertSelf_ = PyCFunction_GET_SELF(insert_.ptr());
  }
  py::object lookup = checked(PyObject_GetAttr(graph.ptr(), s.lookupTable));
  table_ = checked(PyObject_GetAttr(lookup.ptr(), s.table));
  // torch's table is a defaultdict(dict): a missing bucket is then made here as its
  // __missing__ makes it (the key hashed once, no call of `dict`).
  static PyObject* defaultdictType = [] {
    py::object collections = checked(PyImport_ImportModule("collections"));
    return checked(PyObject_GetAttrString(collections.ptr(), "defaultdict")).release().ptr();
  }(); // never freed
  if (Py_TYPE(table_.ptr()) == reinterpret_cast<PyTypeObject*>(defaultdictType)) {
    py::object factory = checked(PyObject_GetAttrString(table_.ptr(), "default_factory"));
    dictBuckets_ = factory.ptr() == reinterpret_cast<PyObject*>(&PyDict_Type);
  }
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
  py::object bucket;
  if (dictBuckets_) {
    py::object fresh = checked(PyDict_New());
    PyObject* b = PyDict_SetDefault(table_.ptr(), key.ptr(), fresh.ptr());
    if (!b)
      throw py::error_already_set();
    bucket = py::reinterpret_borrow<py::object>(b);
  } else {
    bucket = checked(PyObject_GetItem(table_.ptr(), key.ptr()));
  }
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
  NodeInit& direct = NodeInit::instance();
  bool metaSet = direct.applies(n.ptr());
  if (metaSet)
    direct.init(n.ptr(), fields, meta.ptr());
  else
    check(reinterpret_cast<PyTypeObject*>(fxApi()->nodeBase.ptr())
              ->tp_init(n.ptr(), initArgs(fields), nullptr));
  if (!inputs || !setArgs(n.ptr(), args, kwargs, *inputs)) {
    PyObject* update[] = {n.ptr(), args, kwargs};
    checked(PyObject_Vectorcall(fxApi()->update.ptr(), update, 3, nullptr));
  }
  check(PyDict_SetItem(objToName_.ptr(), n.ptr(), name.ptr()));
  checked(insertFn_ ? insertFn_(insertSelf_, n.ptr())
                    : PyObject_CallOneArg(insert_.ptr(), n.ptr()));
  check(PyDict_CheckExact(bucket) ? PyDict_SetItem(bucket, n.ptr(), Py_None)
                                  : PyObject_SetItem(bucket, n.ptr(), Py_None));
  if (!metaSet) { // (node_init stored it)
    if (NodeFields::instance().isNode(n.ptr()))
      NodeFields::instance().set(n.ptr(), NodeFields::Meta, meta.ptr());
    else
      check(PyObject_GenericSetAttr(n.ptr(), fxNames().meta, meta.ptr()));
  }
  ++added_;
  return n;
}

namespace {

/// The characters of `[0-9a-zA-Z_]` (ASCII, whatever the C locale says).
struct WordChars {
  bool word[256] = {};
  WordChars() {
    for (int c = 0; c < 256; ++c)
      word[c] =
          (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
  }
};

bool isDigit(char c) {
  return c >= '0' && c <= '9';
}

/// FX's `_name_regex` (`^([a-zA-Z_][0-9a-zA-Z_]*?)(?:_(\d+))?$`) on the ASCII
/// `s`: the base's length and the suffix's digits (empty when none); false
/// when `s` does not match (create_name would rewrite it).
bool splitName(std::string_view s, size_t& baseLen, std::string_view& digits) {
  static const WordChars chars;
  if (s.empty() || isDigit(s[0]))
    return false;
  for (char c : s)
    if (!chars.word[static_cast<unsigned char>(c)])
      return false;
  // The lazy base stops at the one `_` (not the first character) followed by
  // digits only, up to the end.
  size_t end = s.size();
  size_t i = end;
  while (i > 0 && isDigit(s[i - 1]))
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

/// The base names (a node name less its `_<digits>` suffix) as str objects,
/// kept across graphs: a split registers thousands of names over a few hundred
/// bases, and a kept str has its hash cached for the `_base_count` store.
/// Strong references, dropped all at once when the table grows past kMax.
class BaseNames {
public:
  PyObject* get(std::string_view text) {
    auto it = map_.find(text);
    if (it != map_.end())
      return it->second;
    if (map_.size() >= kMax)
      clear();
    PyObject* s =
        checked(PyUnicode_FromStringAndSize(text.data(), static_cast<Py_ssize_t>(text.size())))
            .release()
            .ptr();
    map_.emplace(std::string(text), s);
    return s;
  }

private:
  static constexpr size_t kMax = 1 << 14;
  struct Hash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  void clear() {
    for (auto& [text, s] : map_)
      Py_DECREF(s);
    map_.clear();
  }
  std::unordered_map<std::string, PyObject*, Hash, std::equal_to<>> map_;
};

BaseNames& baseNames() {
  static BaseNames* names = new BaseNames(); // never freed: outlives the interpreter's calls
  return *names;
}

/// `int(digits)` for the ASCII digits of a name's suffix.
py::object suffixNumber(std::string_view digits) {
  if (digits.size() <= 18) {
    long long v = 0;
    for (char c : digits)
      v = v * 10 + (c - '0');
    return checked(PyLong_FromLongLong(v));
  }
  std::string text(digits);
  return checked(PyLong_FromString(text.c_str(), nullptr, 10));
}

} // namespace

py::object GraphWriter::uniqueName(py::object name) {
  // A name create_name keeps as it is is registered here with create_name's bookkeeping:
  // the used names and the base's count. create_name keeps a name of its form
  // (`_name_regex`) that is not taken and, when it has no `_<digits>` suffix, is not a
  // Python keyword or builtin (`_illegal_names`, looked up only then, as create_name
  // does); it stores `_base_count[base] = int(suffix)`, or for a name without a suffix
  // the base's count as it was (0 when none). Any other name goes through create_name.
  PyObject* s = name.ptr();
  if (PyUnicode_CheckExact(s) && PyUnicode_IS_COMPACT_ASCII(s)) {
    std::string_view text(static_cast<const char*>(PyUnicode_DATA(s)),
                          static_cast<size_t>(PyUnicode_GET_LENGTH(s)));
    size_t baseLen = 0;
    std::string_view digits;
    if (splitName(text, baseLen, digits)) {
      int illegal = 0;
      if (digits.empty()) {
        illegal = PyDict_Contains(fxApi()->illegalNames.ptr(), s);
        check(illegal);
      }
      Py_ssize_t before = PySet_GET_SIZE(used_.ptr());
      if (!illegal) {
        check(PySet_Add(used_.ptr(), s));
        if (PySet_GET_SIZE(used_.ptr()) != before) {
          if (digits.empty()) {                         // the base is the name
            static PyObject* zero = PyLong_FromLong(0); // never freed
            if (!PyDict_SetDefault(baseCount_.ptr(), s, zero))
              throw py::error_already_set();
          } else {
            check(PyDict_SetItem(baseCount_.ptr(), baseNames().get(text.substr(0, baseLen)),
                                 suffixNumber(digits).ptr()));
          }
          return name;
        }
      }
    }
  }
  return checked(PyObject_CallFunctionObjArgs(createName_.ptr(), s, Py_None, nullptr));
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
