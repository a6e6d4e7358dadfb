//===- IRGraphBinding.cpp - IRGraph, its split and its passes in Python ---===//
//
// Binds `IRGraph` (IRGraph.h: import_fx / import_nodes, export, sync_plan,
// print, run_passes, split, hashes), the `Piece` and `SplitResult` records
// split() returns, `configure` (the converter's callbacks),
// `matching_splitting_ops` and `unmatched_splitting_ops`. The split itself is the library's
// splitGraph / splitGraphLoadingMeta (partition/SplitGraph.h); this file only
// hands its plan to Python.
//
//===----------------------------------------------------------------------===//

#include "Bindings.h"
#include "IRGraph.h"
#include "NodeMeta.h"
#include "PieceRecord.h"
#include "Registry.h"
#include "TorchPrivate.h"

#include "piecewise/partition/SplitGraph.h"
#include "piecewise/pass/PassManager.h"
#include "piecewise/text/Printer.h"
#include "piecewise/transforms/Passes.h"

#include <pybind11/stl.h>

#include <exception>
#include <stdexcept>
#include <string>
#include <vector>

namespace py = pybind11;

namespace piecewise::python {
namespace {

/// What split() returns.
struct SplitResult {
  py::object sync; ///< export(): None when unchanged, else the node list
  py::list pieces; ///< PieceRecord, in piece order
  py::object numUnique;
};

/// The synced-graph positions of `nodes`, as a list of ints.
template <class Nodes> py::list positions(const IRGraph& ir, const Nodes& nodes) {
  py::list out(nodes.size());
  Py_ssize_t i = 0;
  for (const Node* n : nodes) {
    PyObject* v = PyLong_FromLong(ir.position(n));
    if (!v)
      throw py::error_already_set();
    PyList_SET_ITEM(out.ptr(), i++, v);
  }
  return out;
}

/// decompose-size + the splitting-op partitioner (splitGraphLoadingMeta when
/// meta is deferred: the boundary values' meta is fetched through
/// `fetchMeta`, and hashes then wait for `hashes()`).
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
  FailureOr<PartitionPlan> plan = failure();
  if (lazy) {
    options.partition.computeHashes = false; // they wait for hashes()
    std::exception_ptr error;
    plan = splitGraphLoadingMeta(
        ir.graph(), &registry(), options,
        [&](const std::vector<Node*>& nodes) -> LogicalResult {
          try {
            ir.loadMeta(nodes, fetchMeta);
            return success();
          } catch (...) { // a Python error: raised again below, past the library
            error = std::current_exception();
            return failure();
          }
        },
        diag);
    if (error)
      std::rethrow_exception(error);
  } else {
    plan = splitGraph(ir.graph(), &registry(), options, diag);
  }
  if (failed(plan))
    throwDiagnostics(diag, "piecewise.split_graph failed");
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
    r.nodes = positions(ir, piece.nodes);
    r.inputs = positions(ir, piece.inputs);
    r.outputs = positions(ir, piece.outputs);
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

py::tuple runPasses(IRGraph& g, const std::string& pipeline, bool verify) {
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
}

} // namespace

void bindIRGraph(py::module_& m) {
  py::enum_<LeafKind>(m, "LeafKind", py::arithmetic(),
                      "What the `classify` callback says an argument leaf is.")
      .value("opaque", LeafOpaque)
      .value("dtype", LeafDType)
      .value("device", LeafDevice)
      .value("layout", LeafLayout)
      .value("memory_format", LeafMemoryFormat)
      .value("op", LeafOp)
      .value("sym", LeafSym);

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
        NodeFields::instance().resolve(nodeType.ptr());
        h.nodeType = std::move(nodeType);
        h.classify = std::move(classify);
        h.makeLeaf = std::move(makeLeaf);
        h.makeRef = std::move(makeRef);
        h.sliceType =
            py::reinterpret_borrow<py::object>(reinterpret_cast<PyObject*>(&PySlice_Type));
      },
      "Installs the Python callbacks the converter uses (done by piecewise.fx).");

  py::class_<IRGraph>(m, "IRGraph")
      .def(py::init<>())
      .def("import_nodes", &IRGraph::importNodes, py::arg("nodes"),
           "Builds the graph from node tuples (see IRGraph.h).")
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
      .def("run_passes", &runPasses, py::arg("pipeline"), py::kw_only(), py::arg("verify") = true,
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

  m.def(
      "matching_splitting_ops",
      [](IRGraph& ir, const std::vector<std::string>& ops) {
        SplittingOpMatcher matcher(ops);
        std::vector<std::string> names;
        for (const Node* n : ir.graph())
          if (matcher.match(*n))
            names.emplace_back(n->name().str());
        return names;
      },
      py::arg("ir"), py::arg("splitting_ops"),
      "The names of the graph's nodes that match a splitting op (SplittingOpMatcher).");

  m.def(
      "unmatched_splitting_ops",
      [](IRGraph& ir, const std::vector<std::string>& ops, const std::string& kind) {
        if (kind != "splitting" && kind != "break")
          throw std::invalid_argument("kind is 'splitting' or 'break'");
        SplittingOpOptions options;
        options.splittingOps = ops;
        return unmatchedSplittingOps(
            ir.graph(), options, kind == "break" ? OpPatternKind::Break : OpPatternKind::Splitting);
      },
      py::arg("ir"), py::arg("splitting_ops"), py::arg("kind") = "splitting",
      "One message per splitting op (kind='splitting') or break op (kind='break') that "
      "matches no node of a graph with calls, naming the similar ops the graph has: the "
      "CLI's note.");
}

} // namespace piecewise::python
