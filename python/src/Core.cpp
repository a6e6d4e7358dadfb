//===- Core.cpp - piecewise._core: the C++ core seen from Python -----------===//
//
// The binding exchange format is deliberately flat. import_fx() reads the
// torch.fx.Node objects themselves (op, name, target, _args, _kwargs, with
// the C API, one pass; the meta tuple from node_meta() in NodeMeta.cpp, or
// from a Python callback when one is given); the older import_nodes() takes
// one tuple per node with the same fields:
//
//   (fx_node, op, name, target, args, kwargs, meta)
//
//  - op: the index of the FX op kind (placeholder=0 ... output=5, OpKind);
//  - target: the canonical string (`aten::add.Tensor`, `operator.getitem`);
//  - args/kwargs: the node's own Python values. The common leaves (None, bool,
//    int, float, str, tuple, list, slice, Ellipsis, fx.Node) are read here
//    directly; any other leaf goes once through the `classify` callback, which
//    says what it is (a dtype, a device, an op, ... or opaque). Opaque values
//    (Python callables, unknown objects) are kept alive here and handed back
//    as the very same object: nothing is lost on the way through the IR;
//  - meta: None, (0, dtype, sizes, strides|None, device|None) for a tensor,
//    (1, symkind, expr) for a SymInt/SymFloat/SymBool, (2, [meta...]) for a
//    list, (3, text) opaque. A size is an int or the expression text.
//    `False` defers it: split() then fetches only the meta its boundaries
//    read (reading a symbolic FakeTensor's sizes is most of the import's
//    cost), and hashes() the rest, on request: `fetch_meta` is a callback
//    (import indices -> meta tuples), or True to read the imported fx.Nodes
//    here (node_meta()).
//
// The IR graph then runs passes or the splitting-op partitioner; export()
// hands the (possibly rewritten) node list back: an unchanged node as its
// import index alone, a changed or created one as (origin (the import index,
// -1 for a node a pass created), op, name, target, args, kwargs) (node
// references are the original fx.Node objects, or `ref(pos)` for created
// nodes). Python
// applies that to the live fx.Graph, so untouched nodes keep their identity.
//
// C++ failures (diagnostics) become RuntimeError at this boundary.
//
//===----------------------------------------------------------------------===//

#include "piecewise/analysis/ValueKind.h"
#include "piecewise/ir/Module.h"
#include "piecewise/ir/Target.h"
#include "piecewise/partition/FlatBoundaries.h"
#include "piecewise/partition/SplitGraph.h"
#include "piecewise/pass/PassManager.h"
#include "piecewise/schema/OpRegistry.h"
#include "piecewise/support/PointerMap.h"
#include "piecewise/text/Printer.h"
#include "piecewise/transforms/Passes.h"
#include "piecewise/verify/Verifier.h"

#include "CaptureBinding.h"
#include "ExplainBinding.h"
#include "FxBuilder.h"
#include "LazyModule.h"
#include "NodeFields.h"
#include "NodeMeta.h"
#include "SyncEdits.h"

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cctype>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace py = pybind11;
using namespace piecewise;
using piecewise::python::MetaTag;
using piecewise::python::MetaTensor, piecewise::python::MetaSym, piecewise::python::MetaList,
    piecewise::python::MetaOpaque;

namespace {

/// Leaf kinds the `classify` callback returns.
enum LeafKind : int {
  LeafOpaque = 0,
  LeafDType = 1,
  LeafDevice = 2,
  LeafLayout = 3,
  LeafMemoryFormat = 4,
  LeafOp = 5,
  LeafSym = 6,
};

/// Callbacks installed once by the Python package (piecewise/fx.py).
struct Hooks {
  py::object nodeType;  ///< torch.fx.Node
  py::object classify;  ///< obj -> (LeafKind, text)
  py::object makeLeaf;  ///< (LeafKind, text) -> obj, for leaves a pass created
  py::object makeRef;   ///< pos -> a reference to a created node
  py::object sliceType; ///< builtins.slice
};

Hooks& hooks() {
  static Hooks* h = new Hooks(); // never destroyed: outlives interpreter teardown order issues
  return *h;
}

OpRegistry& registry() {
  static OpRegistry* r = new OpRegistry(OpRegistry::withBuiltinAten());
  return *r;
}

std::vector<std::unique_ptr<SourceBuffer>>& schemaBuffers() {
  static auto* v = new std::vector<std::unique_ptr<SourceBuffer>>();
  return *v;
}

[[noreturn]] void throwDiagnostics(const DiagnosticEngine& diag, std::string_view what) {
  std::string msg(what);
  if (!diag.diagnostics().empty())
    msg += ":\n" + diag.renderAll();
  throw std::runtime_error(msg);
}

/// One imported graph and what is needed to hand it back.
class IRGraph {
public:
  IRGraph() : module_(std::make_unique<Module>("GraphModule")) {}

  Graph& graph() { return module_->graph(); }
  Module& module() { return *module_; }

  void importNodes(const py::list& nodes) {
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

  /// Builds the graph from the fx.Node objects themselves, in one pass: op,
  /// name, target, args and kwargs are read here; a call_function target is
  /// spelled by `targetString(op, target)` once per distinct target object; a
  /// node's meta tuple comes from `nodeMeta(node)` (python::nodeMeta when it
  /// is None) when `eager` is None (every node) or for placeholders, get_attr
  /// nodes and the nodes in the set `eager`; the rest is deferred (see the
  /// file comment).
  void importFx(const py::list& nodes, const py::object& eager, const py::object& targetString,
                const py::object& nodeMeta) {
    static PyObject* sOp = PyUnicode_InternFromString("op");
    static PyObject* sName = PyUnicode_InternFromString("name");
    static PyObject* sTarget = PyUnicode_InternFromString("target");
    static PyObject* sArgs = PyUnicode_InternFromString("_args");
    static PyObject* sKwargs = PyUnicode_InternFromString("_kwargs");
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
      PyObject* a = python::nodeField(n, python::NodeFields::Args, sArgs);
      PyObject* k = a ? python::nodeField(n, python::NodeFields::Kwargs, sKwargs) : nullptr;
      if (!a || !k) { // not torch's Node layout: the public properties
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

  /// The nodes in graph order with their sync information (see the file comment).
  /// Returns None when the graph is exactly as imported (same nodes, same
  /// order, nothing changed), so the caller can skip the sync. `compact`: an
  /// unchanged node's entry is None, not its import index (fx.sync reads only
  /// the edited and created entries; sync_plan gives the rest).
  py::object exportNodes(bool compact = false) {
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
        out[k] = compact ? py::object(py::none()) : py::object(py::int_(origin));
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

  /// What `fx.sync` needs after exportNodes() returned a list, in one pass:
  /// (nodes, edits, removed, in_order, retargeted): the live nodes in export
  /// order (the imported fx.Node, None for a created one), the positions whose
  /// entry is not a bare index (edited or created), the import indices of the
  /// removed nodes (last first: users before producers), whether the kept
  /// imported nodes are still in their import order, and the positions of the
  /// imported nodes whose target changed.
  py::tuple syncPlan() {
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

  /// Position (export order) of a live node.
  int32_t position(const Node* n) const {
    const int32_t* p = positions_.find(n);
    if (!p)
      throw std::out_of_range("piecewise._core: a node without a position (not exported)");
    return *p;
  }

  /// Whether some imported node's meta was deferred (imported as `False`).
  bool hasDeferredMeta() const { return numDeferred_ > 0; }

  /// Loads the deferred meta of `nodes` (live nodes; others are skipped)
  /// through `fetch(list of import indices) -> list of meta tuples`, or, when
  /// `fetch` is True, python::nodeMeta of the imported fx.Nodes.
  void loadMeta(const std::vector<Node*>& nodes, const py::object& fetch) {
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

  /// Loads every live node's deferred meta.
  void loadAllMeta(const py::object& fetch) {
    if (!hasDeferredMeta())
      return;
    std::vector<Node*> live;
    live.reserve(graph().size());
    for (Node* n : graph())
      live.push_back(n);
    loadMeta(live, fetch);
  }

  /// The last split's plan (kept for hashes computed on request).
  std::optional<PartitionPlan>& plan() { return plan_; }

  void verify() {
    DiagnosticEngine diag;
    if (failed(verifyGraph(graph(), &registry(), diag)))
      throwDiagnostics(diag, "piecewise: the graph does not verify");
  }

private:
  void reserve(size_t n) {
    imported_.reserve(imported_.size() + n);
    pyNodes_.reserve(pyNodes_.size() + n);
    deferred_.reserve(deferred_.size() + n);
    origEdits_.reserve(origEdits_.size() + n);
    origTargets_.reserve(origTargets_.size() + n);
    byPy_.reserve(byPy_.size() + n);
    origin_.reserve(origin_.size() + n);
  }

  /// One imported node; `meta` null defers its meta.
  void addNode(py::handle fxNode, OpKind op, std::string_view name, Symbol target,
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

  /// Whether a pass set the target, args or kwargs of an imported node.
  bool changed(const Node* n, int32_t origin) const {
    return n->editCount() != origEdits_[static_cast<size_t>(origin)];
  }

  std::vector<Argument> convertSeq(py::handle seq) {
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

  Argument convert(py::handle h) {
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

  /// A leaf the fast path does not know: ask Python once per object.
  Argument leaf(py::handle h) {
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

  py::object toPython(const Argument& a) {
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
      return hooks().makeLeaf(static_cast<int>(LeafDType),
                              std::string(dtypeTorchName(a.getDType())));
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

  SymExpr convertSize(py::handle h) {
    SymExpr e;
    if (fastSize(h.ptr(), e))
      return e;
    if (PyLong_Check(h.ptr()))
      return SymExpr::constant(h.cast<int64_t>());
    return SymExpr::symbolic(graph().intern(h.cast<std::string>()));
  }

  /// An exact int that fits, or an exact str: `out`; anything else: false
  /// (convertSize's general path then converts it, or says why not).
  bool fastSize(PyObject* o, SymExpr& out) {
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

  /// The UTF-8 of an exact str (no copy); false for anything else.
  static bool fastText(PyObject* o, std::string_view& out) {
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

  /// `[size...]` (an exact list) into `out`; false when some item needs the
  /// general path.
  bool fastSizes(PyObject* list, std::vector<SymExpr>& out) {
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

  /// The DType of a dtype text; node_meta hands the same str object for a
  /// dtype every time, so a few are remembered by identity (kept alive).
  DType dtypeOf(PyObject* text) {
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

  /// (MetaTensor, dtype, [sizes], [strides] | None, device | None) with exact
  /// lists and str/int items, read without the general conversions; false
  /// when some field needs them.
  bool fastTensorMeta(PyObject* t, TensorMeta& tm) {
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

  Meta convertMeta(py::handle h) {
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

  struct ArgHash {
    size_t operator()(const Argument& a) const {
      return std::hash<const void*>()(a.kind() == Argument::Kind::Global
                                          ? static_cast<const void*>(a.getSymbol().data())
                                          : nullptr);
    }
  };

  std::unique_ptr<Module> module_;
  std::optional<PartitionPlan> plan_;
  std::vector<char> deferred_; ///< by import index: meta not loaded yet
  size_t numDeferred_ = 0;
  PointerMap<Node*> byPy_;        ///< fx.Node -> its IR node
  PointerMap<int32_t> origin_;    ///< IR node -> import index (imported nodes only)
  PointerMap<int32_t> positions_; ///< live IR node -> export position
  std::vector<Node*> imported_;
  std::vector<py::object> pyNodes_;
  std::vector<uint32_t> origEdits_; ///< each imported node's editCount() at import
  std::vector<Symbol> origTargets_; ///< each imported node's target at import
  std::unordered_map<PyObject*, Argument> leafCache_;
  std::unordered_map<PyObject*, Symbol> targetCache_; ///< call_function target -> its spelling
  std::vector<py::object> keepAlive_;
  std::vector<py::object> opaqueObjects_;
  std::unordered_map<Argument, py::object, ArgHash> opaqueByText_;
  std::map<std::pair<int, uint64_t>, py::object> leafObjects_;
  std::vector<std::pair<py::object, DType>> dtypeByText_; ///< dtypeOf's remembered texts
};

/// One piece of a split, as Python sees it (node positions in the synced
/// graph order).
struct PieceRecord {
  int64_t id = 0;
  PieceKind kind = PieceKind::Compiled;
  std::string reason;
  py::list nodes, inputs, outputs;
  py::object hash; ///< 16 hex digits, or None until hashes() (deferred meta)
};

/// What split() returns.
struct SplitResult {
  py::object sync; ///< export(): None when unchanged, else the node list
  py::list pieces; ///< PieceRecord, in piece order
  py::object numUnique;
};

/// The values whose meta a split's boundary checks and symbol inputs read:
/// every piece input and output, and the producer of such a value when it is
/// a getitem (its kind may come from the producer's list meta).
std::vector<Node*> boundaryValues(const PartitionPlan& plan) {
  std::vector<Node*> out;
  auto add = [&](Node* n) {
    out.push_back(n);
    if (n->target().str() == "operator.getitem" && !n->args().empty() && n->args()[0].isNode())
      out.push_back(n->args()[0].getNode());
  };
  for (const Piece& p : plan.pieces()) {
    for (Node* n : p.inputs)
      add(n);
    for (Node* n : p.outputs)
      add(n);
  }
  return out;
}

/// decompose-size + the splitting-op partitioner. With deferred meta (see
/// importNodes), the assignment is made first (with the meta imported eagerly:
/// what decompose-size reads, the placeholders), then the meta of
/// the values crossing a boundary is fetched and the plan is made again on the
/// rewritten graph, now with the meta its symbol inputs and flat check read.
/// Hashes then wait for `hashes()`.
SplitResult splitIR(IRGraph& ir, const std::vector<std::string>& ops, bool decomposeSize,
                    bool mergeEmpty, bool checkFlat, const py::object& fetchMeta, bool remat) {
  SplitGraphOptions options;
  options.partition.splittingOps = ops;
  options.partition.mergeEmptyOnlyPieces = mergeEmpty;
  options.decomposeSize = decomposeSize;
  options.checkFlatBoundaries = checkFlat;
  options.rematerializeSymInts = remat;
  DiagnosticEngine diag;
  ir.plan().reset();
  if (remat && !fetchMeta.is_none()) // copies carry their original's meta: load it all
    ir.loadAllMeta(fetchMeta);
  bool lazy = ir.hasDeferredMeta() && !fetchMeta.is_none();
  if (lazy) {
    options.checkFlatBoundaries = false;
    options.partition.computeHashes = false; // they wait for hashes()
  }
  FailureOr<PartitionPlan> plan = splitGraph(ir.graph(), &registry(), options, diag);
  if (failed(plan))
    throwDiagnostics(diag, "piecewise.split_graph failed");
  if (lazy) {
    // Partitioned again from scratch: the loaded meta may change any node's kind, which
    // the getitem move reads (directly and through the storage analysis).
    ir.loadMeta(boundaryValues(*plan), fetchMeta);
    options.decomposeSize = false; // done: the graph is rewritten
    options.checkFlatBoundaries = checkFlat;
    plan = splitGraph(ir.graph(), &registry(), options, diag);
    if (failed(plan))
      throwDiagnostics(diag, "piecewise.split_graph failed");
  }
  ir.plan().emplace(std::move(*plan));
  const PartitionPlan& p = *ir.plan();
  py::object sync = ir.exportNodes(/*compact=*/true); // also numbers the nodes in graph order
  bool hashed = !ir.hasDeferredMeta();
  if (hashed && !p.hasHashes()) // every deferred meta was a boundary value's
    ir.plan()->computeHashes();
  SplitResult result;
  result.sync = std::move(sync);
  for (const Piece& piece : p.pieces()) {
    PieceRecord r;
    r.id = piece.id;
    r.kind = piece.kind;
    r.reason = piece.reason;
    for (Node* n : piece.nodes)
      r.nodes.append(ir.position(n));
    for (Node* n : piece.inputs)
      r.inputs.append(ir.position(n));
    for (Node* n : piece.outputs)
      r.outputs.append(ir.position(n));
    r.hash = hashed ? py::object(py::str(piece.hashString())) : py::none();
    result.pieces.append(py::cast(std::move(r)));
  }
  result.numUnique = hashed ? py::object(py::int_(p.numUnique())) : py::none();
  return result;
}

/// The last split's piece hashes (in piece order) and unique count, after
/// loading every deferred meta through `fetchMeta`.
py::object splitHashes(IRGraph& ir, const py::object& fetchMeta) {
  if (!ir.plan())
    throw std::runtime_error("piecewise._core: hashes() before split()");
  if (ir.hasDeferredMeta()) {
    if (fetchMeta.is_none())
      throw std::runtime_error("piecewise._core: hashes() needs fetch_meta");
    ir.loadAllMeta(fetchMeta);
    ir.plan()->computeHashes();
  } else if (!ir.plan()->hasHashes()) {
    ir.plan()->computeHashes();
  }
  py::list hashes;
  for (const Piece& piece : ir.plan()->pieces())
    hashes.append(piece.hashString());
  return py::make_tuple(hashes, ir.plan()->numUnique());
}

} // namespace

PYBIND11_MODULE(_core, m) {
  m.doc() = "piecewise's C++ core: IR import/export, passes, the splitting-op partitioner";

  py::enum_<OpKind>(m, "OpKind", py::arithmetic(), "An FX node's op, with FX's spelling.")
      .value("placeholder", OpKind::Placeholder)
      .value("get_attr", OpKind::GetAttr)
      .value("call_function", OpKind::CallFunction)
      .value("call_method", OpKind::CallMethod)
      .value("call_module", OpKind::CallModule)
      .value("output", OpKind::Output);
  py::enum_<PieceKind>(m, "PieceKind", py::arithmetic(), "What a piece of a split is.")
      .value("compiled", PieceKind::Compiled)
      .value("splitting", PieceKind::Splitting)
      .value("cudagraph_unsafe", PieceKind::CudagraphUnsafe);
  py::enum_<LeafKind>(m, "LeafKind", py::arithmetic(),
                      "What the `classify` callback says an argument leaf is.")
      .value("opaque", LeafOpaque)
      .value("dtype", LeafDType)
      .value("device", LeafDevice)
      .value("layout", LeafLayout)
      .value("memory_format", LeafMemoryFormat)
      .value("op", LeafOp)
      .value("sym", LeafSym);
  py::enum_<MetaTag>(m, "MetaTag", py::arithmetic(), "The first field of a meta tuple.")
      .value("tensor", MetaTensor)
      .value("sym", MetaSym)
      .value("list", MetaList)
      .value("opaque", MetaOpaque);
  py::enum_<SymKind>(m, "SymKind", py::arithmetic(), "The kind of a symbolic scalar's meta.")
      .value("int", SymKind::Int)
      .value("float", SymKind::Float)
      .value("bool", SymKind::Bool);

  py::class_<PieceRecord>(m, "Piece", "One piece of a split (node positions in graph order).")
      .def_readonly("id", &PieceRecord::id)
      .def_readonly("kind", &PieceRecord::kind)
      .def_property_readonly(
          "kind_name", [](const PieceRecord& r) { return std::string(pieceKindName(r.kind)); })
      .def_property_readonly("is_splitting",
                             [](const PieceRecord& r) { return r.kind == PieceKind::Splitting; })
      .def_readonly("reason", &PieceRecord::reason)
      .def_readonly("nodes", &PieceRecord::nodes)
      .def_readonly("inputs", &PieceRecord::inputs)
      .def_readonly("outputs", &PieceRecord::outputs)
      .def_readonly("hash", &PieceRecord::hash)
      .def("__repr__", [](const PieceRecord& r) {
        return "<Piece " + std::to_string(r.id) + " " + std::string(pieceKindName(r.kind)) + ", " +
               std::to_string(r.nodes.size()) + " nodes>";
      });
  py::class_<SplitResult>(m, "SplitResult", "What IRGraph.split returns.")
      .def_readonly("sync", &SplitResult::sync)
      .def_readonly("pieces", &SplitResult::pieces)
      .def_readonly("num_unique", &SplitResult::numUnique)
      .def("__iter__", [](const SplitResult& r) { // (sync, pieces, num_unique) unpacking
        return py::iter(py::make_tuple(r.sync, r.pieces, r.numUnique));
      });

  m.def(
      "configure",
      [](py::object nodeType, py::object classify, py::object makeLeaf, py::object makeRef) {
        Hooks& h = hooks();
        python::NodeFields::instance().resolve(nodeType.ptr());
        h.nodeType = std::move(nodeType);
        h.classify = std::move(classify);
        h.makeLeaf = std::move(makeLeaf);
        h.makeRef = std::move(makeRef);
        h.sliceType =
            py::reinterpret_borrow<py::object>(reinterpret_cast<PyObject*>(&PySlice_Type));
      },
      "Installs the Python callbacks the converter uses (done by piecewise.fx).");
  m.def(
      "node_fields_available", [] { return python::NodeFields::instance().available(); },
      "Whether torch.fx.Node's fields are read and written at their C slots (NodeFields.h) "
      "rather than through getattr.");

  m.def(
      "add_schemas",
      [](const std::string& text, const std::string& name) {
        auto& buf = schemaBuffers().emplace_back(std::make_unique<SourceBuffer>(name, text));
        DiagnosticEngine diag;
        if (failed(registry().addFromBuffer(*buf, diag)))
          throwDiagnostics(diag, "piecewise: bad schema");
      },
      py::arg("text"), py::arg("name") = "<python>",
      "Adds op schemas (one per line, torch's schema language) to the registry.");
  m.def("has_schema",
        [](const std::string& target) { return registry().lookup(target) != nullptr; });
  m.def("canonical_op_pattern", [](const std::string& p) { return canonicalOpPattern(p); });
  m.def("pass_names", []() {
    std::vector<std::string> names;
    PassRegistry reg = builtinPassRegistry();
    for (const auto* e : reg.entries())
      names.push_back(e->name);
    return names;
  });

  py::class_<IRGraph>(m, "IRGraph")
      .def(py::init<>())
      .def("import_nodes", &IRGraph::importNodes, py::arg("nodes"),
           "Builds the graph from node tuples (see the module comment).")
      .def("import_fx", &IRGraph::importFx, py::arg("nodes"), py::kw_only(),
           py::arg("eager") = py::none(), py::arg("target_string"),
           py::arg("node_meta") = py::none(),
           "Builds the graph from fx.Node objects (read here, one pass): `target_string(op, "
           "target)` spells a call target (once per object), `node_meta(node)` (None: "
           "_core.node_meta, read here) gives a meta "
           "tuple for every node when `eager` is None, else for placeholders, get_attr nodes "
           "and the nodes in the set `eager` (the rest is deferred).")
      .def("export", &IRGraph::exportNodes, py::arg("compact") = false,
           "The node list with sync information, or None when unchanged (compact: None "
           "for an unchanged node, not its import index).")
      .def("sync_plan", &IRGraph::syncPlan,
           "After export() gave a list: (nodes, edits, removed, in_order, retargeted) for "
           "fx.sync.")
      .def("verify", &IRGraph::verify)
      .def("__len__", [](IRGraph& g) { return g.graph().size(); })
      .def(
          "print",
          [](IRGraph& g, bool graphForm) {
            return graphForm ? printGraphForm(g.graph()) : printCodeForm(g.module());
          },
          py::kw_only(), py::arg("graph_form") = false,
          "The graph as text (code form, or graph form).")
      .def(
          "run_passes",
          [](IRGraph& g, const std::string& pipeline, bool verify) {
            PassManagerOptions options;
            options.verifyEach = verify;
            PassManager pm(options);
            PassRegistry reg = builtinPassRegistry();
            DiagnosticEngine diag;
            if (failed(pm.addPipeline(pipeline, reg, diag)))
              throwDiagnostics(diag, "piecewise: bad pass pipeline");
            PassContext ctx(&registry(), diag);
            if (failed(pm.run(g.module(), ctx)))
              throwDiagnostics(diag, "piecewise: pass pipeline failed");
            bool changed = false;
            for (const PassTiming& t : pm.timings())
              changed |= t.changed;
            return py::make_tuple(changed, ctx.statistics().render(pm.passNames()));
          },
          py::arg("pipeline"), py::kw_only(), py::arg("verify") = true,
          "Runs a pass pipeline (`split-coalescing,dce`); returns (changed, statistics).")
      .def("split", &splitIR, py::arg("splitting_ops"), py::kw_only(),
           py::arg("decompose_size") = true, py::arg("merge_empty") = true,
           py::arg("check_flat") = true, py::arg("fetch_meta") = py::none(),
           py::arg("rematerialize_symints") = false,
           "decompose-size + the splitting-op partitioner (+ SymInt rematerialization). "
           "Returns a SplitResult (sync: "
           "export(compact=True), "
           "pieces, num_unique); each piece is a Piece with node positions in the (synced) "
           "graph order. With deferred meta, `fetch_meta` (import indices -> meta tuples; True: "
           "_core.node_meta of the imported nodes, read here) "
           "loads what the boundaries need, and hash and num_unique are None until hashes().")
      .def("hashes", &splitHashes, py::arg("fetch_meta") = py::none(),
           "The last split's (piece hashes, num_unique), loading deferred meta first.");
  python::bindFxBuilder(m);
  python::bindLazyModule(m);
  python::bindSyncEdits(m);
  python::bindCapture(m);
  python::bindExplain(m, [](py::handle ir) -> const PartitionPlan* {
    auto& plan = ir.cast<IRGraph&>().plan();
    return plan ? &*plan : nullptr;
  });
  m.def(
      "configure_meta",
      [](py::handle tensor, py::handle fakeTensor, py::handle symInt, py::handle symFloat,
         py::handle symBool) {
        python::configureNodeMeta(tensor, fakeTensor, symInt, symFloat, symBool);
      },
      py::arg("tensor"), py::arg("fake_tensor"), py::arg("sym_int"), py::arg("sym_float"),
      py::arg("sym_bool"),
      "Installs the torch classes node_meta tests values against (done by piecewise.fx).");
  m.def(
      "node_meta", [](py::handle node) { return python::nodeMeta(node); }, py::arg("node"),
      "An fx.Node's meta tuple, read in C++: exactly piecewise.fx._node_meta(node).");
  m.def(
      "encode_meta", [](py::handle value) { return python::encodeMeta(value); }, py::arg("value"),
      "A value's meta tuple, in C++: exactly piecewise.fx.encode_meta(value).");
  m.def(
      "clear_meta_cache", []() { python::clearNodeMetaCache(); },
      "Forgets node_meta's SymInt texts (by SymNode; piecewise.fx.import_graph, per import).");
  m.def(
      "unmatched_splitting_ops",
      [](IRGraph& ir, const std::vector<std::string>& ops) {
        SplittingOpOptions options;
        options.splittingOps = ops;
        return unmatchedSplittingOps(ir.graph(), options);
      },
      py::arg("ir"), py::arg("splitting_ops"),
      "One message per splitting op that matches no node of a graph with calls, naming the "
      "similar ops the graph has.");
}
