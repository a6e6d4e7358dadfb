//===- GraphWriter.h - Appending fx.Nodes to a Graph from C++ ----*- C++ -*-===//
//
// What the C++ builders (FxBuilder.cpp, SyncEdits.cpp) share: the torch.fx
// classes and helpers `configure_fx_builder` installs, the interned names they
// read, and GraphWriter, which appends nodes to one fx.Graph the way
// Graph.create_node does (see GraphWriter.cpp).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "PyUtil.h"

#include <pybind11/pybind11.h>

#include <algorithm>
#include <array>
#include <vector>

namespace piecewise::python {

/// The torch.fx classes and helpers the builder calls (configure_fx_builder).
struct FxApi {
  pybind11::object nodeType;    ///< torch.fx.Node
  pybind11::object nodeBase;    ///< torch._C._NodeBase
  pybind11::object graphType;   ///< torch.fx.Graph
  pybind11::object mapArg;      ///< torch._C._fx_map_arg
  pybind11::object update;      ///< _NodeBase._update_args_kwargs (unbound)
  pybind11::object prepend;     ///< torch.fx.Node.prepend (the function)
  pybind11::object getitem;     ///< operator.getitem
  pybind11::object emptyKwargs; ///< immutable_dict()
  pybind11::object makeModule;  ///< (graph) -> lazy GraphModule; None: make_lazy_module
};

/// The installed API, or null before configure_fx_builder.
FxApi* fxApi();
/// Installs `api` (never freed: a reconfiguration may be in use up the stack).
void installFxApi(FxApi* api);

/// `s` interned (immortal for the module's life).
inline PyObject* internName(const char* s) {
  return PyUnicode_InternFromString(s);
}

/// Attribute and key names, interned once.
struct FxNames {
  PyObject *op = internName("op"), *name = internName("name"), *target = internName("target"),
           *type = internName("type"), *args = internName("_args"), *kwargs = internName("_kwargs"),
           *meta = internName("meta"), *val = internName("val"),
           *exampleValue = internName("example_value"), *placeholder = internName("placeholder"),
           *callFunction = internName("call_function"), *callModule = internName("call_module"),
           *output = internName("output"), *getAttr = internName("get_attr"),
           *namespace_ = internName("_graph_namespace"), *usedNames = internName("_used_names"),
           *objToName = internName("_obj_to_name"), *createName = internName("create_name"),
           *insert = internName("_insert"), *root = internName("_root"),
           *prependC = internName("_prepend"),
           *lookupTable = internName("_find_nodes_lookup_table"), *table = internName("table"),
           *len = internName("_len"), *getitemName = internName("__getitem__"),
           *ids = internName("id"), *nodes = internName("nodes"), *inputs = internName("inputs"),
           *outputs = internName("outputs");
};

const FxNames& fxNames();

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
bool setArgs(PyObject* n, PyObject* args, PyObject* kwargs, const Inputs& inputs);

/// Appends nodes to one fx.Graph through its internals.
class GraphWriter {
public:
  explicit GraphWriter(pybind11::handle graph);
  /// Adds what was appended since the last finish() to the graph's length,
  /// also when an exception leaves the writer early (the nodes are in).
  ~GraphWriter();
  GraphWriter(const GraphWriter&) = delete;
  GraphWriter& operator=(const GraphWriter&) = delete;

  /// The find_nodes bucket of (op, target) (target only for call_function).
  /// The last few are remembered by identity: a piece calls a handful of ops.
  /// The caller keeps `op` and `target` alive while the writer lives.
  pybind11::object bucket(PyObject* op, PyObject* target);

  /// A new node; `meta` becomes its meta (not copied). `inputs`, when given,
  /// are the distinct nodes in `args` in first-use order (mapFlatArgs), and
  /// the node's input and user records are written here; otherwise
  /// `_update_args_kwargs` finds them. Returns the node.
  pybind11::object append(pybind11::object name, PyObject* op, PyObject* target, PyObject* type,
                          PyObject* args, PyObject* kwargs, pybind11::object meta, PyObject* bucket,
                          const Inputs* inputs = nullptr);

  /// Adds the appended count to the graph's length.
  void finish();

  static const pybind11::tuple& emptyTuple();

private:
  /// `_NodeBase.__init__`'s argument tuple holding `fields`: the same tuple
  /// each time, refilled, unless the last call kept a reference to it.
  PyObject* initArgs(PyObject* const (&fields)[5]);

  struct Bucket {
    PyObject* op;
    PyObject* target;
    pybind11::object bucket;
  };
  static constexpr size_t kRecent = 8;

  pybind11::handle graph_;
  pybind11::object used_, objToName_, createName_, insert_, table_, init_;
  std::vector<Bucket> recent_;
  Py_ssize_t added_ = 0;
};

} // namespace piecewise::python
