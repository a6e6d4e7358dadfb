//===- FxBuilder.cpp - piecewise.split's GraphModules, built in one pass --===//
//
// `_core.build_split` builds what piecewise.split_graph returns, from a split's
// pieces, without the interpreter's per-node dispatch: the stitching graph's
// placeholders (copies of the input graph's), and per piece a Graph with a
// placeholder per input (a copy of its source's meta, with `val` and
// `example_value` both set when either is), a copy of each piece node (args
// mapped to the piece's own nodes, meta copied), an output node returning the
// piece's outputs as a tuple, its lazy GraphModule (`make_module`), the
// `call_module` node in the stitching graph and one `getitem` per output.
//
// Nodes are made the way Graph.create_node makes them, minus the work a valid
// source graph makes redundant: `Node.__new__` and `_NodeBase.__init__`, then
// `_update_args_kwargs` (users and input nodes), the name registered in the
// graph's namespace (a clash goes through `create_name`), the node inserted
// before the root and indexed in the find_nodes table. split.py checks once,
// at import, that the result equals what Graph.create_node gives, and falls
// back to its Python builder otherwise (and for graphs with get_attr or
// call_module nodes, whose pieces own attributes).
//
//===----------------------------------------------------------------------===//

#include "FxBuilder.h"
#include "LazyModule.h"
#include "NodeFields.h"
#include "PyUtil.h"

#include <algorithm>
#include <array>
#include <string>
#include <vector>

namespace py = pybind11;

namespace piecewise::python {

namespace {

void check(int rc) {
  if (rc < 0)
    throw py::error_already_set();
}

PyObject* intern(const char* s) {
  return PyUnicode_InternFromString(s); // immortal for the module's life
}

/// The torch.fx classes and helpers the builder calls (configure_fx_builder).
struct FxApi {
  py::object nodeType;    ///< torch.fx.Node
  py::object nodeBase;    ///< torch._C._NodeBase
  py::object graphType;   ///< torch.fx.Graph
  py::object mapArg;      ///< torch._C._fx_map_arg
  py::object update;      ///< _NodeBase._update_args_kwargs (unbound)
  py::object prepend;     ///< torch.fx.Node.prepend (the function)
  py::object getitem;     ///< operator.getitem
  py::object emptyKwargs; ///< immutable_dict()
  py::object makeModule;  ///< (graph) -> lazy GraphModule; None: make_lazy_module
};

FxApi* gApi = nullptr; // set once; never freed (outlives every call)

struct Names {
  PyObject *op = intern("op"), *name = intern("name"), *target = intern("target"),
           *type = intern("type"), *args = intern("_args"), *kwargs = intern("_kwargs"),
           *meta = intern("meta"), *val = intern("val"), *exampleValue = intern("example_value"),
           *placeholder = intern("placeholder"), *callFunction = intern("call_function"),
           *callModule = intern("call_module"), *output = intern("output"),
           *getAttr = intern("get_attr"), *namespace_ = intern("_graph_namespace"),
           *usedNames = intern("_used_names"), *objToName = intern("_obj_to_name"),
           *createName = intern("create_name"), *insert = intern("_insert"),
           *root = intern("_root"), *prependC = intern("_prepend"),
           *lookupTable = intern("_find_nodes_lookup_table"), *table = intern("table"),
           *len = intern("_len"), *getitemName = intern("__getitem__"), *ids = intern("id"),
           *nodes = intern("nodes"), *inputs = intern("inputs"), *outputs = intern("outputs");
};

const Names& names() {
  static const Names n;
  return n;
}

/// The distinct nodes a copied node's args refer to, in first-use order; few
/// enough to live on the stack (a node with more takes map_arg's path).
struct Inputs {
  static constexpr size_t kMax = 16;
  std::array<PyObject*, kMax> items{};
  size_t size = 0;

  const PyObject* const* begin() const { return items.data(); }
  const PyObject* const* end() const { return items.data() + size; }
  /// Adds `v` unless present; false when full.
  bool add(PyObject* v) {
    if (std::find(items.data(), items.data() + size, v) != items.data() + size)
      return true;
    if (size == kMax)
      return false;
    items[size++] = v;
    return true;
  }
};

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

/// Appends nodes to one fx.Graph through its internals.
class GraphWriter {
public:
  explicit GraphWriter(py::handle graph) : graph_(graph) {
    const Names& s = names();
    py::object ns = checked(PyObject_GetAttr(graph.ptr(), s.namespace_));
    used_ = checked(PyObject_GetAttr(ns.ptr(), s.usedNames));
    objToName_ = checked(PyObject_GetAttr(ns.ptr(), s.objToName));
    createName_ = checked(PyObject_GetAttr(ns.ptr(), s.createName));
    if (!PySet_Check(used_.ptr()) || !PyDict_Check(objToName_.ptr()))
      throw std::invalid_argument("piecewise._core.build_split: unexpected fx.Graph internals");
    insert_ = checked(PyObject_GetAttr(graph.ptr(), s.insert));
    // Graph._insert is the root's Node.prepend: call its C method directly.
    py::object root = checked(PyObject_GetAttr(graph.ptr(), s.root));
    if (PyMethod_Check(insert_.ptr()) && PyMethod_GET_SELF(insert_.ptr()) == root.ptr() &&
        PyMethod_GET_FUNCTION(insert_.ptr()) == gApi->prepend.ptr())
      insert_ = checked(PyObject_GetAttr(root.ptr(), s.prependC));
    py::object lookup = checked(PyObject_GetAttr(graph.ptr(), s.lookupTable));
    table_ = checked(PyObject_GetAttr(lookup.ptr(), s.table));
  }

  /// The find_nodes bucket of (op, target) (target only for call_function).
  /// The last few are remembered by identity: a piece calls a handful of ops.
  py::object bucket(PyObject* op, PyObject* target) {
    for (const Bucket& b : recent_)
      if (b.op == op && b.target == target)
        return b.bucket;
    int isCall = op == names().callFunction ? 1 : PyUnicode_Compare(op, names().callFunction) == 0;
    if (PyErr_Occurred())
      throw py::error_already_set();
    py::object key = checked(PyTuple_Pack(2, op, isCall ? target : Py_None));
    py::object bucket = checked(PyObject_GetItem(table_.ptr(), key.ptr()));
    if (recent_.size() == kRecent)
      recent_.erase(recent_.begin());
    // The source nodes keep op and target alive for the whole build.
    recent_.push_back({op, target, bucket});
    return bucket;
  }

  /// A new node; `meta` becomes its meta (not copied). `inputs`, when given,
  /// are the distinct nodes in `args` in first-use order (mapFlatArgs), and
  /// the node's input and user records are written here; otherwise
  /// `_update_args_kwargs` finds them. Returns the node.
  py::object append(py::object name, PyObject* op, PyObject* target, PyObject* type, PyObject* args,
                    PyObject* kwargs, py::object meta, PyObject* bucket,
                    const Inputs* inputs = nullptr) {
    // One probe: the set grows unless the name is taken already.
    Py_ssize_t before = PySet_GET_SIZE(used_.ptr());
    check(PySet_Add(used_.ptr(), name.ptr()));
    if (PySet_GET_SIZE(used_.ptr()) == before)
      name = checked(PyObject_CallFunctionObjArgs(createName_.ptr(), name.ptr(), Py_None, nullptr));
    auto* nodeType = reinterpret_cast<PyTypeObject*>(gApi->nodeType.ptr());
    py::object n = checked(nodeType->tp_new(nodeType, emptyTuple().ptr(), nullptr));
    PyObject* fields[] = {graph_.ptr(), name.ptr(), op, target, type};
    check(reinterpret_cast<PyTypeObject*>(gApi->nodeBase.ptr())
              ->tp_init(n.ptr(), initArgs(fields), nullptr));
    if (!inputs || !setArgs(n.ptr(), args, kwargs, *inputs)) {
      PyObject* update[] = {n.ptr(), args, kwargs};
      checked(PyObject_Vectorcall(gApi->update.ptr(), update, 3, nullptr));
    }
    check(PyDict_SetItem(objToName_.ptr(), n.ptr(), name.ptr()));
    checked(PyObject_CallOneArg(insert_.ptr(), n.ptr()));
    check(PyDict_CheckExact(bucket) ? PyDict_SetItem(bucket, n.ptr(), Py_None)
                                    : PyObject_SetItem(bucket, n.ptr(), Py_None));
    if (NodeFields::instance().isNode(n.ptr()))
      NodeFields::instance().set(n.ptr(), NodeFields::Meta, meta.ptr());
    else
      check(PyObject_GenericSetAttr(n.ptr(), names().meta, meta.ptr()));
    ++added_;
    return n;
  }

  /// `_NodeBase.__init__`'s argument tuple holding `fields`: the same tuple
  /// each time, refilled, unless the last call kept a reference to it.
  PyObject* initArgs(PyObject* const (&fields)[5]) {
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

  /// Adds the appended count to the graph's length.
  void finish() {
    py::object len = checked(PyObject_GetAttr(graph_.ptr(), names().len));
    py::object more = checked(PyLong_FromSsize_t(added_));
    py::object sum = checked(PyNumber_Add(len.ptr(), more.ptr()));
    check(PyObject_SetAttr(graph_.ptr(), names().len, sum.ptr()));
    added_ = 0;
  }

  static const py::tuple& emptyTuple() {
    static const py::tuple* t = new py::tuple();
    return *t;
  }

private:
  struct Bucket {
    PyObject* op;
    PyObject* target;
    py::object bucket;
  };
  static constexpr size_t kRecent = 8;

  py::handle graph_;
  py::object used_, objToName_, createName_, insert_, table_, init_;
  std::vector<Bucket> recent_;
  Py_ssize_t added_ = 0;
};

/// The fields of a source fx.Node the builder reads.
struct Source {
  py::object op, name, target, type;

  explicit Source(PyObject* s)
      : op(checked(nodeField(s, NodeFields::Op, names().op))),
        name(checked(nodeField(s, NodeFields::Name, names().name))),
        target(checked(nodeField(s, NodeFields::Target, names().target))),
        type(checked(nodeField(s, NodeFields::Type, names().type))) {}
};

py::object copyMeta(PyObject* src) {
  py::object meta = checked(nodeField(src, NodeFields::Meta, names().meta));
  if (!PyDict_Check(meta.ptr()))
    throw std::invalid_argument("piecewise._core.build_split: a node's meta is not a dict");
  return checked(PyDict_Copy(meta.ptr()));
}

/// A copy of `src`'s meta for the placeholder of a piece that takes it: `val`
/// and `example_value` both set when either is (split.py's _placeholder_meta).
py::object placeholderMeta(PyObject* src) {
  py::object m = copyMeta(src);
  PyObject* v = PyDict_GetItemWithError(m.ptr(), names().val);
  if (!v && PyErr_Occurred())
    throw py::error_already_set();
  if (!v || v == Py_None) {
    v = PyDict_GetItemWithError(m.ptr(), names().exampleValue);
    if (!v && PyErr_Occurred())
      throw py::error_already_set();
  }
  if (v && v != Py_None) {
    py::object keep = py::reinterpret_borrow<py::object>(v);
    if (!PyDict_SetDefault(m.ptr(), names().val, keep.ptr()) ||
        !PyDict_SetDefault(m.ptr(), names().exampleValue, keep.ptr()))
      throw py::error_already_set();
  }
  return m;
}

/// The element `i` of `nodes` (borrowed), bounds-checked.
PyObject* nodeAt(const py::list& nodes, py::handle index) {
  Py_ssize_t i = PyLong_AsSsize_t(index.ptr());
  if (i == -1 && PyErr_Occurred())
    throw py::error_already_set();
  if (i < 0 || i >= PyList_GET_SIZE(nodes.ptr()))
    throw std::out_of_range("piecewise._core.build_split: a piece names a node out of range");
  return PyList_GET_ITEM(nodes.ptr(), i);
}

/// `args` (an exact tuple) with each torch.fx.Node in it replaced by
/// `env[node]`, the distinct replacements added to `inputs` in first-use
/// order; null when an element is a container or a Node subclass, or there
/// are more inputs than `inputs` holds (map_arg's general walk is needed then).
py::object mapFlatArgs(PyObject* args, PyObject* env, Inputs& inputs) {
  if (!PyTuple_CheckExact(args) || !NodeFields::instance().available())
    return py::object();
  Py_ssize_t size = PyTuple_GET_SIZE(args);
  if (size == 0)
    return py::reinterpret_borrow<py::object>(args);
  auto* nodeType = reinterpret_cast<PyTypeObject*>(gApi->nodeType.ptr());
  py::object out = checked(PyTuple_New(size));
  for (Py_ssize_t i = 0; i < size; ++i) {
    PyObject* a = PyTuple_GET_ITEM(args, i);
    PyObject* v = a;
    if (Py_TYPE(a) == nodeType) {
      v = PyDict_GetItemWithError(env, a);
      if (!v) {
        if (!PyErr_Occurred())
          PyErr_SetObject(PyExc_KeyError, a);
        throw py::error_already_set();
      }
      if (!inputs.add(v))
        return py::object();
    } else if (PyTuple_Check(a) || PyList_Check(a) || PyDict_Check(a) || PySlice_Check(a) ||
               PyObject_TypeCheck(a, nodeType)) {
      return py::object();
    }
    Py_INCREF(v);
    PyTuple_SET_ITEM(out.ptr(), i, v);
  }
  return out;
}

/// Copies `src` into `w` with its args mapped through `env` (`lookup` is
/// `env.__getitem__`); records it in `env`.
void copyNode(GraphWriter& w, PyObject* src, py::handle lookup, py::handle env) {
  const Names& s = names();
  Source f(src);
  py::object args = checked(nodeField(src, NodeFields::Args, s.args));
  py::object kwargs = checked(nodeField(src, NodeFields::Kwargs, s.kwargs));
  // Most nodes have no keyword arguments: they share the one empty immutable_dict.
  bool noKwargs = PyDict_Check(kwargs.ptr()) && PyDict_GET_SIZE(kwargs.ptr()) == 0;
  Inputs inputs;
  py::object margs = noKwargs ? mapFlatArgs(args.ptr(), env.ptr(), inputs) : py::object();
  bool direct = static_cast<bool>(margs);
  if (!direct) {
    PyObject* a1[] = {args.ptr(), lookup.ptr()};
    margs = checked(PyObject_Vectorcall(gApi->mapArg.ptr(), a1, 2, nullptr));
  }
  py::object mkwargs = gApi->emptyKwargs;
  if (!noKwargs) {
    PyObject* a2[] = {kwargs.ptr(), lookup.ptr()};
    mkwargs = checked(PyObject_Vectorcall(gApi->mapArg.ptr(), a2, 2, nullptr));
  }
  py::object bucket = w.bucket(f.op.ptr(), f.target.ptr());
  py::object n = w.append(f.name, f.op.ptr(), f.target.ptr(), f.type.ptr(), margs.ptr(),
                          mkwargs.ptr(), copyMeta(src), bucket.ptr(), direct ? &inputs : nullptr);
  check(PyDict_SetItem(env.ptr(), src, n.ptr()));
}

/// The value `env[src]`, borrowed.
PyObject* lookupEnv(py::handle env, PyObject* src) {
  PyObject* v = PyDict_GetItemWithError(env.ptr(), src);
  if (!v) {
    if (!PyErr_Occurred())
      PyErr_SetString(PyExc_KeyError, "piecewise._core.build_split: a piece input is not built");
    throw py::error_already_set();
  }
  return v;
}

py::list buildSplit(py::handle top, const py::list& nodes, const py::list& pieces, py::handle env) {
  if (!gApi)
    throw std::runtime_error("piecewise._core.build_split: configure_fx_builder() first");
  if (!PyDict_Check(env.ptr()))
    throw std::invalid_argument("piecewise._core.build_split: env is not a dict");
  const Names& s = names();

  // The stitching graph's placeholders: copies of the input graph's.
  GraphWriter topWriter(top);
  py::object envLookup = checked(PyObject_GetAttr(env.ptr(), s.getitemName));
  for (py::handle src : nodes) {
    py::object op = checked(nodeField(src.ptr(), NodeFields::Op, s.op));
    if (op.ptr() == s.placeholder || PyUnicode_Compare(op.ptr(), s.placeholder) == 0)
      copyNode(topWriter, src.ptr(), envLookup, env);
  }

  py::object getitemBucket = topWriter.bucket(s.callFunction, gApi->getitem.ptr());
  py::object callBucket = topWriter.bucket(s.callModule, Py_None);
  py::list built;
  for (py::handle piece : pieces) {
    py::object id = checked(PyObject_GetAttr(piece.ptr(), s.ids));
    py::object pnodes = checked(PyObject_GetAttr(piece.ptr(), s.nodes));
    py::object pin = checked(PyObject_GetAttr(piece.ptr(), s.inputs));
    py::object pout = checked(PyObject_GetAttr(piece.ptr(), s.outputs));
    if (!PyList_Check(pnodes.ptr()) || !PyList_Check(pin.ptr()) || !PyList_Check(pout.ptr()))
      throw std::invalid_argument("piecewise._core.build_split: a piece's lists are not lists");
    py::object name = checked(PyUnicode_FromFormat("submod_%S", id.ptr()));

    py::object sg = checked(PyObject_CallNoArgs(gApi->graphType.ptr()));
    GraphWriter w(sg);
    py::dict senv;
    py::object lookup = checked(PyObject_GetAttr(senv.ptr(), s.getitemName));
    // Inputs: placeholders named and targeted by the source's name.
    py::object phBucket = w.bucket(s.placeholder, Py_None);
    py::object callArgs = checked(PyTuple_New(PyList_GET_SIZE(pin.ptr())));
    Py_ssize_t k = 0;
    for (py::handle i : py::reinterpret_borrow<py::list>(pin)) {
      PyObject* src = nodeAt(nodes, i);
      Source f(src);
      py::object n = w.append(f.name, s.placeholder, f.name.ptr(), f.type.ptr(),
                              GraphWriter::emptyTuple().ptr(), gApi->emptyKwargs.ptr(),
                              placeholderMeta(src), phBucket.ptr());
      check(PyDict_SetItem(senv.ptr(), src, n.ptr()));
      PyObject* outer = lookupEnv(env, src);
      Py_INCREF(outer);
      PyTuple_SET_ITEM(callArgs.ptr(), k++, outer);
    }
    for (py::handle i : py::reinterpret_borrow<py::list>(pnodes))
      copyNode(w, nodeAt(nodes, i), lookup, senv);
    // The output: the piece's outputs as a tuple.
    py::object results = checked(PyTuple_New(PyList_GET_SIZE(pout.ptr())));
    k = 0;
    for (py::handle i : py::reinterpret_borrow<py::list>(pout)) {
      PyObject* v = lookupEnv(senv, nodeAt(nodes, i));
      Py_INCREF(v);
      PyTuple_SET_ITEM(results.ptr(), k++, v);
    }
    py::object outArgs = checked(PyTuple_Pack(1, results.ptr()));
    py::object outBucket = w.bucket(s.output, Py_None);
    w.append(py::reinterpret_borrow<py::object>(s.output), s.output, s.output, Py_None,
             outArgs.ptr(), gApi->emptyKwargs.ptr(), checked(PyDict_New()), outBucket.ptr());
    w.finish();
    py::object sub = gApi->makeModule.is_none()
                         ? makeLazyModule(sg, py::none())
                         : checked(PyObject_CallOneArg(gApi->makeModule.ptr(), sg.ptr()));
    if (!sub)
      throw std::runtime_error("piecewise._core.build_split: configure_lazy_module() first");

    // The stitching graph: the call and a getitem per output.
    py::object call =
        topWriter.append(name, s.callModule, name.ptr(), Py_None, callArgs.ptr(),
                         gApi->emptyKwargs.ptr(), checked(PyDict_New()), callBucket.ptr());
    k = 0;
    for (py::handle i : py::reinterpret_borrow<py::list>(pout)) {
      PyObject* src = nodeAt(nodes, i);
      Source f(src);
      py::object index = checked(PyLong_FromSsize_t(k++));
      py::object args = checked(PyTuple_Pack(2, call.ptr(), index.ptr()));
      py::object n =
          topWriter.append(f.name, s.callFunction, gApi->getitem.ptr(), f.type.ptr(), args.ptr(),
                           gApi->emptyKwargs.ptr(), copyMeta(src), getitemBucket.ptr());
      check(PyDict_SetItem(env.ptr(), src, n.ptr()));
    }
    built.append(py::make_tuple(name, sub));
  }
  topWriter.finish();
  return built;
}

} // namespace

void bindFxBuilder(py::module_& m) {
  m.def(
      "configure_fx_builder",
      [](py::object nodeType, py::object nodeBase, py::object graphType, py::object mapArg,
         py::object prepend, py::object getitem, py::object emptyKwargs, py::object makeModule) {
        if (!PyType_Check(nodeType.ptr()) || !PyType_Check(nodeBase.ptr()))
          throw std::invalid_argument("configure_fx_builder: node_type and node_base are types");
        auto* api = new FxApi{nodeType, nodeBase, graphType,   mapArg,    py::none(),
                              prepend,  getitem,  emptyKwargs, makeModule};
        api->update = checked(PyObject_GetAttrString(nodeBase.ptr(), "_update_args_kwargs"));
        gApi = api; // a reconfiguration leaks the old one: it may be in use up the stack
      },
      py::kw_only(), py::arg("node_type"), py::arg("node_base"), py::arg("graph_type"),
      py::arg("map_arg"), py::arg("prepend"), py::arg("getitem"), py::arg("empty_kwargs"),
      py::arg("make_module"), "The torch.fx classes and helpers build_split calls.");
  m.def("build_split", &buildSplit, py::arg("top"), py::arg("nodes"), py::arg("pieces"),
        py::arg("env"),
        "The stitching graph's placeholders and, per piece, its GraphModule, call and "
        "getitems (see FxBuilder.cpp); returns [(name, module)] in piece order.");
}

} // namespace piecewise::python
