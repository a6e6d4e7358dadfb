//===- LazyModule.cpp - A lazy GraphModule over a graph, assembled in C++ -===//
//
// `_core.make_lazy_module(graph, modules)` makes what split.py's
// `_lazy_module_factory` makes in Python, without the interpreter: the
// per-instance class `GraphModule.__new__` makes (a subclass of
// `_LazyGraphModule`, named GraphModule), an instance of it made by
// `object.__new__`, nn.Module's instance state copied from a template (a fresh
// container for each dict, set or list entry), what `GraphModule.__init__`
// sets, the children, and the graph's owning module. split.py configures it
// from a module torch makes and checks the result against torch's own
// constructor before using it.
//
//===----------------------------------------------------------------------===//

#include "LazyModule.h"
#include "Bindings.h"
#include "PyUtil.h"

#include <stdexcept>
#include <utility>
#include <vector>

namespace py = pybind11;

namespace piecewise::python {
namespace {

PyObject* emptyTuple() {
  static PyObject* t = PyTuple_New(0); // immortal for the module's life
  return t;
}

/// One entry of the instance dict, in torch's order.
struct Entry {
  enum Kind { Shared, Fresh, Graph } kind;
  py::object key;
  py::object value; ///< the shared value, or the fresh container's type
};

/// What configure_lazy_module installs (never freed: outlives every call).
struct Template {
  py::object bases;      ///< (_LazyGraphModule,)
  py::object moduleName; ///< the new class's __module__
  py::object className;  ///< its __name__ once made (GraphModule)
  std::vector<Entry> entries;
  py::object implName = py::str("GraphModuleImpl");
  py::object modulesKey = py::str("_modules");
  py::object owningModule = py::str("owning_module");
  py::object dunderModule = py::str("__module__");
  py::object dunderName = py::str("__name__");
};

Template* gTemplate = nullptr;

/// `type()` for a container type: the builtin ones (exactly dict, list, set,
/// OrderedDict) made by their C constructors, the same empty object the call
/// makes without the type call.
py::object freshContainer(PyObject* type) {
  if (type == reinterpret_cast<PyObject*>(&PyDict_Type))
    return checked(PyDict_New());
  if (type == reinterpret_cast<PyObject*>(&PyODict_Type))
    return checked(PyODict_New());
  if (type == reinterpret_cast<PyObject*>(&PyList_Type))
    return checked(PyList_New(0));
  if (type == reinterpret_cast<PyObject*>(&PySet_Type))
    return checked(PySet_New(nullptr));
  return checked(PyObject_CallNoArgs(type));
}

} // namespace

bool lazyModuleConfigured() {
  return gTemplate != nullptr;
}

py::object makeLazyModule(py::handle graph, py::handle modules) {
  if (!gTemplate)
    return py::object();
  const Template& t = *gTemplate;
  py::object ns = checked(PyDict_New());
  if (PyDict_SetItem(ns.ptr(), t.dunderModule.ptr(), t.moduleName.ptr()) < 0)
    throw py::error_already_set();
  PyObject* typeArgs[] = {t.implName.ptr(), t.bases.ptr(), ns.ptr()};
  py::object cls =
      checked(PyObject_Vectorcall(reinterpret_cast<PyObject*>(&PyType_Type), typeArgs, 3, nullptr));
  py::object gm = checked(
      PyBaseObject_Type.tp_new(reinterpret_cast<PyTypeObject*>(cls.ptr()), emptyTuple(), nullptr));
  py::object d = checked(PyObject_GenericGetDict(gm.ptr(), nullptr));
  for (const Entry& e : t.entries) {
    py::object v;
    switch (e.kind) {
    case Entry::Shared:
      v = e.value;
      break;
    case Entry::Fresh:
      v = freshContainer(e.value.ptr());
      break;
    case Entry::Graph:
      v = py::reinterpret_borrow<py::object>(graph);
      break;
    }
    if (PyDict_SetItem(d.ptr(), e.key.ptr(), v.ptr()) < 0)
      throw py::error_already_set();
  }
  if (!modules.is_none()) {
    py::object children = checked(PyObject_GetItem(d.ptr(), t.modulesKey.ptr()));
    if (!PyDict_Check(children.ptr()) || PyDict_Update(children.ptr(), modules.ptr()) < 0)
      throw py::error_already_set();
  }
  if (PyObject_SetAttr(cls.ptr(), t.dunderName.ptr(), t.className.ptr()) < 0 ||
      PyObject_SetAttr(graph.ptr(), t.owningModule.ptr(), gm.ptr()) < 0)
    throw py::error_already_set();
  return gm;
}

void bindLazyModule(py::module_& m) {
  m.def(
      "configure_lazy_module",
      [](py::object base, py::object moduleName, py::object className, py::list entries) {
        auto* t = new Template();
        t->bases = checked(PyTuple_Pack(1, base.ptr()));
        t->moduleName = std::move(moduleName);
        t->className = std::move(className);
        for (py::handle item : entries) {
          auto e = item.cast<py::tuple>();
          auto kind = e[2].cast<int>();
          if (kind < Entry::Shared || kind > Entry::Graph)
            throw std::invalid_argument("configure_lazy_module: an entry kind is 0, 1 or 2");
          t->entries.push_back({static_cast<Entry::Kind>(kind), e[0], e[1]});
        }
        gTemplate = t; // a reconfiguration leaks the old one: it may be in use up the stack
      },
      py::arg("base"), py::arg("module_name"), py::arg("class_name"), py::arg("entries"),
      "The lazy GraphModule make_lazy_module builds: the base class, the new class's "
      "__module__ and __name__, and the instance dict in order as [(key, value, kind)]: "
      "kind 0 a value every module shares, 1 a fresh container of type `value`, 2 the graph.");
  m.def(
      "make_lazy_module",
      [](py::handle graph, py::handle modules) {
        py::object gm = makeLazyModule(graph, modules);
        if (!gm)
          throw std::runtime_error("piecewise._core.make_lazy_module: configure first");
        return gm;
      },
      py::arg("graph"), py::arg("modules") = py::none(),
      "A _LazyGraphModule over `graph` with `modules` (a dict) as children (see "
      "LazyModule.cpp).");
}

} // namespace piecewise::python
