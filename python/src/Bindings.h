//===- Bindings.h - The parts of piecewise._core, one function each -*- C++ -*-===//
//
// Module.cpp's PYBIND11_MODULE body calls each of these once, in this order.
// A new part of the module is a new `<Name>Binding.cpp` defining `bind<Name>`,
// declared here and called by one line in Module.cpp.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <pybind11/pybind11.h>

namespace piecewise::python {

/// Schemas and pass names (Registry.cpp).
void bindRegistry(pybind11::module_& m);
/// IRGraph, Piece, SplitResult, configure (IRGraphBinding.cpp).
void bindIRGraph(pybind11::module_& m);
/// configure_meta, node_meta, encode_meta, clear_meta_cache (NodeMeta.cpp).
void bindNodeMeta(pybind11::module_& m);
/// set_node_fields, node_fields_available (TorchPrivate.cpp).
void bindTorchPrivate(pybind11::module_& m);
/// configure_fx_builder, build_split (FxBuilder.cpp).
void bindFxBuilder(pybind11::module_& m);
/// configure_lazy_module, make_lazy_module (LazyModule.cpp).
void bindLazyModule(pybind11::module_& m);
/// apply_sync_edits, erase_nodes, fake_sym_sizes (SyncEdits.cpp).
void bindSyncEdits(pybind11::module_& m);
/// render_report (ReportBinding.cpp).
void bindReport(pybind11::module_& m);
/// check_capture (CaptureBinding.cpp).
void bindCapture(pybind11::module_& m);
/// explain: why pieces of an IRGraph's last split differ (ExplainBinding.cpp).
void bindExplain(pybind11::module_& m);

} // namespace piecewise::python
