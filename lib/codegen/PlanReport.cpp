//===- PlanReport.cpp - `piecewise report`'s page for a plan --------------===//
//
// Implements codegen/PlanReport.h: the capture check of a split, then the page.
//
//===----------------------------------------------------------------------===//

#include "piecewise/codegen/PlanReport.h"

#include "piecewise/analysis/Effects.h"

namespace piecewise {

PlanReport renderPlanReport(PlanPipelineResult& result, const OpRegistry& registry,
                            HtmlReportOptions options) {
  PlanReport report;
  if (result.splitting) {
    EffectAnalysis effects(&registry);
    report.capture = checkCapture(*result.plan, effects, CaptureCheckOptions{});
    report.checkedCapture = true;
  }
  options.capture = report.checkedCapture ? &report.capture : nullptr;
  report.page = renderHtmlReport(result, &registry, options);
  return report;
}

} // namespace piecewise
