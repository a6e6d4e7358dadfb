//===- Analyze.cpp - `piecewise analyze`: what the analysis believes ------===//
//
// Prints, per node of the root graph, what the analysis layer believes
// (analysis/AnalysisPrinter.h): `--print=effects` (the default), `storages`,
// `liveness` or `peak`.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"

#include "piecewise/analysis/AnalysisPrinter.h"

namespace piecewise::cli {

namespace {

struct AnalyzeCommandOptions {
  std::string file = "-";
  std::string view = "effects";
};

} // namespace

void addAnalyzeCommand(CLI::App& app, const GlobalOptions& globals, int& exitCode) {
  auto opts = std::make_shared<AnalyzeCommandOptions>();
  CLI::App* cmd = app.add_subcommand(
      "analyze", "Print what the analysis believes per node (effects, storages, liveness, peak)");
  cmd->add_option("FILE", opts->file, "Graph dump in code or graph form ('-' for stdin)")
      ->type_name("");
  cmd->add_option("--print", opts->view, "What to print: effects, storages, liveness or peak")
      ->check(CLI::IsMember({"effects", "storages", "liveness", "peak"}))
      ->type_name("VIEW");
  cmd->callback([opts, &globals, &exitCode] {
    LoadedInput input;
    exitCode = loadInput(opts->file, globals, input);
    if (exitCode != kExitOk)
      return;
    std::optional<AnalysisView> view = parseAnalysisView(opts->view);
    if (!view) {
      exitCode = kExitUsage;
      return;
    }
    if (!writeOutput("", printAnalysis(input.module->graph(), &input.registry, *view)))
      exitCode = kExitInputError;
  });
}

} // namespace piecewise::cli
