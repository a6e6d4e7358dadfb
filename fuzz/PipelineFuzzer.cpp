//===- PipelineFuzzer.cpp - libFuzzer target for split and partition -------===//
//
// For every input that parses and verifies, runs what the CLI runs and holds
// it to what piecewise promises ("never wrong"):
//  - `split` at one of the graph's own call targets (chosen by the input's last
//    byte): when it succeeds, the split module (printSplitModule(), as
//    `split -o` writes it) verifies, and its printed text reads back to the same
//    text; when it fails, there is an error diagnostic;
//  - the plan pipeline (partition, storages, lifetimes, signatures, wrapper
//    lowering) with the plan verifier on, for the cudagraph partitioner (with
//    or without --reorder, an unsafe op, --keep-inputs-alive, as the byte
//    says) and for the splitting-op partitioner: a verified graph must give a
//    plan the verifier accepts, since signatures are right by construction.
// Crashes, hangs and sanitizer reports are failures too. `make fuzz-pipeline`.
//
//===----------------------------------------------------------------------===//

#include "piecewise/codegen/PlanPipeline.h"
#include "piecewise/codegen/SplitModulePrinter.h"
#include "piecewise/partition/SplitGraph.h"
#include "piecewise/schema/OpRegistry.h"
#include "piecewise/text/Parser.h"
#include "piecewise/text/Printer.h"
#include "piecewise/verify/Verifier.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

using namespace piecewise;

namespace {

[[noreturn]] void fail(const char* what, const std::string& detail) {
  std::fprintf(stderr, "%s\n%s\n", what, detail.c_str());
  std::abort();
}

const OpRegistry& registry() {
  static const OpRegistry r = OpRegistry::withBuiltinAten();
  return r;
}

std::unique_ptr<Module> parseVerified(const SourceBuffer& buffer) {
  DiagnosticEngine diag;
  auto module = parseModule(buffer, diag);
  if (!module || failed(verifyModule(**module, &registry(), diag)))
    return nullptr;
  return std::move(*module);
}

/// The graph's call targets, in graph order.
std::vector<std::string> callTargets(const Module& module) {
  std::vector<std::string> targets;
  for (const Node* n : module.graph())
    if (n->isCallFunction())
      targets.emplace_back(n->target().str());
  return targets;
}

void checkSplit(const SourceBuffer& buffer, uint8_t choice) {
  std::unique_ptr<Module> module = parseVerified(buffer);
  if (!module)
    return;
  std::vector<std::string> targets = callTargets(*module);
  if (targets.empty())
    return;
  SplitGraphOptions options;
  options.partition.splittingOps = {targets[choice % targets.size()]};
  DiagnosticEngine diag;
  auto plan = splitGraph(module->graph(), &registry(), options, diag);
  if (failed(plan)) {
    if (diag.numErrors() == 0)
      fail("split failed without an error", std::string(buffer.text()));
    return;
  }
  SplitModulePrintOptions printOptions;
  printOptions.sourceModule = module.get();
  printOptions.registry = &registry();
  printOptions.runnable = false;
  std::string text;
  if (failed(printSplitModule(*plan, printOptions, text, diag)))
    fail("the split module does not verify", diag.renderAll());
  SourceBuffer printed("split.py", text);
  DiagnosticEngine diag2;
  auto again = parseModule(printed, diag2);
  if (!again)
    fail("the printed split module does not parse", text + "\n" + diag2.renderAll());
  if (printCodeForm(**again) != text)
    fail("the printed split module does not read back to the same text", text);
}

/// One run of the plan pipeline: signatures are right by construction, so a
/// graph that verifies must give a plan the plan verifier accepts.
void checkPlan(const SourceBuffer& buffer, uint8_t choice, bool splitting) {
  std::unique_ptr<Module> module = parseVerified(buffer);
  if (!module)
    return;
  std::vector<std::string> targets = callTargets(*module);
  PlanPipelineOptions options;
  options.verify = true;
  if (splitting) {
    if (targets.empty())
      return;
    options.splittingOps = std::vector<std::string>{targets[choice % targets.size()]};
  } else {
    // An unsafe op makes partitions even in a graph with no device copies.
    if (!targets.empty() && (choice & 2))
      options.cudagraph.unsafeOps = {targets[(choice >> 2) % targets.size()]};
    options.cudagraph.reorder = choice & 1;
    options.lifetimes.keepInputsAlive = (choice & 4) != 0;
  }
  std::string lastPhase;
  options.onPhase = [&](std::string_view phase) { lastPhase = phase; };
  DiagnosticEngine diag;
  auto result = runPlanPipeline(module->graph(), &registry(), options, diag);
  if (failed(result) && lastPhase == "plan verification")
    fail("the plan verifier rejected a plan for a verified graph", diag.renderAll());
  if (failed(result) && diag.numErrors() == 0)
    fail("the plan pipeline failed without an error", std::string(buffer.text()));
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  SourceBuffer buffer("fuzz.py", std::string(reinterpret_cast<const char*>(data), size));
  uint8_t choice = size ? data[size - 1] : 0;
  checkSplit(buffer, choice);
  checkPlan(buffer, choice, /*splitting=*/false);
  checkPlan(buffer, choice, /*splitting=*/true);
  return 0;
}
