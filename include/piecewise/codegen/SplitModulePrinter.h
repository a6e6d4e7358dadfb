//===- SplitModulePrinter.h - The split module, as text ---------*- C++ -*-===//
//
// What `piecewise split -o` writes, and what the pipeline fuzzer and the
// benchmarks check and time: the split module of a plan
// (partition/SplitModuleBuilder.h) in code form, built, verified and printed
// one part at a time -- the stitching module first (its class holds the
// pieces' nested classes after `forward`), then each piece, freed once
// printed -- so the text equals printing the whole split module, and a split
// of a million nodes never holds the whole split module. The pieces are
// printed on a second thread while the next ones are built and verified.
//
// As a runnable Python file it also has a prelude (the imports and names that
// print_readable() output assumes: `torch`, `device`, `inf`, ...) and an
// `__init__` that makes each nested class, at any depth, the submodule of its
// name, so that executing the file and calling `GraphModule()(*inputs)` works
// with no loader. The parsers skip both, so `piecewise print` and `lint` read
// the file back.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/ir/Module.h"
#include "piecewise/partition/PartitionPlan.h"
#include "piecewise/schema/OpRegistry.h"
#include "piecewise/support/Diagnostic.h"
#include "piecewise/support/FailureOr.h"

#include <functional>
#include <string>

namespace piecewise {

struct SplitModulePrintOptions {
  /// The module the plan's graph belongs to (SplitModuleOptions::sourceModule):
  /// pieces that call its children get copies of them.
  const Module* sourceModule = nullptr;
  /// The schemas the verifier checks calls against; may be null.
  const OpRegistry* registry = nullptr;
  /// Verify the stitching graph and every piece module before printing it.
  bool verify = true;
  /// Write a runnable Python file: the prelude and the `__init__` around the
  /// code form (what `split -o` writes). Without it, exactly the code form
  /// that printCodeForm() gives for the whole split module.
  bool runnable = true;
  /// When set, called each time `out` holds at least `flushBytes`: it takes
  /// the text so far (writes it out) and clears `out`, so that a split module
  /// of a million nodes is never held whole. Returning false stops the print
  /// (a failure; the callee has reported it).
  std::function<bool(std::string&)> flush;
  size_t flushBytes = size_t{8} << 20;
  /// Print the pieces on a second thread while this one builds and verifies
  /// the next (when the plan has more than a batch of pieces). The text, the
  /// diagnostics and the calls to `flush` (made from that thread, one at a
  /// time, in order) are the same either way.
  bool threads = true;
};

/// Appends the split module of `plan` to `out`. Pre: plan.isFinalized(); the
/// plan's graph is unchanged since. Fails when a part does not verify (a
/// piecewise bug: the split module verifies whenever the original graph
/// does), with the verifier's errors and a note saying so in `diag`; `out`
/// then holds the parts printed before it.
LogicalResult printSplitModule(const PartitionPlan& plan, const SplitModulePrintOptions& options,
                               std::string& out, DiagnosticEngine& diag);

} // namespace piecewise
