//===- Report.cpp - `piecewise report`: an HTML view of a plan ------------===//
//
//   piecewise report FILE (--splitting-ops=OP,.. | --cudagraph) -o REPORT.html
//                         [plan options of `partition`]
//
// Builds the plan as `codegen` does (runPlanCommand: splitting ops, or the
// cudagraph partitioner; signatures, lifetimes, the plan verifier) and writes
// one self-contained HTML page showing it (codegen/HtmlReport.h). `-o -`
// writes the page to stdout. A split whose captured pieces would read an eager
// op's fresh tensor gets a warning line and, on the page, a badge on each such
// piece (partition/CaptureSafety.h).
//
// Given a TORCH_TRACE / TORCH_LOGS log and no --graph, `-o DIR` writes one
// page per FX graph of the log (DIR/<id>.html) and DIR/index.html, which lists
// every graph and every output code with what `verify-wrapper` says of it,
// like tlparse's index.
//
//===----------------------------------------------------------------------===//

#include "Commands.h"
#include "PlanOptions.h"

#include "piecewise/codegen/HtmlReport.h"
#include "piecewise/partition/CaptureSafety.h"
#include "piecewise/text/TorchLog.h"
#include "piecewise/verify/WrapperVerifier.h"

#include <fmt/format.h>

#include <chrono>
#include <cstdio>
#include <filesystem>

namespace piecewise::cli {

namespace {

std::string htmlEscape(std::string_view s) {
  std::string out;
  for (char c : s) {
    switch (c) {
    case '<':
      out += "&lt;";
      break;
    case '>':
      out += "&gt;";
      break;
    case '&':
      out += "&amp;";
      break;
    case '"':
      out += "&quot;";
      break;
    default:
      out += c;
    }
  }
  return out;
}

/// One page for `globals` (its `graph` selects one graph of a log).
int writeReportPage(const PlanCommandOptions& opts, const GlobalOptions& globals,
                    const std::string& output, const std::string& title) {
  auto* input = new LoadedInput; // left to the OS at exit, like split
  std::unique_ptr<PlanPipelineResult> result;
  if (int rc = runPlanCommand(opts, globals, *input, result); rc != kExitOk)
    return rc;
  using Clock = std::chrono::steady_clock;
  Clock::time_point t0 = Clock::now();
  HtmlReportOptions options;
  options.title = title;
  if (opts.haveSplittingOps())
    options.splittingOps = opts.splittingOps;
  options.unsafeOps = opts.unsafeOps;
  options.sourceModule = input->module.get();
  // A split's compiled pieces, captured by a runtime that does not copy
  // (vLLM's): a badge on each piece that would read an eager op's fresh
  // tensor and a warning line (partition/CaptureSafety.h).
  CaptureCheckResult capture;
  std::string page = renderReportPage(*result, &input->registry, options, &capture);
  if (result->splitting && !capture.clean())
    std::fputs(("piecewise: warning: " + captureWarningLine(capture, *result->plan) + "\n").c_str(),
               stderr);
  Clock::time_point t1 = Clock::now();
  int rc = writeOutput(output, page) ? kExitOk : kExitInputError;
  if (opts.timing)
    std::fputs(fmt::format("{:>9.3f} ms  render the report ({} bytes)\n{:>9.3f} ms  write\n",
                           std::chrono::duration<double, std::milli>(t1 - t0).count(), page.size(),
                           std::chrono::duration<double, std::milli>(Clock::now() - t1).count())
                   .c_str(),
               stderr);
  (void)result.release();
  return rc;
}

/// `report LOG -o DIR`: a page per FX graph and an index (see the file comment).
int writeLogReports(const PlanCommandOptions& opts, const GlobalOptions& globals,
                    const SourceBuffer& log, LogKind kind, const std::string& dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) {
    printError(fmt::format("cannot create the directory '{}': {}", dir, ec.message()));
    return kExitInputError;
  }
  DiagnosticEngine notes; // events whose payload is missing
  std::vector<LoggedGraph> graphs = listLoggedGraphs(log, kind, &notes);
  printDiagnostics(notes);
  // Every page's name, checked against the inputs before any page is written.
  std::vector<std::string> files;
  files.reserve(graphs.size());
  for (const LoggedGraph& g : graphs) {
    std::string file;
    for (char c : g.id)
      file += (c == '/' || c == ':') ? '-' : c;
    files.push_back(file + ".html");
  }
  for (const std::string& file : files)
    if (int rc =
            refuseOutputOverInput((std::filesystem::path(dir) / file).string(), opts.file, globals);
        rc != kExitOk)
      return rc;
  if (int rc = refuseOutputOverInput((std::filesystem::path(dir) / "index.html").string(),
                                     opts.file, globals);
      rc != kExitOk)
    return rc;
  std::string rows;
  int status = kExitOk;
  for (size_t gi = 0; gi < graphs.size(); ++gi) {
    const LoggedGraph& g = graphs[gi];
    const std::string& file = files[gi];
    std::string what;
    if (g.isOutputCode()) {
      std::unique_ptr<SourceBuffer> code = extractLoggedGraph(log, kind, g);
      DiagnosticEngine diag;
      WrapperReport report = verifyWrapper(*code, diag);
      printDiagnostics(diag);
      what = report.clean()
                 ? fmt::format("output code, {} lines: verify-wrapper clean", g.lines.size())
                 : fmt::format("output code: verify-wrapper found {} violation(s)",
                               report.violations.size());
      if (!report.clean())
        status = kExitInputError;
    } else {
      GlobalOptions one = globals;
      one.graph = g.id;
      if (writeReportPage(opts, one, (std::filesystem::path(dir) / file).string(),
                          log.name() + "#" + g.id) == kExitOk) {
        what = fmt::format("<a href=\"{}\">report</a>", htmlEscape(file));
      } else {
        what = "no report: the graph does not read or plan (see the diagnostics)";
        status = kExitInputError;
      }
    }
    rows += fmt::format("<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
                        htmlEscape(g.id), htmlEscape(g.compileId), htmlEscape(g.stage), g.firstLine,
                        what);
  }
  std::string index = fmt::format(
      "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>piecewise: {0}</title>\n"
      "<style>body{{font:14px system-ui,sans-serif;margin:2em}}table{{border-collapse:collapse}}"
      "td,th{{border:1px solid #ccc;padding:4px 10px;text-align:left}}</style></head>\n"
      "<body><h1>{0}</h1><p>{1} graphs ({2})</p>\n<table><tr><th>ID</th><th>compile id</th>"
      "<th>stage</th><th>log line</th><th></th></tr>\n{3}</table></body></html>\n",
      htmlEscape(log.name()), graphs.size(),
      kind == LogKind::TorchTrace ? "TORCH_TRACE" : "TORCH_LOGS", rows);
  if (!writeOutput((std::filesystem::path(dir) / "index.html").string(), index))
    return kExitInputError;
  std::fputs(fmt::format("wrote {}/index.html ({} graphs)\n", dir, graphs.size()).c_str(), stdout);
  return status;
}

} // namespace

void addReportCommand(CLI::App& app, const GlobalOptions& globals, int& exitCode) {
  auto opts = std::make_shared<PlanCommandOptions>();
  struct Extra {
    bool cudagraph = false;
    std::string output;
  };
  auto extra = std::make_shared<Extra>();
  CLI::App* cmd = app.add_subcommand(
      "report", "Write a self-contained HTML view of a split or a cudagraph plan (-o FILE.html)");
  addPlanOptions(*cmd, *opts);
  cmd->add_flag("--cudagraph", extra->cudagraph, "Use the cudagraph partitioner");
  cmd->add_option("-o,--output", extra->output,
                  "Write the page to FILE ('-' for stdout); for a whole TORCH_TRACE / TORCH_LOGS "
                  "log, the directory that gets a page per graph and index.html")
      ->type_name("FILE");
  cmd->callback([opts, extra, &globals, &exitCode] {
    if (extra->cudagraph == opts->haveSplittingOps()) {
      printError("report needs exactly one of --splitting-ops=... and --cudagraph");
      exitCode = kExitUsage;
      return;
    }
    if (extra->output.empty()) {
      printError("report needs -o FILE.html (or -o - for stdout)");
      exitCode = kExitUsage;
      return;
    }
    if (int rc = refuseOutputOverInput(extra->output, opts->file, globals); rc != kExitOk) {
      exitCode = rc;
      return;
    }
    const std::string& file = opts->file;
    InputRef ref = resolveInputRef(file, globals);
    if (ref.graph.empty() && file != "-") {
      // A whole log: a page per graph and an index.
      std::unique_ptr<SourceBuffer> log = readInput(ref.file);
      if (!log) {
        exitCode = kExitInputError;
        return;
      }
      if (LogKind kind = detectLog(log->text()); kind != LogKind::None) {
        exitCode = writeLogReports(*opts, globals, *log, kind, extra->output);
        return;
      }
    }
    exitCode = writeReportPage(*opts, globals, extra->output, file == "-" ? "<stdin>" : file);
  });
}

} // namespace piecewise::cli
