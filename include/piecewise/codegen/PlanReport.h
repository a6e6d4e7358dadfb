//===- PlanReport.h - `piecewise report`'s page for a plan ------*- C++ -*-===//
//
// The one driver of the report: what `piecewise report` writes and what
// `piecewise.backend(report_dir=...)` writes (through the Python binding,
// which hands over the graph it holds) are made by this function, so the two
// cannot differ. A splitting-op plan's captured pieces are checked for
// capture safety first (partition/CaptureSafety.h, with its default options:
// every graph input static, as vLLM's runtime copies them), and each piece
// that would read an unstable tensor gets its badge; then the page is
// rendered (HtmlReport.h).
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/codegen/HtmlReport.h"

#include <string>

namespace piecewise {

/// The page and the capture check it shows.
struct PlanReport {
  std::string page;
  /// The check of a splitting-op plan's captured pieces; empty (clean) for a
  /// cudagraph plan, which is not checked.
  CaptureCheckResult capture;
  bool checkedCapture = false;
};

/// The report of `result` (from runPlanPipeline). `options.capture` is
/// ignored: the check is made here.
PlanReport renderPlanReport(PlanPipelineResult& result, const OpRegistry& registry,
                            HtmlReportOptions options);

} // namespace piecewise
