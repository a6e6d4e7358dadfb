//===- ValueKind.cpp - What kind of value a node produces -----------------===//
//
// Classifies a node's value (tensor, SymInt, tuple, ...) from its meta, op and schema
// (ValueKind.h).
//
//===----------------------------------------------------------------------===//

#include "piecewise/analysis/ValueKind.h"

#include <string>

namespace piecewise {

std::string_view valueKindName(ValueKind kind) {
  switch (kind) {
  case ValueKind::Tensor:
    return "tensor";
  case ValueKind::SymInt:
    return "symint";
  case ValueKind::SymFloat:
    return "symfloat";
  case ValueKind::SymBool:
    return "symbool";
  case ValueKind::Int:
    return "int";
  case ValueKind::Float:
    return "float";
  case ValueKind::Bool:
    return "bool";
  case ValueKind::None:
    return "none";
  case ValueKind::Opaque:
    return "opaque";
  case ValueKind::Tuple:
    return "tuple";
  case ValueKind::Size:
    return "size";
  }
  return "opaque";
}

namespace {

/// The kind of one schema type (`Tensor`, `SymInt`, `Tensor[]`, `(Tensor, Tensor)`).
ValueKind kindOfSchemaType(std::string_view type) {
  if (type.empty())
    return ValueKind::Opaque;
  if (type.back() == ']' || type.front() == '(')
    return ValueKind::Tuple;
  if (type.back() == '?')
    type.remove_suffix(1);
  if (type == "Tensor")
    return ValueKind::Tensor;
  if (type == "SymInt")
    return ValueKind::SymInt;
  if (type == "SymFloat")
    return ValueKind::SymFloat;
  if (type == "SymBool")
    return ValueKind::SymBool;
  if (type == "int")
    return ValueKind::Int;
  if (type == "float")
    return ValueKind::Float;
  if (type == "bool")
    return ValueKind::Bool;
  if (type == "NoneType")
    return ValueKind::None;
  return ValueKind::Opaque;
}

/// The kind of one element of a list-typed schema return (`Tensor[]` -> Tensor).
ValueKind kindOfSchemaElement(std::string_view type) {
  size_t b = type.find('[');
  if (b == std::string_view::npos)
    return ValueKind::Opaque;
  return kindOfSchemaType(type.substr(0, b));
}

const FunctionSchema* schemaOf(const Node& n, const OpRegistry* registry) {
  if (!registry || !n.isTorchOp())
    return nullptr;
  return registry->lookup(n.target().str());
}

ValueKind classifyGetItem(const Node& n, const OpRegistry* registry) {
  if (n.args().size() < 2 || !n.args()[0].isNode())
    return ValueKind::Opaque;
  const Node& producer = *n.args()[0].getNode();
  const Argument& index = n.args()[1];
  if (const auto* items = producer.meta().list()) {
    if (index.isInt() && index.getInt() >= 0 && static_cast<size_t>(index.getInt()) < items->size())
      if (auto k = valueKindOfMeta((*items)[static_cast<size_t>(index.getInt())]))
        return *k;
    return ValueKind::Opaque;
  }
  ValueKind pk = classifyValue(producer, registry);
  switch (pk) {
  case ValueKind::Tensor:
    // Tensor indexing: a slice or an integer index both give a tensor.
    return ValueKind::Tensor;
  case ValueKind::Size:
    return index.isInt() ? ValueKind::SymInt : ValueKind::Size;
  case ValueKind::Tuple:
    if (const FunctionSchema* s = schemaOf(producer, registry)) {
      if (s->returns.size() > 1 && index.isInt() && index.getInt() >= 0 &&
          static_cast<size_t>(index.getInt()) < s->returns.size())
        return kindOfSchemaType(s->returns[static_cast<size_t>(index.getInt())].type);
      if (s->returns.size() == 1)
        return kindOfSchemaElement(s->returns[0].type);
    }
    return ValueKind::Opaque;
  default:
    return ValueKind::Opaque;
  }
}

} // namespace

std::optional<ValueKind> valueKindOfMeta(const Meta& meta) {
  if (meta.isTensor())
    return ValueKind::Tensor;
  if (const SymMeta* s = meta.sym()) {
    bool constant = s->expr.isConstant();
    switch (s->kind) {
    case SymKind::Int:
      return constant ? ValueKind::Int : ValueKind::SymInt;
    case SymKind::Float:
      return constant ? ValueKind::Float : ValueKind::SymFloat;
    case SymKind::Bool:
      return constant ? ValueKind::Bool : ValueKind::SymBool;
    }
  }
  if (meta.isList())
    return ValueKind::Tuple;
  if (const OpaqueMeta* o = meta.opaque()) {
    std::string_view t = o->text.str();
    if (t.starts_with("torch.Size") || t.starts_with("Size("))
      return ValueKind::Size;
    if (t == "int")
      return ValueKind::Int;
    if (t == "float")
      return ValueKind::Float;
    if (t == "bool")
      return ValueKind::Bool;
    return ValueKind::Opaque;
  }
  return std::nullopt;
}

ValueKind classifyValue(const Node& n, const OpRegistry* registry) {
  if (auto k = valueKindOfMeta(n.meta()))
    return *k;
  switch (n.op()) {
  case OpKind::Placeholder:
  case OpKind::GetAttr:
  case OpKind::CallModule:
  case OpKind::Output:
    return ValueKind::Opaque;
  case OpKind::CallMethod: {
    std::string_view m = n.target().str();
    bool hasDim = n.args().size() > 1 || n.kwarg("dim") != nullptr;
    if (m == "size" || m == "stride")
      return hasDim ? ValueKind::SymInt : ValueKind::Size;
    if (m == "numel" || m == "dim")
      return ValueKind::SymInt;
    return ValueKind::Opaque;
  }
  case OpKind::CallFunction:
    break;
  }
  std::string_view target = n.target().str();
  if (n.isGetItem())
    return classifyGetItem(n, registry);
  if (target.starts_with("higher_order::"))
    return ValueKind::Tuple;
  if (const FunctionSchema* s = schemaOf(n, registry)) {
    if (s->returns.empty())
      return ValueKind::None;
    if (s->returns.size() > 1)
      return ValueKind::Tuple;
    return kindOfSchemaType(s->returns[0].type);
  }
  return ValueKind::Opaque;
}

} // namespace piecewise
