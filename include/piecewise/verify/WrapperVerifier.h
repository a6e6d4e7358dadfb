//===- WrapperVerifier.h - Name-scope check of Inductor output code -*- C++ -*-===//
//
// Inductor's generated output code (the `output_code` module: `partition_k(args)`
// functions, `call(args)` / `Runner.call(self, args)`, kernel launches and `del`
// statements) has repeatedly been wrong about which names a function may touch:
// a partition `del`s a buffer that was never passed to it (PyTorch PR #165815), a
// mutated buffer is dropped from a partition's inputs, a returned buffer no
// longer exists. Each surfaced only at run time as NameError/UnboundLocalError.
//
// verifyWrapper() finds those statically. It scans the module into logical
// lines (multi-line brackets, comments, strings and triple-quoted kernel source
// handled as Python does) and walks every function, class body and the module
// body in line order, keeping the set of names in scope:
//
//   - a read must name something in scope: a parameter, a name assigned earlier
//     in the function, a module-level name (assigned, imported, def/class,
//     anywhere in the module), a name of an enclosing function, or a builtin;
//   - `del x` needs `x` in scope; `x` is out of scope afterwards, so a later read
//     (a "use after del") or a second `del x` is a violation.
//
// The check is control-flow-insensitive: it follows the text, not the paths.
// What happens inside if/elif/else/try/for/while blocks holds inside them;
// after such a block, every name whose state it changed is "maybe": reads and
// `del`s of it are accepted. Only definite violations are reported, the first
// one per function. Loops: inside a loop a read of a not-yet-assigned local is
// accepted (an earlier iteration may have assigned it). Lambda bodies are
// checked for undefined names only (they run later). f-string contents are not
// looked into.
//
// Fragments: a file whose first statement is indented is a cut-off function
// body (no header). That leading body is one function, `<fragment>`, whose
// parameters are unknown: a name read before it is assigned or deleted is
// assumed to be a parameter (or a global of the missing part). `del` of a name
// never seen before, a use after `del` and a double `del` are still violations.
// When the fragment starts with a `def`, `class` or decorator, it is taken as
// a class body instead (methods are then `<fragment>.call`).
// Dedents inside the fragment (fewer spaces, but still indented) are taken as
// leaving unconditional blocks such as `with`. In a fragment, module-level names
// not defined in the visible text are assumed to come from the missing part.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/support/Diagnostic.h"
#include "piecewise/support/SourceBuffer.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace piecewise {

/// What went wrong with a name.
enum class WrapperViolationKind {
  DelNotInScope,        ///< `del x` where x is not in scope
  UseAfterDel,          ///< x read after `del x`
  DeletedTwice,         ///< `del x` after `del x`
  UsedBeforeAssignment, ///< x is local to the function but read before any assignment
  UndefinedName,        ///< x is neither local, nor global, nor builtin
  Syntax,               ///< the text could not be scanned as Python (not a scope violation)
};

/// Stable lower-case name of a violation kind (used in JSON): "del-not-in-scope", ...
std::string_view toString(WrapperViolationKind kind);

/// One violation: the first one found in `function`.
struct WrapperViolation {
  WrapperViolationKind kind = WrapperViolationKind::UndefinedName;
  /// Qualified function name (`partition_0`, `Runner.call`, `f.<locals>.g`,
  /// `<fragment>`), or `<module>` / a class name for module and class bodies.
  std::string function;
  /// The offending name (empty for Syntax).
  std::string name;
  /// Where the name is used or deleted.
  Location loc;
  /// For UseAfterDel and DeletedTwice: the `del` that removed the name.
  Location relatedLoc;
  /// The diagnostic text.
  std::string message;
};

struct WrapperReport {
  /// In source order of detection; at most one per function.
  std::vector<WrapperViolation> violations;
  /// Functions checked (defs and the fragment body; not the module or classes).
  size_t numFunctions = 0;
  /// True when the input starts indented (see "Fragments" above).
  bool fragment = false;

  bool clean() const { return violations.empty(); }
};

/// Checks the Python module in `buffer`. Each violation is also reported to
/// `diag` as an error at its location (plus a note at the `del` for
/// use-after-del and double del). An empty input, one with a NUL byte, or text
/// the scanner rejects gives a single Syntax violation. Never throws on any
/// input; runs in time linear in the input (hash-map operations aside).
WrapperReport verifyWrapper(const SourceBuffer& buffer, DiagnosticEngine& diag);

} // namespace piecewise
