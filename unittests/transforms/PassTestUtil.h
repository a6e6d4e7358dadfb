//===- PassTestUtil.h - Parsing graphs and running passes in tests --------===//
#pragma once

#include "../TestUtil.h"
#include "piecewise/pass/PassManager.h"
#include "piecewise/schema/OpRegistry.h"
#include "piecewise/text/Parser.h"
#include "piecewise/text/Printer.h"
#include "piecewise/transforms/Passes.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>

namespace piecewise::testing {

struct PipelineResult {
  bool ok = false;
  bool changed = false;
  std::string printed;
  std::string diagnostics;
  PassStatistics stats;
};

struct PipelineOptions {
  bool withRegistry = true;
  bool verifyEach = true;
  bool checkNoChange = true;
};

/// Runs `pipeline` over `m` with the verifier and the no-change check on.
inline PipelineResult runPipeline(ParsedModule& m, std::string_view pipeline,
                                  const PipelineOptions& opts = {}) {
  PipelineResult r;
  PassRegistry registry = builtinPassRegistry();
  PassManagerOptions pmo;
  pmo.verifyEach = opts.verifyEach;
  pmo.checkNoChange = opts.checkNoChange;
  PassManager pm(pmo);
  DiagnosticEngine diag;
  if (failed(pm.addPipeline(pipeline, registry, diag))) {
    r.diagnostics = diag.renderAll();
    return r;
  }
  PassContext ctx(opts.withRegistry ? &atenRegistry() : nullptr, diag);
  r.ok = succeeded(pm.run(*m.module, ctx));
  for (const PassTiming& t : pm.timings())
    r.changed |= t.changed;
  r.printed = m.print();
  r.diagnostics = diag.renderAll();
  r.stats = ctx.statistics();
  return r;
}

/// Parses `text`, runs `pipeline`, expects success.
inline PipelineResult runOn(std::string text, std::string_view pipeline,
                            const PipelineOptions& opts = {}) {
  auto m = parseGraph(std::move(text));
  if (!m->module)
    return {};
  PipelineResult r = runPipeline(*m, pipeline, opts);
  EXPECT_TRUE(r.ok) << r.diagnostics;
  return r;
}

/// Number of non-overlapping occurrences of `needle` in `hay`.
inline size_t count(std::string_view hay, std::string_view needle) {
  size_t n = 0;
  for (size_t p = hay.find(needle); p != std::string_view::npos;
       p = hay.find(needle, p + needle.size()))
    ++n;
  return n;
}

} // namespace piecewise::testing
