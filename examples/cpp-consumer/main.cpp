//===- main.cpp - Split a graph file with the installed piecewise library -===//
//
//   split_pieces GRAPH OP [OP...]
//
// Reads GRAPH (an FX graph dump in code or graph form), verifies it, splits it
// at the splitting ops OP (vLLM's piecewise split, as `piecewise split`
// does), and prints one line per piece: name, kind, node, input and output
// counts, structural hash. Exit 0 ok, 1 bad input (located diagnostics on
// stderr), 2 usage.
//
//===----------------------------------------------------------------------===//

#include "piecewise/Version.h"
#include "piecewise/ir/Module.h"
#include "piecewise/partition/SplitGraph.h"
#include "piecewise/schema/OpRegistry.h"
#include "piecewise/support/Diagnostic.h"
#include "piecewise/support/SourceBuffer.h"
#include "piecewise/text/Parser.h"
#include "piecewise/verify/Verifier.h"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

using namespace piecewise;

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: split_pieces GRAPH OP [OP...]\n";
    return 2;
  }
  std::ifstream file(argv[1], std::ios::binary);
  if (!file) {
    std::cerr << "split_pieces: cannot open '" << argv[1] << "'\n";
    return 1;
  }
  std::stringstream text;
  text << file.rdbuf();
  SourceBuffer buffer(argv[1], text.str());

  // The op schemas: every aten op torch knows is built in (OpRegistry::addFromBuffer adds more).
  OpRegistry registry = OpRegistry::withBuiltinAten();
  DiagnosticEngine diag;
  FailureOr<std::unique_ptr<Module>> module = parseModule(buffer, diag);
  if (module.failed() || verifyModule(**module, &registry, diag).failed()) {
    std::cerr << diag.renderAll();
    return 1;
  }

  SplitGraphOptions options;
  for (int i = 2; i < argc; ++i)
    options.partition.splittingOps.push_back(argv[i]);
  FailureOr<PartitionPlan> plan = splitGraph((*module)->graph(), &registry, options, diag);
  if (plan.failed()) {
    std::cerr << diag.renderAll();
    return 1;
  }

  std::cout << "piecewise " << kVersion << ": " << plan->size() << " pieces\n";
  for (const Piece& piece : plan->pieces())
    std::cout << piece.name() << ' ' << pieceKindName(piece.kind) << ' ' << piece.nodes.size()
              << " nodes " << piece.inputs.size() << " in " << piece.outputs.size() << " out "
              << piece.hashString() << '\n';
  return 0;
}
