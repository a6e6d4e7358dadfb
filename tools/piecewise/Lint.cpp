//===- Lint.cpp - `piecewise lint`: parse and verify ----------------------===//
//
// Prints nothing when the graph is clean; otherwise the diagnostics, on
// stderr, and exit status 1.
//
//===----------------------------------------------------------------------===//

#include "Driver.h"

namespace piecewise::cli {

void addLintCommand(CLI::App& app, const GlobalOptions& globals, int& exitCode) {
  auto file = std::make_shared<std::string>("-");
  CLI::App* cmd =
      app.add_subcommand("lint", "Parse and verify a graph dump; print nothing when it is clean");
  cmd->add_option("FILE", *file, "Graph dump in code or graph form ('-' for stdin)")->type_name("");
  cmd->callback([file, &globals, &exitCode] {
    LoadedInput input;
    exitCode = loadInput(*file, globals, input);
  });
}

} // namespace piecewise::cli
