//===- Parser.h - Reading FX text into the IR -------------------*- C++ -*-===//
//
// Two textual forms describe an FX graph; both parse into the same Module:
//
//  - the code form: `GraphModule.print_readable()` and TORCH_LOGS output
//    (`class X(torch.nn.Module): def forward(self, ...): name: "f32[..]" = ...`),
//    with nested classes for submodules;
//  - the graph form: `print(gm.graph)` (`graph(): %x : [num_users=1] = ...`).
//
// parseModule() detects the form from the content. Errors are reported with
// file:line:col into the DiagnosticEngine and the parse fails; the parser
// never crashes, never hangs, and is linear in the input size.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/ir/Module.h"
#include "piecewise/support/Diagnostic.h"
#include "piecewise/support/FailureOr.h"

#include <memory>

namespace piecewise {

enum class TextForm { Code, Graph };

/// Which form `text` is in: Graph when its first meaningful line starts with
/// `graph(` or `%`, else Code.
TextForm detectTextForm(std::string_view text);

/// The input check both form parsers run first (support/SourceBuffer.h's
/// checkTextInput): an empty input, a NUL byte, invalid UTF-8 or a CR not
/// followed by LF is a located error.
LogicalResult checkModuleText(const SourceBuffer& buffer, DiagnosticEngine& diag);

/// Parses either form into a module tree. Post on success: every node reference
/// resolves to a node of the same graph and use lists are exact.
FailureOr<std::unique_ptr<Module>> parseModule(const SourceBuffer& buffer, DiagnosticEngine& diag);
FailureOr<std::unique_ptr<Module>> parseCodeForm(const SourceBuffer& buffer,
                                                 DiagnosticEngine& diag);
FailureOr<std::unique_ptr<Module>> parseGraphForm(const SourceBuffer& buffer,
                                                  DiagnosticEngine& diag);

/// Parses a type annotation body such as `f32[s0, 64][64, 1]cuda:0` or
/// `Sym(s0)` into `meta`. Fails (with a diagnostic at `loc`) on an unknown dtype
/// or malformed brackets; text that looks like neither form becomes OpaqueMeta.
LogicalResult parseAnnotation(std::string_view text, Location loc, Graph& graph, Meta& meta,
                              DiagnosticEngine& diag);

} // namespace piecewise
