//===- Gen.cpp - `piecewise gen`: write a synthetic decoder graph ---------===//
//
//   piecewise gen --layers N [--dynamic] [-o FILE]
//
// The generator itself is DecoderGen.h.
//
//===----------------------------------------------------------------------===//

#include "DecoderGen.h"
#include "Driver.h"

#include <memory>
#include <string>

namespace piecewise::cli {

namespace {
struct GenCommandOptions {
  GenOptions gen;
  std::string output;
};
} // namespace

void addGenCommand(CLI::App& app, const GlobalOptions& /*globals*/, int& exitCode) {
  auto opts = std::make_shared<GenCommandOptions>();
  CLI::App* cmd = app.add_subcommand(
      "gen", "Write a synthetic Llama-style decoder graph (code form, aten level)");
  cmd->add_option("--layers", opts->gen.layers, "Number of decoder layers (about 35 nodes each)")
      ->type_name("N")
      ->check(CLI::Range(int64_t(0), int64_t(1000000)))
      ->capture_default_str();
  cmd->add_flag("--dynamic", opts->gen.dynamic,
                "Use a symbolic token count s0 (with a Sym(s0) placeholder) instead of 16");
  cmd->add_option("-o,--output", opts->output, "Write to FILE instead of stdout")
      ->type_name("FILE");
  cmd->callback([opts, &exitCode] {
    std::string text = generateDecoderGraph(opts->gen);
    exitCode = writeOutput(opts->output, text) ? kExitOk : kExitInputError;
  });
}

} // namespace piecewise::cli
