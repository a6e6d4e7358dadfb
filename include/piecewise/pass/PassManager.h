//===- PassManager.h - Running a pipeline over a module ---------*- C++ -*-===//
//
// A PassManager holds an ordered pipeline (`split-coalescing,dce`) and runs it
// over a Module: each pass over the root graph and every child graph, in that
// order, before the next pass starts. After each pass it can
//  - verify the module (verifyModule; on by default),
//  - check the no-change contract: when a pass reports `false` the printed
//    code form must be byte-for-byte what it was (a test/debug mode: it prints
//    the module before and after every pass),
//  - print the module in code form (after every pass or after named ones),
// and it times every pass (wall clock) and collects the passes' statistics.
//
// The first failure stops the pipeline: a pass that fails, a verifier error,
// or a broken no-change contract; each leaves a diagnostic naming the pass.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/ir/Module.h"
#include "piecewise/pass/Pass.h"
#include "piecewise/pass/PassRegistry.h"

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace piecewise {

struct PassManagerOptions {
  /// Run the verifier after each pass.
  bool verifyEach = true;
  /// Check that a pass reporting "no change" left the printed module unchanged.
  bool checkNoChange = false;
  /// Print the module after every pass.
  bool printIrAfterAll = false;
  /// Print the module after each pass with one of these names.
  std::vector<std::string> printIrAfter;
  /// Where IR dumps go (a header line, then the code form). Required when
  /// printing is requested; the CLI writes them to stderr.
  std::function<void(std::string_view)> irSink;
};

/// Wall time of one pipeline step, summed over the graphs it ran on.
struct PassTiming {
  std::string name;
  double seconds = 0;
  /// Time spent verifying after this pass (0 when verification is off).
  double verifySeconds = 0;
  /// Whether the pass changed any graph.
  bool changed = false;
};

class PassManager {
public:
  explicit PassManager(PassManagerOptions options = {});

  /// Appends a pass.
  void addPass(std::unique_ptr<Pass> pass);
  /// Appends the passes of a comma-separated pipeline (`a,b, c`), looked up in
  /// `registry`. An unknown or empty name is an error (listing the known ones);
  /// nothing is appended then.
  LogicalResult addPipeline(std::string_view pipeline, const PassRegistry& registry,
                            DiagnosticEngine& diag);

  /// Runs the pipeline over `module`. Post on success: the module verifies
  /// (when verifyEach is set) and timings()/statistics are filled in.
  LogicalResult run(Module& module, PassContext& ctx);

  size_t size() const { return passes_.size(); }
  /// Pass names in pipeline order.
  std::vector<std::string> passNames() const;
  const PassManagerOptions& options() const { return options_; }
  PassManagerOptions& options() { return options_; }

  /// Timings of the last run, one per pipeline step.
  const std::vector<PassTiming>& timings() const { return timings_; }
  /// A table of the last run's timings (pass, verification, total).
  std::string renderTimings() const;

private:
  bool shouldPrintAfter(std::string_view name) const;

  PassManagerOptions options_;
  std::vector<std::unique_ptr<Pass>> passes_;
  std::vector<PassTiming> timings_;
};

} // namespace piecewise
