//===- SyncEdits.cpp - fx.sync's edits applied in C++ ---------------------===//
//
// `_core.apply_sync_edits` does what the edit loop of piecewise.fx.sync does,
// for the edits that need no Python: an imported node's args and kwargs
// rewritten (`_update_args_kwargs`, as the two setters do) and a created node
// made by GraphWriter (as split.py's fast node does). Exported arguments refer
// to created nodes by position (`_Ref`): they are replaced by the node made at
// that position. `_core.fake_sym_sizes` then sets a created
// `aten.sym_size.int(x, k)`'s meta to dim k of x's fake value (as fx._fake_val
// does), once the graph is whole again; `_core.erase_nodes` does
// Graph.erase_node's steps.
//
// All or nothing: a first pass declines (returns None, nothing changed) when
// an edit needs the Python path: a changed target, a node that is not exactly
// torch.fx.Node, arguments holding a tuple subclass (a namedtuple or
// torch.Size, which fx.sync rebuilds), a malformed entry, or a node to create
// when the caller cannot let C++ create it. The same pass resolves the created
// nodes' targets, so that a bad one raises before anything changes.
//
//===----------------------------------------------------------------------===//

#include "Bindings.h"
#include "GraphWriter.h"
#include "PyUtil.h"
#include "TorchPrivate.h"

#include <unordered_set>
#include <vector>

namespace py = pybind11;

namespace piecewise::python {
namespace {

/// The exported entry (origin, op, name, target, args, kwargs), or null when
/// it is not one.
PyObject* entryAt(PyObject* exported, Py_ssize_t pos) {
  if (pos < 0 || pos >= PyList_GET_SIZE(exported))
    return nullptr;
  PyObject* e = PyList_GET_ITEM(exported, pos);
  return PyTuple_CheckExact(e) && PyTuple_GET_SIZE(e) == 6 ? e : nullptr;
}

/// Whether `a` (a node's args or kwargs) holds a tuple subclass (fx._holds_tuple_subclass).
bool holdsTupleSubclass(PyObject* a) {
  if (PyTuple_Check(a)) {
    if (!PyTuple_CheckExact(a))
      return true;
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(a); ++i)
      if (holdsTupleSubclass(PyTuple_GET_ITEM(a, i)))
        return true;
    return false;
  }
  if (PyList_Check(a)) {
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(a); ++i)
      if (holdsTupleSubclass(PyList_GET_ITEM(a, i)))
        return true;
    return false;
  }
  if (PyDict_Check(a)) {
    Py_ssize_t i = 0;
    PyObject *k, *v;
    while (PyDict_Next(a, &i, &k, &v))
      if (holdsTupleSubclass(v))
        return true;
  }
  return false;
}

/// fx._fake_val for `aten.sym_size.int(x, k)`: dim k of x's fake value, under
/// the key x carries it in (`example_value` first). False when `n` is not such
/// a node or x has no tensor value (Python's general path then).
bool symSizeVal(PyObject* n, PyObject* symSizeInt, PyObject* tensorType) {
  const FxNames& s = fxNames();
  py::object target = checked(PyObject_GetAttr(n, s.target));
  py::object args = checked(PyObject_GetAttr(n, s.args));
  if (target.ptr() != symSizeInt || !PyTuple_Check(args.ptr()) || PyTuple_GET_SIZE(args.ptr()) != 2)
    return false;
  PyObject* x = PyTuple_GET_ITEM(args.ptr(), 0);
  PyObject* k = PyTuple_GET_ITEM(args.ptr(), 1);
  if (!PyObject_TypeCheck(x, reinterpret_cast<PyTypeObject*>(fxApi()->nodeType.ptr())) ||
      !PyLong_Check(k))
    return false;
  py::object xMeta = checked(PyObject_GetAttr(x, s.meta));
  py::object meta = checked(PyObject_GetAttr(n, s.meta));
  if (!PyDict_Check(xMeta.ptr()) || !PyDict_Check(meta.ptr()))
    return false;
  for (PyObject* key : {s.exampleValue, s.val}) {
    PyObject* v = PyDict_GetItemWithError(xMeta.ptr(), key);
    if (!v && PyErr_Occurred())
      throw py::error_already_set();
    if (!v)
      continue;
    int isTensor = PyObject_IsInstance(v, tensorType);
    check(isTensor);
    if (!isTensor)
      continue;
    static PyObject* shapeName = internName("shape");
    py::object shape = checked(PyObject_GetAttr(v, shapeName));
    py::object dim = checked(PyObject_GetItem(shape.ptr(), k));
    check(PyDict_SetItem(meta.ptr(), key, dim.ptr()));
    return true;
  }
  return false;
}

class Applier {
public:
  Applier(py::handle graph, py::list exported, py::list nodes, py::handle refType)
      : graph_(graph), exported_(std::move(exported)), nodes_(std::move(nodes)), refType_(refType) {
  }

  /// Whether every edit can be applied here (see the file comment).
  bool canApply(const py::list& edits, const py::handle& retargeted, bool create,
                const py::list& opKinds, const py::handle& resolve) {
    const FxApi* api = fxApi();
    if (!api || !NodeFields::instance().available())
      return false;
    std::unordered_set<Py_ssize_t> moved;
    for (py::handle p : retargeted)
      moved.insert(PyLong_AsSsize_t(p.ptr()));
    if (PyErr_Occurred())
      throw py::error_already_set();
    for (py::handle p : edits) {
      Py_ssize_t pos = PyLong_AsSsize_t(p.ptr());
      if (pos == -1 && PyErr_Occurred())
        throw py::error_already_set();
      PyObject* e = entryAt(exported_.ptr(), pos);
      if (!e || pos >= PyList_GET_SIZE(nodes_.ptr()) || moved.count(pos))
        return false;
      long origin = PyLong_AsLong(PyTuple_GET_ITEM(e, 0));
      if (origin == -1 && PyErr_Occurred())
        throw py::error_already_set();
      if (origin < 0) {
        if (!create || !PyLong_CheckExact(PyTuple_GET_ITEM(e, 1)) ||
            !PyUnicode_CheckExact(PyTuple_GET_ITEM(e, 2)) ||
            !PyUnicode_CheckExact(PyTuple_GET_ITEM(e, 3)))
          return false;
        // The kind and target now, so that a bad one raises before anything changes.
        py::object kind = checked(PyObject_GetItem(opKinds.ptr(), PyTuple_GET_ITEM(e, 1)));
        PyObject* text = PyTuple_GET_ITEM(e, 3);
        int isCall = PyUnicode_Compare(kind.ptr(), fxNames().callFunction) == 0;
        if (PyErr_Occurred())
          throw py::error_already_set();
        py::object target = isCall ? checked(PyObject_CallOneArg(resolve.ptr(), text))
                                   : py::reinterpret_borrow<py::object>(text);
        made_.push_back({std::move(kind), std::move(target)});
        continue;
      }
      if (PyTuple_GET_ITEM(e, 4) == Py_None)
        continue;
      PyObject* n = PyList_GET_ITEM(nodes_.ptr(), pos);
      if (Py_TYPE(n) != reinterpret_cast<PyTypeObject*>(api->nodeType.ptr()))
        return false;
      PyObject* args = NodeFields::instance().get(n, NodeFields::Args);
      PyObject* kwargs = NodeFields::instance().get(n, NodeFields::Kwargs);
      if (!args || !kwargs || holdsTupleSubclass(args) || holdsTupleSubclass(kwargs))
        return false;
    }
    return true;
  }

  /// Applies every edit; returns the created nodes.
  py::list apply(const py::list& edits) {
    const FxApi& api = *fxApi();
    GraphWriter writer(graph_);
    py::list created;
    size_t made = 0;
    for (py::handle p : edits) {
      Py_ssize_t pos = PyLong_AsSsize_t(p.ptr());
      PyObject* e = entryAt(exported_.ptr(), pos);
      long origin = PyLong_AsLong(PyTuple_GET_ITEM(e, 0));
      PyObject* args = PyTuple_GET_ITEM(e, 4);
      PyObject* kwargs = PyTuple_GET_ITEM(e, 5);
      if (origin >= 0) {
        if (args == Py_None)
          continue;
        py::object newArgs = decode(args);
        py::object newKwargs = kwargs == Py_None ? py::dict() : decode(kwargs);
        PyObject* call[] = {PyList_GET_ITEM(nodes_.ptr(), pos), newArgs.ptr(), newKwargs.ptr()};
        checked(PyObject_Vectorcall(api.update.ptr(), call, 3, nullptr));
        continue;
      }
      // made_ keeps the kind and target alive: the writer's bucket cache keys on them.
      const py::object& kind = made_[made].kind;
      const py::object& target = made_[made].target;
      ++made;
      py::object newArgs = args == Py_None ? py::tuple() : decode(args);
      py::object newKwargs = api.emptyKwargs;
      if (kwargs != Py_None && (!PyDict_Check(kwargs) || PyDict_GET_SIZE(kwargs) > 0))
        newKwargs = decode(kwargs);
      py::object bucket = writer.bucket(kind.ptr(), target.ptr());
      py::object n = writer.append(py::reinterpret_borrow<py::object>(PyTuple_GET_ITEM(e, 2)),
                                   kind.ptr(), target.ptr(), Py_None, newArgs.ptr(),
                                   newKwargs.ptr(), checked(PyDict_New()), bucket.ptr());
      check(PyList_SetItem(nodes_.ptr(), pos, n.inc_ref().ptr()));
      created.append(n);
    }
    writer.finish();
    return created;
  }

private:
  /// `a` with every `_Ref` replaced by the node at its position.
  py::object decode(PyObject* a) {
    if (Py_TYPE(a) == reinterpret_cast<PyTypeObject*>(refType_.ptr())) {
      static PyObject* posName = internName("pos");
      py::object pos = checked(PyObject_GetAttr(a, posName));
      return checked(PyObject_GetItem(nodes_.ptr(), pos.ptr()));
    }
    if (PyTuple_CheckExact(a) || PyList_CheckExact(a)) {
      bool tuple = PyTuple_CheckExact(a);
      Py_ssize_t size = tuple ? PyTuple_GET_SIZE(a) : PyList_GET_SIZE(a);
      py::object out = checked(tuple ? PyTuple_New(size) : PyList_New(size));
      for (Py_ssize_t i = 0; i < size; ++i) {
        PyObject* v =
            decode(tuple ? PyTuple_GET_ITEM(a, i) : PyList_GET_ITEM(a, i)).release().ptr();
        if (tuple)
          PyTuple_SET_ITEM(out.ptr(), i, v);
        else
          PyList_SET_ITEM(out.ptr(), i, v);
      }
      return out;
    }
    if (PyDict_CheckExact(a)) {
      py::object out = checked(PyDict_New());
      Py_ssize_t i = 0;
      PyObject *k, *v;
      while (PyDict_Next(a, &i, &k, &v))
        check(PyDict_SetItem(out.ptr(), k, decode(v).ptr()));
      return out;
    }
    if (PySlice_Check(a)) {
      auto* s = reinterpret_cast<PySliceObject*>(a);
      return checked(
          PySlice_New(decode(s->start).ptr(), decode(s->stop).ptr(), decode(s->step).ptr()));
    }
    return py::reinterpret_borrow<py::object>(a);
  }

  struct Made {
    py::object kind, target;
  };

  py::handle graph_;
  py::list exported_, nodes_;
  py::handle refType_;
  std::vector<Made> made_; ///< each created node's kind and target, in edit order
};

/// map_arg's function for an erased node's arguments: every node becomes None.
PyObject* toNone(PyObject*, PyObject*) {
  Py_RETURN_NONE;
}

PyMethodDef toNoneDef = {"to_none", toNone, METH_O, nullptr};

/// Graph.erase_node(n) for each of `nodes` in order, in C++: the same checks
/// and steps, minus the Python frames. Returns how many it erased: it stops
/// (erasing nothing more) at a node Graph.erase_node would warn or raise on,
/// and does nothing when the owning module has erase hooks; the caller erases
/// the rest with Graph.erase_node.
Py_ssize_t eraseNodes(py::handle graph, const py::list& nodes) {
  const FxApi* api = fxApi();
  if (!api || !NodeFields::instance().available())
    return 0;
  const FxNames& s = fxNames();
  PyObject* owningModule = s.owningModule;
  PyObject* hooksName = s.eraseNodeHooks;
  PyObject* graphName = s.graph;
  PyObject* erasedName = s.erased;
  PyObject* removeFromList = s.removeFromList;
  py::object owner = checked(PyObject_GetAttr(graph.ptr(), owningModule));
  if (!owner.is_none()) {
    PyObject* hooks = PyObject_GetAttr(owner.ptr(), hooksName);
    if (!hooks) {
      if (!PyErr_ExceptionMatches(PyExc_AttributeError))
        throw py::error_already_set();
      PyErr_Clear();
    } else {
      py::object keep = py::reinterpret_steal<py::object>(hooks);
      if (hooks != Py_None) {
        Py_ssize_t count = PyObject_Length(hooks);
        if (count < 0)
          PyErr_Clear();
        if (count != 0)
          return 0; // erase_node calls them: its path
      }
    }
  }
  py::object lookup = checked(PyObject_GetAttr(graph.ptr(), s.lookupTable));
  py::object table = checked(PyObject_GetAttr(lookup.ptr(), s.table));
  static PyObject* noneFn = PyCFunction_New(&toNoneDef, nullptr); // immortal
  auto* nodeType = reinterpret_cast<PyTypeObject*>(api->nodeType.ptr());
  const NodeFields& nf = NodeFields::instance();
  py::object one = py::int_(1);
  Py_ssize_t done = 0;
  for (py::handle h : nodes) {
    PyObject* n = h.ptr();
    if (Py_TYPE(n) != nodeType)
      break;
    PyObject* users = nf.get(n, NodeFields::Users);
    if (!users || !PyDict_Check(users) || PyDict_GET_SIZE(users) != 0)
      break; // erase_node raises
    py::object owner = checked(PyObject_GetAttr(n, graphName));
    int same = PyObject_RichCompareBool(owner.ptr(), graph.ptr(), Py_EQ);
    check(same);
    py::object erased = checked(PyObject_GetAttr(n, erasedName));
    int isErased = PyObject_IsTrue(erased.ptr());
    check(isErased);
    if (!same || isErased)
      break; // erase_node raises or warns
    // _find_nodes_lookup_table.remove(n): its (op, target if call_function) bucket.
    py::object op = checked(PyObject_GetAttr(n, s.op));
    py::object target = checked(PyObject_GetAttr(n, s.target));
    int isCall = PyUnicode_Check(op.ptr()) ? PyUnicode_Compare(op.ptr(), s.callFunction) == 0 : 0;
    if (PyErr_Occurred())
      throw py::error_already_set();
    py::object key = checked(PyTuple_Pack(2, op.ptr(), isCall ? target.ptr() : Py_None));
    py::object bucket = checked(PyObject_GetItem(table.ptr(), key.ptr()));
    static PyObject* popName = internName("pop");
    checked(PyObject_CallMethodOneArg(bucket.ptr(), popName, n));
    checked(PyObject_CallMethodNoArgs(n, removeFromList));
    check(PyObject_SetAttr(n, erasedName, Py_True));
    py::object len = checked(PyObject_GetAttr(graph.ptr(), s.len));
    py::object fewer = checked(PyNumber_Subtract(len.ptr(), one.ptr()));
    check(PyObject_SetAttr(graph.ptr(), s.len, fewer.ptr()));
    ++done;
    // Its arguments' nodes lose it as a user.
    PyObject* a1[] = {nf.get(n, NodeFields::Args), noneFn};
    py::object args = checked(PyObject_Vectorcall(api->mapArg.ptr(), a1, 2, nullptr));
    PyObject* a2[] = {nf.get(n, NodeFields::Kwargs), noneFn};
    py::object kwargs = checked(PyObject_Vectorcall(api->mapArg.ptr(), a2, 2, nullptr));
    PyObject* call[] = {n, args.ptr(), kwargs.ptr()};
    checked(PyObject_Vectorcall(api->update.ptr(), call, 3, nullptr));
  }
  return done;
}

} // namespace

void bindSyncEdits(py::module_& m) {
  m.def("erase_nodes", &eraseNodes, py::arg("graph"), py::arg("nodes"),
        "Graph.erase_node for each node in order, in C++ (see SyncEdits.cpp); returns how "
        "many it erased (it stops where erase_node would warn or raise, and erases none "
        "when the owning module has erase hooks).");
  m.def(
      "apply_sync_edits",
      [](py::handle graph, py::list exported, py::list nodes, py::list edits, py::handle retargeted,
         bool create, py::list opKinds, py::handle resolve, py::handle refType) -> py::object {
        Applier a(graph, std::move(exported), nodes, refType);
        if (!a.canApply(edits, retargeted, create, opKinds, resolve))
          return py::none();
        return a.apply(edits);
      },
      py::arg("graph"), py::arg("exported"), py::arg("nodes"), py::arg("edits"),
      py::arg("retargeted"), py::arg("create"), py::arg("op_kinds"), py::arg("resolve"),
      py::arg("ref_type"),
      "fx.sync's edits (see SyncEdits.cpp): rewrites `graph`'s edited nodes, creates the "
      "new ones (stored in `nodes` at their positions) and returns them; None, with "
      "nothing changed, when an edit needs the Python path.");
  m.def(
      "fake_sym_sizes",
      [](const py::list& nodes, py::handle symSizeInt, py::handle tensorType) {
        py::list left;
        for (py::handle n : nodes)
          if (!symSizeVal(n.ptr(), symSizeInt.ptr(), tensorType.ptr()))
            left.append(n);
        return left;
      },
      py::arg("nodes"), py::arg("sym_size_int"), py::arg("tensor_type"),
      "fx._fake_val for the aten.sym_size.int nodes among `nodes` (dim k of the tensor's "
      "fake value); returns the others, left to fx._fake_val.");
}

} // namespace piecewise::python
