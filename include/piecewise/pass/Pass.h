//===- Pass.h - A graph rewrite and what it runs with -----------*- C++ -*-===//
//
// A Pass rewrites one Graph in place. Its contract (docs/architecture.md §5):
//
//   FailureOr<bool> run(Graph&, PassContext&)
//     failure  the pass could not complete; it reported why in ctx.diag() and
//              the graph may be partly rewritten (the pipeline stops);
//     true     the graph changed;
//     false    nothing changed: the printed graph is byte-for-byte the same
//              (the PassManager checks this when asked to).
//
// A pass sees one graph at a time; the PassManager runs it over the root graph
// and every child graph of a Module. Each pass is one .h/.cpp pair under
// transforms/ whose header comment says what it rewrites, from -> to, and what
// it never touches.
//
// The PassContext carries what passes share: the op registry (may be null, and
// then every op is opaque to effect analysis), the diagnostics, the effect
// analysis (analysis/Effects.h, which holds the per-target schema cache), and
// the statistics sink (`ctx.stat("slice partitions canonicalized", 2)`), and,
// while the PassManager runs a pass on a graph, the module that graph is the
// `forward` of (its children are the submodules the graph reads).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/analysis/Effects.h"
#include "piecewise/ir/Graph.h"
#include "piecewise/ir/Module.h"
#include "piecewise/schema/OpRegistry.h"
#include "piecewise/support/Diagnostic.h"
#include "piecewise/support/FailureOr.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace piecewise {

/// Counters that passes report ("what each pass changed"), summed over every
/// graph a pass ran on, kept in first-report order.
class PassStatistics {
public:
  struct Entry {
    std::string pass;
    std::string name;
    int64_t value = 0;
  };

  /// Adds `delta` to counter `name` of pass `pass` (creating it at 0).
  void add(std::string_view pass, std::string_view name, int64_t delta);
  /// The value of a counter, 0 when it was never reported.
  int64_t get(std::string_view pass, std::string_view name) const;
  const std::vector<Entry>& entries() const { return entries_; }
  bool empty() const { return entries_.empty(); }
  void clear() { entries_.clear(); }

  /// One line per pass in `passOrder`: `split-coalescing: 2 slice partitions
  /// canonicalized, 3 splits coalesced`; zero counters are left out and a pass
  /// with none reads `dce: no changes`.
  std::string render(const std::vector<std::string>& passOrder) const;

private:
  std::vector<Entry> entries_;
};

class PassContext {
public:
  /// `registry` may be null: then no op has a schema and effect analysis treats
  /// every op as opaque (may alias and write its inputs). Both must outlive the context.
  PassContext(const OpRegistry* registry, DiagnosticEngine& diag);

  const OpRegistry* registry() const { return registry_; }
  DiagnosticEngine& diag() { return diag_; }

  /// The one effect model (analysis/Effects.h) over registry(); its caches
  /// live as long as the context.
  EffectAnalysis& effects() { return effects_; }

  /// The registry's schema for a call_function node's op target, or nullptr
  /// (no registry, not an op, or no schema). Cached per target (in effects()).
  const FunctionSchema* schemaOf(const Node& node);
  /// Same, by canonical target.
  const FunctionSchema* schemaFor(Symbol target);

  /// Adds `delta` to statistic `what` of the pass that is running.
  void stat(std::string_view what, int64_t delta = 1);
  PassStatistics& statistics() { return stats_; }
  const PassStatistics& statistics() const { return stats_; }

  /// The module whose graph the running pass was given (set by the
  /// PassManager for each graph), or null when a pass runs on a bare graph.
  const Module* module() const { return module_; }
  void setModule(const Module* module) { module_ = module; }

  /// Set by the PassManager before each pass; statistics are filed under it.
  void setCurrentPass(std::string_view name) { currentPass_ = std::string(name); }
  const std::string& currentPass() const { return currentPass_; }

private:
  const OpRegistry* registry_;
  DiagnosticEngine& diag_;
  PassStatistics stats_;
  std::string currentPass_;
  EffectAnalysis effects_;
  const Module* module_ = nullptr;
};

class Pass {
public:
  virtual ~Pass() = default;
  /// The pipeline name (`split-coalescing`).
  virtual std::string_view name() const = 0;
  /// One line for `--help`-style listings.
  virtual std::string_view description() const { return {}; }
  /// Rewrites `graph`. Returns true when it changed, false when it did not
  /// (then the graph prints exactly as before), failure after reporting a diagnostic.
  virtual FailureOr<bool> run(Graph& graph, PassContext& ctx) = 0;
};

} // namespace piecewise
