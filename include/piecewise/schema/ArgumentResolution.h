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

/// The value of schema argument `index` for call `node`: positional if given,
/// else keyword, else the parsed default (interned into `graph`). nullopt when
/// none applies (a required argument that is missing) or a default cannot be
/// represented.
std::optional<Argument> resolveArgument(const Node& node, const FunctionSchema& schema,
                                        size_t index, Graph& graph);
/// Same, by argument name.
std::optional<Argument> resolveArgument(const Node& node, const FunctionSchema& schema,
                                        std::string_view name, Graph& graph);

/// Parses a schema default (`0`, `None`, `[]`, `[0, 1]`, `1e-05`, `"mean"`,
/// `True`, `contiguous_format`) into an Argument.
std::optional<Argument> parseDefaultValue(std::string_view text, Graph& graph);

} // namespace piecewise
