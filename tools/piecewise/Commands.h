//===- Commands.h - The piecewise subcommands -------------------*- C++ -*-===//
//
// main.cpp builds one CLI11 app with the global options and asks each
// subcommand file to register itself. A subcommand runs from its CLI11
// callback and stores its exit status (DESIGN §8: 0 ok, 1 input or
// verification errors, 2 usage) in the shared `exitCode`.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace piecewise::cli {

/// Options every subcommand understands.
struct GlobalOptions {
  /// Extra schema files (`--schema-file`, repeatable) added to the builtin aten table.
  std::vector<std::string> schemaFiles;
  /// Skip the graph verifier after parsing.
  bool noVerify = false;
  /// The graph to read from a TORCH_TRACE / TORCH_LOGS log (`--graph ID`;
  /// `FILE#ID` says the same).
  std::string graph;
};

/// Exit statuses (DESIGN §8).
enum ExitCode : int { kExitOk = 0, kExitInputError = 1, kExitUsage = 2 };

void addLintCommand(CLI::App& app, const GlobalOptions& globals, int& exitCode);
void addPrintCommand(CLI::App& app, const GlobalOptions& globals, int& exitCode);
void addStatsCommand(CLI::App& app, const GlobalOptions& globals, int& exitCode);
void addGenCommand(CLI::App& app, const GlobalOptions& globals, int& exitCode);
void addGraphsCommand(CLI::App& app, const GlobalOptions& globals, int& exitCode);
void addAnalyzeCommand(CLI::App& app, const GlobalOptions& globals, int& exitCode);

} // namespace piecewise::cli
