//===- NodeMeta.h - an fx.Node's meta tuple, read with the C API -*- C++ -*-===//
//
// The C++ twin of piecewise.fx._node_meta / encode_meta (the reference): the
// meta tuple of an fx.Node, from `meta["val"]` (else `meta["example_value"]`,
// else `meta["tensor_meta"]`):
//
//   (MetaTensor, dtype_text, sizes, strides|None, device_text|None)
//   (MetaSym, SymKind, size)        a SymInt (size: an int or the text),
//                                   SymFloat and SymBool (the text)
//   (MetaList, [meta...])           a list or tuple
//   None                            anything else
//
// It gives exactly what the Python functions give, for every value: the same
// isinstance tests, the same `except Exception` around the strides, the same
// text (str(), dtype text str(dtype)[6:]), the same per-import cache of
// SymInt texts by SymNode identity (cleared by clearNodeMetaCache(), which
// piecewise.fx.import_graph calls with the Python cache's clear), and the same
// dtype/device text caches (dicts keyed like the Python ones).
//
//===----------------------------------------------------------------------===//

#pragma once

#include <pybind11/pybind11.h>

namespace piecewise::python {

/// The first field of a meta tuple.
enum MetaTag : int {
  MetaTensor = 0,
  MetaSym = 1,
  MetaList = 2,
  MetaOpaque = 3,
};

/// Installs the torch types the encoder tests values against (done once by
/// piecewise.fx): torch.Tensor, FakeTensor (or None), torch.SymInt,
/// torch.SymFloat, torch.SymBool; and, where torch has them (else None),
/// torch._C.DisableTorchFunctionSubclass and
/// torch._C._disabled_torch_function_impl, with which an exact FakeTensor
/// that keeps the disabled `__torch_function__` is read without torch's
/// per-read `__torch_function__` lookup (NodeMeta.cpp, encodeTensor).
void configureNodeMeta(pybind11::handle tensor, pybind11::handle fakeTensor,
                       pybind11::handle symInt, pybind11::handle symFloat, pybind11::handle symBool,
                       pybind11::handle subclassOff = pybind11::none(),
                       pybind11::handle disabledImpl = pybind11::none());

/// Whether configureNodeMeta() was called.
bool nodeMetaConfigured();

/// The meta tuple of an fx.Node (piecewise.fx._node_meta).
pybind11::object nodeMeta(pybind11::handle node);

/// A value reduced to its meta tuple (piecewise.fx.encode_meta).
pybind11::object encodeMeta(pybind11::handle value);

/// Forgets the SymInt texts (piecewise.fx._sym_text.clear()).
void clearNodeMetaCache();

} // namespace piecewise::python
