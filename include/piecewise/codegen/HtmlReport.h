//===- HtmlReport.h - A self-contained HTML view of a plan ------*- C++ -*-===//
//
// `piecewise report`: one HTML file, with its CSS, JavaScript and SVG inline
// (it loads nothing from the network), that shows a PartitionPlan with its
// lifetimes, whichever partitioner made it:
//  - a strip of the whole graph in node order, one band per piece; pieces
//    with the same structural hash share a colour and a letter (splitting
//    pieces `S`), so a model of identical layers reads `A S B S B ... S C`,
//    and cudagraph-unsafe partitions are hatched;
//  - a sortable, filterable table of pieces (name, kind, nodes, inputs and
//    outputs with their kinds, hash group, reason); selecting one shows its
//    signature (inputs freed in it, inputs taken only to be freed -- the
//    alias-only case of PyTorch #165815 --, outputs, symbols) and its code;
//  - the live bytes at each node, with and without frees, peak marked;
//  - with a capture check (HtmlReportOptions::capture), a `not capture-safe`
//    badge on each captured piece that reads an unstable tensor, and the reads.
//
// The data is one JSON object embedded in the page, written column by column
// (one array per field, values referenced by index) so that a graph of a
// million nodes and sixty thousand pieces stays a file of a few megabytes:
// the code form is printed once per hash group, the memory curve is reduced
// to at most `maxMemoryPoints` buckets (each the maximum of its positions),
// and the page draws the strip aggregated to pixels and the table a page at a
// time.
//
// The page's markup, style and script live in lib/codegen/HtmlReport.html,
// compiled into the library.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "piecewise/codegen/PlanPipeline.h"
#include "piecewise/ir/Module.h"
#include "piecewise/partition/CaptureSafety.h"

#include <string>
#include <vector>

namespace piecewise {

struct HtmlReportOptions {
  /// The page title and the input's name shown at the top (usually the path).
  std::string title;
  /// The splitting ops of a splitting-op plan, shown in the header.
  std::vector<std::string> splittingOps;
  /// The cudagraph-unsafe ops asked for, shown in the header.
  std::vector<std::string> unsafeOps;
  /// The module the plan's graph belongs to, so that a piece calling a child
  /// module prints it too (SplitModuleOptions::sourceModule). May be null.
  const Module* sourceModule = nullptr;
  /// The capture-safety check of the plan (CaptureSafety.h), or null: each
  /// captured piece with unstable reads gets a badge and their messages.
  const CaptureCheckResult* capture = nullptr;
  /// The memory curve is reduced to at most this many points.
  size_t maxMemoryPoints = 1200;
  /// A hash group's code form is cut after this many bytes (a piece of a
  /// million nodes would otherwise dominate the file).
  size_t maxCodeBytesPerGroup = 256 * 1024;
  /// A hash group whose piece has more nodes than this gets no code form
  /// (building and printing a million-node piece to keep its first lines is
  /// most of a report's time); the page says how to print it.
  size_t maxCodeNodesPerGroup = 20000;
  /// No more code is embedded once the groups' code reaches this many bytes.
  size_t maxCodeBytes = 2 * 1024 * 1024;
};

/// Renders the report of `result` (a plan with its lifetimes, from
/// runPlanPipeline). Computes the plan's piece hashes when it has none.
/// Post: the text is one complete HTML document that references no other file.
std::string renderHtmlReport(PlanPipelineResult& result, const OpRegistry* registry,
                             const HtmlReportOptions& options);

/// The page of `piecewise report` and of the Python binding's
/// `_core.render_report` (one driver for both): for a splitting-op plan, the
/// capture check (CaptureSafety.h, default options) is run and shown on the
/// page, whatever `options.capture` held; its result is left in `*capture`
/// (may be null) so that the caller can say `captureWarningLine` where it
/// reports. A cudagraph plan is rendered as renderHtmlReport renders it.
std::string renderReportPage(PlanPipelineResult& result, const OpRegistry* registry,
                             HtmlReportOptions options, CaptureCheckResult* capture = nullptr);

} // namespace piecewise
