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
// Nodes are made by GraphWriter (GraphWriter.cpp). split.py checks once, at
// import, that the result equals what Graph.create_node gives, and falls back
// to its Python builder otherwise (and for graphs with get_attr or
// call_module nodes, whose pieces own attributes).
//
//===----------------------------------------------------------------------===//

#include "Bindings.h"
#include "GraphWriter.h"
#include "LazyModule.h"
#include "PieceRecord.h"
#include "PyUtil.h"
#include "TorchPrivate.h"

#include <algorithm>
#include <array>
#include <string>
#include <vector>

namespace py = pybind11;

namespace piecewise::python {

namespace {

/// The fields of a source fx.Node the builder reads.
struct Source {
  py::object op, name, target, type;

  explicit Source(PyObject* s)
      : op(checked(nodeField(s, NodeFields::Op, fxNames().op))),
        name(checked(nodeField(s, NodeFields::Name, fxNames().name))),
        target(checked(nodeField(s, NodeFields::Target, fxNames().target))),
        type(checked(nodeField(s, NodeFields::Type, fxNames().type))) {}
};

py::object copyMeta(PyObject* src) {
  py::object meta = checked(nodeField(src, NodeFields::Meta, fxNames().meta));
  if (!PyDict_Check(meta.ptr()))
    throw std::invalid_argument("piecewise._core.build_split: a node's meta is not a dict");
  return checked(PyDict_Copy(meta.ptr()));
}

/// A copy of `src`'s meta for the placeholder of a piece that takes it: `val`
/// and `example_value` both set when either is (split.py's _placeholder_meta).
py::object placeholderMeta(PyObject* src) {
  py::object m = copyMeta(src);
  PyObject* v = PyDict_GetItemWithError(m.ptr(), fxNames().val);
  if (!v && PyErr_Occurred())
    throw py::error_already_set();
  if (!v || v == Py_None) {
    v = PyDict_GetItemWithError(m.ptr(), fxNames().exampleValue);
    if (!v && PyErr_Occurred())
      throw py::error_already_set();
  }
  if (v && v != Py_None) {
    py::object keep = py::reinterpret_borrow<py::object>(v);
    if (!PyDict_SetDefault(m.ptr(), fxNames().val, keep.ptr()) ||
        !PyDict_SetDefault(m.ptr(), fxNames().exampleValue, keep.ptr()))
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
  auto* nodeType = reinterpret_cast<PyTypeObject*>(fxApi()->nodeType.ptr());
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

/// The distinct nodes of `items` (a tuple of torch.fx.Nodes) in `inputs`, in
/// order; null when one is not exactly a Node or there are more than `inputs`
/// holds (`_update_args_kwargs` finds them then).
const Inputs* collectInputs(PyObject* items, Inputs& inputs) {
  auto* nodeType = reinterpret_cast<PyTypeObject*>(fxApi()->nodeType.ptr());
  for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(items); ++i) {
    PyObject* v = PyTuple_GET_ITEM(items, i);
    if (Py_TYPE(v) != nodeType || !inputs.add(v))
      return nullptr;
  }
  return &inputs;
}

/// Whether `kwargs` is an immutable_dict (FX's own) whose values are all leaves
/// map_arg leaves alone: no node, no container.
bool holdsConstantsOnly(PyObject* kwargs) {
  if (Py_TYPE(kwargs) != Py_TYPE(fxApi()->emptyKwargs.ptr()))
    return false;
  auto* nodeType = reinterpret_cast<PyTypeObject*>(fxApi()->nodeType.ptr());
  Py_ssize_t i = 0;
  PyObject *k, *v;
  while (PyDict_Next(kwargs, &i, &k, &v))
    if (PyTuple_Check(v) || PyList_Check(v) || PyDict_Check(v) || PySlice_Check(v) ||
        PyObject_TypeCheck(v, nodeType))
      return false;
  return true;
}

/// Copies `src` into `w` with its args mapped through `env` (`lookup` is
/// `env.__getitem__`); records it in `env`.
void copyNode(GraphWriter& w, PyObject* src, py::handle lookup, py::handle env) {
  const FxNames& s = fxNames();
  Source f(src);
  py::object args = checked(nodeField(src, NodeFields::Args, s.args));
  py::object kwargs = checked(nodeField(src, NodeFields::Kwargs, s.kwargs));
  // Most nodes have no keyword arguments: they share the one empty immutable_dict. The
  // others mostly hold constants only (`dim=1`, `dtype=...`): their immutable_dict is
  // shared as is (map_arg would copy it unchanged).
  bool noKwargs = PyDict_Check(kwargs.ptr()) && PyDict_GET_SIZE(kwargs.ptr()) == 0;
  bool constKwargs = !noKwargs && holdsConstantsOnly(kwargs.ptr());
  Inputs inputs;
  py::object margs =
      noKwargs || constKwargs ? mapFlatArgs(args.ptr(), env.ptr(), inputs) : py::object();
  bool direct = static_cast<bool>(margs);
  if (!direct) {
    PyObject* a1[] = {args.ptr(), lookup.ptr()};
    margs = checked(PyObject_Vectorcall(fxApi()->mapArg.ptr(), a1, 2, nullptr));
  }
  py::object mkwargs = noKwargs ? fxApi()->emptyKwargs : kwargs;
  if (!noKwargs && !(constKwargs && direct)) {
    PyObject* a2[] = {kwargs.ptr(), lookup.ptr()};
    mkwargs = checked(PyObject_Vectorcall(fxApi()->mapArg.ptr(), a2, 2, nullptr));
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
  if (!fxApi())
    throw std::runtime_error("piecewise._core.build_split: configure_fx_builder() first");
  if (!PyDict_Check(env.ptr()))
    throw std::invalid_argument("piecewise._core.build_split: env is not a dict");
  const FxNames& s = fxNames();

  // The stitching graph's placeholders: copies of the input graph's.
  GraphWriter topWriter(top);
  py::object envLookup = checked(PyObject_GetAttr(env.ptr(), s.getitemName));
  for (py::handle src : nodes) {
    py::object op = checked(nodeField(src.ptr(), NodeFields::Op, s.op));
    if (op.ptr() == s.placeholder || PyUnicode_Compare(op.ptr(), s.placeholder) == 0)
      copyNode(topWriter, src.ptr(), envLookup, env);
  }

  py::object getitemBucket = topWriter.bucket(s.callFunction, fxApi()->getitem.ptr());
  py::object callBucket = topWriter.bucket(s.callModule, Py_None);
  py::list built;
  for (py::handle piece : pieces) {
    // The record IRGraph.split made (read in C++: no attribute lookup per field).
    const auto& record = piece.cast<const PieceRecord&>();
    py::object id = checked(PyLong_FromLongLong(record.id));
    const py::list& pnodes = record.nodes;
    const py::list& pin = record.inputs;
    const py::list& pout = record.outputs;
    py::object name = checked(PyUnicode_FromFormat("submod_%S", id.ptr()));

    py::object sg = checked(PyObject_CallNoArgs(fxApi()->graphType.ptr()));
    GraphWriter w(sg);
    py::dict senv;
    py::object lookup = checked(PyObject_GetAttr(senv.ptr(), s.getitemName));
    // Inputs: placeholders named and targeted by the source's name.
    py::object phBucket = w.bucket(s.placeholder, Py_None);
    py::object callArgs = checked(PyTuple_New(PyList_GET_SIZE(pin.ptr())));
    Py_ssize_t k = 0;
    const Inputs none;
    for (py::handle i : py::reinterpret_borrow<py::list>(pin)) {
      PyObject* src = nodeAt(nodes, i);
      Source f(src);
      py::object n = w.append(f.name, s.placeholder, f.name.ptr(), f.type.ptr(),
                              GraphWriter::emptyTuple().ptr(), fxApi()->emptyKwargs.ptr(),
                              placeholderMeta(src), phBucket.ptr(), &none);
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
    Inputs outInputs;
    w.append(py::reinterpret_borrow<py::object>(s.output), s.output, s.output, Py_None,
             outArgs.ptr(), fxApi()->emptyKwargs.ptr(), checked(PyDict_New()), outBucket.ptr(),
             collectInputs(results.ptr(), outInputs));
    w.finish();
    py::object sub = fxApi()->makeModule.is_none()
                         ? makeLazyModule(sg, py::none())
                         : checked(PyObject_CallOneArg(fxApi()->makeModule.ptr(), sg.ptr()));
    if (!sub)
      throw std::runtime_error("piecewise._core.build_split: configure_lazy_module() first");

    // The stitching graph: the call and a getitem per output.
    Inputs callInputs;
    py::object call = topWriter.append(name, s.callModule, name.ptr(), Py_None, callArgs.ptr(),
                                       fxApi()->emptyKwargs.ptr(), checked(PyDict_New()),
                                       callBucket.ptr(), collectInputs(callArgs.ptr(), callInputs));
    Inputs getitemInputs;
    getitemInputs.add(call.ptr());
    k = 0;
    for (py::handle i : py::reinterpret_borrow<py::list>(pout)) {
      PyObject* src = nodeAt(nodes, i);
      Source f(src);
      py::object index = checked(PyLong_FromSsize_t(k++));
      py::object args = checked(PyTuple_Pack(2, call.ptr(), index.ptr()));
      py::object n = topWriter.append(f.name, s.callFunction, fxApi()->getitem.ptr(), f.type.ptr(),
                                      args.ptr(), fxApi()->emptyKwargs.ptr(), copyMeta(src),
                                      getitemBucket.ptr(), &getitemInputs);
      check(PyDict_SetItem(env.ptr(), src, n.ptr()));
    }
    std::string_view kind = pieceKindName(record.kind);
    built.append(py::make_tuple(name, sub, id, record.kind == PieceKind::Splitting,
                                py::str(kind.data(), kind.size()), record.reason, record.hash));
  }
  topWriter.finish();
  return built;
}

} // namespace

void bindFxBuilder(py::module_& m) {
  m.def(
      "configure_fx_builder",
      [](py::object nodeType, py::object nodeBase, py::object graphType, py::object mapArg,
         py::object prepend, py::object getitem, py::object emptyKwargs, py::object makeModule,
         py::object illegalNames) {
        if (!PyType_Check(nodeType.ptr()) || !PyType_Check(nodeBase.ptr()))
          throw std::invalid_argument("configure_fx_builder: node_type and node_base are types");
        if (!PyDict_Check(illegalNames.ptr()))
          throw std::invalid_argument("configure_fx_builder: illegal_names is a dict");
        auto* api = new FxApi{nodeType, nodeBase, graphType,   mapArg,     py::none(),
                              prepend,  getitem,  emptyKwargs, makeModule, illegalNames};
        api->update = checked(PyObject_GetAttr(nodeBase.ptr(), fxNames().updateArgsKwargs));
        installFxApi(api);
      },
      py::kw_only(), py::arg("node_type"), py::arg("node_base"), py::arg("graph_type"),
      py::arg("map_arg"), py::arg("prepend"), py::arg("getitem"), py::arg("empty_kwargs"),
      py::arg("make_module"), py::arg("illegal_names"),
      "The torch.fx classes and helpers build_split calls.");
  m.def("build_split", &buildSplit, py::arg("top"), py::arg("nodes"), py::arg("pieces"),
        py::arg("env"),
        "The stitching graph's placeholders and, per piece (the Piece records IRGraph.split "
        "returned), its GraphModule, call and getitems (see FxBuilder.cpp); returns [(name, "
        "module, id, is_splitting, kind_name, reason, hash)] in piece order.");
}

} // namespace piecewise::python
