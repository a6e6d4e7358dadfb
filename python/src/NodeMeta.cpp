//===- NodeMeta.cpp - an fx.Node's meta tuple, read with the C API --------===//
//
// See NodeMeta.h. Every step mirrors a line of piecewise/fx.py (_size, _dims,
// encode_meta, _node_meta), in the same order, so that the values, the
// exceptions and the cache contents are the ones the Python code gives; the
// fast paths (an exact int, list or tuple; a Tensor subclass when
// torch.Tensor's metaclass keeps type's __instancecheck__; a tuple or list
// iterated with the builtin iterator; an exact FakeTensor whose
// `__torch_function__` is torch's disabled one read with subclass torch
// functions off, see quietFake) only skip what cannot change a result.
//
//===----------------------------------------------------------------------===//

#include "NodeMeta.h"
#include "Bindings.h"
#include "PyUtil.h"
#include "TorchPrivate.h"

#include "piecewise/ir/TensorMeta.h"

#include <optional>
#include <unordered_map>
#include <utility>

namespace py = pybind11;

namespace piecewise::python {
namespace {

py::object borrow(PyObject* o) {
  return py::reinterpret_borrow<py::object>(o);
}

PyObject* intern(const char* s) {
  return PyUnicode_InternFromString(s);
}

/// Attribute and key names, interned once.
struct Names {
  PyObject* meta = intern("meta");
  PyObject* val = intern("val");
  PyObject* exampleValue = intern("example_value");
  PyObject* tensorMeta = intern("tensor_meta");
  PyObject* shape = intern("shape");
  PyObject* stride = intern("stride");
  PyObject* dtype = intern("dtype");
  PyObject* device = intern("device");
  PyObject* fakeDevice = intern("fake_device");
  PyObject* fakeDeviceSlot = intern("_fake_device");
  PyObject* node = intern("node");
  PyObject* rawExpr = intern("_expr");
  PyObject* get = intern("get");
  PyObject* lstrip = intern("lstrip");
  PyObject* isdigit = intern("isdigit");
  PyObject* minus = intern("-");
  PyObject* instancecheck = intern("__instancecheck__");
  PyObject* torchFunction = intern("__torch_function__");
  PyObject* enter = intern("__enter__");
  PyObject* exit = intern("__exit__");
};

const Names& names() {
  static Names* n = new Names(); // never destroyed (interpreter teardown order)
  return *n;
}

/// What configureNodeMeta() installs, and the caches (never destroyed: they
/// hold Python objects that must not be released after the interpreter).
struct State {
  bool configured = false;
  PyTypeObject* tensor = nullptr;
  /// torch.Tensor's metaclass keeps type.__instancecheck__: an instance of a
  /// subclass is then an instance (the C test stands for isinstance()).
  bool plainTensorCheck = false;
  PyObject* fakeTensor = nullptr; ///< FakeTensor, or null
  PyObject* symInt = nullptr;
  PyObject* symFloat = nullptr;
  PyObject* symBool = nullptr;
  /// A torch._C.DisableTorchFunctionSubclass() and
  /// torch._C._disabled_torch_function_impl, or null (see quietFake).
  PyObject* subclassOff = nullptr;
  PyObject* disabledImpl = nullptr;
  py::object keep[7];
  py::object metaTensor = py::int_(static_cast<int>(MetaTensor));
  py::object metaSym = py::int_(static_cast<int>(MetaSym));
  py::object metaList = py::int_(static_cast<int>(MetaList));
  py::object symKindInt = py::int_(static_cast<int>(SymKind::Int));
  py::object symKindFloat = py::int_(static_cast<int>(SymKind::Float));
  py::object symKindBool = py::int_(static_cast<int>(SymKind::Bool));
  py::object tail6 = checked(PySlice_New(py::int_(6).ptr(), Py_None, Py_None)); ///< [6:]
  /// fx._sym_text: SymInt text (an int when it is one) by SymNode identity;
  /// the entry keeps its SymNode alive, so the address stays its identity.
  std::unordered_map<PyObject*, std::pair<py::object, py::object>> symText;
  /// The same text by the SymNode's sympy expression (`_expr`): Dynamo makes a
  /// SymNode per value (every tensor's `256*s27` stride is a node of its own),
  /// and printing one costs ~0.5 ms, most of the hashes' time at depth.
  py::dict exprText;
  py::dict dtypeText;  ///< fx._dtype_text
  py::dict deviceText; ///< fx._device_text (torch.device hashes by value)
};

State& state() {
  static State* s = new State();
  return *s;
}

State& configured() {
  State& s = state();
  if (!s.configured)
    throw std::runtime_error("piecewise._core: node_meta before configure_meta");
  return s;
}

/// isinstance(o, cls) for a class whose metaclass is `type`.
bool isInstance(PyObject* o, PyObject* cls) {
  int r = PyObject_IsInstance(o, cls);
  if (r < 0)
    throw py::error_already_set();
  return r == 1;
}

/// isinstance(o, torch.Tensor).
bool isTensor(const State& s, PyObject* o) {
  PyTypeObject* t = Py_TYPE(o);
  if (t == s.tensor || (s.plainTensorCheck && PyType_IsSubtype(t, s.tensor)))
    return true;
  return isInstance(o, reinterpret_cast<PyObject*>(s.tensor));
}

/// `for x in seq: f(x)`, with the builtin iterator read directly.
template <class F> void forEach(PyObject* seq, F&& f) {
  PyTypeObject* t = Py_TYPE(seq);
  if (PyTuple_Check(seq) && t->tp_iter == PyTuple_Type.tp_iter) {
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(seq); ++i)
      f(PyTuple_GET_ITEM(seq, i));
    return;
  }
  if (PyList_Check(seq) && t->tp_iter == PyList_Type.tp_iter) {
    // The list iterator rereads the size at every step (f may run Python code).
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(seq); ++i) {
      py::object item = borrow(PyList_GET_ITEM(seq, i));
      f(item.ptr());
    }
    return;
  }
  py::object it = checked(PyObject_GetIter(seq));
  while (PyObject* x = PyIter_Next(it.ptr())) {
    py::object item = py::reinterpret_steal<py::object>(x);
    f(x);
  }
  if (PyErr_Occurred())
    throw py::error_already_set();
}

void append(py::list& l, const py::object& o) {
  if (PyList_Append(l.ptr(), o.ptr()) < 0)
    throw py::error_already_set();
}

/// `s[6:]` for a str() result (the dtype text after "torch.").
py::object tail6(const State& st, py::object s) {
  if (PyUnicode_CheckExact(s.ptr()))
    return checked(PyUnicode_Substring(s.ptr(), 6, PY_SSIZE_T_MAX));
  return checked(PyObject_GetItem(s.ptr(), st.tail6.ptr()));
}

/// `t.lstrip("-").isdigit()` for a str() result.
bool digitsAfterMinus(PyObject* t) {
  if (PyUnicode_CheckExact(t) && PyUnicode_IS_ASCII(t)) {
    const char* p = static_cast<const char*>(PyUnicode_DATA(t));
    Py_ssize_t n = PyUnicode_GET_LENGTH(t), i = 0;
    while (i < n && p[i] == '-')
      ++i;
    if (i == n)
      return false;
    for (; i < n; ++i)
      if (p[i] < '0' || p[i] > '9')
        return false;
    return true;
  }
  const Names& nm = names();
  py::object stripped = checked(PyObject_CallMethodOneArg(t, nm.lstrip, nm.minus));
  py::object r = checked(PyObject_CallMethodNoArgs(stripped.ptr(), nm.isdigit));
  int b = PyObject_IsTrue(r.ptr());
  if (b < 0)
    throw py::error_already_set();
  return b == 1;
}

/// fx._size.
py::object size(State& s, PyObject* v) {
  if (PyLong_CheckExact(v))
    return borrow(v);
  if (isInstance(v, s.symInt)) {
    const Names& nm = names();
    py::object node = checked(PyObject_GetAttr(v, nm.node));
    auto hit = s.symText.find(node.ptr());
    if (hit != s.symText.end())
      return hit->second.second;
    py::object expr = py::reinterpret_steal<py::object>(PyObject_GetAttr(node.ptr(), nm.rawExpr));
    if (!expr)
      PyErr_Clear(); // another SymNode implementation: by identity only
    PyObject* known = expr ? PyDict_GetItemWithError(s.exprText.ptr(), expr.ptr()) : nullptr;
    if (!known && PyErr_Occurred())
      throw py::error_already_set();
    py::object r;
    if (known) {
      r = borrow(known);
    } else {
      py::object t = checked(PyObject_Str(v));
      r = digitsAfterMinus(t.ptr()) ? checked(PyNumber_Long(t.ptr())) : t;
      if (expr && PyDict_SetItem(s.exprText.ptr(), expr.ptr(), r.ptr()) < 0)
        throw py::error_already_set();
    }
    PyObject* key = node.ptr();
    s.symText.emplace(key, std::make_pair(std::move(node), r));
    return r;
  }
  if (PyLong_Check(v) || isInstance(v, reinterpret_cast<PyObject*>(&PyLong_Type)))
    return checked(PyNumber_Long(v));
  return checked(PyObject_Str(v));
}

/// fx._dims.
py::list dims(State& s, PyObject* ds) {
  py::list out;
  forEach(ds, [&](PyObject* d) { append(out, PyLong_CheckExact(d) ? borrow(d) : size(s, d)); });
  return out;
}

/// `cache.get(key)`, else `cache[key] = str(key)` (`[6:]` with `tail`).
py::object cachedText(const State& s, const py::dict& cache, PyObject* key, bool tail) {
  PyObject* hit = PyDict_GetItemWithError(cache.ptr(), key);
  if (hit && hit != Py_None)
    return borrow(hit);
  if (!hit && PyErr_Occurred())
    throw py::error_already_set();
  py::object text = checked(PyObject_Str(key));
  if (tail)
    text = tail6(s, std::move(text));
  if (PyDict_SetItem(cache.ptr(), key, text.ptr()) < 0)
    throw py::error_already_set();
  return text;
}

py::object encode(State& s, PyObject* v);

py::object encodeList(State& s, PyObject* v) {
  py::list items;
  forEach(v, [&](PyObject* x) { append(items, encode(s, x)); });
  return checked(PyTuple_Pack(2, s.metaList.ptr(), items.ptr()));
}

/// Whether the exact FakeTensor `v` can be read with subclass torch functions
/// off: its class's `__torch_function__` is torch's disabled one and its
/// instance dict has none. torch's getters then find no torch function for it
/// either way (a torch-function mode still runs: only subclasses are off),
/// but with them off they skip the attribute lookup that finds it.
bool quietFake(const State& s, PyObject* v) {
  if (!s.subclassOff)
    return false;
  const Names& nm = names();
  if (_PyType_Lookup(Py_TYPE(v), nm.torchFunction) != s.disabledImpl)
    return false;
  PyObject** dict = _PyObject_GetDictPtr(v);
  if (dict && *dict) {
    int has = PyDict_Contains(*dict, nm.torchFunction);
    if (has < 0)
      throw py::error_already_set();
    return has == 0;
  }
  return true;
}

/// torch._C.DisableTorchFunctionSubclass entered for its lifetime (its exit
/// also runs when an exception leaves, which stays the pending one).
class SubclassTorchFunctionOff {
public:
  explicit SubclassTorchFunctionOff(const State& s) : ctx_(s.subclassOff) {
    PyObject* args[] = {ctx_};
    checked(PyObject_VectorcallMethod(names().enter, args, 1 | PY_VECTORCALL_ARGUMENTS_OFFSET,
                                      nullptr));
  }
  ~SubclassTorchFunctionOff() {
    PyObject *type, *value, *trace;
    PyErr_Fetch(&type, &value, &trace);
    PyObject* args[] = {ctx_};
    PyObject* r =
        PyObject_VectorcallMethod(names().exit, args, 1 | PY_VECTORCALL_ARGUMENTS_OFFSET, nullptr);
    if (r)
      Py_DECREF(r);
    else if (!type)
      PyErr_WriteUnraisable(ctx_); // cannot throw from here; the state was restored or not
    PyErr_Clear();
    PyErr_Restore(type, value, trace);
  }
  SubclassTorchFunctionOff(const SubclassTorchFunctionOff&) = delete;
  SubclassTorchFunctionOff& operator=(const SubclassTorchFunctionOff&) = delete;

private:
  PyObject* ctx_;
};

/// A FakeTensor's device: ``device`` is a Python property in front of
/// ``fake_device``, in turn a property returning the instance's
/// ``_fake_device``: that attribute is read when it is there (no Python frame
/// per tensor).
py::object fakeDevice(PyObject* v) {
  const Names& nm = names();
  PyObject* hit = PyObject_GetAttr(v, nm.fakeDeviceSlot);
  if (!hit) {
    if (!PyErr_ExceptionMatches(PyExc_AttributeError))
      throw py::error_already_set();
    PyErr_Clear();
    hit = PyObject_GetAttr(v, nm.fakeDevice);
  }
  return checked(hit);
}

/// A tensor's meta tuple: its stride() (None when that raises an Exception),
/// dtype, device and shape, in the Python reader's encoding. An exact
/// FakeTensor quietFake accepts is read with subclass torch functions off.
py::object encodeTensor(State& s, PyObject* v) {
  const Names& nm = names();
  // A FakeTensor's ``device`` is a Python property in front of ``fake_device``.
  bool fake = s.fakeTensor && Py_TYPE(v) == reinterpret_cast<PyTypeObject*>(s.fakeTensor);
  py::object st, dt, dev, shape;
  {
    std::optional<SubclassTorchFunctionOff> off;
    if (fake && quietFake(s, v))
      off.emplace(s);
    st = py::reinterpret_steal<py::object>(PyObject_CallMethodNoArgs(v, nm.stride));
    if (!st) {
      if (!PyErr_ExceptionMatches(PyExc_Exception))
        throw py::error_already_set();
      PyErr_Clear();
    }
    dt = checked(PyObject_GetAttr(v, nm.dtype));
    dev = fake ? fakeDevice(v) : checked(PyObject_GetAttr(v, nm.device));
    shape = checked(PyObject_GetAttr(v, nm.shape));
  }
  py::object strides = py::none();
  if (st) {
    try {
      strides = dims(s, st.ptr());
    } catch (py::error_already_set& e) {
      if (!e.matches(PyExc_Exception))
        throw;
    }
  }
  py::object dts = cachedText(s, s.dtypeText, dt.ptr(), true);
  py::object devs = cachedText(s, s.deviceText, dev.ptr(), false);
  py::list sizes = dims(s, shape.ptr());
  return checked(
      PyTuple_Pack(5, s.metaTensor.ptr(), dts.ptr(), sizes.ptr(), strides.ptr(), devs.ptr()));
}

/// fx.encode_meta.
py::object encode(State& s, PyObject* v) {
  if (Py_EnterRecursiveCall(" in piecewise's encode_meta"))
    throw py::error_already_set();
  struct Leave {
    ~Leave() { Py_LeaveRecursiveCall(); }
  } leave;
  // An exact list or tuple is no Tensor and no Sym*: straight to its branch.
  if (PyList_CheckExact(v) || PyTuple_CheckExact(v))
    return encodeList(s, v);
  if (isTensor(s, v))
    return encodeTensor(s, v);
  if (isInstance(v, s.symInt))
    return checked(PyTuple_Pack(3, s.metaSym.ptr(), s.symKindInt.ptr(), size(s, v).ptr()));
  if (isInstance(v, s.symFloat)) {
    py::object t = checked(PyObject_Str(v));
    return checked(PyTuple_Pack(3, s.metaSym.ptr(), s.symKindFloat.ptr(), t.ptr()));
  }
  if (isInstance(v, s.symBool)) {
    py::object t = checked(PyObject_Str(v));
    return checked(PyTuple_Pack(3, s.metaSym.ptr(), s.symKindBool.ptr(), t.ptr()));
  }
  if (PyList_Check(v) || PyTuple_Check(v) ||
      isInstance(v, reinterpret_cast<PyObject*>(&PyList_Type)) ||
      isInstance(v, reinterpret_cast<PyObject*>(&PyTuple_Type)))
    return encodeList(s, v);
  return py::none();
}

/// `m.get(key)`.
py::object mapGet(PyObject* m, PyObject* key) {
  if (PyDict_CheckExact(m)) {
    PyObject* r = PyDict_GetItemWithError(m, key);
    if (!r && PyErr_Occurred())
      throw py::error_already_set();
    return r ? borrow(r) : py::none();
  }
  return checked(PyObject_CallMethodOneArg(m, names().get, key));
}

} // namespace

void configureNodeMeta(py::handle tensor, py::handle fakeTensor, py::handle symInt,
                       py::handle symFloat, py::handle symBool, py::handle subclassOff,
                       py::handle disabledImpl) {
  State& s = state();
  if (!PyType_Check(tensor.ptr()) || !PyType_Check(symInt.ptr()) || !PyType_Check(symFloat.ptr()) ||
      !PyType_Check(symBool.ptr()) || (!fakeTensor.is_none() && !PyType_Check(fakeTensor.ptr())))
    throw std::invalid_argument("piecewise._core.configure_meta: expects classes");
  s.keep[0] = py::reinterpret_borrow<py::object>(tensor);
  s.keep[1] = py::reinterpret_borrow<py::object>(fakeTensor);
  s.keep[2] = py::reinterpret_borrow<py::object>(symInt);
  s.keep[3] = py::reinterpret_borrow<py::object>(symFloat);
  s.keep[4] = py::reinterpret_borrow<py::object>(symBool);
  s.subclassOff = s.disabledImpl = nullptr;
  if (!subclassOff.is_none() && !disabledImpl.is_none()) {
    s.keep[5] = checked(PyObject_CallNoArgs(subclassOff.ptr())); // one context, entered per read
    s.keep[6] = py::reinterpret_borrow<py::object>(disabledImpl);
    s.subclassOff = s.keep[5].ptr();
    s.disabledImpl = disabledImpl.ptr();
  }
  s.tensor = reinterpret_cast<PyTypeObject*>(tensor.ptr());
  s.fakeTensor = fakeTensor.is_none() ? nullptr : fakeTensor.ptr();
  s.symInt = symInt.ptr();
  s.symFloat = symFloat.ptr();
  s.symBool = symBool.ptr();
  const Names& nm = names();
  PyObject* meta = reinterpret_cast<PyObject*>(Py_TYPE(tensor.ptr()));
  py::object mine = checked(PyObject_GetAttr(meta, nm.instancecheck));
  py::object plain =
      checked(PyObject_GetAttr(reinterpret_cast<PyObject*>(&PyType_Type), nm.instancecheck));
  s.plainTensorCheck = mine.ptr() == plain.ptr();
  s.configured = true;
}

bool nodeMetaConfigured() {
  return state().configured;
}

py::object nodeMeta(py::handle node) {
  State& s = configured();
  const Names& nm = names();
  py::object m = checked(nodeField(node.ptr(), NodeFields::Meta, nm.meta));
  py::object val = mapGet(m.ptr(), nm.val);
  if (val.is_none())
    val = mapGet(m.ptr(), nm.exampleValue);
  if (!val.is_none())
    return encode(s, val.ptr());
  py::object tm = mapGet(m.ptr(), nm.tensorMeta);
  if (tm.is_none())
    return py::none();
  // hasattr(tm, "shape")
  PyObject* probe = PyObject_GetAttr(tm.ptr(), nm.shape);
  if (!probe) {
    if (!PyErr_ExceptionMatches(PyExc_AttributeError))
      throw py::error_already_set();
    PyErr_Clear();
    return py::none();
  }
  Py_DECREF(probe);
  py::object dts =
      tail6(s, checked(PyObject_Str(checked(PyObject_GetAttr(tm.ptr(), nm.dtype)).ptr())));
  py::list sizes;
  py::object shape = checked(PyObject_GetAttr(tm.ptr(), nm.shape));
  forEach(shape.ptr(), [&](PyObject* x) { append(sizes, size(s, x)); });
  py::object strides = py::none();
  if (!checked(PyObject_GetAttr(tm.ptr(), nm.stride)).is_none()) {
    py::list l;
    py::object st = checked(PyObject_GetAttr(tm.ptr(), nm.stride));
    forEach(st.ptr(), [&](PyObject* x) { append(l, size(s, x)); });
    strides = std::move(l);
  }
  return checked(
      PyTuple_Pack(5, s.metaTensor.ptr(), dts.ptr(), sizes.ptr(), strides.ptr(), Py_None));
}

py::object encodeMeta(py::handle value) {
  return encode(configured(), value.ptr());
}

void clearNodeMetaCache() {
  state().symText.clear();
  state().exprText.clear();
}

void bindNodeMeta(py::module_& m) {
  py::enum_<MetaTag>(m, "MetaTag", py::arithmetic(), "The first field of a meta tuple.")
      .value("tensor", MetaTensor)
      .value("sym", MetaSym)
      .value("list", MetaList)
      .value("opaque", MetaOpaque);
  m.def(
      "configure_meta",
      [](py::handle tensor, py::handle fakeTensor, py::handle symInt, py::handle symFloat,
         py::handle symBool, py::handle subclassOff, py::handle disabledImpl) {
        configureNodeMeta(tensor, fakeTensor, symInt, symFloat, symBool, subclassOff, disabledImpl);
      },
      py::arg("tensor"), py::arg("fake_tensor"), py::arg("sym_int"), py::arg("sym_float"),
      py::arg("sym_bool"), py::arg("subclass_off") = py::none(),
      py::arg("disabled_impl") = py::none(),
      "Installs the torch classes node_meta tests values against (done by piecewise.fx); "
      "with torch._C.DisableTorchFunctionSubclass and _disabled_torch_function_impl, an "
      "exact FakeTensor that keeps the disabled __torch_function__ is read with subclass "
      "torch functions off (the same values, without the per-read lookup).");
  m.def(
      "node_meta", [](py::handle node) { return nodeMeta(node); }, py::arg("node"),
      "An fx.Node's meta tuple, read in C++: exactly piecewise.fx._node_meta(node).");
  m.def(
      "encode_meta", [](py::handle value) { return encodeMeta(value); }, py::arg("value"),
      "A value's meta tuple, in C++: exactly piecewise.fx.encode_meta(value).");
  m.def(
      "clear_meta_cache", []() { clearNodeMetaCache(); },
      "Forgets node_meta's SymInt texts (by SymNode; piecewise.fx.import_graph, per import).");
}

} // namespace piecewise::python
