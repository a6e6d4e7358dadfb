//===- Print.cpp - `piecewise print`: the canonical text ------------------===//
//
// Parses (and verifies) a graph and prints it back: the code form with
// annotations by default, FX's `print(gm.graph)` form with --graph-form.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"

#include "piecewise/text/Printer.h"

namespace piecewise::cli {

namespace {
struct PrintCommandOptions {
  std::string file = "-";
  std::string output;
  bool graphForm = false;
};
} // namespace

void addPrintCommand(CLI::App& app, const GlobalOptions& globals, int& exitCode) {
  auto opts = std::make_shared<PrintCommandOptions>();
  CLI::App* cmd = app.add_subcommand(
      "print", "Print a graph in canonical code form (or graph form with --graph-form)");
  cmd->add_option("FILE", opts->file, "Graph dump in code or graph form ('-' for stdin)")
      ->type_name("");
  cmd->add_flag("--graph-form", opts->graphForm,
                "Print the root graph as print(gm.graph) does instead of the code form");
  cmd->add_option("-o,--output", opts->output, "Write to FILE instead of stdout")
      ->type_name("FILE");
  cmd->callback([opts, &globals, &exitCode] {
    exitCode = refuseOutputOverInput(opts->output, opts->file, globals);
    if (exitCode != kExitOk)
      return;
    LoadedInput input;
    exitCode = loadInput(opts->file, globals, input);
    if (exitCode != kExitOk)
      return;
    if (opts->graphForm) {
      DiagnosticEngine diag;
      if (failed(graphFormCanSpell(input.module->graph(), diag))) {
        printDiagnostics(diag);
        exitCode = kExitInputError;
        return;
      }
    }
    std::string text =
        opts->graphForm ? printGraphForm(input.module->graph()) : printCodeForm(*input.module);
    if (!writeOutput(opts->output, text))
      exitCode = kExitInputError;
  });
}

} // namespace piecewise::cli
