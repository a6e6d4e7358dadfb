//===- Module.cpp - piecewise._core: the module and its parts -------------===//
//
// The C++ core seen from Python. This file only makes the module, its shared
// enums, and calls each part's bind function (Bindings.h); each part is its
// own file.
//
//===----------------------------------------------------------------------===//

#include "Bindings.h"
#include "NodeMeta.h"

#include "piecewise/Version.h"
#include "piecewise/ir/Node.h"
#include "piecewise/ir/TensorMeta.h"
#include "piecewise/partition/PartitionPlan.h"

namespace py = pybind11;
using namespace piecewise;

PYBIND11_MODULE(_core, m) {
  m.doc() = "piecewise's C++ core: IR import/export, passes, the splitting-op partitioner";
  // The one version number (CMakeLists.txt's project(); piecewise/Version.h).
  m.attr("__version__") = PIECEWISE_VERSION_STRING;

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
  py::enum_<SymKind>(m, "SymKind", py::arithmetic(), "The kind of a symbolic scalar's meta.")
      .value("int", SymKind::Int)
      .value("float", SymKind::Float)
      .value("bool", SymKind::Bool);

  python::bindRegistry(m);
  python::bindIRGraph(m);
  python::bindNodeMeta(m);
  python::bindTorchPrivate(m);
  python::bindFxBuilder(m);
  python::bindLazyModule(m);
  python::bindSyncEdits(m);
  python::bindReport(m);
  python::bindCapture(m);
  python::bindExplain(m);
}
