//===- GraphWriter.h - Appending fx.Nodes to a Graph from C++ ----*- C++ -*-===//
//
// What the C++ builders (FxBuilder.cpp, SyncEdits.cpp) share: GraphWriter,
// which appends nodes to one fx.Graph the way Graph.create_node does (see
// GraphWriter.cpp), through the private surfaces TorchPrivate.h lists.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "PyUtil.h"
#include "TorchPrivate.h"

#include <pybind11/pybind11.h>

#include <algorithm>
#include <array>
#include <vector>

namespace piecewise::python {

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
  /// `name`, unique in the graph, registered as create_name registers it.
  pybind11::object uniqueName(pybind11::object name);

  pybind11::object used_, objToName_, createName_, baseCount_, insert_, table_, init_;
  /// `insert_`'s C function and its self, when it is a bound METH_O C method.
  PyCFunction insertFn_ = nullptr;
  PyObject* insertSelf_ = nullptr; ///< kept alive by insert_
  /// The table is exactly a `defaultdict(dict)`.
  bool dictBuckets_ = false;
  std::vector<Bucket> recent_;
  Py_ssize_t added_ = 0;
};

} // namespace piecewise::python
