//===- TransformUtils.h - Small helpers the passes share ------------------===//
//
// Reading a call's arguments through its schema, finding the calls of one op
// through the graph's index, normalizing dims, replacing a value by a literal,
// and hashing argument trees. Private to lib/transforms.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/ir/Graph.h"
#include "piecewise/pass/Pass.h"
#include "piecewise/schema/FunctionSchema.h"

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace piecewise::transforms {

/// Live call_function nodes whose target is `target` (canonical spelling), in
/// graph order, through the graph's (op, target) index. Empty when the target
/// was never interned.
std::vector<Node*> findCalls(Graph& graph, std::string_view target);

/// The schema used to read the arguments of the ops the transforms match on
/// (slice, split_with_sizes, view, reshape, _unsafe_view, slice_scatter,
/// sym_size): the registry's when it has one, else piecewise's own copy of the
/// aten schema. Only for reading arguments; effect analysis never uses the
/// fallback. nullptr for any other op without a registry schema.
const FunctionSchema* argumentSchema(PassContext& ctx, const Node& node);

/// Argument `name` of `node` by position, keyword or schema default.
std::optional<Argument> readArg(const Node& node, const FunctionSchema& schema,
                                std::string_view name, Graph& graph);

/// Reads a few named arguments of many calls to one op: the schema indices
/// are looked up once, and a default the call leaves out is parsed once.
/// Same answers as readArg (resolveArgument) for every call.
class ArgReader {
public:
  ArgReader(const FunctionSchema& schema, Graph& graph, std::vector<std::string_view> names);

  /// Argument `names[i]` of `node`, or nullopt when neither given nor defaulted.
  std::optional<Argument> get(const Node& node, size_t i);

private:
  const FunctionSchema& schema_;
  Graph& graph_;
  std::vector<std::optional<size_t>> index_;
  /// Parsed defaults, filled on first use.
  std::vector<std::optional<std::optional<Argument>>> defaults_;
};

/// The value of an Int argument or a constant SymExpr argument.
std::optional<int64_t> constantInt(const Argument& a);

/// `dim` (possibly negative) as an index into a tensor of `rank`, or nullopt
/// when out of range.
std::optional<size_t> normalizeDim(int64_t dim, size_t rank);

/// The node's tensor meta, or nullptr.
inline const TensorMeta* tensorMeta(const Node* n) {
  return n ? n->meta().tensor() : nullptr;
}

/// `a` with every reference to `from` replaced by `to`.
Argument substitute(const Argument& a, const Node* from, const Argument& to);

/// Replaces every use of `from` by `value` (a literal or a node reference),
/// rewriting each user's args and kwargs through the graph so use lists stay
/// exact. Post: from->users() is empty.
void replaceAllUsesWithValue(Graph& graph, Node* from, const Argument& value);

/// A structural hash of an argument tree (node references by identity),
/// consistent with Argument::operator==.
uint64_t hashArgument(const Argument& a);

inline uint64_t hashCombine(uint64_t seed, uint64_t v) {
  return seed ^ (v + 0x9E3779B97F4A7C15ull + (seed << 6) + (seed >> 2));
}

} // namespace piecewise::transforms
