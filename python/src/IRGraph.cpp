//===- IRGraph.cpp - A live torch.fx graph in piecewise's IR --------------===//
//
// The conversion both ways (see IRGraph.h): fx.Nodes into the IR, and the
// IR's nodes back as the export list fx.sync applies.
//
//===----------------------------------------------------------------------===//

#include "IRGraph.h"
#include "NodeMeta.h"
#include "Registry.h"
#include "TorchPrivate.h"

#include "piecewise/ir/Target.h"
#include "piecewise/verify/Verifier.h"

#include <pybind11/stl.h>

#include <cctype>

namespace piecewise::python {

Hooks& hooks() {
  static Hooks* h = new Hooks(); // never destroyed: outlives interpreter teardown order issues
  return *h;
}

void IRGraph::importNodes(const py::list& nodes) {
  reserve(nodes.size());
  for (const py::handle item : nodes) {
    auto t = py::reinterpret_borrow<py::tuple>(item);
    if (t.size() != 7)
      throw std::invalid_argument("piecewise._core: a node tuple has 7 fields");
    int op = t[1].cast<int>();
    if (op < 0 || op > static_cast<int>(OpKind::Output))
      throw std::invalid_argument("piecewise._core: bad op kind");
    std::string name = t[2].cast<std::string>();
    std::string target = t[3].cast<std::string>();
    PyObject* meta = t[6].ptr();
    addNode(t[0], static_cast<OpKind>(op), name, graph().intern(target), t[4], t[5],
            meta == Py_False ? nullptr : meta);
  }
}

void IRGraph::importFx(const py::list& nodes, const py::object& eager,
                       const py::object& targetString, const py::object& nodeMeta) {
  static PyObject* sOp = PyUnicode_InternFromString("op");
  static PyObject* sName = PyUnicode_InternFromString("name");
  static PyObject* sTarget = PyUnicode_InternFromString("target");
  static PyObject* sArgsPublic = PyUnicode_InternFromString("args");
  static PyObject* sKwargsPublic = PyUnicode_InternFromString("kwargs");
  auto field = [](PyObject* o, python::NodeFields::Field f, PyObject* name) {
    PyObject* r = python::nodeField(o, f, name);
    if (!r)
      throw py::error_already_set();
    return py::reinterpret_steal<py::object>(r);
  };
  auto utf8 = [](PyObject* o) {
    Py_ssize_t size = 0;
    const char* data = PyUnicode_Check(o) ? PyUnicode_AsUTF8AndSize(o, &size) : nullptr;
    if (!data)
      throw std::invalid_argument("piecewise._core: a node's op or name is not a string");
    return std::string_view(data, static_cast<size_t>(size));
  };
  bool allEager = eager.is_none();
  bool builtinMeta = nodeMeta.is_none();
  reserve(nodes.size());
  for (const py::handle item : nodes) {
    PyObject* n = item.ptr();
    py::object opObj = field(n, python::NodeFields::Op, sOp);
    std::optional<OpKind> op = parseOpKind(utf8(opObj.ptr()));
    if (!op)
      throw std::invalid_argument("piecewise._core: bad op kind");
    py::object nameObj = field(n, python::NodeFields::Name, sName);
    py::object target = field(n, python::NodeFields::Target, sTarget);
    Symbol targetSym;
    if (*op != OpKind::CallFunction && PyUnicode_CheckExact(target.ptr())) {
      targetSym = graph().intern(utf8(target.ptr()));
    } else {
      auto it = targetCache_.find(target.ptr());
      if (it != targetCache_.end()) {
        targetSym = it->second;
      } else {
        py::object s = targetString(opObj, target);
        targetSym = graph().intern(utf8(s.ptr()));
        targetCache_.emplace(target.ptr(), targetSym);
        keepAlive_.push_back(target);
      }
    }
    // The slots when node_fields is on (else the public properties).
    PyObject* a = python::nodeField(n, python::NodeFields::Args, sArgsPublic);
    PyObject* k = a ? python::nodeField(n, python::NodeFields::Kwargs, sKwargsPublic) : nullptr;
    if (!a || !k) {
      PyErr_Clear();
      Py_XDECREF(a);
      a = PyObject_GetAttr(n, sArgsPublic);
      k = a ? PyObject_GetAttr(n, sKwargsPublic) : nullptr;
      if (!a || !k) {
        Py_XDECREF(a);
        throw py::error_already_set();
      }
    }
    py::object args = py::reinterpret_steal<py::object>(a);
    py::object kwargs = py::reinterpret_steal<py::object>(k);
    py::object meta;
    bool wantMeta = allEager || *op == OpKind::Placeholder || *op == OpKind::GetAttr;
    if (!wantMeta) {
      int in = PySequence_Contains(eager.ptr(), n);
      if (in < 0)
        throw py::error_already_set();
      wantMeta = in == 1;
    }
    if (wantMeta)
      meta = builtinMeta ? python::nodeMeta(item) : nodeMeta(item);
    addNode(item, *op, utf8(nameObj.ptr()), targetSym, args, kwargs,
            wantMeta ? meta.ptr() : nullptr);
  }
}

py::object IRGraph::exportNodes(bool compact) {
  positions_ = PointerMap<int32_t>();
  positions_.reserve(graph().size());
  bool same = graph().size() == imported_.size();
  int32_t i = 0;
  for (Node* n : graph()) {
    const int32_t* o = origin_.find(n);
    if (!o || *o != i || changed(n, *o))
      same = false;
    positions_.insert(n, i++);
  }
  if (same)
    return py::none();
  py::list out(graph().size());
  Py_ssize_t k = -1;
  for (Node* n : graph()) {
    ++k;
    const int32_t* o = origin_.find(n);
    int32_t origin = o ? *o : -1;
    if (origin >= 0 && !changed(n, origin)) {
      PyObject* v = compact ? Py_NewRef(Py_None) : PyLong_FromLong(origin);
      if (!v)
        throw py::error_already_set();
      PyList_SetItem(out.ptr(), k, v); // steals v (the new list's slot is empty)
      continue;
    }
    py::object args = py::none(), kwargs = py::none();
    {
      py::tuple a(n->args().size());
      for (size_t k = 0; k < n->args().size(); ++k)
        a[k] = toPython(n->args()[k]);
      py::dict kw;
      for (const KwArg& k : n->kwargs())
        kw[py::str(std::string(k.name.str()))] = toPython(k.value);
      args = std::move(a);
      kwargs = std::move(kw);
    }
    out[k] = py::make_tuple(origin, static_cast<int>(n->op()), std::string(n->name().str()),
                            std::string(n->target().str()), args, kwargs);
  }
  return out;
}

py::tuple IRGraph::syncPlan() {
  py::list nodes(graph().size());
  py::list edits, retargeted;
  std::vector<char> alive(imported_.size(), 0);
  bool inOrder = true;
  int32_t last = -1;
  Py_ssize_t pos = 0;
  for (const Node* n : graph()) {
    const int32_t* o = origin_.find(n);
    if (!o) {
      nodes[pos] = py::none();
      edits.append(py::int_(pos));
    } else {
      int32_t origin = *o;
      nodes[pos] = pyNodes_[static_cast<size_t>(origin)];
      if (changed(n, origin)) {
        edits.append(py::int_(pos));
        if (n->target() != origTargets_[static_cast<size_t>(origin)])
          retargeted.append(py::int_(pos));
      }
      alive[static_cast<size_t>(origin)] = 1;
      inOrder = inOrder && origin > last;
      last = origin;
    }
    ++pos;
  }
  py::list removed;
  for (size_t i = imported_.size(); i-- > 0;)
    if (!alive[i])
      removed.append(py::int_(i));
  return py::make_tuple(nodes, edits, removed, inOrder, retargeted);
}

int32_t IRGraph::position(const Node* n) const {
  const int32_t* p = positions_.find(n);
  if (!p)
    throw std::out_of_range("piecewise._core: a node without a position (not exported)");
  return *p;
}

void IRGraph::loadMeta(const std::vector<Node*>& nodes, const py::object& fetch) {
  std::vector<int32_t> want;
  for (Node* n : nodes) {
    const int32_t* o = origin_.find(n);
    if (!o || !deferred_[static_cast<size_t>(*o)])
      continue;
    deferred_[static_cast<size_t>(*o)] = 0;
    --numDeferred_;
    want.push_back(*o);
  }
  if (want.empty())
    return;
  if (fetch.ptr() == Py_True) {
    for (int32_t i : want)
      imported_[static_cast<size_t>(i)]->setMeta(
          convertMeta(python::nodeMeta(pyNodes_[static_cast<size_t>(i)])));
    return;
  }
  py::list metas = fetch(want);
  if (metas.size() != want.size())
    throw std::invalid_argument("piecewise._core: fetch_meta returned a wrong count");
  for (size_t k = 0; k < want.size(); ++k)
    imported_[static_cast<size_t>(want[k])]->setMeta(convertMeta(metas[k]));
}

void IRGraph::loadAllMeta(const py::object& fetch) {
  if (!hasDeferredMeta())
    return;
  std::vector<Node*> live;
  live.reserve(graph().size());
  for (Node* n : graph())
    live.push_back(n);
  loadMeta(live, fetch);
}

void IRGraph::verify() {
  DiagnosticEngine diag;
  if (failed(verifyGraph(graph(), &registry(), diag)))
    throwDiagnostics(diag, "piecewise: the graph does not verify");
}

void IRGraph::reserve(size_t n) {
  imported_.reserve(imported_.size() + n);
  pyNodes_.reserve(pyNodes_.size() + n);
  deferred_.reserve(deferred_.size() + n);
  origEdits_.reserve(origEdits_.size() + n);
  origTargets_.reserve(origTargets_.size() + n);
  byPy_.reserve(byPy_.size() + n);
  origin_.reserve(origin_.size() + n);
}

void IRGraph::addNode(py::handle fxNode, OpKind op, std::string_view name, Symbol target,
                      py::handle argsObj, py::handle kwargsObj, PyObject* meta) {
  Graph& g = graph();
  std::vector<Argument> args = convertSeq(argsObj);
  std::vector<KwArg> kwargs;
  if (!kwargsObj.is_none()) {
    for (auto kv : py::reinterpret_borrow<py::dict>(kwargsObj))
      kwargs.push_back({g.intern(kv.first.cast<std::string>()), convert(kv.second)});
  }
  Node* n = g.createNode(op, name, target, std::move(args), std::move(kwargs));
  if (!meta) {
    deferred_.push_back(1);
    ++numDeferred_;
  } else {
    deferred_.push_back(0);
    n->setMeta(convertMeta(meta));
  }
  byPy_.insert(fxNode.ptr(), n);
  origin_.insert(n, static_cast<int32_t>(imported_.size()));
  imported_.push_back(n);
  pyNodes_.push_back(py::reinterpret_borrow<py::object>(fxNode));
  origEdits_.push_back(n->editCount());
  origTargets_.push_back(target);
}

bool IRGraph::changed(const Node* n, int32_t origin) const {
  return n->editCount() != origEdits_[static_cast<size_t>(origin)];
}

std::vector<Argument> IRGraph::convertSeq(py::handle seq) {
  std::vector<Argument> out;
  PyObject* o = seq.ptr();
  if (o == Py_None)
    return out;
  if (PyTuple_Check(o) || PyList_Check(o)) { // FX's own containers: no iterator
    Py_ssize_t size = PySequence_Fast_GET_SIZE(o);
    out.reserve(static_cast<size_t>(size));
    for (Py_ssize_t i = 0; i < size; ++i)
      out.push_back(convert(PySequence_Fast_GET_ITEM(o, i)));
    return out;
  }
  auto s = py::reinterpret_borrow<py::sequence>(seq);
  out.reserve(s.size());
  for (py::handle h : s)
    out.push_back(convert(h));
  return out;
}

Argument IRGraph::convert(py::handle h) {
  PyObject* o = h.ptr();
  if (o == Py_None)
    return Argument::none();
  if (PyBool_Check(o))
    return Argument::boolean(o == Py_True);
  if (PyLong_CheckExact(o)) {
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
    if (!overflow)
      return Argument::integer(v);
    return leaf(h);
  }
  if (PyFloat_CheckExact(o))
    return Argument::real(PyFloat_AsDouble(o));
  if (PyUnicode_CheckExact(o)) {
    Py_ssize_t size = 0;
    const char* data = PyUnicode_AsUTF8AndSize(o, &size);
    if (!data)
      throw py::error_already_set();
    return Argument::string(graph().intern(std::string_view(data, static_cast<size_t>(size))));
  }
  // FX keeps lists as immutable_list (a list subclass); a tuple subclass (torch.Size)
  // reads as a tuple. Node references inside must be seen, so neither may be opaque.
  if (PyTuple_Check(o))
    return Argument::tuple(convertSeq(h));
  if (PyList_Check(o))
    return Argument::list(convertSeq(h));
  if (PyDict_Check(o)) {
    // Node references inside a dict (a triton kernel's kwargs; FX keeps every dict
    // argument as immutable_dict, a dict subclass) are uses, as in map_arg.
    std::vector<Argument> items;
    items.reserve(2 * static_cast<size_t>(PyDict_Size(o)));
    for (auto kv : py::reinterpret_borrow<py::dict>(h)) {
      items.push_back(convert(kv.first));
      items.push_back(convert(kv.second));
    }
    return Argument::dict(std::move(items));
  }
  if (PyComplex_CheckExact(o))
    return Argument::complex(PyComplex_RealAsDouble(o), PyComplex_ImagAsDouble(o));
  if (o == Py_Ellipsis)
    return Argument::ellipsis();
  if (PySlice_Check(o)) {
    auto* s = reinterpret_cast<PySliceObject*>(o);
    return Argument::slice(convert(s->start), convert(s->stop), convert(s->step));
  }
  // A torch.fx.Node, or an instance of a subclass of it (map_arg's rule).
  if (PyObject_TypeCheck(o, reinterpret_cast<PyTypeObject*>(hooks().nodeType.ptr()))) {
    Node** it = byPy_.find(o);
    if (!it)
      throw std::invalid_argument("piecewise._core: a node refers to a node defined after it "
                                  "or outside the graph");
    return Argument::node(*it);
  }
  return leaf(h);
}

Argument IRGraph::leaf(py::handle h) {
  auto cached = leafCache_.find(h.ptr());
  if (cached != leafCache_.end())
    return cached->second;
  py::tuple r = hooks().classify(h);
  int kind = r[0].cast<int>();
  Argument a;
  if (kind == LeafDType) {
    std::string text = r[1].cast<std::string>();
    auto dt = parseDTypeTorchName(text);
    a = dt ? Argument::dtype(*dt) : Argument::none();
    if (dt)
      leafObjects_[{kind, static_cast<uint64_t>(*dt)}] = py::reinterpret_borrow<py::object>(h);
    else
      kind = LeafOpaque;
  } else if (kind == LeafSym) {
    py::object v = r[1];
    if (PyLong_Check(v.ptr()))
      a = Argument::sym(SymExpr::constant(v.cast<int64_t>()));
    else
      a = Argument::sym(SymExpr::symbolic(graph().intern(v.cast<std::string>())));
    // Keep the object: a symbolic value in args is handed back as itself.
    kind = LeafOpaque;
  } else if (kind != LeafOpaque) {
    Symbol s = graph().intern(r[1].cast<std::string>());
    switch (kind) {
    case LeafDevice:
      a = Argument::device(s);
      break;
    case LeafLayout:
      a = Argument::layout(s);
      break;
    case LeafMemoryFormat:
      a = Argument::memoryFormat(s);
      break;
    case LeafOp:
      a = Argument::op(s);
      break;
    default:
      throw std::invalid_argument("piecewise._core: classify returned an unknown kind");
    }
    leafObjects_[{kind, reinterpret_cast<uint64_t>(s.data())}] =
        py::reinterpret_borrow<py::object>(h);
  }
  if (kind == LeafOpaque && a.isNone()) {
    // A Global names the object: its repr when that is a dotted name naming this
    // object only, else `_opaque_<Type>_<n>` (a repr such as `LayerName('x')` is
    // not a name, and text that is not a name must never enter the IR).
    std::string repr = r[1].cast<std::string>();
    a = Argument::global(graph().intern(repr));
    auto clash = opaqueByText_.find(a);
    if (!Argument::isGlobalText(repr) || (clash != opaqueByText_.end() && !clash->second.is(h))) {
      size_t n = 0;
      while (n < repr.size() &&
             (std::isalnum(static_cast<unsigned char>(repr[n])) || repr[n] == '_'))
        ++n;
      a = Argument::global(graph().intern("_opaque_" + repr.substr(0, n) + "_" +
                                          std::to_string(opaqueObjects_.size())));
    }
  }
  if (kind == LeafOpaque) {
    opaqueByText_[a] = py::reinterpret_borrow<py::object>(h);
    opaqueObjects_.push_back(py::reinterpret_borrow<py::object>(h));
  }
  leafCache_.emplace(h.ptr(), a);
  keepAlive_.push_back(py::reinterpret_borrow<py::object>(h));
  return a;
}

py::object IRGraph::toPython(const Argument& a) {
  switch (a.kind()) {
  case Argument::Kind::None:
    return py::none();
  case Argument::Kind::Bool:
    return py::bool_(a.getBool());
  case Argument::Kind::Int:
    return py::int_(a.getInt());
  case Argument::Kind::Double:
    return py::float_(a.getDouble());
  case Argument::Kind::String:
    return py::str(std::string(a.getSymbol().str()));
  case Argument::Kind::Bytes: {
    std::string_view b = a.getSymbol().str();
    return py::bytes(b.data(), b.size());
  }
  case Argument::Kind::NodeRef: {
    Node* n = a.getNode();
    if (const int32_t* o = origin_.find(n))
      return pyNodes_[static_cast<size_t>(*o)];
    return hooks().makeRef(position(n));
  }
  case Argument::Kind::List:
  case Argument::Kind::Tuple: {
    py::list l;
    for (const Argument& e : a.elements())
      l.append(toPython(e));
    if (a.kind() == Argument::Kind::List)
      return l;
    return py::tuple(l);
  }
  case Argument::Kind::Slice: {
    const auto& e = a.elements();
    return hooks().sliceType(toPython(e[0]), toPython(e[1]), toPython(e[2]));
  }
  case Argument::Kind::Dict: {
    py::dict d;
    const auto& e = a.elements();
    for (size_t i = 0; i + 1 < e.size(); i += 2)
      d[toPython(e[i])] = toPython(e[i + 1]);
    return d;
  }
  case Argument::Kind::Complex:
    return py::reinterpret_steal<py::object>(PyComplex_FromDoubles(a.getReal(), a.getImag()));
  case Argument::Kind::Call:
    // A live graph holds objects, never calls; only text graphs have them.
    throw std::runtime_error("piecewise._core: a call value has no live Python object");
  case Argument::Kind::Ellipsis:
    return py::ellipsis();
  case Argument::Kind::Sym:
  case Argument::Kind::Global: {
    auto it = opaqueByText_.find(a);
    if (it != opaqueByText_.end())
      return it->second;
    if (a.kind() == Argument::Kind::Sym && a.getSym().isConstant())
      return py::int_(a.getSym().value());
    throw std::runtime_error("piecewise._core: a pass created an opaque value");
  }
  case Argument::Kind::DType: {
    auto it = leafObjects_.find({LeafDType, static_cast<uint64_t>(a.getDType())});
    if (it != leafObjects_.end())
      return it->second;
    return hooks().makeLeaf(static_cast<int>(LeafDType), std::string(dtypeTorchName(a.getDType())));
  }
  case Argument::Kind::Device:
  case Argument::Kind::Layout:
  case Argument::Kind::MemoryFormat:
  case Argument::Kind::Op: {
    int kind = a.kind() == Argument::Kind::Device   ? LeafDevice
               : a.kind() == Argument::Kind::Layout ? LeafLayout
               : a.kind() == Argument::Kind::Op     ? LeafOp
                                                    : LeafMemoryFormat;
    auto it = leafObjects_.find({kind, reinterpret_cast<uint64_t>(a.getSymbol().data())});
    if (it != leafObjects_.end())
      return it->second;
    return hooks().makeLeaf(kind, std::string(a.getSymbol().str()));
  }
  }
  return py::none();
}

SymExpr IRGraph::convertSize(py::handle h) {
  SymExpr e;
  if (fastSize(h.ptr(), e))
    return e;
  if (PyLong_Check(h.ptr()))
    return SymExpr::constant(h.cast<int64_t>());
  return SymExpr::symbolic(graph().intern(h.cast<std::string>()));
}

bool IRGraph::fastSize(PyObject* o, SymExpr& out) {
  if (PyLong_CheckExact(o)) {
    int overflow = 0;
    long long v = PyLong_AsLongLongAndOverflow(o, &overflow);
    if (overflow || (v == -1 && PyErr_Occurred())) {
      PyErr_Clear();
      return false;
    }
    out = SymExpr::constant(v);
    return true;
  }
  std::string_view text;
  if (!fastText(o, text))
    return false;
  out = SymExpr::symbolic(graph().intern(text));
  return true;
}

bool IRGraph::fastText(PyObject* o, std::string_view& out) {
  if (!PyUnicode_CheckExact(o))
    return false;
  Py_ssize_t size = 0;
  const char* data = PyUnicode_AsUTF8AndSize(o, &size);
  if (!data) {
    PyErr_Clear();
    return false;
  }
  out = std::string_view(data, static_cast<size_t>(size));
  return true;
}

bool IRGraph::fastSizes(PyObject* list, DimList& out) {
  Py_ssize_t n = PyList_GET_SIZE(list);
  out.reserve(static_cast<size_t>(n));
  for (Py_ssize_t i = 0; i < n; ++i) {
    SymExpr e;
    if (!fastSize(PyList_GET_ITEM(list, i), e))
      return false;
    out.push_back(e);
  }
  return true;
}

DType IRGraph::dtypeOf(PyObject* text) {
  for (const auto& [obj, dt] : dtypeByText_)
    if (obj.ptr() == text)
      return dt;
  std::string_view sv;
  std::optional<DType> dt;
  if (fastText(text, sv))
    dt = parseDTypeTorchName(sv);
  else
    dt = parseDTypeTorchName(py::reinterpret_borrow<py::object>(text).cast<std::string>());
  DType r = dt ? *dt : DType::Unknown;
  if (dtypeByText_.size() < 16)
    dtypeByText_.emplace_back(py::reinterpret_borrow<py::object>(text), r);
  return r;
}

bool IRGraph::fastTensorMeta(PyObject* t, TensorMeta& tm) {
  PyObject* sizes = PyTuple_GET_ITEM(t, 2);
  PyObject* strides = PyTuple_GET_ITEM(t, 3);
  PyObject* device = PyTuple_GET_ITEM(t, 4);
  if (!PyUnicode_CheckExact(PyTuple_GET_ITEM(t, 1)) || !PyList_CheckExact(sizes) ||
      (strides != Py_None && !PyList_CheckExact(strides)) ||
      (device != Py_None && !PyUnicode_CheckExact(device)))
    return false;
  if (!fastSizes(sizes, tm.sizes))
    return false;
  if (strides != Py_None) {
    tm.hasStrides = true;
    if (!fastSizes(strides, tm.strides))
      return false;
  }
  if (device != Py_None) {
    std::string_view sv;
    if (!fastText(device, sv))
      return false;
    tm.device = graph().intern(sv);
  }
  tm.dtype = dtypeOf(PyTuple_GET_ITEM(t, 1));
  return true;
}

Meta IRGraph::convertMeta(py::handle h) {
  if (h.is_none())
    return Meta();
  // The tuples node_meta makes (exact tuples, lists, ints and strs) are read
  // with the C API; anything else takes the general path below.
  PyObject* o = h.ptr();
  if (PyTuple_CheckExact(o) && PyTuple_GET_SIZE(o) >= 2 &&
      PyLong_CheckExact(PyTuple_GET_ITEM(o, 0))) {
    long tag = PyLong_AsLong(PyTuple_GET_ITEM(o, 0));
    if (tag == MetaTensor && PyTuple_GET_SIZE(o) == 5) {
      TensorMeta tm;
      if (fastTensorMeta(o, tm))
        return Meta(std::move(tm));
    } else if (tag == MetaList && PyTuple_GET_SIZE(o) == 2 &&
               PyList_CheckExact(PyTuple_GET_ITEM(o, 1))) {
      PyObject* l = PyTuple_GET_ITEM(o, 1);
      std::vector<Meta> items;
      items.reserve(static_cast<size_t>(PyList_GET_SIZE(l)));
      for (Py_ssize_t i = 0; i < PyList_GET_SIZE(l); ++i) {
        auto item = py::reinterpret_borrow<py::object>(PyList_GET_ITEM(l, i));
        items.push_back(convertMeta(item));
      }
      return Meta::list(std::move(items));
    }
  }
  auto t = py::reinterpret_borrow<py::tuple>(h);
  int tag = t[0].cast<int>();
  if (tag == MetaTensor) {
    TensorMeta tm;
    auto dt = parseDTypeTorchName(t[1].cast<std::string>());
    tm.dtype = dt ? *dt : DType::Unknown;
    for (py::handle s : py::reinterpret_borrow<py::sequence>(t[2]))
      tm.sizes.push_back(convertSize(s));
    if (!t[3].is_none()) {
      tm.hasStrides = true;
      for (py::handle s : py::reinterpret_borrow<py::sequence>(t[3]))
        tm.strides.push_back(convertSize(s));
    }
    if (!t[4].is_none())
      tm.device = graph().intern(t[4].cast<std::string>());
    return Meta(std::move(tm));
  }
  if (tag == MetaSym) {
    SymMeta sm;
    sm.kind = static_cast<SymKind>(t[1].cast<int>());
    sm.expr = convertSize(t[2]);
    return Meta(sm);
  }
  if (tag == MetaList) {
    std::vector<Meta> items;
    for (py::handle m : py::reinterpret_borrow<py::sequence>(t[1]))
      items.push_back(convertMeta(m));
    return Meta::list(std::move(items));
  }
  return Meta(OpaqueMeta{graph().intern(t[1].cast<std::string>())});
}

} // namespace piecewise::python
