//===- ArgumentResolution.h - Reading an argument by schema -----*- C++ -*-===//
//
// The one place that answers "what is argument `dim` of this call?": taken by
// position, else by keyword, else the schema default. Passes use it instead of
// indexing args by hand, so `slice(x, 1)`, `slice(x, dim=1)` and `slice(x)`
// (default 0) read the same.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/ir/Graph.h"
#include "piecewise/schema/FunctionSchema.h"

#include <optional>

namespace piecewise {

/// The argument the call passes for schema argument `index`: positional if
/// given (and not keyword-only), else keyword, else nullptr (the call leaves
/// it to its default, or `index` is out of range). No default is parsed.
const Argument* givenArgument(const Node& node, const FunctionSchema& schema, size_t index);

/// The value of schema argument `index` for call `node`: positional if given,
/// else keyword, else the parsed default (interned into `graph`). nullopt when
/// none applies (a required argument that is missing) or a default cannot be
/// represented.
std::optional<Argument> resolveArgument(const Node& node, const FunctionSchema& schema,
                                        size_t index, Graph& graph);
/// Same, by argument name.
std::optional<Argument> resolveArgument(const Node& node, const FunctionSchema& schema,
                                        std::string_view name, Graph& graph);

/// The aten schema of one of the few ops piecewise's own rewrites read
/// arguments of (slice, split_with_sizes, slice_scatter, view, reshape,
/// _unsafe_view, sym_size), as torch 2.x prints it, for use when no registry
/// schema is at hand. nullptr for any other target. Only for reading
/// arguments: effect analysis never uses it (an op without a registry schema
/// stays opaque).
const FunctionSchema* fallbackArgumentSchema(std::string_view target);

/// Parses a schema default (`0`, `None`, `[]`, `[0, 1]`, `1e-05`, `"mean"`,
/// `True`, `contiguous_format`) into an Argument.
std::optional<Argument> parseDefaultValue(std::string_view text, Graph& graph);

} // namespace piecewise
