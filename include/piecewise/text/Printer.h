//===- Printer.h - Writing the IR as FX text --------------------*- C++ -*-===//
//
// The code form is piecewise's canonical output: what print_readable() writes,
// with annotations (dtype, sizes, strides and device when known), the
// `;  a = b = None` clean-up tails at each value's last use, and one nested
// class per child module. Printing is deterministic and round-trips:
// print(parse(print(m))) == print(m).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/ir/Module.h"
#include "piecewise/support/Diagnostic.h"
#include "piecewise/support/FailureOr.h"

#include <string>

namespace piecewise {

struct PrintOptions {
  /// Write `name: "f32[..]"` annotations where meta is known.
  bool annotations = true;
  /// Write `;  x = y = None` at the last use of each value.
  bool cleanupTails = true;
  /// Write each node's provenance as FX does: a blank line and `# File: ...`
  /// (or `# No stacktrace found for following nodes`) where it changes.
  bool provenance = true;
};

/// The module tree in code form, starting with `class <name>(torch.nn.Module):`.
std::string printCodeForm(const Module& module, const PrintOptions& options = {});
/// Appends `module` in code form as a class nested `level` deep (four spaces
/// a level), the way printCodeForm() writes a child: printing a parent alone
/// (no children yet) and then appending each child at level 1, each after a
/// newline, writes the same text as printing the whole tree.
void appendCodeForm(std::string& out, const Module& module, unsigned level,
                    const PrintOptions& options = {});
/// The graph in `print(gm.graph)` form (submodules are not included by FX either).
/// Precondition: graphFormCanSpell(graph) (else a global reads back as a string).
std::string printGraphForm(const Graph& graph);
/// Success when every argument value of `graph` has a graph-form spelling that
/// reads back as the same value. A global name used as a value (`math.pi`,
/// `torch.sin`, `self.foo`) has none: the graph form writes strings bare, so
/// the name would read back as a str. Each such value is an error at its node.
LogicalResult graphFormCanSpell(const Graph& graph, DiagnosticEngine& diag);

/// The annotation text for `meta` (`f32[s0, 64][64, 1]cuda:0`, `Sym(s0)`), or
/// empty when meta is none or a list.
std::string printAnnotation(const Meta& meta);
/// An argument in Python syntax, as the code form writes it.
std::string printArgument(const Argument& arg);

} // namespace piecewise
