//===- IRGraph.h - A live torch.fx graph in piecewise's IR ------*- C++ -*-===//
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
#pragma once

#include "piecewise/ir/Module.h"
#include "piecewise/partition/PartitionPlan.h"
#include "piecewise/support/PointerMap.h"

#include <pybind11/pybind11.h>

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace piecewise::python {

namespace py = pybind11;

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

/// The process-wide hooks (never destroyed).
Hooks& hooks();

/// One imported graph and what is needed to hand it back.
class IRGraph {
public:
  IRGraph() : module_(std::make_unique<Module>("GraphModule")) {}

  Graph& graph() { return module_->graph(); }
  Module& module() { return *module_; }

  void importNodes(const py::list& nodes);

  /// Builds the graph from the fx.Node objects themselves, in one pass: op,
  /// name, target, args and kwargs are read here; a call_function target is
  /// spelled by `targetString(op, target)` once per distinct target object; a
  /// node's meta tuple comes from `nodeMeta(node)` (python::nodeMeta when it
  /// is None) when `eager` is None (every node) or for placeholders, get_attr
  /// nodes and the nodes in the set `eager`; the rest is deferred (see the
  /// file comment).
  void importFx(const py::list& nodes, const py::object& eager, const py::object& targetString,
                const py::object& nodeMeta);

  /// The nodes in graph order with their sync information (see the file comment).
  /// Returns None when the graph is exactly as imported (same nodes, same
  /// order, nothing changed), so the caller can skip the sync. `compact`: an
  /// unchanged node's entry is None, not its import index (fx.sync reads only
  /// the edited and created entries; sync_plan gives the rest).
  py::object exportNodes(bool compact = false);

  /// What `fx.sync` needs after exportNodes() returned a list, in one pass:
  /// (nodes, edits, removed, in_order, retargeted): the live nodes in export
  /// order (the imported fx.Node, None for a created one), the positions whose
  /// entry is not a bare index (edited or created), the import indices of the
  /// removed nodes (last first: users before producers), whether the kept
  /// imported nodes are still in their import order, and the positions of the
  /// imported nodes whose target changed.
  py::tuple syncPlan();

  /// Position (export order) of a live node.
  int32_t position(const Node* n) const;

  /// Whether some imported node's meta was deferred (imported as `False`).
  bool hasDeferredMeta() const { return numDeferred_ > 0; }

  /// Loads the deferred meta of `nodes` (live nodes; others are skipped)
  /// through `fetch(list of import indices) -> list of meta tuples`, or, when
  /// `fetch` is True, python::nodeMeta of the imported fx.Nodes.
  void loadMeta(const std::vector<Node*>& nodes, const py::object& fetch);

  /// Loads every live node's deferred meta.
  void loadAllMeta(const py::object& fetch);

  /// The last split's plan (kept for hashes computed on request).
  std::optional<PartitionPlan>& plan() { return plan_; }

  void verify();

private:
  void reserve(size_t n);

  /// One imported node; `meta` null defers its meta.
  void addNode(py::handle fxNode, OpKind op, std::string_view name, Symbol target,
               py::handle argsObj, py::handle kwargsObj, PyObject* meta);

  /// Whether a pass set the target, args or kwargs of an imported node.
  bool changed(const Node* n, int32_t origin) const;

  std::vector<Argument> convertSeq(py::handle seq);

  Argument convert(py::handle h);

  /// A leaf the fast path does not know: ask Python once per object.
  Argument leaf(py::handle h);

  py::object toPython(const Argument& a);

  SymExpr convertSize(py::handle h);

  /// An exact int that fits, or an exact str: `out`; anything else: false
  /// (convertSize's general path then converts it, or says why not).
  bool fastSize(PyObject* o, SymExpr& out);

  /// The UTF-8 of an exact str (no copy); false for anything else.
  static bool fastText(PyObject* o, std::string_view& out);

  /// `[size...]` (an exact list) into `out`; false when some item needs the
  /// general path.
  bool fastSizes(PyObject* list, DimList& out);

  /// The DType of a dtype text; node_meta hands the same str object for a
  /// dtype every time, so a few are remembered by identity (kept alive).
  DType dtypeOf(PyObject* text);

  /// (MetaTensor, dtype, [sizes], [strides] | None, device | None) with exact
  /// lists and str/int items, read without the general conversions; false
  /// when some field needs them.
  bool fastTensorMeta(PyObject* t, TensorMeta& tm);

  Meta convertMeta(py::handle h);

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

} // namespace piecewise::python
