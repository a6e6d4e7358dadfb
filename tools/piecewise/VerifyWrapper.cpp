//===- VerifyWrapper.cpp - `piecewise verify-wrapper`: scope-check output code ===//
//
//   piecewise verify-wrapper FILE [--json]
//
// FILE may be a TORCH_TRACE / TORCH_LOGS log: `--graph ID` (or `LOG#ID`)
// checks one output code in it, no --graph checks every one.
//
// Runs the name-scope check of WrapperVerifier.h over Inductor's generated
// output code (or a fragment of it): `del` of a name not in scope, use after
// `del`, double `del`, reads of names that do not exist. Prints nothing and
// exits 0 when clean; otherwise the first violation of each function on
// stderr (`file:line:col: error: ...`, plus a note at the `del` involved) and
// exit status 1. With --json, also prints one JSON object on stdout.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"

#include "piecewise/text/TorchLog.h"
#include "piecewise/verify/WrapperVerifier.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

namespace piecewise::cli {

namespace {

struct VerifyWrapperOptions {
  std::string file = "-";
  bool json = false;
};

std::string renderJson(const std::string& file, const WrapperReport& report) {
  nlohmann::ordered_json out;
  out["file"] = file;
  out["clean"] = report.clean();
  out["fragment"] = report.fragment;
  out["functions"] = report.numFunctions;
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const WrapperViolation& v : report.violations) {
    nlohmann::ordered_json item;
    item["kind"] = std::string(toString(v.kind));
    item["function"] = v.function;
    item["name"] = v.name;
    item["line"] = v.loc.line;
    item["col"] = v.loc.col;
    if (v.relatedLoc.isKnown()) {
      item["del_line"] = v.relatedLoc.line;
      item["del_col"] = v.relatedLoc.col;
    }
    item["message"] = v.message;
    list.push_back(std::move(item));
  }
  out["violations"] = std::move(list);
  return out.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

} // namespace

void addVerifyWrapperCommand(CLI::App& app, const GlobalOptions& globals, int& exitCode) {
  auto opts = std::make_shared<VerifyWrapperOptions>();
  CLI::App* cmd = app.add_subcommand(
      "verify-wrapper", "Check the name scopes of Inductor output code (partition_k/call): del of "
                        "names not in scope, use after del; print nothing when clean");
  cmd->add_option("FILE", opts->file, "Inductor output code, or a fragment of it ('-' for stdin)")
      ->type_name("");
  cmd->add_flag("--json", opts->json, "Also print a JSON report on stdout");
  cmd->callback([opts, &globals, &exitCode] {
    InputRef ref = resolveInputRef(opts->file, globals);
    std::unique_ptr<SourceBuffer> buffer = readInput(ref.file);
    if (!buffer) {
      exitCode = kExitInputError;
      return;
    }
    // A log without --graph: every output code in it, each checked in turn.
    std::vector<std::unique_ptr<SourceBuffer>> codes;
    std::unique_ptr<SourceBuffer> log;
    LogKind kind = detectLog(buffer->text());
    if (kind != LogKind::None && ref.graph.empty()) {
      DiagnosticEngine notes; // events whose payload is missing
      std::vector<LoggedGraph> graphs = listLoggedGraphs(*buffer, kind, &notes);
      printDiagnostics(notes);
      for (const LoggedGraph& g : graphs)
        if (g.isOutputCode())
          codes.push_back(extractLoggedGraph(*buffer, kind, g));
      if (codes.empty()) {
        printError(fmt::format("'{}' holds no Inductor output code", buffer->name()));
        exitCode = kExitInputError;
        return;
      }
      log = std::move(buffer);
    } else {
      if (!selectLoggedInput(buffer, log, ref.graph, /*allowOutputCode=*/true)) {
        exitCode = kExitInputError;
        return;
      }
      codes.push_back(std::move(buffer));
    }
    exitCode = kExitOk;
    for (const std::unique_ptr<SourceBuffer>& code : codes) {
      DiagnosticEngine diag;
      WrapperReport report = verifyWrapper(*code, diag);
      printDiagnostics(diag);
      if (opts->json && !writeOutput("-", renderJson(code->name(), report))) {
        exitCode = kExitInputError;
        return;
      }
      if (!report.clean())
        exitCode = kExitInputError;
    }
  });
}

} // namespace piecewise::cli
