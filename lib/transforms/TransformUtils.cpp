//===- TransformUtils.cpp - Small helpers the passes share ----------------===//

#include "TransformUtils.h"

#include "piecewise/schema/ArgumentResolution.h"

#include <bit>
#include <cstring>

namespace piecewise::transforms {

std::vector<Node*> findCalls(Graph& graph, std::string_view target) {
  Symbol s = graph.strings().lookup(target);
  if (s.isNull())
    return {};
  return graph.findNodes(OpKind::CallFunction, s);
}

const FunctionSchema* argumentSchema(PassContext& ctx, const Node& node) {
  if (const FunctionSchema* s = ctx.schemaOf(node))
    return s;
  if (node.op() != OpKind::CallFunction)
    return nullptr;
  return fallbackArgumentSchema(node.target().str());
}

std::optional<Argument> readArg(const Node& node, const FunctionSchema& schema,
                                std::string_view name, Graph& graph) {
  return resolveArgument(node, schema, name, graph);
}

ArgReader::ArgReader(const FunctionSchema& schema, Graph& graph,
                     std::vector<std::string_view> names)
    : schema_(schema), graph_(graph) {
  for (std::string_view n : names)
    index_.push_back(schema.argumentIndex(n));
  defaults_.resize(names.size());
}

std::optional<Argument> ArgReader::get(const Node& node, size_t i) {
  if (!index_[i])
    return std::nullopt;
  size_t idx = *index_[i];
  if (const Argument* given = givenArgument(node, schema_, idx))
    return *given;
  if (!defaults_[i])
    defaults_[i] = resolveArgument(node, schema_, idx, graph_);
  return *defaults_[i];
}

std::optional<int64_t> constantInt(const Argument& a) {
  if (a.kind() == Argument::Kind::Int)
    return a.getInt();
  if (a.kind() == Argument::Kind::Sym && a.getSym().isConstant())
    return a.getSym().value();
  return std::nullopt;
}

std::optional<size_t> normalizeDim(int64_t dim, size_t rank) {
  int64_t r = static_cast<int64_t>(rank);
  if (dim < 0)
    dim += r;
  if (dim < 0 || dim >= r)
    return std::nullopt;
  return static_cast<size_t>(dim);
}

Argument substitute(const Argument& a, const Node* from, const Argument& to) {
  if (a.isNode())
    return a.getNode() == from ? to : a;
  if (!a.hasElements())
    return a;
  std::vector<Argument> items;
  items.reserve(a.elements().size());
  for (const Argument& e : a.elements())
    items.push_back(substitute(e, from, to));
  return Argument::withSameKind(a, std::move(items));
}

void replaceAllUsesWithValue(Graph& graph, Node* from, const Argument& value) {
  if (value.isNode()) {
    graph.replaceAllUsesWith(from, value.getNode());
    return;
  }
  for (Node* user : from->uniqueUsers()) {
    std::vector<Argument> args;
    args.reserve(user->args().size());
    for (const Argument& a : user->args())
      args.push_back(substitute(a, from, value));
    std::vector<KwArg> kwargs;
    kwargs.reserve(user->kwargs().size());
    for (const KwArg& k : user->kwargs())
      kwargs.push_back({k.name, substitute(k.value, from, value)});
    graph.setArgs(user, std::move(args));
    graph.setKwargs(user, std::move(kwargs));
  }
}

uint64_t hashArgument(const Argument& a) {
  uint64_t h = static_cast<uint64_t>(a.kind()) * 0x100000001B3ull;
  switch (a.kind()) {
  case Argument::Kind::None:
  case Argument::Kind::Ellipsis:
    return h;
  case Argument::Kind::Bool:
    return hashCombine(h, a.getBool());
  case Argument::Kind::Int:
  case Argument::Kind::DType:
    return hashCombine(h, static_cast<uint64_t>(a.getInt()));
  case Argument::Kind::Double: {
    double d = a.getDouble();
    uint64_t bits;
    std::memcpy(&bits, &d, sizeof(bits));
    return hashCombine(h, bits);
  }
  case Argument::Kind::Complex: {
    double parts[2] = {a.getReal(), a.getImag()};
    uint64_t bits[2];
    std::memcpy(bits, parts, sizeof(bits));
    return hashCombine(hashCombine(h, bits[0]), bits[1]);
  }
  case Argument::Kind::String:
  case Argument::Kind::Bytes:
  case Argument::Kind::Device:
  case Argument::Kind::Layout:
  case Argument::Kind::MemoryFormat:
  case Argument::Kind::Op:
  case Argument::Kind::Global:
    return hashCombine(h, reinterpret_cast<uintptr_t>(a.getSymbol().data()));
  case Argument::Kind::Sym: {
    SymExpr e = a.getSym();
    return e.isConstant() ? hashCombine(h, static_cast<uint64_t>(e.value()))
                          : hashCombine(h, reinterpret_cast<uintptr_t>(e.text().data()));
  }
  case Argument::Kind::NodeRef:
    return hashCombine(h, reinterpret_cast<uintptr_t>(a.getNode()));
  case Argument::Kind::List:
  case Argument::Kind::Tuple:
  case Argument::Kind::Slice:
  case Argument::Kind::Dict:
  case Argument::Kind::Call:
    for (const Argument& e : a.elements())
      h = hashCombine(h, hashArgument(e));
    return h;
  }
  return h;
}

} // namespace piecewise::transforms
