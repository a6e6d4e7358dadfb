//===- Commands.h - The piecewise subcommands -------------------*- C++ -*-===//
//
// The one declaration of every subcommand. main.cpp builds one CLI11 app with
// the global options and registers each subcommand, and does nothing else; a
// subcommand runs from its CLI11 callback and stores its exit status
// (docs/architecture.md §8: 0 ok, 1 input or verification errors, 2 usage) in the shared
// `exitCode`. Commands read their input through Driver.h; the ones that build
// a plan share its options through PlanOptions.h.
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

/// Exit statuses (docs/architecture.md §8).
enum ExitCode : int { kExitOk = 0, kExitInputError = 1, kExitUsage = 2 };

/// Each adds its subcommand to `app`; the subcommand reads `globals` and sets
/// `exitCode` when it runs. One file per command, named after it.
void addLintCommand(CLI::App& app, const GlobalOptions& globals, int& exitCode);
void addPrintCommand(CLI::App& app, const GlobalOptions& globals, int& exitCode);
void addStatsCommand(CLI::App& app, const GlobalOptions& globals, int& exitCode);
void addGenCommand(CLI::App& app, const GlobalOptions& globals, int& exitCode);
void addOptCommand(CLI::App& app, const GlobalOptions& globals, int& exitCode);
void addSplitCommand(CLI::App& app, const GlobalOptions& globals, int& exitCode);
void addPartitionCommand(CLI::App& app, const GlobalOptions& globals, int& exitCode);
void addCodegenCommand(CLI::App& app, const GlobalOptions& globals, int& exitCode);
void addVerifyPlanCommand(CLI::App& app, const GlobalOptions& globals, int& exitCode);
void addVerifyWrapperCommand(CLI::App& app, const GlobalOptions& globals, int& exitCode);
void addGraphsCommand(CLI::App& app, const GlobalOptions& globals, int& exitCode);
void addReportCommand(CLI::App& app, const GlobalOptions& globals, int& exitCode);
void addAnalyzeCommand(CLI::App& app, const GlobalOptions& globals, int& exitCode);
void addCheckCaptureCommand(CLI::App& app, const GlobalOptions& globals, int& exitCode);
} // namespace piecewise::cli
