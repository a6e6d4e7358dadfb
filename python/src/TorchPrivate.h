//===- TorchPrivate.h - Every private torch / CPython surface, in one place -*- C++ -*-===//
//
// The C++ half of piecewise/_private.py: the only place the extension names a
// private torch.fx or CPython surface. Each is listed once here with the torch
// versions it was checked on (2.13.0, 2.14.1, 2.15.0: `make test-torch`);
// the fast paths that use them are each probed at import against torch's
// public API (piecewise/_probe.py) and turned off when they disagree (the one
// switch: piecewise/_fast_paths.py).
//
//  - CPython: `_PyType_Lookup` and `PyMemberDescrObject`/`PyMemberDef` (to
//    find _NodeBase's slots); PyTypeObject's tp_new/tp_init called directly.
//    [node_fields]
//  - torch._C._NodeBase's C slots: name, op, target, type, _args, _kwargs,
//    _input_nodes, users, meta (NodeFields below). [node_fields]
//  - Node.__new__ + _NodeBase.__init__(graph, name, op, target, type),
//    _NodeBase._update_args_kwargs, Node._prepend (Graph._insert is the root's
//    prepend), Node._remove_from_list, Node._erased. [build_split, sync_edits,
//    erase_nodes]
//  - Graph._graph_namespace (_used_names, _obj_to_name, _base_count,
//    create_name and its name form, torch.fx.graph._illegal_names),
//    Graph._insert, Graph._root, Graph._len, Graph._find_nodes_lookup_table
//    .table keyed (op, target if op == "call_function" else None), a
//    defaultdict(dict) whose missing buckets GraphWriter makes itself.
//    [build_split, sync_edits, erase_nodes]
//  - What _NodeBase.__init__ writes into a node Node.__new__ made (NodeInit
//    below: learned from torch's own initializer on a sample node, every
//    member slot of Node's classes and every other byte of the object
//    checked). [node_init]
//  - GraphModule._erase_node_hooks (erase_nodes declines when set).
//  - the instance dict of a _LazyGraphModule (LazyModule.cpp copies a template
//    of the one torch's _make_graph_module makes). [lazy_module]
//  - FakeTensor._fake_device / fake_device (NodeMeta.cpp). [node_meta]
//
// The names of these surfaces are the interned strings of FxNames below (and
// NodeMeta.cpp's own for the meta values).
//
//===----------------------------------------------------------------------===//
#pragma once

#include <pybind11/pybind11.h>

#include <array>
#include <cstddef>
#include <string>
#include <vector>

namespace piecewise::python {

class NodeFields {
public:
  enum Field : std::size_t {
    Name,
    Op,
    Target,
    Type,
    Args,
    Kwargs,
    InputNodes,
    Users,
    Meta,
    kNumFields
  };

  /// Finds the slot offsets of the fields as `nodeType` (torch.fx.Node)
  /// sees them. Returns whether every field is a plain writable object slot
  /// of a base class.
  bool resolve(PyObject* nodeType);
  bool available() const { return type_ != nullptr; }
  /// Stops using the slots (the node_fields fast path is off): every reader
  /// takes the attribute path.
  void reset() { type_ = nullptr; }

  /// Whether `o` is exactly a torch.fx.Node (so the offsets apply to it).
  bool isNode(PyObject* o) const {
    return type_ && Py_TYPE(o) == reinterpret_cast<PyTypeObject*>(type_);
  }

  /// The field's value, borrowed; null when the slot is empty. Pre: isNode(o).
  PyObject* get(PyObject* o, Field f) const {
    return *reinterpret_cast<PyObject**>(reinterpret_cast<char*>(o) + offsets_[f]);
  }

  /// Stores a new reference to `v` in the field, releasing the old value.
  /// Pre: isNode(o).
  void set(PyObject* o, Field f, PyObject* v) const {
    PyObject** slot = reinterpret_cast<PyObject**>(reinterpret_cast<char*>(o) + offsets_[f]);
    Py_XINCREF(v);
    PyObject* old = *slot;
    *slot = v;
    Py_XDECREF(old);
  }

  /// The process-wide instance (resolved by `_core.configure`).
  static NodeFields& instance();

private:
  PyObject* type_ = nullptr; ///< torch.fx.Node, kept alive by its module
  std::array<Py_ssize_t, kNumFields> offsets_{};
};

/// The node_init fast path: a new node's fields written as
/// `_NodeBase.__init__(graph, name, op, target, type)` writes them, without
/// the call (its argument parsing and the meta dict it makes, which the
/// builders replace at once). What to write is learned from torch's own
/// initializer: `learn` runs it on a sample node and records, for every
/// member slot of Node's classes it changed, which of its arguments, the
/// node itself, None/True/False or a fresh empty dict it stored; it declines
/// (returns why) when the initializer writes anything else, or any byte of
/// the object outside a member slot. The import-time probe then compares
/// whole splits with torch's public API, as for every fast path.
class NodeInit {
public:
  /// The argument order of `_NodeBase.__init__` (and of `init`'s `fields`).
  enum Arg { Graph, Name, Op, Target, Type, kNumArgs };

  /// Learns the recipe from `init(node, *sample)` (torch's
  /// `_NodeBase.__init__`) on a node of `nodeType` made by its tp_new, with
  /// `sample` five distinct objects. Returns "" when learned, else why not
  /// (nothing learned). `init` is a parameter so that a test can stand in for
  /// a torch whose initializer writes something else.
  std::string learn(PyObject* nodeType, PyObject* init, PyObject* const (&sample)[kNumArgs]);
  /// Turns the path on (only once learned) or off.
  void enable(bool on) { on_ = on && type_ != nullptr; }
  bool enabled() const { return on_; }
  /// Whether `n` (fresh from tp_new) is initialized by `init`.
  bool applies(PyObject* n) const {
    return on_ && Py_TYPE(n) == reinterpret_cast<PyTypeObject*>(type_);
  }
  /// Writes what tp_init(n, fields) writes; the meta slot gets `meta` (a
  /// new dict the caller made) where tp_init stores a fresh empty dict.
  /// Pre: applies(n). Throws on a failed allocation.
  void init(PyObject* n, PyObject* const (&fields)[kNumArgs], PyObject* meta);
  /// How many nodes `init` has written (the probe checks it ran).
  Py_ssize_t uses() const { return uses_; }

  static NodeInit& instance();

private:
  struct Step {
    enum Kind { Field, Self, Value, FreshDict, Byte } kind;
    Py_ssize_t offset;
    int arg = 0;               ///< Field: the argument
    PyObject* value = nullptr; ///< Value: None, True or False
    unsigned char byte = 0;    ///< Byte: the value of a T_BOOL slot
    /// What init stores: an argument (0-4), the node (5), the meta given (6),
    /// None/True/False (7-9), or a fresh dict (-1).
    int source = -1;
  };
  std::vector<Step> steps_;
  PyObject* type_ = nullptr; ///< torch.fx.Node, kept alive by its module
  Py_ssize_t metaOffset_ = -1;
  bool on_ = false;
  Py_ssize_t uses_ = 0;
};

/// `o.<name>` for a _NodeBase field: the slot when NodeFields is resolved
/// and the slot is set, else PyObject_GetAttr. A new reference (null with a
/// Python error set on failure).
inline PyObject* nodeField(PyObject* o, NodeFields::Field f, PyObject* name) {
  const NodeFields& nf = NodeFields::instance();
  if (nf.isNode(o))
    if (PyObject* v = nf.get(o, f)) {
      Py_INCREF(v);
      return v;
    }
  return PyObject_GetAttr(o, name);
}

/// The torch.fx classes and helpers the builder calls (configure_fx_builder).
struct FxApi {
  pybind11::object nodeType;     ///< torch.fx.Node
  pybind11::object nodeBase;     ///< torch._C._NodeBase
  pybind11::object graphType;    ///< torch.fx.Graph
  pybind11::object mapArg;       ///< torch._C._fx_map_arg
  pybind11::object update;       ///< _NodeBase._update_args_kwargs (unbound)
  pybind11::object prepend;      ///< torch.fx.Node.prepend (the function)
  pybind11::object getitem;      ///< operator.getitem
  pybind11::object emptyKwargs;  ///< immutable_dict()
  pybind11::object makeModule;   ///< (graph) -> lazy GraphModule; None: make_lazy_module
  pybind11::object illegalNames; ///< torch.fx.graph._illegal_names (create_name renames them)
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
           *baseCount = internName("_base_count"), *owningModule = internName("owning_module"),
           *graph = internName("graph"), *eraseNodeHooks = internName("_erase_node_hooks"),
           *erased = internName("_erased"), *removeFromList = internName("_remove_from_list"),
           *updateArgsKwargs = internName("_update_args_kwargs"), *insert = internName("_insert"),
           *root = internName("_root"), *prependC = internName("_prepend"),
           *lookupTable = internName("_find_nodes_lookup_table"), *table = internName("table"),
           *len = internName("_len"), *getitemName = internName("__getitem__"),
           *ids = internName("id"), *nodes = internName("nodes"), *inputs = internName("inputs"),
           *outputs = internName("outputs");
};

const FxNames& fxNames();

} // namespace piecewise::python
